"""Fog of war: what each side sees, and the view its player gets."""

from __future__ import annotations

from factories import A, D, game, plains, unit
from officers_chess.rules.battle.state import Chest, Light
from officers_chess.rules.battle.vision import VISION, player_view, visible_tiles
from officers_chess.rules.pieces.models import Consumable
from officers_chess.rules.pieces.orders import Order


def foggy(*units, **kw):
    state = game(plains(12, 5), list(units), **kw)
    return state.model_copy(update={"fog": True})


def test_a_side_sees_tiles_within_vision_of_its_units_counted_like_movement():
    state = foggy(unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(11, 4)))
    seen = visible_tiles(state, A)
    assert (VISION, 0) in seen and (VISION + 1, 0) not in seen
    assert (2, 1) in seen and (2, 2) not in seen  # 2 + 2 = 4 > 3
    assert all(abs(x) + abs(y) <= VISION for x, y in seen)


def test_the_view_hides_enemies_and_chests_out_of_sight_but_never_own_units():
    state = foggy(
        unit(id="a1", side=A, pos=(0, 0)), unit(id="a2", side=A, pos=(11, 0)),
        unit(id="d1", side=D, pos=(2, 0)), unit(id="d2", side=D, pos=(6, 4)),
    )
    state.chests = [Chest(at=(1, 1), item=Consumable(name="Gem")), Chest(at=(6, 3), item=Consumable(name="Coin"))]
    view = player_view(state, A)
    assert {u.id for u in view.units} == {"a1", "a2", "d1"}  # d2 is 6+4 = 10 and 5+4 = 9 away
    assert [c.item.name for c in view.chests] == ["Gem"]
    assert {u.id for u in player_view(state, D).units} == {"d1", "d2", "a1"}
    assert len(state.units) == 4 and len(state.chests) == 2  # the real state is untouched


def test_torchlight_shows_its_tiles_to_both_sides():
    state = foggy(unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(9, 2)))
    assert "d1" not in {u.id for u in player_view(state, A).units}
    state.lights = [Light(at=(9, 1), radius=1, rounds=2)]
    assert "d1" in {u.id for u in player_view(state, A).units}


def test_without_fog_the_view_has_every_unit_but_no_dice_seed_and_no_enemy_script():
    state = game(plains(12, 5), [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(11, 4))])
    state.dice = state.dice.model_copy(update={"seed": 1234})
    state.units[1] = state.units[1].model_copy(update={"orders": [Order(do="hold")]})
    view = player_view(state, A)
    assert [u.id for u in view.units] == ["a1", "d1"] and view.map == state.map
    assert view.dice.seed == 0 and view.units[1].orders == []
    assert player_view(state, D).units[1].orders == state.units[1].orders  # its own side knows its script
