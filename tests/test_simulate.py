"""`officers-chess simulate`: the PRODUCT.md JSON, the same results on any number of processes, one-line errors."""

from __future__ import annotations

import json

import pytest

from officers_chess.ai.play import LEVELS
from officers_chess.commands.console import main
from officers_chess.commands.simulate_report import game_seed, parse_levels, wilson

KEYS = {"scenario", "games", "seed", "wins", "attacker_win_rate", "ci95", "mean_rounds", "seconds", "idle_while_losing"}


def simulate_json(capsys, *args: str) -> dict:
    assert main(["simulate", "training_yard", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_has_the_product_shape(capsys):
    report = simulate_json(capsys, "--games", "4", "--seed", "3")
    assert set(report) == KEYS  # greedy:greedy by default: no per-level counts
    assert report["scenario"] == "Training Yard" and report["games"] == 4 and report["seed"] == 3
    assert set(report["wins"]) == {"attacker", "defender", "draw"} and sum(report["wins"].values()) == 4
    assert report["attacker_win_rate"] == round(report["wins"]["attacker"] / 4, 3)
    low, high = report["ci95"]
    assert 0 <= low <= report["attacker_win_rate"] <= high <= 1
    assert report["mean_rounds"] >= 1 and report["seconds"] >= 0
    idle = report["idle_while_losing"]  # PRODUCT.md: per level, the rounds idle while losing on the clock
    assert set(idle) == {"greedy"} and isinstance(idle["greedy"], int) and idle["greedy"] >= 0


def test_different_levels_add_per_level_wins(capsys):
    report = simulate_json(capsys, "--games", "4", "--levels", "greedy:random")
    assert set(report) == KEYS | {"level_wins", "by_level", "by_level_side"}  # by_level: PRODUCT.md's name
    assert set(report["level_wins"]) == {"greedy", "random"}
    assert set(report["idle_while_losing"]) == {"greedy", "random"}
    assert sum(report["level_wins"].values()) == 4 - report["wins"]["draw"]


def test_results_do_not_depend_on_the_number_of_processes(capsys):
    one = simulate_json(capsys, "--games", "6", "--seed", "9", "--levels", "random:greedy", "--jobs", "1")
    two = simulate_json(capsys, "--games", "6", "--seed", "9", "--levels", "random:greedy", "--jobs", "2")
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_per_game_seeds_depend_on_batch_seed_and_index_only():
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, i) for i in range(50)} | {game_seed(2, 0)}) == 51


def test_readable_summary_without_json(capsys):
    assert main(["simulate", "training_yard", "--games", "2", "--levels", "greedy:random"]) == 0
    out = capsys.readouterr().out
    assert "Training Yard" in out and "attacker win rate" in out and "greedy won" in out
    assert "rounds idle while losing on the clock: greedy " in out and ", random " in out


@pytest.mark.parametrize("args, words", [
    (["no_such_battle"], "no such scenario"),
    (["training_yard", "--levels", "greedy:grandmaster"], "unknown level"),
    (["training_yard", "--levels", "greedy"], "A:B"),
    (["training_yard", "--games", "0"], "at least 1"),
])
def test_bad_input_is_one_line_and_status_2(capsys, args, words):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_wilson_interval_matches_the_product_example():
    low, high = wilson(97, 200)
    assert low == pytest.approx(0.416, abs=0.001) and high == pytest.approx(0.555, abs=0.002)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)


def test_parse_levels():
    assert parse_levels("random:greedy") == ("random", "greedy")
    with pytest.raises(ValueError):
        parse_levels("random:greedy:greedy")


def test_save_dir_writes_one_save_per_game_and_each_verifies(capsys, tmp_path):
    saves = tmp_path / "saves"
    report = simulate_json(capsys, "--games", "3", "--seed", "4", "--levels", "greedy:random", "--save-dir", str(saves))
    assert report["games"] == 3
    files = sorted(saves.iterdir())
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json", "game-0003.json"]
    for path in files:
        assert main(["replay", "--verify", str(path)]) == 0
    assert capsys.readouterr().out.count("replay to the recorded states") == 3


