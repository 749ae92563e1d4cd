"""Danger zones, the threat inspector's forecasts and the move heatmap, against the core's own geometry and forecast."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from officers_chess.ai.danger import threats
from officers_chess.ai.threat_map import (
    attackers_at,
    best_kill,
    danger_zone,
    heatmap,
    standing_at,
    threat_forecasts,
)
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.combat.exchange import Role

from factories import A, D, battle_map, game, unit, weapon

TWELVE_A_SIDE = Path(__file__).parents[1] / "benchmarks" / "fixtures" / "twelve_a_side.yaml"


def _duel():
    """A sword on the left, an axe and a bow on the right of an open field (10 wide, 5 high)."""
    field = battle_map(*[".........." for _ in range(5)])
    hero = unit("hero", A, (0, 2))
    axe = unit("axe", D, (8, 1), weapon=weapon("axe", might=8))
    bow = unit("bow", D, (9, 4), weapon=weapon("bow", might=6, range=(2, 2)))
    return game(field, [hero, axe, bow])


def test_the_danger_zone_is_every_threat_tile_counted_per_enemy():
    state = _duel()
    enemies = state.living(D)
    zone = danger_zone(state, enemies)
    each = [frozenset().union(*t.by_gap.values()) for t in threats(state, enemies)]
    assert len(each) == 2
    assert set(zone) == each[0] | each[1]
    for pos, count in zone.items():
        assert count == sum(pos in tiles for tiles in each)
    assert zone[(4, 2)] == 2 and (0, 2) not in zone  # both reach the middle; the hero's corner is safe


def test_a_bow_threatens_only_at_its_range():
    field = battle_map(*["." * 9])
    bow = unit("bow", D, (8, 0), weapon=weapon("bow", range=(2, 2)), tags=["Slow(3)"])
    state = game(field, [unit("hero", A, (0, 0)), bow])
    stays = state.reach(state.unit("bow")).costs
    zone = danger_zone(state, [state.unit("bow")])
    assert set(zone) == {p for p in ((x, 0) for x in range(9)) if any(distance(p, s) == 2 for s in stays)}


def test_the_threat_inspector_uses_the_core_forecast_for_each_attacker():
    state = _duel()
    hero = state.unit("hero")
    pos = (4, 2)
    found = threat_forecasts(state, hero, pos, state.living(D))
    assert {a.enemy.id for a in found} == {t.enemy.id for t in attackers_at(state, hero, pos, state.living(D))} == {"axe", "bow"}
    placed = standing_at(state, hero, pos)
    for attack in found:
        assert attack.origin in placed.reach(attack.enemy).costs
        direct = placed.forecast(attack.enemy, placed.unit("hero"), attacker_pos=attack.origin)
        assert attack.forecast == direct
        assert attack.rout_chance == direct.p_routed(Role.DEFENDER)
        after = direct.hp_after(Role.DEFENDER)
        assert attack.expected_damage == hero.hp - sum(p * hp for hp, p in after.items())
    # The axe's best attack is chosen among every tile it can strike from: none routs more often or hurts more.
    axe = next(a for a in found if a.enemy.id == "axe")
    for origin in placed.reach(axe.enemy).costs:
        if distance(origin, pos) == 1:
            other = placed.forecast(axe.enemy, placed.unit("hero"), attacker_pos=origin)
            assert other.p_routed(Role.DEFENDER) <= axe.rout_chance


def test_standing_on_a_tile_blocks_the_way_past_it():
    # A corridor with a forest at (2, 0): the axe would rather strike from the forest's cover,
    # but with the hero standing on (3, 0) it cannot get past to reach it.
    field = battle_map('..".....')
    state = game(field, [unit("hero", A, (0, 0)), unit("axe", D, (5, 0), weapon=weapon("axe"))])
    hero = state.unit("hero")
    assert [t.enemy.id for t in attackers_at(state, hero, (3, 0), state.living(D))] == ["axe"]
    assert threat_forecasts(state, hero, (3, 0), state.living(D))[0].origin == (4, 0)
    assert threat_forecasts(state, hero, (1, 0), state.living(D))[0].origin == (2, 0)  # in the open: from the forest


def test_moving_away_frees_the_tile_the_unit_left():
    # In a corridor the hero holds the axe back; once it moves on, the axe can follow through its old tile.
    field = battle_map("." * 10)
    state = game(field, [unit("hero", A, (3, 0)), unit("axe", D, (0, 0), weapon=weapon("axe"))])
    hero = state.unit("hero")
    tiles = frozenset(state.reach(hero).costs)
    heat = heatmap(state, hero, tiles, state.living(D))
    assert heat[(6, 0)].threats == 1 and heat[(7, 0)].threats == 0
    assert danger_zone(state, state.living(D)).get((6, 0)) is None  # while the hero still stands in the way


def test_the_heatmap_agrees_with_a_direct_computation_on_every_tile():
    state = load_scenario(TWELVE_A_SIDE).new_battle(2)
    side = state.to_act
    enemies = state.living(side.other)
    # Bring the armies together so that kills and threats vary from tile to tile.
    mover = state.living(side)[0]
    target = min(enemies, key=lambda e: distance(e.pos, mover.pos))
    near = min((p for p in state.reach(target).costs if distance(p, target.pos) >= 2),
               key=lambda p: distance(p, mover.pos))
    state = standing_at(state, mover, near)
    unit_now = state.unit(mover.id)
    tiles = frozenset(state.reach(unit_now).costs)
    heat = heatmap(state, unit_now, tiles, enemies)
    assert set(heat) == tiles
    for pos, tile in heat.items():
        assert (tile.kill, tile.victim) == best_kill(state, unit_now, pos, enemies)
        assert tile.threats == len(attackers_at(state, unit_now, pos, enemies))
    assert any(t.kill > 0 for t in heat.values()) and len({t.threats for t in heat.values()}) > 1


def test_best_kill_is_the_highest_rout_chance_of_any_weapon():
    field = battle_map(*["......"])
    spare = weapon("axe", might=12, name="Big Axe")
    hero = unit("hero", A, (0, 0), weapon=weapon("sword", might=1), extra_items=[spare])
    foe = unit("foe", D, (3, 0), hp=8)
    state = game(field, [hero, foe])
    kill, victim = best_kill(state, hero, (2, 0), [foe])
    assert victim == "foe" and kill > 0
    armed = hero.model_copy(update={"weapon": 1})
    assert kill == state.forecast(armed, foe, attacker_pos=(2, 0)).p_routed(Role.DEFENDER)
    assert best_kill(state, hero, (0, 0), [foe]) == (Fraction(0), None)  # out of reach


def test_hidden_enemies_add_nothing_to_the_danger_zone():
    state = _duel().model_copy(update={"fog": True})
    view = player_view(state, A)
    shown = view.living(D)
    assert [u.id for u in shown] == []  # both are more than 3 tiles from the hero
    assert danger_zone(view, shown) == {}
    near = standing_at(state, state.unit("hero"), (6, 2))
    seen = player_view(near, A).living(D)
    assert {u.id for u in seen} == {"axe"}  # the bow at (9, 4) is 5 away, out of sight
    assert danger_zone(player_view(near, A), seen) == danger_zone(near, [near.unit("axe")])


@pytest.mark.parametrize("pos", [(1, 2), (4, 2)])
def test_attackers_at_moves_the_unit_and_nothing_else(pos):
    state = _duel()
    placed = standing_at(state, state.unit("hero"), pos)
    assert placed.unit("hero").pos == pos and state.unit("hero").pos == (0, 2)
    assert [u for u in placed.units if u.id != "hero"] == [u for u in state.units if u.id != "hero"]
