"""`officers-chess campaign simulate` and `campaign balance`: the JSON shape, exit 0, saves that verify, and bad input
told in one line with exit 2 (never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from officers_chess.commands.campaign_report import campaign_json, play_campaign
from officers_chess.commands.console import main
from officers_chess.commands.common import MAX_SEED
from officers_chess.content.campaigns import load_campaign

CAMPAIGN = """\
name: Two Yards
players:
  p1: {name: Red, chest: 400}
  p2: {name: Blue, chest: 400}
chapters:
  - id: first
    scenario: practice_muster
    sides: {p1: attacker, p2: defender}
  - id: second
    scenario: practice_muster
    sides: {p1: defender, p2: attacker}
    stipend: {p1: 300, p2: 300}
"""
CHAPTER_KEYS = ["scenario", "sides", "winner", "tier", "chest_before", "stipend", "payouts", "chest_after", "survivors",
                "lost"]


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "two_yards.yaml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def greedy_json(campaign) -> dict:
    lc = load_campaign(campaign)
    return campaign_json(lc, play_campaign(lc, 3, {"p1": "greedy", "p2": "random"}))


def simulate(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["campaign", "simulate", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_simulate_prints_the_promised_json(capsys, campaign, greedy_json):
    code, out, err = simulate(capsys, str(campaign), "--seed", "3", "--levels", "greedy:random", "--json")
    assert code == 0 and err == ""
    assert len(out.strip().splitlines()) == 1  # one JSON object
    data = json.loads(out)
    assert list(data) == ["campaign", "winner", "chapters"] and data["campaign"] == "Two Yards"
    assert data["winner"] in ("p1", "p2", "draw") and len(data["chapters"]) == 2
    for chapter in data["chapters"]:
        assert list(chapter) == CHAPTER_KEYS
    assert data == greedy_json  # what play_campaign gives for that seed and those levels


def test_simulate_is_deterministic_and_the_seed_matters(capsys, campaign):
    runs = [json.loads(simulate(capsys, str(campaign), "--seed", seed, "--levels", "greedy:greedy", "--json")[1])
            for seed in ("8", "8", "9", "10")]
    assert runs[0] == runs[1]
    assert any(run != runs[0] for run in runs[2:])


def test_simulate_without_json_tells_the_campaign_in_a_table(capsys, campaign):
    code, out, err = simulate(capsys, str(campaign), "--seed", "3", "--levels", "greedy:random")
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    assert lines[0] == "Two Yards: Red (p1) against Blue (p2)"
    assert lines[1].startswith("1. Practice Muster: ")
    assert lines[-1].endswith("wins the campaign.") or lines[-1] == "The campaign is drawn."


def test_simulate_save_dir_writes_chapter_saves_that_verify(capsys, campaign, tmp_path):
    saves = tmp_path / "new" / "saves"  # made when missing
    code, out, _ = simulate(capsys, str(campaign), "--seed", "3", "--levels", "greedy:random", "--save-dir", str(saves))
    assert code == 0 and f"chapter saves in {saves}" in out
    files = sorted(saves.glob("chapter-*.json"))
    assert [f.name for f in files] == ["chapter-01.json", "chapter-02.json"]
    for path in files:
        assert main(["replay", "--verify", str(path)]) == 0
    assert capsys.readouterr().out.count("replay to the recorded states") == 2


@pytest.mark.parametrize("args, words", [
    (["--levels", "greedy:grandmaster"], "unknown level 'grandmaster'"),
    (["--levels", "greedy"], "A:B"),
    (["--levels", "greedy:greedy:greedy"], "A:B"),
    (["--seed", "-1"], "--seed takes a whole number"),
    (["--seed", str(MAX_SEED + 1)], "--seed takes a whole number"),
])
def test_bad_levels_and_seeds_are_one_line_and_exit_2(capsys, campaign, args, words):
    code, out, err = simulate(capsys, str(campaign), *args)
    assert code == 2 and out == ""
    assert err.startswith("officers-chess: ") and words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_largest_seed_is_accepted(capsys, campaign):
    code, out, _ = simulate(capsys, str(campaign), "--seed", str(MAX_SEED), "--levels", "greedy:greedy", "--json")
    assert code == 0 and json.loads(out)["campaign"] == "Two Yards"


def test_a_missing_campaign_is_one_line_and_exit_2(capsys, tmp_path):
    gone = tmp_path / "gone.yaml"
    code, out, err = simulate(capsys, str(gone))
    assert code == 2 and out == "" and err.strip() == f"officers-chess: {gone}: no such file"
    code, out, err = simulate(capsys, "no_such_bundled_campaign")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no_such_bundled_campaign: no such campaign file or bundled campaign" in err


def test_a_broken_campaign_file_is_named_with_its_line_and_exit_2(capsys, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(CAMPAIGN.replace("    stipend: {p1: 300, p2: 300}\n", "    stipend: {p1: 300, p2: 300}\n"
                                     "    next: {draw: first}\n"), encoding="utf-8")
    code, out, err = simulate(capsys, str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"officers-chess: {path}:13: ") and "first" in err and len(err.strip().splitlines()) == 1


def test_a_save_dir_that_cannot_be_written_is_exit_2_before_any_chapter(capsys, campaign, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    code, out, err = simulate(capsys, str(campaign), "--save-dir", str(blocker / "saves"))
    assert code == 2 and out == "" and "cannot write saves there" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------------------------------- balance


def balance(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["campaign", "balance", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_balance_counts_campaign_wins_and_chapters(capsys, campaign):
    code, out, _ = balance(capsys, str(campaign), "--games", "3", "--levels", "greedy:random", "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"campaign", "games", "levels", "wins", "p1_share", "ci95", "chapters"}
    assert report["games"] == 3 and report["levels"] == {"p1": "greedy", "p2": "random"}
    assert sum(report["wins"].values()) == 3
    decisive = report["wins"]["p1"] + report["wins"]["p2"]
    assert report["p1_share"] == (round(report["wins"]["p1"] / decisive, 3) if decisive else None)
    assert list(report["chapters"]) == ["first", "second"]
    for tally in report["chapters"].values():
        assert tally["played"] == tally["p1"] + tally["p2"] + tally["draw"] <= 3
    assert report["chapters"]["first"]["played"] == 3
    # seeds 1 to 3, each the campaign `simulate --seed N` plays
    lc = load_campaign(campaign)
    winners = [campaign_json(lc, play_campaign(lc, seed, {"p1": "greedy", "p2": "random"}))["winner"]
               for seed in (1, 2, 3)]
    assert report["wins"] == {k: winners.count(k) for k in ("p1", "p2", "draw")}


def test_balance_without_json_and_its_bad_input(capsys, campaign):
    code, out, _ = balance(capsys, str(campaign), "--games", "1", "--levels", "greedy:greedy")
    assert code == 0 and out.startswith("Two Yards, 1 campaigns at greedy:greedy")
    for args, words in ((["--games", "0"], "--games"), (["--jobs", "0"], "--jobs"), (["--levels", "x:y"], "unknown level")):
        code, out, err = balance(capsys, str(campaign), *args)
        assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_balance_does_not_depend_on_the_number_of_processes(capsys, campaign):
    reports = [json.loads(balance(capsys, str(campaign), "--games", "2", "--levels", "greedy:greedy", "--jobs", jobs,
                                  "--json")[1]) for jobs in ("1", "2")]
    assert reports[0] == reports[1]


def test_balance_plays_the_campaign_it_is_given(tmp_path):
    from officers_chess.commands.campaign_report import balance_campaign

    path = tmp_path / "edited.yaml"
    path.write_text(CAMPAIGN, encoding="utf-8")
    levels = {"p1": "greedy", "p2": "greedy"}
    balance_campaign(load_campaign(path), 1, levels)
    path.write_text(CAMPAIGN.replace("id: first", "id: opening"), encoding="utf-8")
    report = balance_campaign(load_campaign(path), 1, levels)
    assert list(report["chapters"]) == ["opening", "second"] and report["chapters"]["opening"]["played"] == 1


def test_validate_warns_of_a_stipend_that_cannot_pay_for_the_smallest_army(tmp_path, capsys):
    path = tmp_path / "poor.yaml"
    path.write_text("name: Poor Companies\nplayers:\n  p1: {name: Red, chest: 100}\n  p2: {name: Blue, chest: 300}\n"
                    "chapters:\n"
                    "  - {id: first, scenario: practice_muster, sides: {p1: attacker, p2: defender}}\n"
                    "  - {id: second, scenario: practice_muster, sides: {p1: defender, p2: attacker}, "
                    "stipend: {p1: 50, p2: 400}}\n")
    assert main(["validate", str(path)]) == 0  # it loads and plays: a warning, not an error
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert err[0].startswith(f"{path}:6: warning: chapter 'first': p1 has 100 gold") and "forfeit at once" in err[0]
    assert err[1].startswith(f"{path}:7: warning: chapter 'second': p1 has 50 gold") and "p2" not in err[1].split(":")[3]