def test_saves_and_results_are_the_same_whatever_the_jobs_and_with_or_without_saving(capsys, tmp_path):
    args = ["simulate", "storm_the_saltmarsh", "--json", "--games", "4", "--seed", "2"]
    reports = []
    for jobs in ("1", "2"):
        assert main([*args, "--jobs", jobs, "--save-dir", str(tmp_path / jobs)]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert main([*args]) == 0
    reports.append(json.loads(capsys.readouterr().out))
    for report in reports:
        report.pop("seconds")
    assert reports[0] == reports[1] == reports[2]
    for one, two in zip(sorted((tmp_path / "1").iterdir()), sorted((tmp_path / "2").iterdir()), strict=True):
        assert one.read_bytes() == two.read_bytes()
    for path in sorted((tmp_path / "1").iterdir()):
        assert main(["replay", "--verify", str(path)]) == 0


def test_a_saved_game_is_the_game_play_battle_plays(tmp_path):
    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.content.saves import open_save
    from officers_chess.ai.play import make_policy, play_battle
    from officers_chess.rules.pieces.models import Side
    from officers_chess.rules.history.replay import replay
    from officers_chess.commands.simulate_report import play_one

    path = find_scenario("millbrook_crossing")
    result = play_one(str(path), 1, 6, ("greedy", "random"), save_dir=str(tmp_path), ref=_ref(path))
    saved = open_save(tmp_path / "game-0002.json")
    *_, last = replay(saved.record, saved.start)
    own = game_seed(6, 1)  # game 1: the levels swap sides
    policies = {Side.ATTACKER: make_policy("random", own * 2), Side.DEFENDER: make_policy("greedy", own * 2 + 1)}
    assert last.after == play_battle(load_scenario(path), policies, seed=own)
    assert saved.record.players == {Side.ATTACKER: "random", Side.DEFENDER: "greedy"} == result.levels


def _ref(path):
    from officers_chess.content.loaders import load_scenario
    from officers_chess.content.saves import scenario_ref

    return scenario_ref(load_scenario(path))


def test_the_progress_bar_shows_on_stderr_only_without_json(capsys):
    simulate_json(capsys, "--games", "2")
    assert capsys.readouterr().err == ""
    assert main(["simulate", "training_yard", "--games", "2", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert "battles" in captured.err and "2/2" in captured.err
    assert "battles" not in captured.out


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_the_computer_has_can_be_asked_for(capsys, level):
    report = simulate_json(capsys, "--games", "1", "--levels", f"{level}:greedy")
    assert report["games"] == 1


def test_a_save_dir_that_cannot_be_written_is_refused_before_any_battle(capsys, tmp_path, monkeypatch):
    import tempfile

    import officers_chess.commands.simulate_report as report

    played = []
    monkeypatch.setattr(report, "simulate", lambda *a, **k: played.append(1))

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)  # a folder this user may not write in
    assert main(["simulate", "training_yard", "--games", "1", "--save-dir", str(tmp_path)]) == 2
    assert played == []
    err = capsys.readouterr().err
    assert "cannot write saves there (Permission denied)" in err and "Traceback" not in err


def test_a_reader_that_leaves_early_is_not_reported_as_a_mismatch():
    import subprocess
    import sys

    reader = subprocess.Popen(
        [sys.executable, "-m", "officers_chess", "simulate", "training_yard", "--games", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # like `| head` that has had enough: gone before the summary is printed
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=120) == 141, err  # what a shell reports for SIGPIPE; 1 would mean a mismatch
    assert "Traceback" not in err


@pytest.mark.parametrize("args, words", [
    (["--games", "200000000"], "at most 100,000"),
    (["--games", "-5"], "at least 1"),
    (["--jobs", "0"], "--jobs takes a number of at least 1"),
    (["--jobs", "-2"], "--jobs takes a number of at least 1"),
    (["--jobs", "100000"], "at most 256"),
    (["--seed", "-1"], "from 0 to 18446744073709551615"),
    (["--seed", "18446744073709551616"], "from 0 to 18446744073709551615"),
])
def test_numbers_out_of_range_are_one_line_and_status_2_before_any_battle(capsys, monkeypatch, args, words):
    import officers_chess.commands.simulate_report as report

    monkeypatch.setattr(report, "simulate", lambda *a, **k: pytest.fail("no battle for a refused number"))
    assert main(["simulate", "training_yard", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_the_games_are_handed_out_as_processes_come_free_never_listed_all_at_once():
    import itertools

    from officers_chess.commands.simulate_report import _in_flight

    class Pool:  # plays each game at once, in the order handed out
        def __init__(self) -> None:
            self.handed = 0

        def apply_async(self, fn, args, callback, error_callback):
            self.handed += 1
            callback(args[0][1])

    pool, work = Pool(), ((None, i) for i in itertools.count())  # endless: listing it all would never end
    results = _in_flight(pool, work, window=4)
    assert [next(results) for _ in range(10)] == list(range(10))
    assert pool.handed <= 10 + 4
