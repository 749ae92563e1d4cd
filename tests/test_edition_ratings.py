"""The "ratings" draft, one rule at a time (seeds/000_2005179da6dbf74c.txt, read as docs/rulings.md E1-E25 say).

Units here are built directly (never from the bundled catalogue) with letter ratings; the
default unit is C in every rating, 20 HP, with a weightless 0-Might sword, so a number in a
test comes from the table cell it names plus what the test adds. Tables: To Hit row = Skill,
column = the target's Speed in combat; Damage row = Strength/Magic, column = Defense/Resistance.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from edition_kit import EditionKit, do, ring, specials, stay
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.actions import Attack, CantoMove, Move, Special, Strike, Wait
from officers_chess.rules.battle.events import Attacked, Healed, Hurt, StatusRoll
from officers_chess.rules.battle.game import GameState, apply_action, legal_actions
from officers_chess.rules.battle.specials import staff_hit_chance
from officers_chess.rules.battle.turn_order import after_activation
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.editions.ratings_tables import DAMAGE, STAFF_RANGE, TO_HIT
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.combat.exchange import Role, forecast, resolve
from officers_chess.rules.pieces.models import (
    Accessory,
    Consumable,
    Side,
    WeaponType,
)
from officers_chess.rules.pieces.statuses import StatusName

ED = "ratings"
RULES = rules_for(ED)
TILES = RULES.terrain
A, D = Side.ATTACKER, Side.DEFENDER
RA, RD = Role.ATTACKER, Role.DEFENDER
F, E, Dl, C, B, Al, S = range(7)  # places on the scale (Dl and Al: the letters D and A)
MAGIC = (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK, WeaponType.STAFF)


# --- builders (letter ratings): tests/edition_kit.py -----------------------------------------------------

KIT = EditionKit(ED)
klass, wpn, staff, unit, foe, plan, glyph, battle = (KIT.klass, KIT.wpn, KIT.staff, KIT.unit, KIT.foe, KIT.plan,
                                                    KIT.glyph, KIT.battle)


# --- hitting: the To Hit table ---------------------------------------------------------------------------


@pytest.mark.parametrize("skl,spd", [("C", "C"), ("A", "F"), ("F", "S"), ("B", "D"), ("E", "A")])
def test_to_hit_reads_the_skill_row_and_the_speed_column(skl, spd):
    p = plan(unit(skl=skl), foe(spd=spd))
    assert p.attacker.skill == TO_HIT[skl]["FEDCBAS".index(spd)]
    assert p.attacker.faces == 100


@pytest.mark.parametrize("weapon_weight,accessory_weight,column", [
    (0, 0, C), (2, 0, E), (1, 0, Dl), (-2, 0, Al), (-1, 0, B), (1, 1, E), (0, -1, B),
])
def test_the_targets_weight_shifts_its_speed_column(weapon_weight, accessory_weight, column):
    """Speed in combat is Speed minus the Weight carried (weapon and accessory): heavier is slower (E3)."""
    target = foe(weapon=wpn(weight=weapon_weight), accessory=Accessory(name="Trinket", weight=accessory_weight, edition=ED))
    assert plan(unit(), target).attacker.skill == TO_HIT["C"][column]


def test_speed_in_combat_stops_at_f_and_s():
    assert plan(unit(), foe(spd="E", weapon=wpn(weight=2))).attacker.skill == TO_HIT["C"][F]
    assert plan(unit(), foe(spd="A", weapon=wpn(weight=-2))).attacker.skill == TO_HIT["C"][S]


@pytest.mark.parametrize("bonus", ["Bonus(Skl+1)", "Bonus(Skl+2)"])
def test_a_skill_raised_to_s_reads_the_a_row(bonus):
    raised = unit(skl="A", weapon=wpn(tags=[bonus]))
    assert plan(raised, foe()).attacker.skill == TO_HIT["A"][C] == 80
    assert plan(unit(skl="S"), foe(spd="B")).attacker.skill == TO_HIT["A"][B]
    # The triangle's step up from A reads the A row too.
    assert plan(unit(skl="A", weapon=wpn("sword")), foe(weapon=wpn("axe"))).attacker.skill == TO_HIT["A"][C]


def test_ratings_moved_by_bonuses_stop_at_f_and_s():
    """E2: Bonus moves a rating that many letters; nothing goes above S or below F."""
    assert plan(unit(str="A", weapon=wpn(tags=["Bonus(Str+3)"])), foe()).attacker.damage == DAMAGE["S"][C]
    assert plan(unit(), foe(def_="B", weapon=wpn(tags=["Bonus(Def+4)"]))).attacker.damage == DAMAGE["C"][S]


def test_inaccurate_lowers_the_skill_row():
    assert plan(unit(skl="B", weapon=wpn(tags=["Inaccurate(1)"])), foe()).attacker.skill == TO_HIT["C"][C]
    assert plan(unit(skl="B", weapon=wpn(tags=["Inaccurate(2)"])), foe()).attacker.skill == TO_HIT["D"][C]


# --- damage: the Damage table, then points ---------------------------------------------------------------


def test_damage_is_the_table_cell_plus_might_and_a_crit_triples_it():
    p = plan(unit(str="B", weapon=wpn(might=3)), foe(def_="D"))
    assert (p.attacker.damage, p.attacker.crit_damage) == (DAMAGE["B"][Dl] + 3, 3 * (DAMAGE["B"][Dl] + 3)) == (7, 21)


def test_magic_reads_magic_against_resistance():
    p = plan(unit(str="F", mag="A", weapon=wpn("reason", might=1)), foe(def_="S", res="E"))
    assert p.attacker.damage == DAMAGE["A"][E] + 1


def test_enchanted_turns_a_sword_to_magic():
    p = plan(unit(str="F", mag="A", weapon=wpn(tags=["Enchanted"])), foe(def_="S", res="E"))
    assert p.attacker.damage == DAMAGE["A"][E]


def test_the_triangle_gives_a_point_of_damage_and_a_step_of_dexterity():
    """Sword beats axe: +1 damage, Skill one row up; the axe answers at -1 and a row down (E4, E7)."""
    p = plan(unit(weapon=wpn("sword")), foe(skl="B", weapon=wpn("axe")))
    assert (p.attacker.skill, p.attacker.damage) == (TO_HIT["B"][C], DAMAGE["C"][C] + 1)
    assert (p.defender.skill, p.defender.damage) == (TO_HIT["C"][C], DAMAGE["C"][C] - 1)
    assert p.attacker.breaks and not p.defender.breaks


def test_inverted_turns_the_triangle_around():
    p = plan(unit(weapon=wpn("sword", tags=["Inverted"])), foe(skl="B", weapon=wpn("axe")))
    assert (p.attacker.damage, p.defender.damage) == (DAMAGE["C"][C] - 1, DAMAGE["C"][C] + 1)
    assert p.defender.breaks and not p.attacker.breaks


@pytest.mark.parametrize("mine,theirs", [("reason", "faith"), ("faith", "dark"), ("dark", "reason"), ("bow", "sword"),
                                         ("lance", "bow"), ("sword", "sword")])
def test_no_triangle_outside_swords_axes_and_lances(mine, theirs):
    p = plan(unit(weapon=wpn(mine, range=(1, 2))), foe(weapon=wpn(theirs, range=(1, 2))))
    base = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("sword")))
    assert p.attacker.skill == base.attacker.skill and not p.attacker.breaks


def test_effective_adds_three():
    slayer = unit(weapon=wpn(tags=["Effective(Armored)"]))
    assert plan(slayer, foe(tags=["Armored"])).attacker.damage == DAMAGE["C"][C] + 3
    assert plan(slayer, foe()).attacker.damage == DAMAGE["C"][C]


def test_poisoned_targets_take_one_more():
    assert plan(unit(), foe(statuses=["Poisoned"])).attacker.damage == DAMAGE["C"][C] + 1


def test_piercing_reads_defense_as_e_terrain_steps_and_shields_included():
    """E22: in "ratings" the rating, terrain steps included, is replaced by E."""
    shielded = foe(def_="A", accessory=Accessory(name="Shield", defense=1, edition=ED))
    assert plan(unit(), shielded, dt="forest").attacker.damage == DAMAGE["C"][S]
    assert plan(unit(weapon=wpn(tags=["Piercing"])), shielded, dt="forest").attacker.damage == DAMAGE["C"][E]
    assert plan(unit(weapon=wpn(tags=["Piercing"])), foe(def_="F")).attacker.damage == DAMAGE["C"][E]


@pytest.mark.parametrize("tile,steps", [("plains", 0), ("forest", 1), ("mountain", 1), ("pillars", 1), ("fort", 1),
                                        ("castle_gate", 1), ("throne", 1), ("desert", 0)])
def test_a_tiles_bonus_is_one_step_of_defense(tile, steps):
    """E21: one step of Defense and Resistance (forts, castle gates and thrones too)."""
    assert plan(unit(), foe(), dt=tile).attacker.damage == DAMAGE["C"][C + steps]
    assert plan(unit(weapon=wpn("reason")), foe(), dt=tile).attacker.damage == DAMAGE["C"][C + steps]


def test_covert_doubles_the_tile_mystical_and_flying_ignore_it():
    assert plan(unit(), foe(tags=["Covert"]), dt="forest").attacker.damage == DAMAGE["C"][Al]
    assert plan(unit(tags=["Mystical"]), foe(), dt="forest").attacker.damage == DAMAGE["C"][C]
    assert plan(unit(), foe(tags=["Flying"]), dt="forest").attacker.damage == DAMAGE["C"][C]
    # The attacker's own tile does nothing for its blow.
    assert plan(unit(), foe(), at="forest").attacker.damage == DAMAGE["C"][C]


def test_a_shield_is_steps_of_defense_against_martial_blows_only():
    """E24: an accessory's Defense is steps of Defense in "ratings"."""
    shield = Accessory(name="Shield", defense=2, edition=ED)
    assert plan(unit(), foe(accessory=shield)).attacker.damage == DAMAGE["C"][Al]
    assert plan(unit(weapon=wpn("reason")), foe(accessory=shield)).attacker.damage == DAMAGE["C"][C]


