"""Computer against computer: build the armies and play a battle through the same API the UI uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from officers_chess.ai.fight import fight
from officers_chess.ai.easy import EasyPolicy
from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.levels import LEVEL_NAMES
from officers_chess.ai.muster_ai import muster
from officers_chess.ai.normal import NormalPolicy
from officers_chess.ai.player import Policy
from officers_chess.ai.random_policy import RandomPolicy
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup

if TYPE_CHECKING:
    from officers_chess.content.loaders import LoadedScenario

LEVELS: dict[str, Callable[[int], Policy]] = dict(
    zip(LEVEL_NAMES, (RandomPolicy, EasyPolicy, GreedyPolicy, NormalPolicy, HardPolicy), strict=True))


def make_policy(level: str, seed: int) -> Policy:
    """A fresh policy of a named level, with its own random source seeded by `seed`."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})") from None


def play_battle(
    loaded: LoadedScenario,
    policies: dict[Side, Policy],
    seed: int,
    max_rounds: int = 60,
    on_start: Callable[[dict[Side, list[UnitSetup]], GameState], None] | None = None,
    on_action: Callable[[Action, GameState], None] | None = None,
    hired: dict[Side, Army] | None = None,
) -> GameState:
    """Army building for the sides that hire, then the battle, each side choosing through its policy.

    The dice are seeded with `seed`; the policies bring their own seeded random sources, so the
    same seeds give the same battle. A battle still running after `max_rounds` rounds is
    returned unfinished (`state.result` is None): it counts as a draw. `on_start` sees the mustered
    armies and the first state, `on_action` each action and the state after it (to record a save).
    `hired` brings the armies a campaign's muster chose (`muster`).
    """
    armies = muster(loaded.scenario, loaded.catalogue, loaded.battle_map, policies, hired)
    state = loaded.new_battle(seed, armies=armies or None)
    if on_start is not None:
        on_start(armies, state)
    return fight(state, policies, max_rounds, on_action)
