"""`officers-chess replay SAVE [--verify]` and `validate SAVE`: exit 0 when every state matches, 1 naming the first
that does not, 2 with file:line for a file that cannot be read."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from officers_chess.ai.play import make_policy
from officers_chess.commands.console import main
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import scenario_ref, write_save
from officers_chess.rules.pieces.models import Side
from officers_chess.commands.simulate_report import record_battle


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    """A finished greedy-against-greedy battle on Practice Muster (both sides hire), saved."""
    loaded = load_scenario(find_scenario("practice_muster"))
    policies = {Side.ATTACKER: make_policy("greedy", 10), Side.DEFENDER: make_policy("greedy", 11)}
    state, record = record_battle(loaded, policies, 7, 60, scenario_ref(loaded), {Side.ATTACKER: "greedy", Side.DEFENDER: "greedy"})
    assert state.is_over and len(record.actions) >= 6
    path = tmp_path_factory.mktemp("saves") / "practice.json"
    write_save(path, record)
    return path


def edited(save: Path, tmp_path: Path, change) -> Path:
    """A copy of the save with `change` applied to its parsed JSON."""
    data = json.loads(save.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def verify(capsys, path: Path) -> tuple[int, str, str]:
    code = main(["replay", str(path), "--verify"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_verify_passes_on_an_untouched_save(capsys, save):
    code, out, err = verify(capsys, save)
    assert code == 0 and err == ""
    assert out.startswith(f"ok {save}:") and "replay to the recorded states" in out


def test_verify_fails_on_a_changed_seed_and_names_the_starting_state(capsys, save, tmp_path):
    path = edited(save, tmp_path, lambda d: d.update(seed=d["seed"] + 1))
    code, out, err = verify(capsys, path)
    assert code == 1 and out == ""
    assert "the starting state (before action 1)" in err and "seed" in err


def test_verify_fails_on_one_altered_hash_and_names_that_action(capsys, save, tmp_path):
    def alter(data):
        entry = data["actions"][4]
        entry["state"] = ("0" if entry["state"][0] != "0" else "1") + entry["state"][1:]

    code, _, err = verify(capsys, edited(save, tmp_path, alter))
    assert code == 1
    assert "action 5 (round " in err and "differs from the recorded one" in err


def test_verify_fails_on_a_changed_action_and_says_what_it_was(capsys, save, tmp_path):
    data = json.loads(save.read_text(encoding="utf-8"))
    number = next(i for i, e in enumerate(data["actions"]) if e["action"]["kind"] == "attack")

    def retarget(d):
        d["actions"][number]["action"]["target"] = "a1" if d["actions"][number]["action"]["target"] != "a1" else "d1"

    code, _, err = verify(capsys, edited(save, tmp_path, retarget))
    assert code == 1
    assert f"action {number + 1} (round " in err and " attacks " in err
    assert "Traceback" not in err


def test_a_record_longer_than_the_battle_is_a_mismatch_not_a_crash(capsys, save, tmp_path):
    code, _, err = verify(capsys, edited(save, tmp_path, lambda d: d["actions"].append(d["actions"][-1])))
    assert code == 1 and "the battle is over" in err


def test_replay_tells_the_battle_in_the_logs_words(capsys, save):
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Practice Muster (bundled scenario practice_muster), edition v0.6, seed 7")
    assert out[1].startswith("attacker (greedy): ") and out[2].startswith("defender (greedy): ")
    assert out[3].startswith("— Round 1: the ")
    numbered = [line for line in out if line.lstrip()[:1].isdigit()]
    assert numbered[0].lstrip().startswith("1. ") and (" moves " in numbered[0] or " stays at " in numbered[0])
    assert len(numbered) == len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    assert any("d20" in line for line in out)  # the rolls of an exchange, as the battle log shows them
    assert out[-1].strip().startswith("The ") and " wins: " in out[-1]  # the battle's end, as the log says it


def test_replay_without_verify_stops_where_the_record_parts_and_exits_1(capsys, save, tmp_path):
    def alter(data):
        data["actions"][2]["state"] = "f" * 64

    assert main(["replay", str(edited(save, tmp_path, alter))]) == 1
    captured = capsys.readouterr()
    assert " 2. " in captured.out or "2. " in captured.out
    assert not any(line.lstrip().startswith("3. ") for line in captured.out.splitlines())
    assert "action 3 (round" in captured.err


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if needle in line)


@pytest.mark.parametrize("mutate, words, needle", [
    (lambda t: t.replace('"kind": "attack"', '"kind": "fly"', 1), "unknown kind 'fly'", '"fly"'),
    (lambda t: t.replace('"seed": ', '"seed": "seven", "x": ', 1), "seed", '"seed"'),
    (lambda t: t.replace('"version": 6', '"version": 9', 1), "save version 9", '"version"'),
    (lambda t: t.replace('"bundled": "practice_muster"', '"bundled": "no_such_battle"', 1), "no bundled scenario", '"bundled"'),
    (lambda t: t.replace('"bundled": "practice_muster"', '"bundled": "../maps/x"', 1), "bundled: String should match", '"bundled"'),
    # Played on another map than the bundled one of today: its hash differs.
    (lambda t: re.sub(r'"map": "[0-9a-f]{64}"', '"map": "' + "f" * 64 + '"', t, count=1), "the map file", '"map": "fff'),
])
def test_bad_saves_exit_2_with_file_and_line(capsys, save, tmp_path, mutate, words, needle):
    path = write(tmp_path, mutate(save.read_text(encoding="utf-8")))
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err
    assert err.startswith(f"officers-chess: {path}:{line_of(path, needle)}: ")


def test_not_json_gives_the_line_of_the_mistake(capsys, save, tmp_path):
    lines = save.read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].rstrip(",")  # a comma lost on line 6
    path = write(tmp_path, "\n".join(lines))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"officers-chess: {path}:") and "not valid JSON" in err
    assert int(err.split(":")[2]) in (6, 7)


@pytest.mark.parametrize("text, words", [
    ("", "not valid JSON"),
    ("[1, 2]", "not an Officer's Chess save"),
    ('{"format": "officers-chess-battle", "version": 1}', "field required"),
    ("[" * 100000, "nested too deeply"),
])
def test_files_that_are_no_save_at_all(capsys, tmp_path, text, words):
    path = write(tmp_path, text)
    assert main(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert words.lower() in err.lower() and str(path) in err and len(err.strip().splitlines()) == 1


def test_a_truncated_save_is_refused_without_a_traceback(save, tmp_path):
    text = save.read_text(encoding="utf-8")
    path = write(tmp_path, text[: len(text) // 2])
    result = subprocess.run([sys.executable, "-m", "officers_chess", "replay", "--verify", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"officers-chess: {path}:") and "not valid JSON" in result.stderr


def test_a_missing_save_is_named(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "gone.json")]) == 2
    assert capsys.readouterr().err.strip() == f"officers-chess: {tmp_path / 'gone.json'}: no such file"


def test_validate_accepts_saves_and_folders_of_them(capsys, save, tmp_path):
    assert main(["validate", str(save), str(save.parent)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok {save}", f"ok {save}"]
    bad = write(tmp_path, save.read_text(encoding="utf-8").replace('"kind": "wait"', '"kind": "nap"', 1))
    assert main(["validate", str(save), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out.strip() == f"ok {save}" and f"{bad}:" in captured.err and "unknown kind 'nap'" in captured.err
