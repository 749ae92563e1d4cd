"""The `ai_activation_24x16` benchmark: one computer activation in a 12-against-12 battle on a 24×16 map.

An activation is every decision one unit's turn takes: the first `choose()` (on a state with no
active unit: which unit acts and where it moves), then each decision of its turn (equip, attack,
heal, Canto, wait) until the turn ends. Its time is the sum of those `choose()` calls; applying
the actions is the rules core's work and is not timed.

Ours: `normal` against `normal` on the fixture (benchmarks/fixtures/twelve_a_side.yaml), timed
inside the battles as they are played, so the policy's caches are as warm as in a real battle.
Baseline: the `greedy` level's whole activation from each of the same starting positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from benchmarks.timing import time_call
from officers_chess.ai.play import make_policy
from officers_chess.ai.player import Policy
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Side

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "twelve_a_side.yaml"
SEEDS = (1, 2, 3)  # fixed, so every run plays the same battles
MAX_DECISIONS = 100  # a guard against a turn that never ends; far above any real turn


@dataclass(frozen=True)
class Activation:
    """One unit's turn: the state it started from and the duration of each decision, in order."""

    start: GameState
    decisions_ns: tuple[int, ...]  # the first picks the unit and its move; the rest are its turn

    @property
    def total_ns(self) -> int:
        return sum(self.decisions_ns)


def load() -> LoadedScenario:
    return load_scenario(FIXTURE)


def _ended(state: GameState) -> bool:
    return state.is_over or state.active is None


def timed_battle(
    loaded: LoadedScenario, level: str, seed: int, max_rounds: int = 60, max_activations: int | None = None
) -> tuple[list[Activation], GameState]:
    """Play `level` against `level` with dice seeded by `seed`, timing every decision, grouped by
    activation; returns the activations and the battle's last state (cut after `max_activations`, if given)."""
    policies: dict[Side, Policy] = {Side.ATTACKER: make_policy(level, seed * 2), Side.DEFENDER: make_policy(level, seed * 2 + 1)}
    state = loaded.new_battle(seed)
    activations: list[Activation] = []
    while not state.is_over and state.round <= max_rounds and (max_activations is None or len(activations) < max_activations):
        start, policy, decisions = state, policies[state.to_act], []
        while True:
            action, elapsed = time_call(partial(policy.choose, state))
            decisions.append(elapsed)
            state = apply_action(state, action).state
            if _ended(state) or len(decisions) >= MAX_DECISIONS:
                break
        activations.append(Activation(start, tuple(decisions)))
    return activations, state


def replay_activation(start: GameState, policy: Policy) -> tuple[int, ...]:
    """`policy`'s own whole activation from `start` (a state with no active unit), each decision timed."""
    assert start.active is None, "an activation starts with no unit active"
    state, decisions = start, []
    while True:
        action, elapsed = time_call(partial(policy.choose, state))
        decisions.append(elapsed)
        state = apply_action(state, action).state
        if _ended(state) or len(decisions) >= MAX_DECISIONS:
            return tuple(decisions)


def warm_up(loaded: LoadedScenario, level: str) -> None:
    """One untimed decision on the opening position, so imports and first-use caches are not timed."""
    make_policy(level, 0).choose(loaded.new_battle(0))
