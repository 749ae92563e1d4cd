"""A wall already struck is the nearer way in: a unit walled off from its objective keeps at the wall it has been
breaking rather than walking off to start on another just as far (a play-test saw a thief go back and forth)."""

from __future__ import annotations

from factories import A, D, battle_map, game, unit

from officers_chess.ai.goals import OBSTACLE_COST, Fields
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.actions import Strike
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.battle.state import TerrainDamage


def _vault(worn: dict | None = None):
    """A throne walled in, a Leader below its ring of walls; (1, 2) and (3, 2) are as far from it as each other."""
    rows = ["#####", "#_\\_#", "#####", ".....", "....."]
    state = game(battle_map(*rows, name="vault"), [unit("a1", A, (2, 4), tags=["Leader"]), unit("d1", D, (4, 4))])
    state = state.model_copy(update={"seize_tiles": [(2, 1)],
                                     "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})
    if worn:
        state.terrain_damage = [TerrainDamage(at=at, hp=hp) for at, hp in worn.items()]
    return state


def test_a_struck_wall_costs_its_share_of_a_whole_ones_price():
    state = _vault()
    leader = state.unit("a1")
    full = state.map.terrain_at((1, 2)).hp
    whole = Fields().distances(state, leader, frozenset({(2, 1)}), through=True)
    assert whole[(1, 3)] == whole[(3, 3)]  # the walls at either side are as far as each other
    struck = _vault({(1, 2): full // 4})
    worn = Fields().distances(struck, leader, frozenset({(2, 1)}), through=True)
    share = max(1, -(-OBSTACLE_COST[False] * (full // 4) // full))  # a quarter of its HP: about a quarter the price
    assert worn[(1, 3)] == whole[(1, 3)] - OBSTACLE_COST[False] + share < worn[(3, 3)]


def test_the_leader_heads_for_the_wall_it_has_worn_down_over_a_nearer_whole_one():
    """Two thrones, each behind a wall, at the ends of a walled corridor: the whole wall in reach this turn, the
    worn one beyond it. Without the blows counted it struck the nearer, whole wall; the worn one is the quicker
    way in, so it walks that way instead."""
    rows = ["\\#..........#\\", "#" * 14, "." * 14]
    state = game(battle_map(*rows, name="corridor"), [unit("a1", A, (4, 0), tags=["Leader"]), unit("d1", D, (4, 2))])
    full = state.map.terrain_at((12, 0)).hp
    state = state.model_copy(update={"seize_tiles": [(0, 0), (13, 0)], "terrain_damage": [TerrainDamage(at=(12, 0), hp=full // 8)],
                                     "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})
    policy, actions = NormalPolicy(0), []
    while not actions or (state.active is not None and not state.is_over):
        actions.append(policy.choose(state))
        state = apply_action(state, actions[-1]).state
    assert not any(isinstance(a, Strike) and a.at == (1, 0) for a in actions), actions
    assert state.unit("a1").pos[0] > 4, actions