def test_barrier_is_one_step_of_resistance():
    """E18: the later drafts' Barrier is Bonus(Res+1), one step."""
    healer = unit(id="a2", pos=(0, 1), weapon=staff(["Status(Barrier)", "Consumable(2)"]))
    state = stay(battle(["...", "..."], [healer, foe(pos=(2, 1)), unit(pos=(0, 0))], seed=1), "a2")
    state = do(state, Special(name="status", source=0, target="a1"))
    shielded = state.unit("a1")
    assert [(s.name, s.amount) for s in shielded.statuses] == [(StatusName.BARRIER, 1)]
    mage = unit(id="d9", side=D, weapon=wpn("reason"))
    assert plan(mage, shielded).attacker.damage == DAMAGE["C"][B]


# --- Backup --------------------------------------------------------------------------------------------


def test_backup_adds_one_once_and_counters_included():
    """E10: an ally with Backup whose weapon reaches the foe from where it stands adds +1, never twice."""
    rows = ["....", "....", "...."]
    a1, d1 = unit(pos=(0, 1)), foe(pos=(1, 1))
    one = battle(rows, [a1, d1, unit("a2", pos=(2, 1), tags=["Backup"])])
    assert one.plan(one.unit("a1"), one.unit("d1")).attacker.damage == DAMAGE["C"][C] + 1
    two = battle(rows, [a1, d1, unit("a2", pos=(2, 1), tags=["Backup"]), unit("a3", pos=(1, 2), tags=["Backup"])])
    assert two.plan(two.unit("a1"), two.unit("d1")).attacker.damage == DAMAGE["C"][C] + 1
    far = battle(rows, [a1, d1, unit("a2", pos=(3, 1), tags=["Backup"])])
    assert far.plan(far.unit("a1"), far.unit("d1")).attacker.damage == DAMAGE["C"][C]
    bow = battle(rows, [a1, d1, unit("a2", pos=(3, 1), tags=["Backup"], weapon=wpn("bow", range=(2, 2)))])
    assert bow.plan(bow.unit("a1"), bow.unit("d1")).attacker.damage == DAMAGE["C"][C] + 1
    own = battle(rows, [unit(pos=(0, 1), tags=["Backup"]), d1])
    assert own.plan(own.unit("a1"), own.unit("d1")).attacker.damage == DAMAGE["C"][C]
    guarded = battle(rows, [a1, d1, foe("d2", pos=(0, 0), tags=["Backup"])])
    p = guarded.plan(guarded.unit("a1"), guarded.unit("d1"))
    assert (p.attacker.damage, p.defender.damage) == (DAMAGE["C"][C], DAMAGE["C"][C] + 1)


