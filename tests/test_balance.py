"""`balance`: a row per scenario with the attacker's share of decisive games and its interval, the same games
`simulate` plays; and `simulate --json`'s wins by level."""

from __future__ import annotations

import json

import pytest

from officers_chess.commands import console
from officers_chess.commands.balance_report import BalanceRow


@pytest.mark.parametrize("att, dfn, draws, fair", [
    (6, 2, 0, True),  # 75% of decisive games: the edge is fair
    (2, 6, 0, True),  # 25%
    (7, 1, 0, False),  # 87.5%: one-sided
    (3, 3, 2, False),  # 25% draws
    (3, 3, 1, True),  # 14% draws
    (0, 0, 4, False),  # nothing decided at all
])
def test_a_fair_fight_is_a_quarter_to_three_quarters_of_decisive_games_and_few_draws(att, dfn, draws, fair):
    row = BalanceRow("Yard", "yard", att, dfn, draws, 5.0)
    assert row.fair is fair
    assert row.share == (att / (att + dfn) if att + dfn else None)


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = console.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_balance_plays_the_same_games_as_simulate(capsys):
    code, out, _ = _run(capsys, "balance", "training_yard", "ratings_letter_drill", "--games", "4", "--levels",
                        "random:greedy", "--seed", "5", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["levels"] == "random:greedy" and report["games"] == 4
    rows = {row["name"]: row for row in report["scenarios"]}
    assert set(rows) == {"training_yard", "ratings_letter_drill"}
    for name, row in rows.items():
        code, out, _ = _run(capsys, "simulate", name, "--games", "4", "--levels", "random:greedy", "--seed", "5", "--json")
        alone = json.loads(out)
        assert row["wins"] == alone["wins"]  # the same seeded games, whichever command plays them
        decisive = alone["wins"]["attacker"] + alone["wins"]["defender"]
        assert row["decisive"] == decisive and row["mean_rounds"] == alone["mean_rounds"]
        if decisive:
            assert row["attacker_share"] == round(alone["wins"]["attacker"] / decisive, 3)


def test_balance_adds_up_each_levels_wins_over_every_scenario_with_the_interval(capsys):
    args = ("balance", "training_yard", "ratings_letter_drill", "--games", "4", "--levels", "random:greedy", "--seed", "5")
    code, out, _ = _run(capsys, *args, "--json")
    assert code == 0
    report = json.loads(out)
    totals = report["by_level"]
    for level in ("random", "greedy"):
        assert totals["wins"][level] == sum(row["by_level"][level] for row in report["scenarios"])
    for row in report["scenarios"]:  # each level's wins and the draws are the row's games
        assert row["by_level"]["random"] + row["by_level"]["greedy"] + row["by_level"]["draw"] == 4
    decisive = totals["wins"]["random"] + totals["wins"]["greedy"]
    assert totals["decisive"] == decisive and totals["draw"] == 8 - decisive
    low, high = totals["ci95"]
    assert low <= totals["share"] <= high and totals["share"] == round(totals["wins"]["random"] / decisive, 3)
    code, out, _ = _run(capsys, *args)
    assert out.splitlines()[-1].startswith(f"random won {totals['wins']['random']}, greedy {totals['wins']['greedy']}")
    code, out, _ = _run(capsys, "balance", "training_yard", "--games", "2", "--levels", "greedy:greedy", "--json")
    assert "by_level" not in json.loads(out)  # one level on both sides: nothing to add up


def test_balance_prints_a_table_with_a_verdict_per_scenario(capsys):
    code, out, _ = _run(capsys, "balance", "training_yard", "--games", "2", "--levels", "random:random")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "2 games per scenario, random v random (sides alternate), seed 1"
    assert lines[2].startswith("Training Yard")
    assert lines[-1].endswith("of 1 within a fair fight: the attacker wins 25% to 75% of decisive games, and draws stay under 20%")


@pytest.mark.parametrize("args, words", [
    (["no_such_place"], "no_such_place: no such scenario"),
    (["training_yard", "--games", "0"], "--games takes a number of at least 1"),
    (["training_yard", "--levels", "normal"], "--levels takes two levels as A:B"),
])
def test_balance_refuses_bad_arguments_before_any_battle(capsys, args, words):
    code, out, err = _run(capsys, "balance", *args)
    assert code == 2 and words in err and out == ""


def test_simulate_reports_each_levels_wins_draws_and_sides(capsys):
    code, out, _ = _run(capsys, "simulate", "training_yard", "--games", "6", "--levels", "random:greedy", "--json")
    assert code == 0
    report = json.loads(out)
    by_level = report["by_level"]
    assert set(by_level) == {"random", "greedy", "draw"}
    assert sum(by_level.values()) == report["games"] and by_level["draw"] == report["wins"]["draw"]
    sides = report["by_level_side"]
    for level in ("random", "greedy"):
        assert sides[level]["attacker"]["games"] == sides[level]["defender"]["games"] == 3  # sides alternate
        assert sides[level]["attacker"]["wins"] + sides[level]["defender"]["wins"] == by_level[level]
    assert sides["random"]["attacker"]["wins"] + sides["greedy"]["attacker"]["wins"] == report["wins"]["attacker"]
    code, out, _ = _run(capsys, "simulate", "training_yard", "--games", "2", "--levels", "greedy:greedy", "--json")
    assert "by_level" not in json.loads(out)  # one level: nothing to tell apart
