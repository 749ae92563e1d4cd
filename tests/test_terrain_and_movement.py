"""The v0.6 terrain table (PRODUCT.md, "as we read it") and reachable() for every movement type."""

from __future__ import annotations

import pytest

from factories import A, D, battle_map, glyph, plains, unit, weapon
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.board.terrain import TERRAIN, TERRAIN_BY_GLYPH, MoveType
from officers_chess.rules.pieces.models import BASE_MOVEMENT
from officers_chess.rules.pieces.movement import reachable

X = None  # impassable
# id: (Def/Res, Foot, Armored, Cavalry, Flying, heal), row by row from PRODUCT.md
TABLE = {
    "sea": (0, X, X, X, 1, 0),
    "river": (0, 5, X, X, 1, 0),
    "mountain": (1, 4, X, X, 1, 0),
    "desert": (0, 2, 3, 2, 1, 0),
    "forest": (1, 2, 2, 3, 1, 0),
    "pillars": (1, 2, 2, 3, 1, 0),
    "snag": (0, X, X, X, X, 0),
    "wall": (0, X, X, X, X, 0),
    "door": (0, X, X, X, X, 0),
    "fort": (2, 2, 2, 2, 1, 2),
    "castle_gate": (2, 1, 1, 1, 1, 2),
    "throne": (2, 1, 1, 1, 1, 2),
    # "anything else": plains, sand, buildings, ruins, floor, stairs, bridge, village gate
    "plains": (0, 1, 1, 1, 1, 0),
    "sand": (0, 1, 1, 1, 1, 0),
    "building": (0, 1, 1, 1, 1, 0),
    "ruins": (0, 1, 1, 1, 1, 0),
    "floor": (0, 1, 1, 1, 1, 0),
    "stairs": (0, 1, 1, 1, 1, 0),
    "bridge": (0, 1, 1, 1, 1, 0),
    "village_gate": (0, 1, 1, 1, 1, 0),
}
COLUMNS = (MoveType.FOOT, MoveType.ARMORED, MoveType.CAVALRY, MoveType.FLYING)


# --- the table ---------------------------------------------------------------


def test_table_has_exactly_the_product_rows():
    assert set(TERRAIN) == set(TABLE)


@pytest.mark.parametrize("terrain_id", sorted(TABLE))
def test_terrain_row_matches_product_table(terrain_id):
    defense, *costs, heal = TABLE[terrain_id]
    terrain = TERRAIN[terrain_id]
    assert terrain.defense == defense, "Def/Res"
    for column, expected in zip(COLUMNS, costs):
        assert terrain.cost(column) == expected, column.value
    assert terrain.heal == heal


def test_only_fort_castle_gate_and_throne_heal_and_they_heal_2():
    healing = {t.id: t.heal for t in TERRAIN.values() if t.heal}
    assert healing == {"fort": 2, "castle_gate": 2, "throne": 2}


def test_glyphs_are_unique_and_never_letters():
    glyphs = [t.glyph for t in TERRAIN.values()]
    assert len(set(glyphs)) == len(glyphs)
    assert all(len(g) == 1 and not g.isalpha() and not g.isspace() for g in glyphs)
    assert {g: t.id for g, t in TERRAIN_BY_GLYPH.items()} == {t.glyph: t.id for t in TERRAIN.values()}


# --- derived movement and terrain numbers on a unit ---------------------------


@pytest.mark.parametrize(
    "tags, columns",
    [
        ([], [MoveType.FOOT]),
        (["Armored"], [MoveType.ARMORED]),
        (["Cavalry"], [MoveType.CAVALRY]),
        (["Flying"], [MoveType.FLYING]),
        (["Armored", "Cavalry"], [MoveType.ARMORED, MoveType.CAVALRY]),
        (["Dragon"], [MoveType.FOOT]),
    ],
)
def test_movement_columns_follow_the_tags(tags, columns):
    assert unit(tags=tags).move_types == columns


@pytest.mark.parametrize("terrain_id", sorted(TABLE))
def test_armored_cavalry_pays_the_dearer_column_everywhere(terrain_id):
    both = unit(tags=["Armored", "Cavalry"])
    terrain = TERRAIN[terrain_id]
    armored, cavalry = terrain.cost(MoveType.ARMORED), terrain.cost(MoveType.CAVALRY)
    expected = None if armored is None or cavalry is None else max(armored, cavalry)
    assert both.entry_cost(terrain) == expected


def test_armored_cavalry_dearer_column_examples():
    both = unit(tags=["Armored", "Cavalry"])
    assert both.entry_cost(TERRAIN["desert"]) == 3  # Armored 3 beats Cavalry 2
    assert both.entry_cost(TERRAIN["forest"]) == 3  # Cavalry 3 beats Armored 2


@pytest.mark.parametrize("terrain_id", sorted(TABLE))
def test_flying_costs_one_everywhere_except_wall_snag_door(terrain_id):
    flier = unit(tags=["Flying"])
    expected = None if terrain_id in {"wall", "snag", "door"} else 1
    assert flier.entry_cost(TERRAIN[terrain_id]) == expected


