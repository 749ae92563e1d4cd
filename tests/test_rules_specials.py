"""Staves, items and special actions, Canto, free actions, walls/snags/doors, shifting,
crests and relics, and how a battle ends — one rule at a time, driven through
`legal_actions` / `apply_action`.

Baseline units (factories.py): Str 5, Skl 10, Spd 5, Def 2, Res 1, 20 HP, a 5-Might sword
in slot 0 (extra items follow it), and a class that wields every weapon type.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from factories import (
    RA,
    RD,
    A,
    D,
    accessory,
    battle_map,
    consumable,
    game,
    plains,
    plan,
    seed_for,
    staff,
    stats,
    unit,
    unit_class,
    weapon,
)
from officers_chess.rules.battle.actions import CantoMove, Special, Strike
from officers_chess.rules.battle.events import BattleEnded, Healed, Hurt, Routed
from officers_chess.rules.battle.game import (
    Attack,
    Discard,
    Equip,
    GameState,
    IllegalAction,
    Move,
    Trade,
    Wait,
    apply_action,
    legal_actions,
)
from officers_chess.rules.battle.specials import staff_hit_chance
from officers_chess.rules.battle.state import Chest, Light
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.pieces.models import Consumable
from officers_chess.rules.pieces.statuses import Status, StatusName

HIT = range(2, 11)
MISS = range(11, 21)


def stay(state: GameState, unit_id: str) -> GameState:
    return apply_action(state, Move(unit=unit_id, to=state.unit(unit_id).pos)).state


def do(state: GameState, *actions) -> GameState:
    for action in actions:
        state = apply_action(state, action).state
    return state


def turn_of(state: GameState, unit_id: str) -> GameState:
    """Let every other unit stay and wait until `unit_id` may activate, then activate it where it stands."""
    while unit_id not in {u.id for u in state.waiting(state.to_act)}:
        other = state.waiting(state.to_act)[0]
        state = do(state, Move(unit=other.id, to=other.pos), Wait())
    return stay(state, unit_id)


def specials(state: GameState, name: str | None = None) -> list[Special]:
    return [a for a in legal_actions(state) if isinstance(a, Special) and (name is None or a.name == name)]


def with_enemy(*units, width: int = 9, height: int = 3, rows=None, seed: int = 0, **kw) -> GameState:
    """The given attacker-side units, and one enemy d1 parked in the far corner."""
    enemy = unit(id="d1", side=D, pos=(width - 1, height - 1))
    bmap = battle_map(*rows) if rows else plains(width, height)
    state = game(bmap, [*units, enemy], seed=seed)
    for field, value in kw.items():  # escape_tiles, chests ...
        setattr(state, field, value)
    return state


# --- staves -----------------------------------------------------------------------------------


def test_a_staff_never_attacks():
    units = [unit(id="a1", pos=(0, 0), weapon=staff(tags=["Heal(5)"])), unit(id="d1", side=D, pos=(1, 0))]
    state = stay(game(plains(3), units), "a1")
    assert usable_weapon(state.unit("a1")) is None
    assert not [a for a in legal_actions(state) if isinstance(a, Attack)]


def test_a_staff_never_counters():
    p = plan(unit(id="a1"), unit(id="d1", side=D, pos=(1, 0), weapon=staff(tags=["Heal(5)"])))
    assert p.defender is None
    assert p.order == (RA,)


def test_a_staff_reaches_as_far_as_its_range():
    healer = unit(id="a1", pos=(0, 1), extra_items=[staff(tags=["Heal(5)"], range=(1, 2))])
    near = unit(id="a2", pos=(2, 1), hp=10)
    far = unit(id="a3", pos=(3, 1), hp=10)
    state = stay(with_enemy(healer, near, far), "a1")
    assert specials(state, "heal") == [Special(name="heal", source=1, target="a2")]


def test_a_staff_with_strength_reach_reaches_half_the_users_strength():
    healer = unit(id="a1", pos=(0, 1), str=8, extra_items=[staff(tags=["Heal(5)"], strength_reach=True)])
    far = unit(id="a2", pos=(4, 1), hp=10)
    state = stay(with_enemy(healer, far), "a1")
    assert specials(state, "heal") == [Special(name="heal", source=1, target="a2")]


def test_using_a_staff_equips_it():
    healer = unit(id="a1", pos=(0, 1), extra_items=[staff(tags=["Heal(5)"])])
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=10)), "a1")
    assert state.unit("a1").weapon == 0
    state = do(state, Special(name="heal", source=1, target="a2"))
    assert state.unit("a1").weapon == 1


def test_a_staff_needs_a_class_that_wields_staves():
    cls = unit_class(wields=["sword"])
    healer = unit(id="a1", pos=(0, 1), cls=cls, extra_items=[staff(tags=["Heal(5)"])])
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=10)), "a1")
    assert specials(state) == []


# --- heal -------------------------------------------------------------------------------------


def _healer_state(ally_hp: int, healer_kw=None, ally_kw=None):
    healer = unit(id="a1", pos=(0, 1), extra_items=[staff(tags=["Heal(5)"], range=(1, 2))], **(healer_kw or {}))
    return stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=ally_hp, **(ally_kw or {}))), "a1")


def test_heal_restores_its_amount():
    state = do(_healer_state(10), Special(name="heal", source=1, target="a2"))
    assert state.unit("a2").hp == 15


def test_greater_heal_of_the_user_adds_to_heal():
    state = _healer_state(5, healer_kw={"accessory": accessory(tags=["GreaterHeal(3)"])})
    state = do(state, Special(name="heal", source=2, target="a2"))  # sword 0, accessory 1, staff 2
    assert state.unit("a2").hp == 13


def test_heal_never_goes_above_max_hp():
    state = do(_healer_state(18), Special(name="heal", source=1, target="a2"))
    assert state.unit("a2").hp == 20


def test_heal_is_offered_only_for_hurt_allies():
    assert specials(_healer_state(20), "heal") == []
    # never on enemies, and a staff is not used on its holder
    healer = unit(id="a1", pos=(0, 1), hp=5, extra_items=[staff(tags=["Heal(5)"], range=(1, 2))])
    enemy = unit(id="d1", side=D, pos=(1, 1), hp=5)
    state = stay(game(plains(4, 3), [healer, enemy]), "a1")
    assert specials(state, "heal") == []


def test_heal_from_the_class_reaches_adjacent_allies_only():
    healer = unit(id="a1", pos=(0, 1), tags=["Heal(4)"])
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=10), unit(id="a3", pos=(2, 1), hp=10)), "a1")
    assert specials(state, "heal") == [Special(name="heal", target="a2")]
    assert do(state, Special(name="heal", target="a2")).unit("a2").hp == 14


def test_heal_from_an_equipped_accessory_reaches_adjacent_allies():
    healer = unit(id="a1", pos=(0, 1), accessory=accessory(tags=["Heal(4)"]))
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=10)), "a1")
    assert specials(state, "heal") == [Special(name="heal", target="a2")]


def test_a_class_heal_heals_its_own_amount_even_with_a_heal_staff_in_hand():
    # The class's Heal(4) and the equipped staff's Heal(10) are two different actions.
    cls = unit_class(tags=["Heal(4)"])
    healer = unit(id="a1", pos=(0, 1), cls=cls, weapon=staff(tags=["Heal(10)"]))
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=5)), "a1")
    assert set(specials(state, "heal")) == {Special(name="heal", target="a2"), Special(name="heal", source=0, target="a2")}
    assert do(state, Special(name="heal", target="a2")).unit("a2").hp == 9
    assert do(state, Special(name="heal", source=0, target="a2")).unit("a2").hp == 15


def test_a_healing_item_is_used_on_oneself_and_its_uses_are_counted():
    vulnerary = consumable(tags=["Heal(6)", "Consumable(2)"], name="Vulnerary")
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), hp=5, extra_items=[vulnerary]), unit(id="a2", pos=(1, 1), hp=5)), "a1")
    assert specials(state) == [Special(name="heal", source=1, target="a1")]
    state = do(state, Special(name="heal", source=1, target="a1"))
    a1 = state.unit("a1")
    assert a1.hp == 11
    assert a1.inventory[1].uses_left == 1
    # next round, the last use: the item is gone
    state = do(turn_of(state, "a1"), Special(name="heal", source=1, target="a1"))
    assert state.round == 2
    assert state.unit("a1").hp == 17
    assert [it.name for it in state.unit("a1").inventory] == ["Test sword"]


def test_a_staff_with_uses_wears_out_and_the_user_takes_up_another_weapon():
    healer = unit(id="a1", pos=(0, 1), extra_items=[staff(tags=["Heal(5)", "Consumable(1)"])])
    state = stay(with_enemy(healer, unit(id="a2", pos=(1, 1), hp=10)), "a1")
    state = do(state, Special(name="heal", source=1, target="a2"))
    a1 = state.unit("a1")
    assert [it.name for it in a1.inventory] == ["Test sword"]
    assert a1.weapon == 0


# --- restore ----------------------------------------------------------------------------------


def test_restore_lifts_every_status_from_an_ally():
    healer = unit(id="a1", pos=(0, 1), extra_items=[staff(tags=["Restore"], range=(1, 2))])
    sick = unit(id="a2", pos=(1, 1), statuses=["Poisoned", "Sleep", "Barrier"])
    well = unit(id="a3", pos=(0, 2))
    state = stay(with_enemy(healer, sick, well), "a1")
    assert specials(state, "restore") == [Special(name="restore", source=1, target="a2")]
    assert do(state, Special(name="restore", source=1, target="a2")).unit("a2").statuses == []


def test_a_restoring_item_is_offered_only_when_the_user_has_a_status():
    antitoxin = consumable(tags=["Restore", "Consumable(1)"])
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), extra_items=[antitoxin])), "a1")
    assert specials(state) == []
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), extra_items=[antitoxin], statuses=["Poisoned"])), "a1")
    state = do(state, Special(name="restore", source=1, target="a1"))
    assert state.unit("a1").statuses == [] and len(state.unit("a1").inventory) == 1


# --- status staves and items ------------------------------------------------------------------


def _hexer(seed: int, skl: int = 10, staff_tags=("Status(Sleep)",), ally=True):
    hexer = unit(id="a1", pos=(1, 1), skl=skl, extra_items=[staff(tags=list(staff_tags), range=(1, 2))])
    units = [hexer, unit(id="d1", side=D, pos=(3, 1))]
    if ally:
        units.append(unit(id="a2", pos=(0, 1)))
    return stay(game(plains(5, 3), units, seed=seed), "a1")


def test_a_status_staff_targets_enemies_in_its_range():
    assert specials(_hexer(0)) == [Special(name="status", source=1, target="d1")]


def test_a_status_staff_lands_on_a_roll_at_or_under_skill():
    state = do(_hexer(seed_for(10)), Special(name="status", source=1, target="d1"))
    assert state.unit("d1").has_status(StatusName.SLEEP)
    assert state.dice.draws == 1
    state = do(_hexer(seed_for(11)), Special(name="status", source=1, target="d1"))
    assert not state.unit("d1").statuses


def test_inaccurate_lowers_a_status_staffs_skill():
    tags = ("Status(Sleep)", "Inaccurate(2)")
    assert do(_hexer(seed_for(8), staff_tags=tags), Special(name="status", source=1, target="d1")).unit("d1").statuses
    assert not do(_hexer(seed_for(9), staff_tags=tags), Special(name="status", source=1, target="d1")).unit("d1").statuses


def test_a_status_staff_rolls_with_the_staff_in_hand_and_the_forecast_chance_says_so():
    # Skl 10; the sword in hand gives Skl+3, the staff (equipped by using it) has Inaccurate(2): 8 is needed.
    hexer = unit(id="a1", pos=(1, 1), weapon=weapon(tags=["Bonus(Skl+3)"]),
                 extra_items=[staff(tags=["Status(Sleep)", "Inaccurate(2)"], range=(1, 2))])
    target = unit(id="d1", side=D, pos=(3, 1))
    assert staff_hit_chance(game(plains(5, 3), [hexer, target]), hexer, 1, target) == Fraction(8, 20)

    def cast(seed):
        units = [hexer.model_copy(deep=True), target.model_copy(deep=True)]
        state = stay(game(plains(5, 3), units, seed=seed), "a1")
        return do(state, Special(name="status", source=1, target="d1")).unit("d1").statuses

    assert cast(seed_for(8))
    assert not cast(seed_for(9))


def test_a_natural_one_always_lands_a_status_staff():
    state = do(_hexer(seed_for(1), skl=0), Special(name="status", source=1, target="d1"))
    assert state.unit("d1").has_status(StatusName.SLEEP)
    state = do(_hexer(seed_for(2), skl=0), Special(name="status", source=1, target="d1"))
    assert not state.unit("d1").statuses


def test_a_barrier_staff_goes_on_allies_and_the_user_without_a_roll():
    state = _hexer(seed_for(20), staff_tags=("Status(Barrier)",))
    assert set(specials(state)) == {Special(name="status", source=1, target="a2"), Special(name="status", source=1, target="a1")}
    after = do(state, Special(name="status", source=1, target="a2"))
    assert after.unit("a2").statuses == [Status(name=StatusName.BARRIER, left=2)]
    assert after.dice.draws == 0


def test_a_status_item_is_used_on_oneself_without_a_roll():
    water = consumable(tags=["Status(Barrier)", "Consumable(1)"], name="Pure Water")
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), extra_items=[water]), unit(id="a2", pos=(1, 1))), "a1")
    assert specials(state) == [Special(name="status", source=1, target="a1")]
    state = do(state, Special(name="status", source=1, target="a1"))
    assert state.unit("a1").has_status(StatusName.BARRIER)
    assert state.dice.draws == 0
    assert not any(isinstance(it, Consumable) for it in state.unit("a1").inventory)


# --- rescue and warp --------------------------------------------------------------------------


def test_rescue_brings_an_ally_to_a_free_tile_beside_the_user_it_can_stand_on():
    # a1 at (1,1): north is sea, west is taken by a3, south and east are free plains.
    rows = [".}...", ".....", ".....", "....."]
    rescuer = unit(id="a1", pos=(1, 1), extra_items=[staff(tags=["Rescue"], range=(1, 5))])
    far = unit(id="a2", pos=(4, 3))
    blocker = unit(id="a3", pos=(0, 1))
    state = stay(game(battle_map(*rows), [rescuer, far, blocker, unit(id="d1", side=D, pos=(4, 0))]), "a1")
    spots = {a.at for a in specials(state, "rescue") if a.target == "a2"}
    assert spots == {(2, 1), (1, 2)}
    state = do(state, Special(name="rescue", source=1, target="a2", at=(1, 2)))
    assert state.unit("a2").pos == (1, 2)


def test_rescue_may_put_a_flyer_over_water():
    rows = [".}...", ".....", ".....", "....."]
    rescuer = unit(id="a1", pos=(1, 1), extra_items=[staff(tags=["Rescue"], range=(1, 5))])
    flyer = unit(id="a2", pos=(4, 3), tags=["Flying"])
    state = stay(game(battle_map(*rows), [rescuer, flyer, unit(id="d1", side=D, pos=(4, 0))]), "a1")
    assert (1, 0) in {a.at for a in specials(state, "rescue")}


def test_warp_sends_an_ally_to_any_free_tile_within_the_users_strength():
    warper = unit(id="a1", pos=(3, 3), str=2, extra_items=[staff(tags=["Warp"])])
    ally = unit(id="a2", pos=(3, 4))
    state = stay(game(plains(7, 7), [warper, ally, unit(id="d1", side=D, pos=(6, 6))]), "a1")
    spots = {a.at for a in specials(state, "warp")}
    expected = {(x, y) for x in range(7) for y in range(7) if abs(x - 3) + abs(y - 3) <= 2} - {(3, 3), (3, 4)}
    assert spots == expected
    assert do(state, Special(name="warp", source=1, target="a2", at=(1, 3))).unit("a2").pos == (1, 3)


# --- torch ------------------------------------------------------------------------------------


def test_a_torch_lights_its_radius_for_two_round_ends():
    torch = consumable(tags=["Torch(4)", "Consumable(2)"])
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), extra_items=[torch])), "a1")
    state = do(state, Special(name="torch", source=1))
    assert state.lights == [Light(at=(0, 1), radius=4, rounds=2)]
    state = do(state, Move(unit="d1", to=(8, 2)), Wait())
    assert state.round == 2 and state.lights == [Light(at=(0, 1), radius=4, rounds=1)]
    state = do(state, Move(unit="a1", to=(0, 1)), Wait(), Move(unit="d1", to=(8, 2)), Wait())
    assert state.round == 3 and state.lights == []


# --- dance ------------------------------------------------------------------------------------


def _dance_state():
    """Round 1: a2 has acted (beside the dancer a1), a3 has acted far away, a4 has not acted."""
    units = [
        unit(id="a1", pos=(1, 1), tags=["Dance"]),
        unit(id="a2", pos=(2, 1), activated=True),
        unit(id="a3", pos=(5, 1), activated=True),
        unit(id="a4", pos=(1, 2)),
        unit(id="d1", side=D, pos=(8, 2)),
        unit(id="d2", side=D, pos=(8, 0)),
    ]
    return stay(game(plains(9, 3), units), "a1")


def test_dance_targets_an_adjacent_ally_that_has_activated():
    assert specials(_dance_state(), "dance") == [Special(name="dance", target="a2")]


def test_the_danced_ally_activates_again_at_once_and_only_it_may_move():
    state = do(_dance_state(), Special(name="dance", target="a2"))
    assert state.reactivate == "a2"
    assert state.to_act is A  # the enemy's turn waits
    moves = legal_actions(state)
    # Its moves, and the free actions it could take before moving (they name it: it activates to take them).
    assert moves and all(m.unit == "a2" for m in moves) and any(isinstance(m, Move) for m in moves)
    with pytest.raises(IllegalAction):
        apply_action(state, Move(unit="a4", to=(1, 2)))
    state = do(state, Move(unit="a2", to=(3, 1)))
    assert state.reactivate is None
    state = do(state, Wait())
    assert state.to_act is D  # then the sides alternate as before


def test_a_unit_is_danced_at_most_once_a_round():
    state = do(_dance_state(), Special(name="dance", target="a2"), Move(unit="a2", to=(2, 1)), Wait())
    assert state.unit("a2").danced and state.unit("a2").activated
    # a second dancer beside a2 finds nothing to dance for
    state.unit("a4").unit_class = unit_class(tags=["Dance"])
    state.unit("a4").pos = (2, 2)
    state = do(state, Move(unit="d1", to=(8, 2)), Wait(), Move(unit="a4", to=(2, 2)))
    assert specials(state, "dance") == []


def test_danced_is_forgotten_at_the_next_round():
    state = do(_dance_state(), Special(name="dance", target="a2"), Move(unit="a2", to=(2, 1)), Wait())
    state = turn_of(state, "a2")
    assert state.round == 2
    assert not any(u.danced for u in state.units)


# --- escape, raze, seize ----------------------------------------------------------------------


def test_escape_removes_the_unit_without_routing_it():
    runner = unit(id="a1", pos=(0, 1), tags=["Escape"])
    state = stay(with_enemy(runner, unit(id="a2", pos=(0, 0)), escape_tiles=[(0, 1)]), "a1")
    assert specials(state) == [Special(name="escape")]
    state = do(state, Special(name="escape"))
    a1 = state.unit("a1")
    assert a1.escaped and not a1.on_field and not a1.routed and a1.hp == 20
    assert state.unit_at((0, 1)) is None
    assert not state.is_over


def test_escape_needs_an_escape_tile_and_the_tag():
    off_tile = stay(with_enemy(unit(id="a1", pos=(1, 1), tags=["Escape"]), escape_tiles=[(0, 1)]), "a1")
    assert specials(off_tile) == []
    untagged = stay(with_enemy(unit(id="a1", pos=(0, 1)), escape_tiles=[(0, 1)]), "a1")
    assert specials(untagged) == []


def test_the_fleeing_scenario_tag_grants_escape():
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), scenario_tags=["Fleeing"]), escape_tiles=[(0, 1)]), "a1")
    assert specials(state) == [Special(name="escape")]


@pytest.mark.parametrize("role", [{"tags": ["Raze"]}, {"scenario_tags": ["Saboteur"]}])
def test_raze_turns_the_tile_into_ruins(role):
    rows = [".........", ".*.......", "........."]
    state = stay(with_enemy(unit(id="a1", pos=(1, 1), hp=10, **role), rows=rows, raze_tiles=[(1, 1)]), "a1")
    assert specials(state) == [Special(name="raze")]
    state = do(state, Special(name="raze"))
    assert state.map.terrain_at((1, 1)).id == "ruins"
    assert state.unit("a1").hp == 10  # the fort's healing went with it


def test_raze_needs_a_raze_tile():
    state = stay(with_enemy(unit(id="a1", pos=(1, 1), tags=["Raze"]), raze_tiles=[(0, 1)]), "a1")
    assert specials(state) == []


@pytest.mark.parametrize("role", [{"tags": ["Seize"]}, {"scenario_tags": ["Leader"]}])
def test_seize_ends_the_battle_and_that_side_wins(role):
    state = stay(with_enemy(unit(id="a1", pos=(1, 1), **role), seize_tiles=[(1, 1)]), "a1")
    assert specials(state) == [Special(name="seize")]
    out = apply_action(state, Special(name="seize"))
    assert out.state.is_over and out.state.winner is A
    assert any(isinstance(e, BattleEnded) and e.winner is A for e in out.events)
    assert legal_actions(out.state) == []
    with pytest.raises(IllegalAction):
        apply_action(out.state, Wait())


def test_seize_needs_a_seize_tile_and_the_tag():
    assert specials(stay(with_enemy(unit(id="a1", pos=(0, 1), tags=["Seize"]), seize_tiles=[(1, 1)]), "a1")) == []
    assert specials(stay(with_enemy(unit(id="a1", pos=(1, 1)), seize_tiles=[(1, 1)]), "a1")) == []


# --- pick: doors and chests -------------------------------------------------------------------

DOOR_ROWS = [".+.......", ".........", "........."]


def test_doors_are_impassable_until_picked():
    state = with_enemy(unit(id="a1", pos=(0, 0), tags=["Pick"]), rows=DOOR_ROWS)
    assert (1, 0) not in state.reach(state.unit("a1")).costs
    state = do(stay(state, "a1"), Special(name="pick", at=(1, 0)))
    assert state.map.terrain_at((1, 0)).id == "floor"
    assert (1, 0) in state.reach(state.unit("a1")).costs


def test_pick_opens_only_an_adjacent_door():
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), tags=["Pick"]), rows=DOOR_ROWS), "a1")
    assert specials(state) == []
    state = stay(with_enemy(unit(id="a1", pos=(0, 0), tags=["Pick"]), rows=DOOR_ROWS), "a1")
    assert specials(state) == [Special(name="pick", at=(1, 0))]


def test_a_master_key_opens_a_door_and_is_used_up():
    key = consumable(tags=["Pick", "Consumable(1)"], name="Master Key")
    state = stay(with_enemy(unit(id="a1", pos=(0, 0), extra_items=[key]), rows=DOOR_ROWS), "a1")
    assert specials(state) == [Special(name="pick", source=1, at=(1, 0))]
    state = do(state, Special(name="pick", source=1, at=(1, 0)))
    assert state.map.terrain_at((1, 0)).id == "floor"
    assert [it.name for it in state.unit("a1").inventory] == ["Test sword"]


def test_pick_takes_the_chest_on_the_units_own_tile():
    prize = weapon("lance", name="Prize Lance")
    state = stay(with_enemy(unit(id="a1", pos=(2, 1), tags=["Pick"]), chests=[Chest(at=(2, 1), item=prize)]), "a1")
    assert specials(state) == [Special(name="pick", at=(2, 1))]
    state = do(state, Special(name="pick", at=(2, 1)))
    assert [it.name for it in state.unit("a1").inventory] == ["Test sword", "Prize Lance"]
    assert state.chests == []
    assert state.unit("a1").weapon == 0  # still holding its sword


def test_a_chest_beside_the_unit_or_with_a_full_inventory_cannot_be_picked():
    chest = Chest(at=(2, 1), item=weapon("lance", name="Prize Lance"))
    beside = stay(with_enemy(unit(id="a1", pos=(1, 1), tags=["Pick"]), chests=[chest]), "a1")
    assert specials(beside) == []
    full = unit(id="a1", pos=(2, 1), tags=["Pick"], extra_items=[weapon("axe"), weapon("bow")])
    assert specials(stay(with_enemy(full, chests=[chest]), "a1")) == []


# --- Canto ------------------------------------------------------------------------------------


def _canto_state(canto: bool = True):
    """a1 (with a heal staff, Canto or not) walks 2 tiles to stand beside a hurt a2."""
    healer = unit(id="a1", pos=(0, 1), tags=["Canto"] if canto else [], extra_items=[staff(tags=["Heal(5)"])])
    state = with_enemy(healer, unit(id="a2", pos=(3, 1), hp=10), width=12, height=3)
    return do(state, Move(unit="a1", to=(2, 1)))


def test_canto_spends_the_movement_left_after_a_special_action():
    state = do(_canto_state(), Special(name="heal", source=1, target="a2"))
    assert state.active is not None and state.active.acted
    moves = [a for a in legal_actions(state) if isinstance(a, CantoMove)]
    reach = state.reach(state.unit("a1"), 3).costs
    assert {m.to for m in moves} == set(reach) - {(2, 1)}
    assert max(reach.values()) == 3  # 5 movement - 2 spent
    assert CantoMove(to=(2, 0)) in moves and CantoMove(to=(5, 2)) not in moves
    assert not [a for a in legal_actions(state) if isinstance(a, (Special, Attack))]  # one action only
    state = do(state, CantoMove(to=(0, 0)))
    assert state.active is None and state.unit("a1").pos == (0, 0)


def test_canto_may_be_declined_with_wait():
    state = do(_canto_state(), Special(name="heal", source=1, target="a2"), Wait())
    assert state.active is None and state.unit("a1").pos == (2, 1)


def test_without_canto_a_special_action_ends_the_turn():
    state = do(_canto_state(canto=False), Special(name="heal", source=1, target="a2"))
    assert state.active is None


def test_no_canto_after_attacking_or_waiting():
    units = [unit(id="a1", pos=(0, 0), tags=["Canto"]), unit(id="d1", side=D, pos=(1, 0), weapon=None)]
    state = stay(game(plains(6), units), "a1")
    assert do(state, Attack(target="d1")).active is None
    assert do(state, Wait()).active is None


# --- free actions -----------------------------------------------------------------------------


def test_equip_offers_the_weapons_the_class_wields_and_any_accessory():
    cls = unit_class(wields=["sword"])
    items = [weapon("lance", name="Lance"), accessory(name="Ring")]
    blade = weapon("sword", name="Blade")
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), cls=cls, weapon=blade, extra_items=items)), "a1")
    state.unit("a1").weapon = None  # it holds the blade but has not drawn it
    assert [a for a in legal_actions(state) if isinstance(a, Equip)] == [Equip(item=0), Equip(item=2)]
    state = do(state, Equip(item=0), Equip(item=2))
    a1 = state.unit("a1")
    assert (a1.equipped_weapon.name, a1.equipped_accessory.name) == ("Blade", "Ring")
    assert state.active is not None  # free actions do not end the turn


def test_discard_throws_an_item_away_and_the_unit_takes_up_the_next_weapon():
    items = [weapon("axe", name="Axe")]
    state = stay(with_enemy(unit(id="a1", pos=(0, 1), extra_items=items)), "a1")
    state = do(state, Discard(item=0))
    a1 = state.unit("a1")
    assert [it.name for it in a1.inventory] == ["Axe"]
    assert a1.equipped_weapon.name == "Axe"
    assert state.active is not None


def _traders(**kw):
    a1 = unit(id="a1", pos=(0, 1), accessory=accessory(name="Ring"), **kw)
    a2 = unit(id="a2", pos=(1, 1), weapon=weapon("axe", name="Axe"))
    far = unit(id="a3", pos=(4, 1))
    return stay(with_enemy(a1, a2, far), "a1")


def test_trade_only_with_an_adjacent_ally():
    partners = {a.partner for a in legal_actions(_traders()) if isinstance(a, Trade)}
    assert partners == {"a2"}


def test_trade_once_per_turn():
    state = do(_traders(), Trade(partner="a2", give=(1,)))
    assert [it.name for it in state.unit("a2").inventory] == ["Axe", "Ring"]
    assert not [a for a in legal_actions(state) if isinstance(a, Trade)]
    assert state.active is not None


def test_after_a_trade_units_keep_what_they_still_hold_equipped_or_take_up_the_first_they_can():
    # a1 gives its sword and takes the axe: it keeps its ring and takes up the axe; a2 takes up the sword.
    state = do(_traders(), Trade(partner="a2", give=(0,), take=(0,)))
    a1, a2 = state.unit("a1"), state.unit("a2")
    assert [it.name for it in a1.inventory] == ["Ring", "Axe"]
    assert (a1.equipped_weapon.name, a1.equipped_accessory.name) == ("Axe", "Ring")
    assert [it.name for it in a2.inventory] == ["Test sword"]
    assert a2.equipped_weapon.name == "Test sword"


def test_after_a_trade_an_equipped_item_still_held_stays_equipped():
    a1 = unit(id="a1", pos=(0, 1), extra_items=[weapon("lance", name="Lance"), weapon("bow", name="Bow")])
    a2 = unit(id="a2", pos=(1, 1), weapon=None)
    state = do(stay(with_enemy(a1, a2), "a1"), Equip(item=2), Trade(partner="a2", give=(0,)))
    assert state.unit("a1").equipped_weapon.name == "Bow"


# --- walls and snags --------------------------------------------------------------------------


def _wall_state(glyph: str = "#", **kw):
    units = [unit(id="a1", pos=(0, 0), **kw), unit(id="d1", side=D, pos=(4, 0))]
    return stay(game(battle_map(f".{glyph}...", "....."), units), "a1")


def test_a_wall_has_thirty_hp_and_a_strike_deals_strength_plus_might_without_a_roll():
    state = _wall_state()
    assert state.terrain_hp((1, 0)) == 30
    assert Strike(at=(1, 0)) in legal_actions(state)
    state = do(state, Strike(at=(1, 0)))
    assert state.terrain_hp((1, 0)) == 20
    assert state.dice.draws == 0
    assert state.unit("a1").hp == 20  # walls do not answer
    assert state.active is None


def test_a_brave_weapon_strikes_twice():
    state = do(_wall_state(weapon=weapon(tags=["Brave"])), Strike(at=(1, 0)))
    assert state.terrain_hp((1, 0)) == 10


def test_wall_damage_lasts_until_it_falls_to_floor():
    state = _wall_state(str=10, weapon=weapon(might=10))  # 20 a blow
    state = do(state, Strike(at=(1, 0)), Move(unit="d1", to=(4, 0)), Wait(), Move(unit="a1", to=(0, 0)))
    assert state.terrain_hp((1, 0)) == 10
    state = do(state, Strike(at=(1, 0)))
    assert state.map.terrain_at((1, 0)).id == "floor"
    assert state.terrain_hp((1, 0)) is None


def test_a_destroyed_snag_becomes_a_bridge():
    state = do(_wall_state("!", str=20, weapon=weapon(might=10)), Strike(at=(1, 0)))
    assert state.map.terrain_at((1, 0)).id == "bridge"
    assert (1, 0) in state.reach(state.unit("d1")).costs


def test_doors_cannot_be_struck():
    state = _wall_state("+")
    assert not [a for a in legal_actions(state) if isinstance(a, Strike)]


# --- shifting ---------------------------------------------------------------------------------

BEAST = stats(str=9, skl=12, spd=9, def_=5, res=2)


def _shifter(**kw):
    cls = unit_class(name="Taguel", tags=["Shifter"], wields=["stone"], transformed=BEAST, str=2, skl=6, spd=4)
    return unit(id="a1", pos=(0, 1), cls=cls, weapon=weapon("stone", might=3, name="Beaststone"), **kw)


def _shift_state(*others):
    return game(plains(9, 3), [_shifter(), *others, unit(id="d1", side=D, pos=(1, 1), weapon=None), unit(id="d2", side=D, pos=(8, 2))])


def test_a_stone_works_only_in_beast_form():
    state = _shift_state()
    a1 = state.unit("a1")
    assert not a1.transformed and usable_weapon(a1) is None
    assert plan(unit(id="d9", side=D), a1).defender is None  # no counter in normal form


def test_a_shifter_takes_beast_form_when_it_activates():
    state = stay(_shift_state(), "a1")
    a1 = state.unit("a1")
    assert a1.transformed and a1.stat("strength") == 9
    assert Attack(target="d1") in legal_actions(state)
    assert state.plan(a1, state.unit("d1")).attacker.damage == 9 + 3 - 2


@pytest.mark.parametrize("action", [Attack(target="d1"), Discard(item=0), Equip(item=1)])
def test_after_any_action_or_free_action_it_reverts_at_the_end_of_its_turn(action):
    state = stay(_shift_state(), "a1")
    state.unit("a1").inventory.append(weapon("stone", name="Spare stone"))
    state = do(state, action)
    if state.active is not None:
        assert state.unit("a1").transformed  # still a beast until the turn ends
        state = do(state, Wait())
    a1 = state.unit("a1")
    assert not a1.transformed and a1.shift_spent and a1.stat("strength") == 2


def test_a_shifter_that_only_moves_and_waits_keeps_its_beast_form():
    # Ruling applied by the core: Wait is not an action that makes a shifter revert (see the report).
    state = do(stay(_shift_state(), "a1"), Wait())
    assert state.unit("a1").transformed


def test_a_reverted_shifter_stays_normal_if_danced_and_shifts_again_next_round():
    dancer = unit(id="a2", pos=(0, 2), tags=["Dance"])
    state = do(stay(_shift_state(dancer), "a1"), Attack(target="d1"))
    state = do(state, Move(unit="d2", to=(8, 2)), Wait(), Move(unit="a2", to=(0, 2)), Special(name="dance", target="a1"))
    state = stay(state, "a1")
    assert not state.unit("a1").transformed
    assert not [a for a in legal_actions(state) if isinstance(a, Attack)]  # no stone without beast form
    state = turn_of(do(state, Wait()), "a1")
    assert state.round == 2
    assert state.unit("a1").transformed


# --- crests and relics ------------------------------------------------------------------------


def _wielder(item_tags, crests=(), hp=20, on=".", as_accessory=False, **kw):
    kwargs = {"accessory": accessory(tags=item_tags, name="Relic")} if as_accessory else {"weapon": weapon(tags=item_tags, name="Relic")}
    units = [unit(id="a1", pos=(0, 0), crests=crests, hp=hp, **kwargs, **kw), unit(id="d1", side=D, pos=(4, 0), weapon=None)]
    return game(battle_map(on + "....", "....."), units)


def test_a_relic_without_its_crest_loses_its_other_tags():
    without = _wielder(["Relic(Ash)", "Brave", "Lucky(3)"]).unit("a1")
    assert not without.has("Brave") and without.has("Relic")
    assert plan(without, unit(id="d1", side=D, pos=(1, 0))).order == (RA, RD)
    holder = _wielder(["Relic(Ash)", "Brave", "Lucky(3)"], crests=["Ash"]).unit("a1")
    assert holder.has("Brave")
    assert plan(holder, unit(id="d1", side=D, pos=(1, 0))).order == (RA, RA, RD)


def test_a_relic_without_its_crest_hurts_its_wielder_every_turn():
    out = apply_action(stay(_wielder(["Relic(Ash)"]), "a1"), Wait())
    assert out.state.unit("a1").hp == 18
    assert any(isinstance(e, Hurt) and e.amount == 2 for e in out.events)
    assert do(stay(_wielder(["Relic(Ash)"], crests=["Ash"]), "a1"), Wait()).unit("a1").hp == 20


def test_an_unequipped_relic_does_nothing():
    relic = weapon(tags=["Relic(Ash)"], name="Relic")
    units = [unit(id="a1", pos=(0, 0), extra_items=[relic]), unit(id="d1", side=D, pos=(4, 0))]
    assert do(stay(game(plains(5), units), "a1"), Wait()).unit("a1").hp == 20


@pytest.mark.parametrize("crests, healed", [((), 2), (("Warden",), 4)])
def test_sacred_heals_at_the_end_of_the_wielders_turn_more_with_the_crest(crests, healed):
    state = stay(_wielder(["Sacred(Warden)"], crests=crests, hp=10, as_accessory=True), "a1")
    assert do(state, Wait()).unit("a1").hp == 10 + healed


def test_sacred_never_heals_above_max():
    state = stay(_wielder(["Sacred(Warden)"], crests=["Warden"], hp=18), "a1")
    assert do(state, Wait()).unit("a1").hp == 20


def test_blessed_heals_when_the_unit_activates():
    out = apply_action(_wielder(["Blessed(3)"], hp=10), Move(unit="a1", to=(1, 0)))
    assert out.state.unit("a1").hp == 13
    assert any(isinstance(e, Healed) and e.amount == 3 for e in out.events)


def test_end_of_turn_damage_comes_before_healing():
    # At 19 HP: relic 2 then Sacred 2 -> 19 (healing first would cap at 20, then 18).
    state = stay(_wielder(["Relic(Ash)"], hp=19, accessory=accessory(tags=["Sacred(Warden)"])), "a1")
    assert do(state, Wait()).unit("a1").hp == 19


def test_a_unit_brought_to_zero_at_the_end_of_its_turn_is_routed_and_does_not_heal():
    # On a fort, with a Sacred shield and a relic of another crest, at 2 HP.
    state = stay(_wielder(["Relic(Ash)"], hp=2, on="*", accessory=accessory(tags=["Sacred(Warden)"])), "a1")
    out = apply_action(state, Wait())
    assert not out.state.unit("a1").on_field
    assert not any(isinstance(e, Healed) for e in out.events)
    assert any(isinstance(e, Routed) for e in out.events)


def test_punishing_routs_before_healing_too():
    units = [unit(id="a1", pos=(0, 0), hp=3, weapon=weapon(tags=["Punishing(3)"]), accessory=accessory(tags=["Sacred(Warden)"])),
             unit(id="a2", pos=(0, 1)), unit(id="d1", side=D, pos=(1, 0), weapon=None)]
    state = stay(game(battle_map("*....", "....."), units, seed=seed_for(MISS)), "a1")
    out = apply_action(state, Attack(target="d1"))
    assert not out.state.unit("a1").on_field


# --- how a battle ends ------------------------------------------------------------------------


def test_routing_every_enemy_wins_the_battle():
    units = [unit(id="a1", pos=(0, 0), str=20), unit(id="d1", side=D, pos=(1, 0), weapon=None)]
    out = apply_action(stay(game(plains(3), units, seed=seed_for(HIT)), "a1"), Attack(target="d1"))
    assert out.state.is_over and out.state.winner is A
    assert any(isinstance(e, BattleEnded) and e.winner is A for e in out.events)
    assert legal_actions(out.state) == []


def test_a_side_whose_last_unit_escapes_draws():
    runner = unit(id="a1", pos=(0, 1), tags=["Escape"])
    state = stay(with_enemy(runner, escape_tiles=[(0, 1)]), "a1")
    out = apply_action(state, Special(name="escape"))
    assert out.state.is_over and out.state.winner is None
    assert any(isinstance(e, BattleEnded) and e.winner is None for e in out.events)


def test_a_side_with_some_escaped_and_the_rest_routed_draws():
    runner = unit(id="a1", pos=(0, 1), tags=["Escape"])
    fighter = unit(id="a2", pos=(7, 2), hp=1, skl=0)
    state = do(stay(with_enemy(runner, fighter, escape_tiles=[(0, 1)], seed=seed_for(range(2, 21), HIT)), "a1"),
               Special(name="escape"))
    assert not state.is_over
    state = do(turn_of(state, "a2"), Attack(target="d1"))
    assert not state.unit("a2").on_field
    assert state.is_over and state.winner is None


def test_when_both_sides_lose_their_last_units_in_one_turn_nobody_wins():
    # a1 routs the last enemy, then its Punishing blade routs a1, the last of its own side.
    units = [unit(id="a1", pos=(0, 0), hp=3, str=20, weapon=weapon(tags=["Punishing(3)"])),
             unit(id="d1", side=D, pos=(1, 0), weapon=None)]
    out = apply_action(stay(game(plains(3), units, seed=seed_for(HIT)), "a1"), Attack(target="d1"))
    assert not out.state.unit("a1").on_field and not out.state.unit("d1").on_field
    assert out.state.is_over and out.state.winner is None
