"""The turn controller's flow, without a terminal: select, move, act, take back, target."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.game import GameState
from officers_chess.tui.controller import BattleController, Mode


@pytest.fixture
def state() -> GameState:
    return load_scenario(find_scenario("training_yard")).new_battle(seed=5)


def first_waiting(c: BattleController):
    return sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]


def test_the_cursor_starts_on_a_unit_of_the_side_to_act(state):
    c = BattleController(state)
    unit = c.hovered_unit
    assert unit is not None and unit.side is state.to_act and not unit.activated


def test_selecting_an_enemy_explains_and_selects_nothing(state):
    c = BattleController(state)
    enemy = c.state.living(state.to_act.other)[0]
    c.point_at(enemy.pos)
    assert c.confirm() == []
    assert c.mode is Mode.BROWSE and c.selected is None
    assert state.to_act.value in c.hint


def test_the_move_overlay_is_exactly_the_units_reach(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    assert c.mode is Mode.MOVING
    assert c.move_tiles() == set(state.reach(unit).costs)
    assert not (c.attack_tiles() & c.move_tiles())


def test_an_unreachable_tile_is_refused_with_a_hint(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    far = next((x, y) for y in range(state.map.height) for x in range(state.map.width) if (x, y) not in c.move_tiles())
    c.point_at(far)
    assert c.confirm() == []
    assert c.mode is Mode.MOVING and "cannot end its move" in c.hint


def test_cancel_after_moving_restores_the_exact_state_from_before(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    dest = next(p for p in c.move_tiles() if p != unit.pos)
    c.point_at(dest)
    c.confirm()
    assert c.mode is Mode.ACTING and c.state.unit(unit.id).pos == dest
    c.cancel()
    assert c.mode is Mode.MOVING and c.state is state and c.cursor == unit.pos


def test_waiting_ends_the_activation_and_passes_to_the_other_side(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    c.confirm()  # stay put
    assert [item.key for item in c.menu()] == ["wait"]  # nobody in reach at the start
    events = c.confirm()
    assert events and c.mode is Mode.BROWSE
    assert c.state.unit(unit.id).activated
    assert c.state.to_act is state.to_act.other
    assert c.hovered_unit is not None and c.hovered_unit.side is c.state.to_act


def test_targeting_shows_the_same_forecast_as_the_rules_core(state):
    c = BattleController(state)
    # Walk units towards each other until someone can strike, then target.
    for _ in range(40):
        unit = first_waiting(c)
        spots = [p for p in c.state.reach(unit).costs if c.state.targets_from(unit, p)]
        c.point_at(unit.pos)
        c.confirm()
        if spots:
            c.point_at(spots[0])
            c.confirm()
            assert c.choose("attack") == []
            assert c.mode is Mode.TARGETING
            target = c.hovered_unit
            assert target is not None and target.side is not unit.side
            assert c.forecast() == c.state.forecast(c.state.unit(unit.id), target)
            c.cancel()
            assert c.mode is Mode.ACTING and c.forecast() is None
            return
        enemies = c.state.living(unit.side.other)
        dest = min(c.move_tiles(), key=lambda p: min(abs(p[0] - e.pos[0]) + abs(p[1] - e.pos[1]) for e in enemies))
        c.point_at(dest)
        c.confirm()
        c.choose("wait")
    pytest.fail("no attack became possible")