# --- crits and Homing --------------------------------------------------------------------------------------


def test_a_crit_is_ten_or_less_within_a_hit():
    p = plan(unit(), foe()).attacker
    assert (p.skill, p.crit_top, p.natural_one) == (60, 10, False)
    assert [p.result(r) for r in (1, 10, 11, 60, 61, 100)] == ["crit", "crit", "hit", "hit", "miss", "miss"]
    assert (p.hit_chance, p.crit_chance) == (Fraction(60, 100), Fraction(10, 100))


def test_deadly_widens_and_stacks_nimble_narrows():
    """E6: Deadly(X) is 10 + X, class and weapon stacking; the target's Nimble(X) takes X off."""
    assert plan(unit(weapon=wpn(tags=["Deadly(5)"])), foe()).attacker.crit_top == 15
    assert plan(unit(tags=["Deadly(5)"], weapon=wpn(tags=["Deadly(10)"])), foe()).attacker.crit_top == 25
    assert plan(unit(), foe(tags=["Nimble(3)"])).attacker.crit_top == 7
    assert plan(unit(), foe(tags=["Nimble(20)"])).attacker.crit_top == 0


def test_a_crit_needs_a_hit():
    """E5: a d100 in the crit range is a crit only if it also hits."""
    p = plan(unit(weapon=wpn(tags=["Deadly(60)"])), foe(spd="S")).attacker
    assert p.skill == TO_HIT["C"][S] == 40
    assert p.crit_top == 40 and p.result(41) == "miss" and p.result(40) == "crit"


def test_homing_is_not_a_ratings_tag_and_an_old_homing_weapon_rolls_like_any_other():
    """E33 (changed in issue 35): the ratings draft has no Homing. A weapon that still carries it (an old save)
    rolls on the To Hit table: Dex F vs Spd S = 10, and Deadly(30) makes the crit range 40, within the hit: 10."""
    assert "Homing" not in RULES.tags
    p = plan(unit(skl="F", weapon=wpn("faith", tags=["Homing", "Deadly(30)"])), foe(spd="S")).attacker
    assert not p.always_hits and (p.skill, p.crit_top) == (10, 10)
    assert (p.hit_chance, p.crit_chance) == (Fraction(10, 100), Fraction(10, 100))


# --- follow-ups, Brave, Heavy, Built ---------------------------------------------------------------------


@pytest.mark.parametrize("mine,theirs,order", [
    ("A", "C", (RA, RD, RA)), ("B", "C", (RA, RD)), ("C", "A", (RA, RD, RD)), ("S", "A", (RA, RD)), ("S", "B", (RA, RD, RA)), ("C", "E", (RA, RD, RA)),
])
def test_two_ratings_faster_follows_up(mine, theirs, order):
    assert plan(unit(spd=mine), foe(spd=theirs)).order == order


