"""The result box's words: what ended the battle, and the round, said once."""

from __future__ import annotations

import io

from rich.console import Console

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.objectives import Result, TimeLimit
from officers_chess.rules.battle.victory import ran_out
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.screens.result import summary


def _words(reason: str, round_: int) -> str:
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=1)
    state.time_limit = TimeLimit(rounds=5, reason="the sergeant calls time", winner=Side.DEFENDER)
    state.round, state.result = round_, Result(winner=Side.DEFENDER, tier="victory", reason=reason)
    console = Console(width=200, record=True, file=io.StringIO())  # recorded, not shown
    console.print(summary(state))
    return console.export_text()


def test_a_time_limit_names_its_round_once():
    text = _words(ran_out(TimeLimit(rounds=5, reason="the sergeant calls time")), 5)
    assert "Time ran out after round 5: the sergeant calls time." in text
    assert "(round 5)" not in text


def test_any_other_ending_says_the_round_it_came_in():
    assert "Every attacker unit was routed (round 3)." in _words("every attacker unit was routed", 3)
    # A round named in passing is not the round it ended in: round 1 is not round 12.
    assert "(round 12)." in _words("the tower has stood since round 1", 12)


def test_an_objective_that_names_its_round_says_it_once():
    # A survive objective's own words name the round: "(round 8)" after them said it twice.
    text = _words("the defender held out to the end of round 8", 8)
    assert "The defender held out to the end of round 8." in text
    assert "(round 8)" not in text


def test_each_side_is_told_its_own_losses():
    # "Units routed 1 | 2" left it open whether a side lost those units or routed them (rulings L82).
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=1)
    attackers = [u for u in state.units if u.side is Side.ATTACKER]
    defenders = [u for u in state.units if u.side is Side.DEFENDER]
    attackers[0].hp = 0
    defenders[0].hp = 0
    if len(defenders) > 1:
        defenders[1].fled = True
    state.result = Result(winner=Side.ATTACKER, tier="victory", reason="every defender unit was routed")
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(summary(state))
    text = " ".join(console.export_text().split())
    fled = 1 if len(defenders) > 1 else 0
    assert f"The attacker lost 1 of its {len(attackers)} units (1 routed)." in text
    assert (f"The defender lost {1 + fled} of its {len(defenders)} units (1 routed"
            + (", 1 fled the field)." if fled else ").")) in text
    assert "Own units routed 1 1" in text