def test_flying_ignores_armored_penalties_too():
    # Flying ignores terrain penalties, whatever other movement tags the unit has.
    flier = unit(tags=["Flying", "Armored"])
    assert flier.entry_cost(TERRAIN["river"]) == 1
    assert flier.entry_cost(TERRAIN["wall"]) is None


@pytest.mark.parametrize("terrain_id", sorted(TABLE))
def test_terrain_bonus_is_the_table_def_for_walkers_and_zero_for_fliers(terrain_id):
    assert unit().terrain_bonus(TERRAIN[terrain_id]) == TABLE[terrain_id][0]
    assert unit(tags=["Armored"]).terrain_bonus(TERRAIN[terrain_id]) == TABLE[terrain_id][0]
    assert unit(tags=["Flying"]).terrain_bonus(TERRAIN[terrain_id]) == 0


@pytest.mark.parametrize(
    "tags, item_tags, expected",
    [
        ([], [], BASE_MOVEMENT),
        (["Fast(1)"], [], 6),
        (["Fast(2)"], [], 7),
        (["Slow(1)"], [], 4),
        (["Fast(2)", "Slow(1)"], [], 6),
        (["Fast(1)"], ["Fast(1)"], 7),  # class and equipped item stack
        ([], ["Slow(2)"], 3),
        (["Slow(9)"], [], 0),  # never below zero
    ],
)
def test_movement_is_five_plus_fast_minus_slow(tags, item_tags, expected):
    assert BASE_MOVEMENT == 5
    assert unit(tags=tags, weapon=weapon(tags=item_tags)).movement == expected


# --- reachable() ----------------------------------------------------------------

# A small hand-made map; x to the right, y down.
#   x: 0 1 2 3
#   y0 . " . .      " forest
#   y1 . ~ : .      ~ river, : desert
#   y2 . . . ^      ^ mountain
SMALL = battle_map('."..', ".~:.", "...^")

SMALL_EXPECTED = {
    "foot": {
        (0, 0): 0, (1, 0): 2, (2, 0): 3, (3, 0): 4,
        (0, 1): 1, (2, 1): 5, (3, 1): 5,
        (0, 2): 2, (1, 2): 3, (2, 2): 4,
    },
    "armored": {
        (0, 0): 0, (1, 0): 2, (2, 0): 3, (3, 0): 4,
        (0, 1): 1, (3, 1): 5,
        (0, 2): 2, (1, 2): 3, (2, 2): 4,
    },
    "cavalry": {
        (0, 0): 0, (1, 0): 3, (2, 0): 4, (3, 0): 5,
        (0, 1): 1,
        (0, 2): 2, (1, 2): 3, (2, 2): 4,
    },
    "flying": {(x, y): x + y for x in range(4) for y in range(3)},
}
TAGS_OF = {"foot": [], "armored": ["Armored"], "cavalry": ["Cavalry"], "flying": ["Flying"]}


def test_small_map_is_what_the_comment_says():
    assert [[SMALL.terrain_at((x, y)).id for x in range(4)] for y in range(3)] == [
        ["plains", "forest", "plains", "plains"],
        ["plains", "river", "desert", "plains"],
        ["plains", "plains", "plains", "mountain"],
    ]


@pytest.mark.parametrize("kind", sorted(SMALL_EXPECTED))
def test_reachable_costs_are_exact_per_movement_type(kind):
    mover = unit(tags=TAGS_OF[kind])
    assert reachable(mover, SMALL, [mover]).costs == SMALL_EXPECTED[kind]


def test_path_to_follows_the_cheapest_path():
    mover = unit()
    reach = reachable(mover, SMALL, [mover])
    path = reach.path_to((2, 1))
    assert path[0] == (0, 0) and path[-1] == (2, 1)
    steps = list(zip(path, path[1:]))
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in steps)
    assert sum(mover.entry_cost(SMALL.terrain_at(p)) for p in path[1:]) == reach.costs[(2, 1)] == 5