def test_weight_counts_for_follow_ups():
    assert plan(unit(spd="A", weapon=wpn(weight=1)), foe(spd="C")).order == (RA, RD)
    assert plan(unit(spd="B", weapon=wpn(weight=-1)), foe(spd="C")).order == (RA, RD, RA)


def test_complex_never_follows_up():
    assert plan(unit(spd="A", weapon=wpn(tags=["Complex"])), foe()).order == (RA, RD)
    assert plan(unit(), foe(spd="A", weapon=wpn(tags=["Complex"]))).order == (RA, RD)


def test_heavy_strikes_second_and_never_follows_up():
    assert plan(unit(spd="S", weapon=wpn("axe", tags=["Heavy"])), foe()).order == (RD, RA)
    assert plan(unit(weapon=wpn("axe", tags=["Heavy"])), foe(weapon=None)).order == (RA,)
    assert plan(unit(), foe(spd="S", weapon=wpn("axe", tags=["Heavy"]))).order == (RA, RD)


def test_brave_swings_twice_follow_ups_included():
    assert plan(unit(weapon=wpn(tags=["Brave"])), foe()).order == (RA, RA, RD)
    assert plan(unit(spd="A", weapon=wpn(tags=["Brave"])), foe()).order == (RA, RA, RD, RA, RA)
    assert plan(unit(spd="A"), foe(weapon=wpn(tags=["Brave"]))).order == (RA, RD, RD, RA)


@pytest.mark.parametrize("weight,built,speed", [(1, False, Dl), (1, True, C), (2, True, Dl), (0, True, B),
                                                (-1, True, Al), (-2, True, Al), (-2, False, Al)])
def test_built_carries_its_weapon_one_lighter_never_below_minus_two(weight, built, speed):
    me = unit(weapon=wpn(weight=weight), tags=["Built"] if built else [])
    assert plan(me, foe()).attack_speed[RA] == speed
    assert plan(foe(id="d9", pos=(0, 1)), me).attacker.skill == TO_HIT["C"][speed]


def test_built_can_make_a_follow_up():
    assert plan(unit(spd="B", weapon=wpn(weight=1)), foe(spd="D")).order == (RA, RD)
    assert plan(unit(spd="B", weapon=wpn(weight=1), tags=["Built"]), foe(spd="D")).order == (RA, RD, RA)


# --- Broken ---------------------------------------------------------------------------------------------


def test_a_damaging_hit_with_the_advantage_breaks_and_the_counter_never_comes():
    """E8: the forecast counts the defender's counter only when the attacker's breaking hit missed."""
    p = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("axe")))
    assert p.attacker.breaks and p.order == (RA, RD)
    f = forecast(p, 20, 20)
    hit_a = Fraction(TO_HIT["B"][C], 100)
    hit_d = Fraction(TO_HIT["D"][C], 100)  # the axe answers a row down
    assert f.landed[RD] == (1 - hit_a) * hit_d
    assert f.landed[RA] == hit_a
    assert f.hp_after(RA) == {20: 1 - (1 - hit_a) * hit_d, 18: (1 - hit_a) * (hit_d - Fraction(10, 100)),
                              14: (1 - hit_a) * Fraction(10, 100)}


def test_the_resolver_stops_the_broken_defenders_counter_too():
    p = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("axe")))
    swings, a_hp, d_hp, _ = resolve(p, 20, 20, Dice(seed=0).with_rolls([50]))
    assert [(s.role, s.result, s.broke) for s in swings] == [(RA, "hit", True)]
    assert (a_hp, d_hp) == (20, 16)
    swings, *_ = resolve(p, 20, 20, Dice(seed=0).with_rolls([71, 30]))
    assert [(s.role, s.result, s.broke) for s in swings] == [(RA, "miss", False), (RD, "hit", False)]


def test_a_broken_brave_defender_loses_both_counters():
    p = plan(unit(weapon=wpn("lance")), foe(weapon=wpn("sword", tags=["Brave"])))
    assert p.order == (RA, RD, RD)
    swings, *_ = resolve(p, 20, 20, Dice(seed=0).with_rolls([20]))
    assert len(swings) == 1
    assert forecast(p, 20, 20).landed[RD] == (1 - Fraction(TO_HIT["B"][C], 100)) * (1 - (1 - Fraction(60, 100)) ** 2)


def test_breaking_in_a_battle_and_being_cured_by_the_next_combat():
    """The defender is Broken by the hit, cannot counter its next combat, and that combat cures it."""
    state = battle(["...."], [unit(weapon=wpn("sword")), foe(weapon=wpn("axe"))], rolls=[50])
    state = do(stay(state, "a1"), Attack(target="d1"))
    broken = state.unit("d1")
    assert broken.has_status(StatusName.BROKEN) and broken.hp == 16
    # A Broken unit attacked again does not counter; the combat it started Broken cures it,
    # even if this attack hits with the advantage again (it cannot be broken twice).
    again = state.model_copy(update={"units": [state.unit("a1").model_copy(update={"activated": False}), broken]})
    again = again.model_copy(update={"to_act": A, "dice": Dice(seed=0).with_rolls([50])})
    assert again.plan(again.unit("a1"), again.unit("d1")).defender is None
    assert not again.plan(again.unit("a1"), again.unit("d1")).attacker.breaks
    after = do(stay(again, "a1"), Attack(target="d1")).unit("d1")
    assert after.hp == 12 and not after.has_status(StatusName.BROKEN)


