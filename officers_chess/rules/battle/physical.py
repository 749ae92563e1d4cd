"""Physical dice: the players roll real d20s and type each result in; the rules ask for rolls as they need them."""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.rules.basics.dice import Dice, RollNeeded
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.game import Outcome, apply_action
from officers_chess.rules.battle.state import GameState


class RollsLeftOver(ValueError):
    """More typed-in rolls than the action used (a record whose rolls do not fit its action)."""


def roll_your_own(state: GameState) -> GameState:
    """The same battle with the players' own dice in place of the seeded ones."""
    return state.model_copy(update={"dice": Dice(seed=state.dice.seed, draws=state.dice.draws, physical=True)})


def apply_with_rolls(state: GameState, action: Action, rolls: list[int] | tuple[int, ...]) -> Outcome:
    """Apply an action using exactly these typed-in rolls, in the order the rules ask for them.

    RollNeeded when the action needs more, RollsLeftOver when some are not used, and a ValueError
    when a roll is not 1 to 20.
    """
    outcome = apply_action(state.model_copy(update={"dice": state.dice.with_rolls(rolls)}), action)
    if outcome.state.dice.given:
        raise RollsLeftOver(f"{len(outcome.state.dice.given)} roll(s) more than the action needs")
    return outcome


def apply_asking(state: GameState, action: Action, ask: Callable[[str], int]) -> tuple[Outcome, list[int]]:
    """Apply an action with physical dice, calling `ask(why)` for each roll it needs; returns the outcome
    and the rolls used (to record for replays).

    The action is tried again from the untouched state with every roll typed so far, so the rules
    never stop half-way through an exchange: one more roll, one more try.
    """
    rolls: list[int] = []
    while True:
        try:
            return apply_with_rolls(state, action, rolls), rolls
        except RollNeeded as need:
            rolls.append(ask(need.why))
