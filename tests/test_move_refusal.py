"""Enter on a tile a unit cannot end its move on says why, in words (rulings L108): out of reach with the tile's
cost against the movement the unit has, ground it cannot enter, a tile another unit holds."""

from __future__ import annotations

from factories import A, D, battle_map, game, unit

from officers_chess.rules.pieces.movement import reachable
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode

# H moves 5 on plains; a wall at 4,1; an ally at 2,1; an enemy at 1,3.
ROWS = ("..#.........", "............", "............")


def _moving():
    hesk = unit("a1", A, (0, 0)).model_copy(update={"name": "Hesk"})
    ally = unit("a2", A, (1, 0)).model_copy(update={"name": "Dunn"})
    enemy = unit("d1", D, (0, 2)).model_copy(update={"name": "Tilda"})
    c = BattleController(game(battle_map(*ROWS), [hesk, ally, enemy]))
    c.point_at(hesk.pos)
    c.confirm()
    assert c.mode is Mode.MOVING
    return c, c.state.unit("a1")


def _refused(c, pos) -> str:
    c.point_at(pos)
    assert c.confirm() == [] and c.mode is Mode.MOVING
    assert "blue" not in c.hint
    return c.hint


def test_a_tile_out_of_reach_says_its_cost_against_the_units_movement():
    c, hesk = _moving()
    far = (6, 0)
    cost = reachable(hesk, c.state.map, c.state.units, budget=99).costs[far]
    assert cost > hesk.movement == 5
    assert _refused(c, far) == f"Out of reach: 7,1 costs {cost} movement and Hesk has 5."


def test_ground_the_unit_cannot_enter_is_named():
    c, _ = _moving()
    assert _refused(c, (2, 0)) == "Hesk cannot enter wall (3,1)."


def test_a_tile_another_unit_holds_names_who_holds_it():
    c, _ = _moving()
    assert _refused(c, (1, 0)).startswith("Dunn holds 2,1; Hesk cannot stop there (it may pass through an ally")
    assert _refused(c, (0, 2)) == "Tilda holds 1,3; Hesk cannot stop there."


def test_a_canto_move_out_of_reach_counts_against_the_movement_left():
    from factories import plains, staff

    rider = unit(id="a1", side=A, pos=(0, 0), weapon=staff(tags=["Heal(5)"]), tags=["Canto"])
    c = BattleController(game(plains(8, 3), [rider, unit(id="a2", side=A, pos=(1, 0), hp=10),
                                             unit(id="d1", side=D, pos=(7, 2))]))
    c.point_at((0, 0))
    c.confirm()
    c.point_at((1, 1))  # two of its five spent
    c.confirm()
    c.choose(next(i.key for i in c.menu() if i.key.startswith("special:heal")))
    c.confirm()
    assert c.mode is Mode.CANTO
    left = c.state.unit("a1").movement - c.state.active.spent
    cost = reachable(c.state.unit("a1"), c.state.map, c.state.units, budget=99).costs[(6, 1)]
    assert (left, cost) == (3, 5)
    c.point_at((6, 1))
    assert c.confirm() == [] and c.mode is Mode.CANTO
    assert c.hint == f"Out of reach: 7,2 costs {cost} movement and A1 has {left}. Or w ends the turn here."