def test_a_counter_with_the_advantage_breaks_the_attacker():
    state = battle(["...."], [unit(weapon=wpn("axe")), foe(weapon=wpn("sword"))], rolls=[100, 30])
    state = do(stay(state, "a1"), Attack(target="d1"))
    assert state.unit("a1").has_status(StatusName.BROKEN) and state.unit("a1").hp == 16
    assert not state.unit("d1").has_status(StatusName.BROKEN)


def test_activation_cures_broken():
    state = battle(["...."], [unit(statuses=["Broken"]), foe(pos=(3, 0))])
    assert not stay(state, "a1").unit("a1").has_status(StatusName.BROKEN)


def test_armor_is_never_broken():
    p = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("axe"), tags=["Armor"]))
    assert not p.attacker.breaks
    state = battle(["...."], [unit(weapon=wpn("sword")), foe(weapon=wpn("axe"), tags=["Armor"])], rolls=[50, 100])
    state = do(stay(state, "a1"), Attack(target="d1"))
    assert not state.unit("d1").has_status(StatusName.BROKEN) and state.unit("d1").hp == 16


def test_a_broken_unit_is_not_broken_again():
    assert not plan(unit(weapon=wpn("sword")), foe(weapon=wpn("axe"), statuses=["Broken"])).attacker.breaks


# --- Qi Adept ------------------------------------------------------------------------------------------


def _qi(lance_range=(1, 2), adept_hp=None, adept_pos=(1, 0), **adept):
    """a1 at (0,1) with a lance; the target d1 at (1,1); the Qi Adept d2 at (1,0), next to d1, 2 from a1."""
    adept_unit = foe("d2", pos=adept_pos, tags=["QiAdept"], hp=adept_hp, weapon=wpn("lance"), **adept)
    return battle(["....", "....", "...."], [unit(pos=(0, 1), weapon=wpn("lance", range=lance_range)),
                                              foe(pos=(1, 1)), adept_unit, foe("d3", pos=(3, 2))], rolls=[50] * 6)


def test_a_qi_adept_at_full_hp_takes_the_attack_and_the_forecast_shows_it():
    state = _qi(def_="A")
    a1, d1 = state.unit("a1"), state.unit("d1")
    assert state.defender_for(a1, d1).id == "d2"
    p = state.plan(a1, d1)
    assert p.attacker.damage == DAMAGE["C"][Al]  # the adept's Defense, not halved in "ratings"
    assert p.defender is not None  # it steps into the blow aimed 1 tile away (E9), so its lance answers
    after, events = ring(stay(state, "a1"), Attack(target="d1"))
    assert (after.unit("d1").hp, after.unit("d2").hp) == (20, 20 - DAMAGE["C"][Al])
    assert after.unit("d2").guarded
    assert next(e for e in events if isinstance(e, Attacked)).defender == "D2"


def test_a_qi_adept_steps_in_once_a_round():
    state = _qi()
    state = do(stay(state, "a1"), Attack(target="d1"))
    assert state.unit("d2").guarded
    assert state.defender_for(state.unit("a1"), state.unit("d1")).id == "d1"


@pytest.mark.parametrize("why", ["hurt", "not beside the target"])
def test_a_qi_adept_stays_out_when_hurt_or_not_beside_the_target(why):
    state = _qi(adept_hp=19) if why == "hurt" else _qi(adept_pos=(3, 0))
    assert state.defender_for(state.unit("a1"), state.unit("d1")).id == "d1"
    assert state.guard_for(state.unit("a1"), state.unit("d1")) is None


# --- Heavy push ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rows,blocker,expected", [
    (["...."], None, (2, 0)),
    (["...."], (2, 0), (1, 0)),
    (["..#."], None, (1, 0)),
    (["..}."], None, (1, 0)),  # the sea: a foot soldier cannot stand there
    ([".."], None, (1, 0)),  # the map's edge
])
def test_a_heavy_hit_pushes_the_foe_back_when_the_tile_is_free(rows, blocker, expected):
    units = [unit(weapon=wpn("axe", tags=["Heavy"])), foe(weapon=None)]
    if blocker:
        units.append(foe("d2", pos=blocker))
    state = do(stay(battle(rows, units, rolls=[50]), "a1"), Attack(target="d1"))
    assert state.unit("d1").pos == expected and state.unit("d1").hp == 20 - DAMAGE["C"][C]


def test_a_heavy_miss_pushes_nobody():
    state = battle(["...."], [unit(weapon=wpn("axe", tags=["Heavy"])), foe(weapon=None)], rolls=[99])
    assert do(stay(state, "a1"), Attack(target="d1")).unit("d1").pos == (1, 0)