def test_armored_and_cavalry_unit_pays_the_dearer_column_on_the_map():
    #          x: 0 1 2 3 4   forest then desert
    line = battle_map('.":..')
    expected = {
        (): {(0, 0): 0, (1, 0): 2, (2, 0): 4, (3, 0): 5},
        ("Armored",): {(0, 0): 0, (1, 0): 2, (2, 0): 5},
        ("Cavalry",): {(0, 0): 0, (1, 0): 3, (2, 0): 5},
        ("Armored", "Cavalry"): {(0, 0): 0, (1, 0): 3},
        ("Flying",): {(0, 0): 0, (1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4},
    }
    for tags, costs in expected.items():
        mover = unit(tags=list(tags))
        assert reachable(mover, line, [mover]).costs == costs, tags


def test_flying_crosses_water_and_mountains_at_one_per_tile():
    line = battle_map(".}~^}~^.")
    flier = unit(tags=["Flying"])
    assert reachable(flier, line, [flier]).costs == {(x, 0): x for x in range(6)}


@pytest.mark.parametrize("blocker", ["wall", "snag", "door"])
def test_flying_cannot_cross_wall_snag_or_door(blocker):
    line = battle_map(".." + glyph(blocker) + "..")
    flier = unit(tags=["Flying"])
    assert reachable(flier, line, [flier]).costs == {(0, 0): 0, (1, 0): 1}


@pytest.mark.parametrize(
    "tags, impassable",
    [
        ([], ["sea", "snag", "wall", "door"]),
        (["Armored"], ["sea", "river", "mountain", "snag", "wall", "door"]),
        (["Cavalry"], ["sea", "river", "mountain", "snag", "wall", "door"]),
        (["Flying"], ["snag", "wall", "door"]),
    ],
)
def test_impassable_tiles_are_never_entered(tags, impassable):
    for terrain_id in impassable:
        g = glyph(terrain_id)
        ring = battle_map(g * 3, g + "." + g, g * 3)  # a plain tile walled in by one terrain
        mover = unit(pos=(1, 1), tags=tags + ["Fast(20)"])
        assert reachable(mover, ring, [mover]).costs == {(1, 1): 0}, terrain_id


def test_foot_wades_river_at_five_and_climbs_mountain_at_four():
    mover = unit()
    assert reachable(mover, battle_map(".~."), [mover]).costs == {(0, 0): 0, (1, 0): 5}
    assert reachable(mover, battle_map(".^."), [mover]).costs == {(0, 0): 0, (1, 0): 4, (2, 0): 5}


@pytest.mark.parametrize("tags, reach_x", [([], 5), (["Fast(1)"], 6), (["Fast(3)"], 8), (["Slow(2)"], 3)])
def test_fast_and_slow_change_the_reach(tags, reach_x):
    mover = unit(tags=tags)
    costs = reachable(mover, plains(12), [mover]).costs
    assert costs == {(x, 0): x for x in range(reach_x + 1)}


def test_slow_to_zero_can_only_stay_put():
    mover = unit(tags=["Slow(5)"])
    assert reachable(mover, plains(4), [mover]).costs == {(0, 0): 0}


def test_unit_may_stay_put_even_when_boxed_in():
    mover = unit(pos=(1, 1))
    enemies = [unit(id=f"d{i}", side=D, pos=p) for i, p in enumerate([(0, 1), (2, 1), (1, 0), (1, 2)])]
    reach = reachable(mover, plains(3, 3), [mover, *enemies])
    assert reach.costs == {(1, 1): 0}
    assert (1, 1) in reach
    assert reach.path_to((1, 1)) == [(1, 1)]


def test_unit_may_stay_put_on_a_dear_tile():
    mover = unit(pos=(1, 0))
    reach = reachable(mover, battle_map(".^."), [mover])
    assert reach.costs[(1, 0)] == 0


def test_enemies_block_movement():
    # A 1-wide corridor: the enemy at x=2 cuts it.
    mover = unit()
    enemy = unit(id="d1", side=D, pos=(2, 0))
    assert reachable(mover, plains(6), [mover, enemy]).costs == {(0, 0): 0, (1, 0): 1}


def test_enemies_force_a_detour_that_costs_more():
    #   . . .
    #   M E .      M (3 movement) must go round the enemy E: (2,1) costs 4 instead of 2
    #   . . .
    mover = unit(pos=(0, 1), tags=["Slow(2)"])  # 3 movement
    enemy = unit(id="d1", side=D, pos=(1, 1))
    costs = reachable(mover, plains(3, 3), [mover, enemy]).costs
    assert (1, 1) not in costs
    assert costs[(1, 0)] == 2 and costs[(2, 0)] == 3
    assert (2, 1) not in costs  # 4 steps around the enemy, one more than the budget


def test_allies_can_be_passed_through_but_not_ended_on():
    mover = unit()
    ally = unit(id="a2", side=A, pos=(1, 0))
    reach = reachable(mover, plains(7), [mover, ally])
    assert reach.costs == {(0, 0): 0, (2, 0): 2, (3, 0): 3, (4, 0): 4, (5, 0): 5}
    assert reach.path_to((3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_passing_an_ally_still_pays_its_tile():
    mover = unit()
    ally = unit(id="a2", side=A, pos=(1, 0))
    line = battle_map('.".')  # the ally stands in a forest
    assert reachable(mover, line, [mover, ally]).costs == {(0, 0): 0, (2, 0): 3}


def test_routed_units_neither_block_nor_occupy():
    mover = unit()
    dead_enemy = unit(id="d1", side=D, pos=(1, 0), hp=0)
    dead_ally = unit(id="a2", side=A, pos=(2, 0), hp=0)
    costs = reachable(mover, plains(4), [mover, dead_enemy, dead_ally]).costs
    assert costs == {(x, 0): x for x in range(4)}


def test_the_map_edge_bounds_movement():
    mover = unit(pos=(1, 1))
    costs = reachable(mover, plains(3, 3), [mover]).costs
    assert set(costs) == {(x, y) for x in range(3) for y in range(3)}
    assert all(0 <= x < 3 and 0 <= y < 3 for x, y in costs)


def test_distance_is_counted_orthogonally():
    # Rulings M5: no diagonals, for ranges as for movement.
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (1, 1)) == 2
    assert distance((3, 1), (0, 5)) == 7
