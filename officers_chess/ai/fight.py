"""A battle played out to its end by two policies, action by action through the rules' API."""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.ai.player import Policy
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Side

MAX_ACTIONS_PER_ROUND = 2000  # a guard against a policy that never ends a turn; far above any real round


def fight(state: GameState, policies: dict[Side, Policy], max_rounds: int,
          on_action: Callable[[Action, GameState], None] | None = None) -> GameState:
    """Each side chooses through its policy until the battle ends or `max_rounds` rounds have passed (the state
    is then returned unfinished: a draw). `on_action` sees each action and the state after it."""
    actions = 0
    while not state.is_over and state.round <= max_rounds:
        action = policies[state.to_act].choose(state)
        state = apply_action(state, action).state
        if on_action is not None:
            on_action(action, state)
        actions += 1
        if actions > MAX_ACTIONS_PER_ROUND * max_rounds:
            raise RuntimeError("a policy took far too many actions without ending the battle")
    return state
