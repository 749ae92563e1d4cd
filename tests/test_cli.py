"""The console script's contract: help, one-line errors with exit status 2, validate's output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from officers_chess.commands.console import main

REPO = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officers_chess", *args], capture_output=True, text=True, timeout=60)


def test_help_lists_the_commands_that_exist(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in ("play", "validate"):
        assert command in out


def test_an_unknown_command_is_one_line_and_status_2():
    result = run_cli("conquer")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "conquer" in result.stderr


def test_a_missing_scenario_is_one_line_and_status_2():
    result = run_cli("play", "no_such_battle")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no_such_battle" in lines[0] and "training_yard" in lines[0]


def test_a_missing_scenario_file_names_the_file(tmp_path):
    missing = tmp_path / "gone.yaml"
    result = run_cli("play", str(missing))
    assert result.returncode == 2
    assert result.stderr.strip() == f"officers-chess: {missing}: no such file"


def test_validate_reports_ok_for_every_bundled_file(capsys):
    code = main(["validate", str(REPO / "maps"), str(REPO / "scenarios"), str(REPO / "officers_chess" / "catalogue")])
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    expected = sorted((REPO / "maps").glob("*.yaml")) + sorted((REPO / "scenarios").glob("*.yaml"))
    for path in expected:
        assert f"ok {path}" in out
    assert any(line.endswith("v0.6.yaml") for line in out)


def test_validate_names_file_and_line_of_a_bad_map_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ntiles: |\n  ....\n  ..X.\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text("name: Good\ntiles: |\n  ....\n  ....\n", encoding="utf-8")
    code = main(["validate", str(good), str(bad)])
    captured = capsys.readouterr()
    assert code == 2
    assert f"ok {good}" in captured.out
    assert captured.err.startswith(f"{bad}:4: column 3: unknown terrain 'X'")


def test_validate_rejects_a_file_that_is_not_content(tmp_path, capsys):
    odd = tmp_path / "odd.yaml"
    odd.write_text("hello: world\n", encoding="utf-8")
    assert main(["validate", str(odd)]) == 2
    assert str(odd) in capsys.readouterr().err


def test_a_bundled_scenario_is_found_by_its_title_in_any_case():
    from officers_chess.content.loaders import find_scenario

    assert find_scenario("Training Yard").name == "training_yard.yaml"
    assert find_scenario("skirmish at millbrook ford").name == "ford_skirmish.yaml"
    assert find_scenario("ford_skirmish").name == "ford_skirmish.yaml"


def test_play_help_lists_the_bundled_scenarios(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for path in (REPO / "scenarios").glob("*.yaml"):
        assert path.stem in out


def test_validate_tells_a_scenario_with_objective_tiles_from_a_map(capsys):
    path = REPO / "scenarios" / "greyhollow_vault.yaml"
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"ok {path}"


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", str(10**30)])
def test_a_seed_out_of_the_dice_range_is_one_line_and_status_2(capsys, seed):
    assert main(["play", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "officers-chess: --seed takes a whole number from 0 to 18446744073709551615"


def test_the_largest_seed_is_taken(monkeypatch):
    from officers_chess.tui import app as app_module

    apps = []
    monkeypatch.setattr(app_module.OfficersChessApp, "run", lambda self, *a, **k: apps.append(self))
    assert main(["play", "--seed", "18446744073709551615"]) == 0
    assert apps[0].seed == 2**64 - 1