def test_a_heavy_push_goes_along_the_longer_axis():
    state = battle(["....", "....", "...."], [unit(pos=(0, 0), weapon=wpn("axe", range=(1, 3), tags=["Heavy"])),
                                              foe(pos=(2, 1), weapon=None)], rolls=[50])
    assert do(stay(state, "a1"), Attack(target="d1")).unit("d1").pos == (3, 1)


# --- movement and HP -------------------------------------------------------------------------------------


@pytest.mark.parametrize("promoted,tags,move", [(False, [], 4), (True, [], 5), (False, ["Cavalry"], 5),
                                                (True, ["Cavalry"], 6), (False, ["Slow(1)"], 3), (False, ["Fast(1)"], 5)])
def test_movement_is_four_five_promoted_one_more_on_horseback(promoted, tags, move):
    mover = unit(pos=(0, 0), promoted=promoted, tags=tags)
    assert mover.movement == move
    state = battle(["." * 9], [mover, foe(pos=(8, 0))])
    assert max(x for x, _ in state.reach(mover).costs) == move


def test_every_unit_has_twenty_hp():
    assert klass(hp=14).stats.hp == 20 and klass(hp=30).stats.hp == 20


def test_the_bundled_ratings_classes_have_twenty_hp_and_four_or_five_moves():
    from officers_chess.content.loaders import load_catalogue

    for cls in load_catalogue(ED).classes.values():
        assert cls.stats.hp == 20, cls.name
        assert cls.move == (5 if cls.promoted else 4) + ("Cavalry" in cls.tags), cls.name


# --- staves -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mag", list("FEDCBAS"))
def test_a_mag_staff_reaches_as_the_staff_range_table_says(mag):
    user = unit(mag=mag, weapon=staff(["Heal(5)"], magic_reach=True))
    assert weapon_range(user, user.inventory[0]) == (1, STAFF_RANGE["FEDCBAS".index(mag)])
    written = staff(["Heal(5)"], range=(1, 5), magic_reach=True)
    assert weapon_range(unit(mag=mag, weapon=written), written)[1] == max(5, STAFF_RANGE["FEDCBAS".index(mag)])


def test_a_mag_staff_heals_as_far_as_magic_allows_and_heals_x():
    """Magic C reaches 4 tiles; the ratings Heal restores X (no Magic added)."""
    healer = unit(mag="C", weapon=staff(["Heal(5)", "Consumable(3)"], magic_reach=True))
    near, far = unit("a2", pos=(4, 0), hp=10), unit("a3", pos=(5, 0), hp=10)
    state = stay(battle(["......."], [healer, near, far, foe(pos=(6, 0))]), "a1")
    assert {a.target for a in specials(state, "heal")} == {"a2"}
    assert do(state, Special(name="heal", source=0, target="a2")).unit("a2").hp == 15


def test_a_staff_on_an_enemy_rolls_the_to_hit_table():
    """E19: Dexterity (less Inaccurate) against the target's Speed in combat."""
    user = unit(skl="B", weapon=wpn(), extra=[staff(["Freeze", "Inaccurate(1)"], range=(1, 2))])
    target = foe(pos=(2, 0), spd="D", weapon=wpn(weight=1))
    state = battle(["...."], [user, target])
    assert staff_hit_chance(state, user, 1, target) == Fraction(TO_HIT["C"][E], 100)


# --- Entrap, Freeze, Rewarp, Vein ---------------------------------------------------------------------------


def test_entrap_drags_the_enemy_to_a_free_tile_beside_it_when_it_lands():
    user = unit(pos=(0, 1), extra=[staff(["Entrap", "Consumable(2)"], range=(1, 2))])
    target = foe(pos=(2, 1))
    rows = ["....", "....", "...."]
    state = stay(battle(rows, [user, target, foe("d2", pos=(3, 1))], rolls=[60]), "a1")
    spots = {a.at for a in specials(state, "entrap") if a.target == "d1"}
    assert spots == {(1, 1), (2, 0), (2, 2)}  # (3, 1) is taken
    assert do(state, Special(name="entrap", source=1, target="d1", at=(2, 0))).unit("d1").pos == (2, 0)
    missed = stay(battle(rows, [user, target], rolls=[61]), "a1")  # To Hit C against C: 60
    assert do(missed, Special(name="entrap", source=1, target="d1", at=(2, 0))).unit("d1").pos == (2, 1)


def test_freeze_stops_the_targets_next_move():
    user = unit(extra=[staff(["Freeze", "Consumable(2)"], range=(1, 2))])
    state = stay(battle(["......"], [user, foe(pos=(2, 0))], rolls=[10]), "a1")
    state = do(state, Special(name="freeze", source=1, target="d1"))
    assert state.unit("d1").has_status(StatusName.FROZEN) and state.to_act is D
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert [m.to for m in moves] == [(2, 0)]  # it may activate, but not move
    state = do(state, Move(unit="d1", to=(2, 0)))
    assert Wait() in legal_actions(state)  # frozen, not asleep: it still has its turn
    state = do(state, Wait())
    assert not state.unit("d1").has_status(StatusName.FROZEN)  # it lasted one turn


