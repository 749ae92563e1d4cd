"""Random legal play on every bundled scenario, with the game's invariants checked after every single action.

CI plays a bounded number of actions; set OFFICERS_CHESS_PLAYOUT_ACTIONS (say 100000) for the long run.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from officers_chess.ai.play import play_battle
from officers_chess.ai.random_policy import RandomPolicy
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.muster.army import Army, Recruit, army_cost
from officers_chess.rules.pieces.models import Side

# 600 actions a scenario in CI (it was 1,000 until the bundled scenarios passed two dozen): every scenario is
# still played from its opening under every rule it uses, inside CI's time; the long run goes on for as long as asked.
ACTIONS_PER_SCENARIO = int(os.environ.get("OFFICERS_CHESS_PLAYOUT_ACTIONS", "0")) // max(1, len(bundled_scenarios())) or 600
SCENARIOS = bundled_scenarios()


class Invariants:
    """Checks one battle, action by action; `actions` counts what was checked."""

    def __init__(self, loaded) -> None:
        self.loaded = loaded
        self.before: GameState | None = None
        self.moves: Counter[tuple[int, str]] = Counter()  # (round, unit) → activations
        self.dances: Counter[tuple[int, str]] = Counter()
        self.actions = 0

    def start(self, armies, state: GameState) -> None:
        scenario, catalogue = self.loaded.scenario, self.loaded.catalogue
        for side, setups in armies.items():
            army = Army(units=[Recruit(name=u.name, unit_class=u.unit_class, items=u.items, roles=u.roles) for u in setups])
            chest = scenario.rules(side).war_chest
            assert army_cost(army, catalogue) <= chest, f"the {side.value} spent more than its {chest} gold"
        self.check(state)
        self.before = state

    def action(self, action: Action, after: GameState) -> None:
        before = self.before
        assert before is not None
        # A turn begins with a Move, or with a free action taken before the move (it names the unit).
        if before.active is None and getattr(action, "unit", None):
            key = (before.round, action.unit)
            self.moves[key] += 1
            if before.reactivate == action.unit:
                self.dances[key] += 1
            assert self.moves[key] <= 1 + self.dances[key], f"{action.unit} activated twice in round {before.round}"
        self.check(after)
        self.before = after
        self.actions += 1

    def check(self, state: GameState) -> None:
        living = state.living()
        for unit in living:
            assert 0 < unit.hp <= unit.max_hp, f"{unit.name} has {unit.hp} of {unit.max_hp} HP"
            terrain = state.map.terrain_at(unit.pos)
            assert unit.entry_cost(terrain) is not None, f"{unit.name} stands on {terrain.name}, which it cannot enter"
            assert state.map.contains(unit.pos)
        places = Counter(u.pos for u in living)
        assert max(places.values(), default=1) == 1, f"two units share a tile: {places.most_common(1)}"
        assert GameState.model_validate_json(state.model_dump_json()) == state, "the state does not round-trip through JSON"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_random_play_keeps_every_invariant(path):
    loaded = load_scenario(path)
    checked, seed = 0, 0
    while checked < ACTIONS_PER_SCENARIO:
        seed += 1
        watch = Invariants(loaded)
        policies = {side: RandomPolicy(seed * 2 + index) for index, side in enumerate(Side)}
        play_battle(loaded, policies, seed, max_rounds=12, on_start=watch.start, on_action=watch.action)
        checked += watch.actions
        assert watch.actions or seed < 50, "battles should have actions"
    print(f"{path.stem}: {checked} actions checked in {seed} battles")  # shown with -s (the long run's figures)
