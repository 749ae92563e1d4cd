"""The result says who "you" were against the computer (rulings L105) and shows the person's own last exchange beside
the one that ended the battle (L102); the side pane heads the person's and the enemy's parts (L104)."""

from __future__ import annotations

import io

from factories import D, game, plains, unit
from rich.console import Console

from officers_chess.rules.battle.actions import Attack, Move
from officers_chess.rules.battle.events import merged
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Result
from officers_chess.rules.pieces.models import Side
from officers_chess.session.result_parts import OWN_HEADING, THEIR_HEADING, result_lines
from officers_chess.tui.screens.result import headline_words, summary


def _exchange(seed: int):
    """A real exchange from the rules core: its events and its lines as the log tells them."""
    state = game(plains(3), [unit(id="a1"), unit(id="d1", side=D, pos=(1, 0))], seed=seed)
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    outcome = apply_action(state, Attack(target="d1"))
    return outcome, [line for event in merged(outcome.events) for line in event.text().splitlines()]


def _text(renderable) -> list[str]:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_against_the_computer_the_result_says_whether_you_won_and_which_side_was_yours():
    outcome, _ = _exchange(1)
    state = outcome.state
    for winner in Side:
        state.result = Result(winner=winner, tier="decisive", reason="every unit of the other side was routed")
        assert state.winner is winner
        for player in Side:
            words = headline_words(state, player)
            other = "defender" if player is Side.ATTACKER else "attacker"
            if winner is player:
                assert words.startswith("You won!") and "your side" in words and "You lost" not in words
            else:
                assert words.startswith("You lost.") and f"you played the {player.value}" in words
                assert other not in words.split(";")[1]
            assert f"Decisive victory for the {winner.value}" in words
        # Two people at one screen: the winning side, as before, and no "you".
        assert headline_words(state) == f"Decisive victory for the {winner.value}!"
        assert _text(summary(state, player=Side.ATTACKER))[0] == headline_words(state, Side.ATTACKER)


def test_the_persons_own_last_exchange_is_shown_above_the_one_that_ended_the_battle():
    mine, own = _exchange(2)
    theirs, their_lines = _exchange(5)
    assert own and their_lines and own != their_lines
    lines = _text(summary(theirs.state, theirs.events, own=own, player=Side.ATTACKER))
    at = lines.index("Your last attack:")
    assert lines[at + 1: at + 1 + len(own)] == own
    ended = lines.index("Then the exchange that ended it:")
    assert ended > at + len(own) and lines[ended + 1: ended + 1 + len(their_lines)] == their_lines
    # The person's own exchange ended it: told once, with no headings.
    lines = _text(summary(mine.state, mine.events, own=own, player=Side.ATTACKER))
    assert "Your last attack:" not in lines and lines.count(own[0]) == 1
    # Hot seat: as before.
    assert "Your last attack:" not in _text(summary(theirs.state, theirs.events))


def test_the_side_panes_result_heads_the_persons_exchange_and_the_enemys_turn():
    _, own = _exchange(2)
    _, theirs = _exchange(5)
    lines = result_lines(own, theirs)
    assert lines[0] == OWN_HEADING and lines[1: 1 + len(own)] == own
    assert lines[lines.index(THEIR_HEADING) + 1:] == theirs and lines.index(THEIR_HEADING) > len(own)
    assert result_lines([], theirs) == [THEIR_HEADING, *theirs]
    assert result_lines(own, []) == [OWN_HEADING, *own]


def test_a_battle_lost_on_time_after_a_last_blow_tells_its_reason_once():
    """The last action's events run on into the battle's end when the clock runs out on it: the result told the
    reason as its ending and again under the exchange (a play-test of Training Yard)."""
    from officers_chess.rules.battle.events import BattleEnded

    outcome, lines = _exchange(3)
    state = outcome.state
    reason = "time ran out after round 7: the drill sergeant calls time"
    state.result = Result(winner=Side.DEFENDER, tier="victory", reason=reason)
    events = [*outcome.events, BattleEnded(Side.DEFENDER, reason)]
    shown = "\n".join(_text(summary(state, events)))
    assert shown.count("drill sergeant") == 1
    assert all(line in shown for line in lines)  # the exchange itself is still told in full