def test_frozen_lasts_through_the_next_turn_only():
    user = unit(extra=[staff(["Freeze", "Consumable(2)"], range=(1, 2))])
    state = stay(battle(["......"], [user, foe(pos=(2, 0))], rolls=[10]), "a1")
    state = do(state, Special(name="freeze", source=1, target="d1"), Move(unit="d1", to=(2, 0)), Wait())
    # Round 2: the attacker leads again (it finished first); the defender moves freely.
    state = do(state, Move(unit="a1", to=(0, 0)), Wait())
    assert {a.to for a in legal_actions(state) if isinstance(a, Move)} >= {(3, 0), (4, 0), (5, 0)}


@pytest.mark.parametrize("mag,far", [("F", 1), ("D", 3), ("A", 5)])
def test_a_mag_warp_staff_sends_the_ally_as_far_as_the_staff_range_table(mag, far):
    """E26 with E25: the staff's range, which for a Mag staff follows the user's Magic (not its Strength)."""
    user = unit(mag=mag, str="S", extra=[staff(["Warp", "Consumable(2)"], magic_reach=True)])
    state = stay(battle(["........"], [user, unit("a2", pos=(1, 0)), foe(pos=(7, 0))]), "a1")
    assert {a.at for a in specials(state, "warp") if a.target == "a2"} == {(x, 0) for x in range(2, far + 1)}


def test_rewarp_moves_the_user_to_a_free_tile_in_the_staffs_range():
    user = unit(pos=(0, 0), extra=[staff(["Rewarp", "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["......", "#....."], [user, foe(pos=(2, 0))]), "a1")
    tiles = {a.at for a in specials(state, "rewarp")}
    assert tiles == {(1, 0), (3, 0), (1, 1), (2, 1)}  # (2, 0) is taken, (0, 1) a wall, the rest too far
    after = do(state, Special(name="rewarp", source=1, at=(3, 0)))
    assert after.unit("a1").pos == (3, 0)
    assert after.unit("a1").inventory[1].used == 1


def test_vein_turns_a_free_tile_in_range_for_the_round():
    user = unit(extra=[staff(["Vein(Ice)", "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["......"], [user, foe(pos=(5, 0))]), "a1")
    tiles = {a.at for a in specials(state, "vein")}
    assert tiles == {(1, 0), (2, 0), (3, 0)}
    state = do(state, Special(name="vein", source=1, at=(2, 0)))
    assert state.map.terrain_at((2, 0)).id == "ice"
    state = do(state, Move(unit="d1", to=(5, 0)), Wait())
    assert state.round == 2 and state.map.terrain_at((2, 0)).id == "plains"


# --- statuses -------------------------------------------------------------------------------------------


def test_poisoned_is_not_rolled_at_the_start_of_a_round_and_does_no_damage():
    state = battle(["......"], [unit(statuses=["Poisoned"]), foe(pos=(5, 0), statuses=["Poisoned"])])
    events = []
    for action in (Move(unit="a1", to=(0, 0)), Wait(), Move(unit="d1", to=(5, 0)), Wait()):
        outcome = apply_action(state, action)
        state, events = outcome.state, events + outcome.events
    assert state.round == 2
    assert not [e for e in events if isinstance(e, (StatusRoll, Hurt))]
    assert all(u.has_status(StatusName.POISONED) and u.hp == 20 for u in state.units)
    assert RULES.rolled_statuses == ()


# --- Canto (v0.6's in "ratings") ------------------------------------------------------------------------


def test_canto_moves_on_after_a_non_attack_action_but_not_after_an_attack():
    """E14: "ratings" keeps v0.6's Canto: the rest of the move, after an action that is not an attack."""
    rider = unit(pos=(0, 0), tags=["Canto"], extra=[Consumable(name="Salve", tags=["Heal(5)", "Consumable(2)"], edition=ED)],
                 hp=10)
    state = battle(["........"], [rider, foe(pos=(7, 0))], rolls=[50, 50])
    state = do(state, Move(unit="a1", to=(1, 0)), Special(name="heal", source=1, target="a1"))
    assert {a.to for a in legal_actions(state) if isinstance(a, CantoMove)} == {(0, 0), (2, 0), (3, 0), (4, 0)}
    attack = battle(["...."], [unit(tags=["Canto"]), foe()], rolls=[50, 50])
    after = do(stay(attack, "a1"), Attack(target="d1"))
    assert after.active is None and after.to_act is D


# --- walls ----------------------------------------------------------------------------------------------


def test_a_blow_at_a_wall_is_the_damage_tables_f_column_plus_might():
    """E23."""
    state = battle(["..#."], [unit(pos=(1, 0), str="B", weapon=wpn(might=2)), foe(pos=(3, 0))])
    state = stay(state, "a1")
    assert Strike(at=(2, 0)) in legal_actions(state)
    assert do(state, Strike(at=(2, 0))).terrain_hp((2, 0)) == 30 - (DAMAGE["B"][F] + 2)


@pytest.mark.parametrize("tile", ["fort", "castle_gate", "throne"])
def test_forts_gates_and_thrones_heal_two_at_the_end_of_the_turn(tile):
    """The ratings draft's terrain table: "Heal 2 End of Turn" (not at the start, as in d100)."""
    row = "." + TILES[tile].glyph + "..."
    state = battle([row], [unit(hp=10), foe(pos=(4, 0))])
    state = do(state, Move(unit="a1", to=(1, 0)))
    assert state.unit("a1").hp == 10
    outcome = apply_action(state, Wait())
    assert outcome.state.unit("a1").hp == 12 and [e.amount for e in outcome.events if isinstance(e, Healed)] == [2]


# --- the game-master pattern -----------------------------------------------------------------------------


def _sides_in_order(state: GameState, activations: int) -> list[tuple[int, str]]:
    seen = []
    for _ in range(activations):
        mover = state.waiting(state.to_act)[0]
        seen.append((state.round, state.to_act.value[0]))
        state = do(state, Move(unit=mover.id, to=mover.pos), Wait())
    return seen


def test_game_master_side_activates_three_for_the_players_one_and_players_open_each_round():
    """E15: the players (attacker) one, the game master (defender) three, ..., a side out of units lets the other
    finish; the players open every round."""
    players = [unit(f"a{i}", pos=(i, 0)) for i in range(2)]
    master = [foe(f"d{i}", pos=(i, 3)) for i in range(5)]
    state = battle(["......"] * 4, players + master, to_act=A, game_master=D)
    assert _sides_in_order(state, 14) == [
        (1, "a"), (1, "d"), (1, "d"), (1, "d"), (1, "a"), (1, "d"), (1, "d"),
        (2, "a"), (2, "d"), (2, "d"), (2, "d"), (2, "a"), (2, "d"), (2, "d"),
    ]
    many_players = battle(["......"] * 4, [unit(f"a{i}", pos=(i, 0)) for i in range(4)] +
                          [foe(f"d{i}", pos=(i, 3)) for i in range(3)], to_act=A, game_master=D)
    assert _sides_in_order(many_players, 8) == [(1, "a"), (1, "d"), (1, "d"), (1, "d"), (1, "a"), (1, "a"), (1, "a"),
                                                (2, "a")]


def test_after_activation_counts_the_game_masters_run():
    units = [unit(f"a{i}", pos=(i, 0)) for i in range(2)] + [foe(f"d{i}", pos=(i, 1)) for i in range(5)]
    nxt = after_activation(units, A, None, game_master=D, burst=0)
    assert (nxt.to_act, nxt.burst, nxt.round_over) == (D, 0, False)
    assert (after_activation(units, D, None, D, 0).to_act, after_activation(units, D, None, D, 0).burst) == (D, 1)
    assert after_activation(units, D, None, D, 1).to_act is D
    assert after_activation(units, D, None, D, 2).to_act is A
    spent = [u.model_copy(update={"activated": True}) for u in units]
    done = after_activation(spent, D, None, D, 1)
    assert done.round_over and done.to_act is A
    # The game master as the attacker: the defender's players open.
    done = after_activation(spent, D, None, A, 0)
    assert done.round_over and done.to_act is D


# --- the exact forecast and the dice agree ---------------------------------------------------------------


def _agreement_plans():
    return {
        "triangle and a follow-up": plan(unit(spd="A", weapon=wpn("sword", might=2)), foe(str="B", weapon=wpn("axe", might=3))),
        "brave and breaking": plan(unit(weapon=wpn("lance", tags=["Brave"], might=4)), foe(weapon=wpn("sword", tags=["Brave"]))),
        "heavy, deadly, nimble": plan(unit(str="A", weapon=wpn("axe", might=4, tags=["Heavy", "Deadly(15)"])),
                                      foe(spd="A", tags=["Nimble(5)"], weapon=wpn("lance", might=2)), dt="forest"),
        "a tome against a drainer": plan(unit(mag="A", weapon=wpn("faith", might=3, range=(1, 2))),
                                         foe(mag="B", weapon=wpn("dark", might=4, tags=["Drain"], range=(1, 2))), distance=2),
        "armor and effective": plan(unit(str="A", weapon=wpn("sword", tags=["Effective(Armored)"], might=3)),
                                    foe(spd="E", tags=["Armored", "Armor"], weapon=wpn("axe", might=2))),
    }


@pytest.mark.parametrize("name", sorted(_agreement_plans()))
def test_resolving_many_seeds_matches_the_exact_forecast(name):
    p = _agreement_plans()[name]
    a_hp, d_hp = 20, 12
    f = forecast(p, a_hp, d_hp)
    assert sum(f.outcomes.values()) == 1
    runs = 2000
    counts: dict[tuple[int, int], int] = {}
    for seed in range(runs):
        _, a_after, d_after, _ = resolve(p, a_hp, d_hp, Dice(seed=seed))
        assert f.outcomes.get((a_after, d_after), 0) > 0, (seed, a_after, d_after)
        counts[(a_after, d_after)] = counts.get((a_after, d_after), 0) + 1
    for outcome, probability in f.outcomes.items():
        p_ = float(probability)
        tolerance = 4.5 * math.sqrt(p_ * (1 - p_) / runs) + 0.003
        assert abs(counts.get(outcome, 0) / runs - p_) <= tolerance, (outcome, counts.get(outcome, 0) / runs, p_)
