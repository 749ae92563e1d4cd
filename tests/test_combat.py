"""The v0.6 exchange: one test per rule id combat.py reports, plus the d20, forecast and resolver.

Baseline used throughout unless a test says otherwise (see factories.py): both units have
Str 5, Skl 10, Spd 5, Def 2, Res 1, 20 HP and a 5-Might, weightless sword, so a hit does
5 + 5 - 2 = 8 damage (16 on a crit), needs a roll of 10 or less and crits on a 1.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from factories import A, D, RA, RD, accessory, plan, unit, weapon
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.combat.exchange import Modifier, SwingProfile, forecast, resolve
from officers_chess.rules.reference.rulebook import RULE_TITLES

BASE_DAMAGE = {"martial": 8, "magic": 9}  # 5 Str + 5 Might - 2 Def / - 1 Res
MAGIC = {"reason", "faith", "dark"}


def kind(weapon_type: str) -> str:
    return "magic" if weapon_type in MAGIC else "martial"


def attacker(**kw):
    return unit(id="a1", side=A, pos=(0, 0), **kw)


def defender(**kw):
    return unit(id="d1", side=D, pos=(1, 0), **kw)


def rules_of(p, side=None):
    return {m.rule for m in p.modifiers if side is None or m.role is side}


# --- weapon-triangle -------------------------------------------------------------

TRIANGLE = [("sword", "axe"), ("axe", "lance"), ("lance", "sword"), ("reason", "faith"), ("faith", "dark"), ("dark", "reason")]


@pytest.mark.parametrize("winner, loser", TRIANGLE)
def test_weapon_triangle_advantage_and_disadvantage(winner, loser):
    p = plan(attacker(weapon=weapon(winner)), defender(weapon=weapon(loser)))
    assert (p.attacker.skill, p.attacker.damage) == (11, BASE_DAMAGE[kind(winner)] + 1)
    assert (p.defender.skill, p.defender.damage) == (9, BASE_DAMAGE[kind(loser)] - 1)
    assert Modifier(RA, "skill", 1, "weapon-triangle") in p.modifiers
    assert Modifier(RA, "damage", 1, "weapon-triangle") in p.modifiers
    assert Modifier(RD, "skill", -1, "weapon-triangle") in p.modifiers
    assert Modifier(RD, "damage", -1, "weapon-triangle") in p.modifiers


@pytest.mark.parametrize("winner, loser", TRIANGLE)
def test_weapon_triangle_disadvantage_for_the_attacker(winner, loser):
    p = plan(attacker(weapon=weapon(loser)), defender(weapon=weapon(winner)))
    assert (p.attacker.skill, p.attacker.damage) == (9, BASE_DAMAGE[kind(loser)] - 1)
    assert (p.defender.skill, p.defender.damage) == (11, BASE_DAMAGE[kind(winner)] + 1)


@pytest.mark.parametrize(
    "mine, theirs",
    [
        ("sword", "sword"), ("axe", "axe"), ("lance", "lance"), ("reason", "reason"),
        ("sword", "bow"), ("bow", "axe"), ("bow", "bow"),
        ("sword", "reason"), ("lance", "dark"), ("faith", "axe"),  # the two triangles never meet
    ],
)
def test_weapon_triangle_neutral_pairs(mine, theirs):
    p = plan(attacker(weapon=weapon(mine)), defender(weapon=weapon(theirs)))
    assert (p.attacker.skill, p.attacker.damage) == (10, BASE_DAMAGE[kind(mine)])
    assert (p.defender.skill, p.defender.damage) == (10, BASE_DAMAGE[kind(theirs)])
    assert not rules_of(p) & {"weapon-triangle", "inverted"}


# --- inverted -------------------------------------------------------------------------


def test_inverted_weapon_turns_a_disadvantage_into_an_advantage():
    p = plan(attacker(weapon=weapon("axe", tags=["Inverted"])), defender(weapon=weapon("sword")))
    assert (p.attacker.skill, p.attacker.damage) == (11, 9)
    assert (p.defender.skill, p.defender.damage) == (9, 7)
    assert Modifier(RA, "skill", 1, "inverted") in p.modifiers


def test_inverted_weapon_turns_an_advantage_into_a_disadvantage():
    p = plan(attacker(weapon=weapon("sword", tags=["Inverted"])), defender(weapon=weapon("axe")))
    assert (p.attacker.skill, p.attacker.damage) == (9, 7)
    assert (p.defender.skill, p.defender.damage) == (11, 9)
    assert Modifier(RA, "damage", -1, "inverted") in p.modifiers


def test_inverted_on_the_defender_reverses_the_triangle_for_both():
    p = plan(attacker(weapon=weapon("sword")), defender(weapon=weapon("axe", tags=["Inverted"])))
    assert (p.attacker.skill, p.attacker.damage) == (9, 7)
    assert (p.defender.skill, p.defender.damage) == (11, 9)


def test_two_inverted_weapons_swap_the_triangle_back():
    # Rulings C3: each Inverted weapon flips the triangle once.
    p = plan(attacker(weapon=weapon("sword", tags=["Inverted"])), defender(weapon=weapon("axe", tags=["Inverted"])))
    assert (p.attacker.skill, p.attacker.damage) == (11, 9)
    assert (p.defender.skill, p.defender.damage) == (9, 7)


def test_inverted_against_a_neutral_pair_changes_nothing():
    p = plan(attacker(weapon=weapon("sword", tags=["Inverted"])), defender(weapon=weapon("sword")))
    assert (p.attacker.skill, p.attacker.damage) == (10, 8)


# --- effective / countermeasure ----------------------------------------------------------


def test_effective_adds_three_damage_against_the_named_tag():
    blade = weapon(tags=["Effective(Armored)"])
    p = plan(attacker(weapon=blade), defender(tags=["Armored"]))
    assert p.attacker.damage == 8 + 3
    assert p.attacker.crit_damage == 2 * (8 + 3)
    assert Modifier(RA, "damage", 3, "effective") in p.modifiers


def test_several_matching_effective_tags_add_three_once():
    # Rulings C1.
    blade = weapon(tags=["Effective(Armored)", "Effective(Cavalry)"])
    assert plan(attacker(weapon=blade), defender(tags=["Armored", "Cavalry"])).attacker.damage == 11


def test_countermeasure_cancels_only_the_matching_effective():
    # Rulings C2: Countermeasure(Armored) leaves Effective(Cavalry) standing.
    blade = weapon(tags=["Effective(Armored)", "Effective(Cavalry)"])
    p = plan(attacker(weapon=blade), defender(tags=["Armored", "Cavalry", "Countermeasure(Armored)"]))
    assert p.attacker.damage == 11


def test_effective_does_nothing_against_other_units():
    p = plan(attacker(weapon=weapon(tags=["Effective(Armored)"])), defender(tags=["Cavalry"]))
    assert p.attacker.damage == 8
    assert "effective" not in rules_of(p)


def test_effective_works_on_a_counter():
    p = plan(attacker(tags=["Flying"]), defender(weapon=weapon(tags=["Effective(Flying)"])))
    assert p.defender.damage == 11
    assert p.attacker.damage == 8


def test_countermeasure_cancels_effective():
    blade = weapon(tags=["Effective(Armored)"])
    p = plan(attacker(weapon=blade), defender(tags=["Armored", "Countermeasure(Armored)"]))
    assert p.attacker.damage == 8
    assert "effective" not in rules_of(p)
    assert "countermeasure" in rules_of(p, RD)


def test_countermeasure_from_an_equipped_accessory():
    blade = weapon(tags=["Effective(Armored)"])
    charm = accessory(tags=["Countermeasure(Armored)"])
    assert plan(attacker(weapon=blade), defender(tags=["Armored"], accessory=charm)).attacker.damage == 8


def test_countermeasure_against_another_tag_does_not_help():
    blade = weapon(tags=["Effective(Armored)"])
    p = plan(attacker(weapon=blade), defender(tags=["Armored", "Countermeasure(Flying)"]))
    assert p.attacker.damage == 11


# --- inaccurate ----------------------------------------------------------------------------


def test_inaccurate_lowers_skill_only():
    p = plan(attacker(weapon=weapon(tags=["Inaccurate(2)"])), defender())
    assert p.attacker.skill == 8
    assert p.attacker.damage == 8
    assert p.attacker.hit_chance == Fraction(8, 20)
    assert Modifier(RA, "skill", -2, "inaccurate") in p.modifiers


def test_inaccurate_does_not_move_the_crit_range():
    # Rulings C5: Skl 3 - 2 = 1 to hit; crit range stays 1..4, but 2-4 now miss.
    profile = plan(attacker(skl=3, tags=["Lucky(3)"], weapon=weapon(tags=["Inaccurate(2)"])), defender()).attacker
    assert (profile.skill, profile.crit_top) == (1, 4)
    assert [profile.result(r) for r in range(1, 6)] == ["crit", "miss", "miss", "miss", "miss"]


def test_inaccurate_stacks_with_the_triangle():
    p = plan(attacker(weapon=weapon("sword", tags=["Inaccurate(2)"])), defender(weapon=weapon("axe")))
    assert p.attacker.skill == 10 + 1 - 2


# --- lucky -------------------------------------------------------------------------------


def test_lucky_from_class_and_weapon_stacks():
    p = plan(attacker(tags=["Lucky(1)"], weapon=weapon(tags=["Lucky(2)"])), defender())
    assert p.attacker.crit_top == 1 + 1 + 2
    assert [p.attacker.result(r) for r in range(1, 6)] == ["crit"] * 4 + ["hit"]
    assert p.attacker.crit_chance == Fraction(4, 20)
    assert Modifier(RA, "crit range", 3, "lucky") in p.modifiers


def test_lucky_from_an_equipped_accessory_stacks_too():
    p = plan(attacker(tags=["Lucky(1)"], weapon=weapon(tags=["Lucky(1)"]), accessory=accessory(tags=["Lucky(1)"])), defender())
    assert p.attacker.crit_top == 4


def test_lucky_on_an_unequipped_item_grants_nothing():
    spare = weapon(tags=["Lucky(5)"], name="Spare")
    p = plan(attacker(extra_items=[spare]), defender())
    assert p.attacker.crit_top == 1


def test_without_lucky_only_a_natural_one_crits():
    p = plan(attacker(), defender())
    assert p.attacker.crit_top == 1
    assert p.attacker.crit_chance == Fraction(1, 20)


# --- bonus ---------------------------------------------------------------------------------


def test_bonus_strength_and_skill_from_an_accessory():
    ring = accessory(tags=["Bonus(Str+2)", "Bonus(Skl+3)"])
    p = plan(attacker(accessory=ring), defender())
    assert (p.attacker.skill, p.attacker.damage) == (13, 10)
    assert Modifier(RA, "strength", 2, "bonus") in p.modifiers
    assert Modifier(RA, "skill", 3, "bonus") in p.modifiers


def test_bonus_defense_and_resistance_on_the_target():
    p = plan(attacker(), defender(accessory=accessory(tags=["Bonus(Def+1)"])))
    assert p.attacker.damage == 7
    assert Modifier(RD, "defense", 1, "bonus") in p.modifiers
    p = plan(attacker(weapon=weapon("reason")), defender(accessory=accessory(tags=["Bonus(Res+2)"])))
    assert p.attacker.damage == 9 - 2
    assert Modifier(RD, "resistance", 2, "bonus") in p.modifiers


def test_bonus_speed_counts_in_attack_speed():
    p = plan(attacker(accessory=accessory(tags=["Bonus(Spd+1)"])), defender())
    assert p.attack_speed == {RA: 6, RD: 5}
    assert p.order == (RA, RD, RA)


def test_bonus_on_an_unequipped_item_grants_nothing():
    spare = accessory(tags=["Bonus(Def+5)"], name="Spare")
    p = plan(attacker(), defender(extra_items=[spare]))
    assert p.attacker.damage == 8


# --- terrain ---------------------------------------------------------------------------------


@pytest.mark.parametrize("terrain, bonus", [("plains", 0), ("forest", 1), ("pillars", 1), ("mountain", 1), ("fort", 2), ("throne", 2), ("castle_gate", 2), ("desert", 0)])
def test_terrain_bonus_adds_to_defense_and_resistance(terrain, bonus):
    martial = plan(attacker(), defender(), defender_terrain=terrain)
    magic = plan(attacker(weapon=weapon("reason")), defender(), defender_terrain=terrain)
    assert martial.attacker.damage == 8 - bonus
    assert magic.attacker.damage == 9 - bonus
    if bonus:
        assert Modifier(RD, "defense", bonus, "terrain") in martial.modifiers
        assert Modifier(RD, "resistance", bonus, "terrain") in magic.modifiers
    else:
        assert "terrain" not in rules_of(martial)


def test_terrain_protects_the_unit_standing_on_it_not_the_one_swinging_from_it():
    p = plan(attacker(), defender(), attacker_terrain="fort")
    assert p.attacker.damage == 8  # the fort under the attacker does not add to its damage
    assert p.defender.damage == 6  # but it does shield the attacker from the counter


def test_flying_units_get_no_terrain_bonus():
    p = plan(attacker(), defender(tags=["Flying"]), defender_terrain="fort")
    assert p.attacker.damage == 8
    assert "terrain" not in rules_of(p)


# --- accessory -------------------------------------------------------------------------------


def test_accessory_defense_reduces_martial_damage_only():
    shield = accessory(defense=2)
    martial = plan(attacker(), defender(accessory=shield))
    magic = plan(attacker(weapon=weapon("dark")), defender(accessory=shield))
    assert martial.attacker.damage == 6
    assert Modifier(RD, "defense", 2, "accessory") in martial.modifiers
    assert magic.attacker.damage == 9
    assert "accessory" not in rules_of(magic)


def test_accessory_defense_stacks_with_terrain_and_bonus():
    shield = accessory(defense=2, tags=["Bonus(Def+1)"])
    p = plan(attacker(str=10), defender(accessory=shield), defender_terrain="fort")
    assert p.attacker.damage == 15 - (2 + 1 + 2 + 2)


# --- piercing --------------------------------------------------------------------------------


def test_piercing_ignores_all_of_the_targets_defense():
    shield = accessory(defense=2, tags=["Bonus(Def+1)"])
    p = plan(attacker(weapon=weapon(tags=["Piercing"])), defender(def_=4, accessory=shield), defender_terrain="fort")
    assert p.attacker.damage == 10
    assert p.attacker.crit_damage == 20
    assert "piercing" in rules_of(p, RA)


# --- guarded ---------------------------------------------------------------------------------


def test_guarded_target_takes_no_critical_doubling():
    p = plan(attacker(), defender(tags=["Guarded"]))
    assert p.attacker.damage == 8 and p.attacker.crit_damage == 8
    assert p.defender.crit_damage == 16  # guarding oneself does not stop one's own crits
    assert "guarded" in rules_of(p, RD)


def test_guarded_from_an_equipped_accessory():
    p = plan(attacker(), defender(accessory=accessory(tags=["Guarded"])))
    assert p.attacker.crit_damage == 8


# --- brave -----------------------------------------------------------------------------------


def test_brave_attacker_swings_twice_per_attack():
    p = plan(attacker(weapon=weapon(tags=["Brave"])), defender())
    assert p.order == (RA, RA, RD)
    assert "brave" in rules_of(p, RA)


def test_brave_counter_is_two_swings():
    assert plan(attacker(), defender(weapon=weapon(tags=["Brave"]))).order == (RA, RD, RD)


def test_brave_follow_up_is_two_swings_too():
    p = plan(attacker(spd=6, weapon=weapon(tags=["Brave"])), defender())
    assert p.order == (RA, RA, RD, RA, RA)
    assert p.swings(RA) == 4 and p.swings(RD) == 1


# --- counter range / distant-counter -------------------------------------------------------


def test_bow_cannot_counter_at_one_tile():
    p = plan(attacker(), defender(weapon=weapon("bow", range=(2, 2))), distance=1)
    assert p.defender is None
    assert p.order == (RA,)
    assert p.swings(RD) == 0


def test_sword_cannot_counter_a_bow_at_two_tiles():
    p = plan(attacker(weapon=weapon("bow", range=(2, 2))), defender(), distance=2)
    assert p.defender is None and p.order == (RA,)


def test_weapon_with_a_range_band_counters_inside_it():
    javelin = weapon("lance", range=(1, 2))
    for distance in (1, 2):
        p = plan(attacker(weapon=weapon("lance", range=(1, 2))), defender(weapon=javelin), distance=distance)
        assert p.order == (RA, RD)
    p = plan(attacker(weapon=weapon("bow", range=(2, 3))), defender(weapon=javelin), distance=3)
    assert p.order == (RA,)


def test_unarmed_defender_cannot_counter():
    p = plan(attacker(), defender(weapon=None, tags=["DistantCounter"]))
    assert p.defender is None and p.order == (RA,)


@pytest.mark.parametrize("distance", [2, 3, 5])
def test_distant_counter_answers_at_any_range(distance):
    p = plan(attacker(weapon=weapon("bow", range=(2, 5))), defender(tags=["DistantCounter"]), distance=distance)
    assert p.order == (RA, RD)
    assert p.defender is not None
    assert Modifier(RD, "counter range", distance, "distant-counter") in p.modifiers


def test_distant_counter_lets_a_bow_answer_at_one_tile():
    p = plan(attacker(), defender(weapon=weapon("bow", range=(2, 2), tags=["DistantCounter"])), distance=1)
    assert p.order == (RA, RD)


def test_distant_counter_is_not_noted_when_the_weapon_reaches_anyway():
    p = plan(attacker(), defender(tags=["DistantCounter"]), distance=1)
    assert "distant-counter" not in rules_of(p)


# --- follow-up / attack speed / complex -------------------------------------------------------


def test_attack_speed_is_speed_minus_weapon_and_accessory_weight():
    u = unit(spd=9, weapon=weapon(weight=3), accessory=accessory(weight=2))
    assert u.attack_speed == 4


def test_follow_up_by_the_strictly_faster_attacker():
    p = plan(attacker(spd=6), defender(spd=5))
    assert p.order == (RA, RD, RA)
    assert Modifier(RA, "follow-up", 1, "follow-up") in p.modifiers


def test_follow_up_by_the_strictly_faster_defender():
    p = plan(attacker(spd=5), defender(spd=6))
    assert p.order == (RA, RD, RD)
    assert Modifier(RD, "follow-up", 1, "follow-up") in p.modifiers


@pytest.mark.parametrize("speed", [0, 5, 30])
def test_equal_attack_speed_gives_no_follow_up(speed):
    p = plan(attacker(spd=speed), defender(spd=speed))
    assert p.order == (RA, RD)
    assert "follow-up" not in rules_of(p)


def test_follow_up_compares_attack_speed_not_speed():
    # Speed 8 but weights 2 + 1 leave Attack Speed 5: a tie with the defender's 5.
    tie = plan(attacker(spd=8, weapon=weapon(weight=2), accessory=accessory(weight=1)), defender(spd=5))
    assert tie.attack_speed == {RA: 5, RD: 5} and tie.order == (RA, RD)
    # Without the accessory the attacker is one faster and follows up.
    faster = plan(attacker(spd=8, weapon=weapon(weight=2)), defender(spd=5))
    assert faster.attack_speed == {RA: 6, RD: 5} and faster.order == (RA, RD, RA)
    # The defender's weights count as well.
    slowed = plan(attacker(spd=5), defender(spd=7, weapon=weapon(weight=1), accessory=accessory(weight=2)))
    assert slowed.order == (RA, RD, RA)


def test_negative_attack_speeds_still_compare():
    # Rulings C6: heavy kit can push Attack Speed below zero; -1 still beats -3.
    p = plan(attacker(spd=1, weapon=weapon(weight=2)), defender(spd=1, weapon=weapon(weight=4)))
    assert p.attack_speed == {RA: -1, RD: -3}
    assert p.order == (RA, RD, RA)


def test_faster_attacker_follows_up_even_when_there_is_no_counter():
    p = plan(attacker(spd=9), defender(weapon=weapon("bow", range=(2, 2))), distance=1)
    assert p.order == (RA, RA)


def test_faster_defender_that_cannot_counter_gets_no_follow_up():
    p = plan(attacker(spd=1), defender(spd=9, weapon=weapon("bow", range=(2, 2))), distance=1)
    assert p.order == (RA,)


def test_complex_weapon_never_follows_up():
    p = plan(attacker(spd=9, weapon=weapon(tags=["Complex"])), defender(spd=1))
    assert p.order == (RA, RD)
    assert "complex" in rules_of(p, RA)
    p = plan(attacker(spd=1), defender(spd=9, weapon=weapon(tags=["Complex"])))
    assert p.order == (RA, RD)


def test_complex_on_the_slower_unit_does_not_stop_the_faster():
    p = plan(attacker(spd=9), defender(spd=1, weapon=weapon(tags=["Complex"])))
    assert p.order == (RA, RD, RA)


# --- the d20: hit, natural one, crit range --------------------------------------------------


def test_hit_is_roll_at_or_under_skill():
    profile = plan(attacker(skl=10), defender()).attacker
    assert profile.result(10) == "hit"
    assert profile.result(11) == "miss"
    assert profile.hit_chance == Fraction(10, 20)


@pytest.mark.parametrize("skill", [0, -3])
def test_natural_one_always_hits_and_crits_even_at_skill_zero_or_below(skill):
    # Skill 0 from the class; -3 with an Inaccurate(3) weapon on top.
    tags = ["Inaccurate(3)"] if skill < 0 else []
    profile = plan(attacker(skl=0, weapon=weapon(tags=tags)), defender()).attacker
    assert profile.skill == skill
    assert profile.result(1) == "crit"
    assert [profile.result(r) for r in range(2, 21)] == ["miss"] * 19
    assert profile.hit_chance == profile.crit_chance == Fraction(1, 20)


@pytest.mark.parametrize("skill", [20, 21, 35])
def test_skill_twenty_or_more_always_hits(skill):
    profile = plan(attacker(skl=skill), defender()).attacker
    assert all(profile.result(r) != "miss" for r in range(1, 21))
    assert profile.hit_chance == 1


def test_skill_nineteen_misses_on_twenty():
    profile = plan(attacker(skl=19), defender()).attacker
    assert profile.result(20) == "miss" and profile.hit_chance == Fraction(19, 20)


def test_crit_only_within_one_to_one_plus_lucky_and_only_on_a_hit():
    # Skill 3 with crit range 1..5: 1-3 crit, 4-5 are in the range but miss.
    profile = plan(attacker(skl=3, tags=["Lucky(4)"]), defender()).attacker
    assert profile.crit_top == 5
    assert [profile.result(r) for r in range(1, 8)] == ["crit"] * 3 + ["miss"] * 4
    assert profile.crit_chance == Fraction(3, 20)
    # With a high skill the range ends at 1 + Lucky.
    profile = plan(attacker(skl=15, tags=["Lucky(2)"]), defender()).attacker
    assert [profile.result(r) for r in range(1, 6)] == ["crit", "crit", "crit", "hit", "hit"]


def test_swing_profile_outcomes_count_every_face_once():
    profile = SwingProfile(skill=7, crit_top=3, damage=4, crit_damage=8)
    outcomes = dict((r, p) for p, r in profile.outcomes())
    assert outcomes == {"crit": Fraction(3, 20), "hit": Fraction(4, 20), "miss": Fraction(13, 20)}
    assert (profile.damage_of("miss"), profile.damage_of("hit"), profile.damage_of("crit")) == (0, 4, 8)


# --- damage -------------------------------------------------------------------------------


def test_crit_doubles_damage_after_the_reduction():
    # The rules' own example: Damage 10 against Defense 4 crits for 12, not 16.
    p = plan(attacker(str=6, weapon=weapon(might=4)), defender(def_=4))
    assert p.attacker.damage == 6
    assert p.attacker.crit_damage == 12


def test_magic_is_reduced_by_resistance_and_martial_by_defense():
    target = defender(def_=6, res=1)
    assert plan(attacker(weapon=weapon("reason")), target).attacker.damage == 9
    assert plan(attacker(weapon=weapon("sword")), target).attacker.damage == 4


def test_damage_never_below_zero():
    p = plan(attacker(str=1, weapon=weapon(might=1)), defender(def_=10))
    assert p.attacker.damage == 0 and p.attacker.crit_damage == 0
    f = forecast(p, 20, 20)
    assert f.hp_after(RD) == {20: 1}
    for seed in range(20):
        _, _, d_hp, _ = resolve(p, 20, 20, Dice(seed=seed))
        assert d_hp == 20


def test_triangle_disadvantage_cannot_push_damage_below_zero():
    p = plan(attacker(str=0, weapon=weapon("sword", might=2)), defender(weapon=weapon("lance")))
    assert p.attacker.damage == 0


# --- order of the exchange and routing ----------------------------------------------------


def test_exchange_order_attacker_then_counter_then_follow_up():
    # Zero damage both ways, so nobody is routed and every planned swing is rolled.
    p = plan(attacker(str=0, weapon=weapon(might=0), spd=7), defender(str=0, weapon=weapon(might=0)))
    assert p.order == (RA, RD, RA)
    swings, a_hp, d_hp, dice = resolve(p, 20, 20, Dice(seed=3))
    assert [s.role for s in swings] == [RA, RD, RA]
    assert dice.draws == 3 and (a_hp, d_hp) == (20, 20)


def test_a_routed_defender_swings_no_more():
    p = plan(attacker(str=30, skl=20, spd=9), defender())
    assert p.order == (RA, RD, RA)
    swings, a_hp, d_hp, dice = resolve(p, 20, 20, Dice(seed=1))
    assert [s.role for s in swings] == [RA]
    assert (a_hp, d_hp) == (20, 0)
    assert dice == Dice(seed=1, draws=1)
    assert forecast(p, 20, 20).outcomes == {(20, 0): 1}


def test_a_routed_attacker_gets_no_follow_up():
    p = plan(attacker(skl=0, spd=9), defender(str=30, skl=20))
    assert p.order == (RA, RD, RA)
    for seed in range(10):
        swings, a_hp, _, dice = resolve(p, 20, 20, Dice(seed=seed))
        assert [s.role for s in swings] == [RA, RD]
        assert a_hp == 0 and dice.draws == 2
    assert forecast(p, 20, 20).p_routed(RA) == 1


def test_brave_second_swing_is_lost_when_the_first_routes():
    p = plan(attacker(str=30, skl=20, weapon=weapon(tags=["Brave"])), defender())
    swings, _, d_hp, _ = resolve(p, 20, 20, Dice(seed=5))
    assert len(swings) == 1 and d_hp == 0


def test_routed_hp_is_zero_never_negative():
    p = plan(attacker(str=30, skl=20), defender())
    _, _, d_hp, _ = resolve(p, 20, 3, Dice(seed=0))
    assert d_hp == 0
    assert set(forecast(p, 20, 3).hp_after(RD)) == {0}


# --- every reported rule id is a known one ---------------------------------------------------


def test_every_modifier_names_a_rule_in_the_rulebook():
    plans = [
        plan(attacker(weapon=weapon("axe", tags=["Inverted", "Inaccurate(1)", "Effective(Armored)", "Brave", "Piercing"])),
             defender(tags=["Armored", "Guarded", "DistantCounter", "Countermeasure(Armored)"], accessory=accessory(defense=1, tags=["Bonus(Def+1)"]))),
        plan(attacker(spd=9, tags=["Lucky(2)"], accessory=accessory(tags=["Bonus(Str+1)"]), weapon=weapon("bow", range=(2, 2), tags=["Complex"])),
             defender(tags=["DistantCounter"]), distance=2, defender_terrain="fort"),
        plan(attacker(weapon=weapon("reason")), defender(spd=9, weapon=weapon("faith"), accessory=accessory(tags=["Bonus(Res+1)"]))),
    ]
    seen = {m.rule for p in plans for m in p.modifiers}
    assert seen >= {"inverted", "inaccurate", "brave", "piercing", "guarded", "countermeasure", "accessory", "bonus",
                    "lucky", "complex", "distant-counter", "terrain", "weapon-triangle", "follow-up"}
    assert seen <= set(RULE_TITLES)


# --- forecast: exact, and equal to a brute-force count --------------------------------------


def _brute_force(order, profiles, a_hp, d_hp):
    """Count every sequence of d20 faces, one per planned swing, independently of combat.py.

    `profiles[side]` is (skill, crit_top, damage, crit_damage) worked out by hand.
    """
    counts: dict[tuple[int, int], int] = {}
    for rolls in itertools.product(range(1, 21), repeat=len(order)):
        hp = {RA: a_hp, RD: d_hp}
        for side, roll in zip(order, rolls):
            if hp[RA] == 0 or hp[RD] == 0:
                break
            skill, crit_top, damage, crit_damage = profiles[side]
            hit = roll == 1 or roll <= skill
            crit = hit and roll <= crit_top
            dealt = crit_damage if crit else damage if hit else 0
            target = RD if side is RA else RA
            hp[target] = max(0, hp[target] - dealt)
        counts[(hp[RA], hp[RD])] = counts.get((hp[RA], hp[RD]), 0) + 1
    total = 20 ** len(order)
    return {hps: Fraction(n, total) for hps, n in counts.items()}


# (plan, hand-computed profiles, starting HP)
def _case_follow_up():
    # Attacker: Str 7 + Mt 5 - Def 2 = 10, crit 20; Skl 12; Lucky(2) -> crits on 1-3; AS 7 > 5.
    # Defender: Str 6 + Mt 5 - Def 2 = 9, crit 18; Skl 9; crits on 1.
    p = plan(attacker(str=7, skl=12, spd=7, tags=["Lucky(2)"]), defender(str=6, skl=9))
    return p, {RA: (12, 3, 10, 20), RD: (9, 1, 9, 18)}, (15, 20)


def _case_brave_guarded_forest():
    # Attacker (Brave): Str 5 + Mt 6 - (Def 3 + forest 1) = 7; the Guarded target takes 7 on a crit too.
    # Defender: Str 6 + Mt 5 - Def 2 = 11 - 2 = 9, crit 18; Skl 11; Lucky(1) -> crits on 1-2.
    p = plan(
        attacker(skl=8, weapon=weapon(might=6, tags=["Brave"])),
        defender(str=6, skl=11, def_=3, tags=["Guarded", "Lucky(1)"]),
        defender_terrain="forest",
    )
    return p, {RA: (8, 1, 7, 7), RD: (11, 2, 9, 18)}, (18, 14)


def _case_magic_triangle():
    # Attacker: dark vs reason is an advantage: Skl 10+1, Str 5 + Mt 4 + 1 - Res 1 = 9, crit 18.
    # Defender: reason at a disadvantage: Skl 10-1, 5 + 4 - 1 - Res 1 = 7, crit 14. Equal AS: 2 swings.
    p = plan(attacker(weapon=weapon("dark", might=4)), defender(weapon=weapon("reason", might=4)))
    return p, {RA: (11, 1, 9, 18), RD: (9, 1, 7, 14)}, (7, 9)


CASES = {"follow-up": _case_follow_up, "brave-guarded-forest": _case_brave_guarded_forest, "magic-triangle": _case_magic_triangle}
EXPECTED_ORDER = {"follow-up": (RA, RD, RA), "brave-guarded-forest": (RA, RA, RD), "magic-triangle": (RA, RD)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_forecast_matches_brute_force_enumeration(name):
    p, profiles, (a_hp, d_hp) = CASES[name]()
    assert p.order == EXPECTED_ORDER[name]
    for side in (RA, RD):
        prof = p.profile(side)
        assert (prof.skill, prof.crit_top, prof.damage, prof.crit_damage) == profiles[side]
    f = forecast(p, a_hp, d_hp)
    expected = _brute_force(p.order, profiles, a_hp, d_hp)
    assert f.outcomes == expected
    for side, index in ((RA, 0), (RD, 1)):
        marginal: dict[int, Fraction] = {}
        for hps, prob in expected.items():
            marginal[hps[index]] = marginal.get(hps[index], Fraction(0)) + prob
        assert f.hp_after(side) == marginal
        assert f.p_routed(side) == marginal.get(0, 0)


@pytest.mark.parametrize("name", sorted(CASES))
def test_forecast_probabilities_are_fractions_summing_to_exactly_one(name):
    p, _, (a_hp, d_hp) = CASES[name]()
    f = forecast(p, a_hp, d_hp)
    assert all(isinstance(prob, Fraction) and prob > 0 for prob in f.outcomes.values())
    assert sum(f.outcomes.values()) == 1
    for side in (RA, RD):
        dist = f.hp_after(side)
        assert all(isinstance(prob, Fraction) for prob in dist.values())
        assert sum(dist.values()) == 1


def test_forecast_of_a_kill_possible_exchange_has_the_right_rout_chance():
    # One swing, no counter (bow at range 1 cannot answer): routs only on a crit (roll 1-2) for 2*8 >= 16.
    p = plan(attacker(tags=["Lucky(1)"]), defender(weapon=weapon("bow", range=(2, 2))))
    f = forecast(p, 20, 16)
    assert f.outcomes == {(20, 0): Fraction(2, 20), (20, 8): Fraction(8, 20), (20, 16): Fraction(10, 20)}


# --- resolve: the dice, swing by swing -----------------------------------------------------


def _rolls(seed: int, n: int) -> list[int]:
    dice, rolls = Dice(seed=seed), []
    for _ in range(n):
        roll, dice = dice.d20()
        rolls.append(roll)
    return rolls


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("seed", range(12))
def test_resolve_with_known_rolls_gives_exactly_the_expected_hp(name, seed):
    p, profiles, (a_hp, d_hp) = CASES[name]()
    rolls = _rolls(seed, len(p.order))
    # Work the exchange out by hand from the known rolls.
    hp = {RA: a_hp, RD: d_hp}
    used = 0
    expected_results = []
    for side, roll in zip(p.order, rolls):
        if hp[RA] == 0 or hp[RD] == 0:
            break
        used += 1
        skill, crit_top, damage, crit_damage = profiles[side]
        hit = roll == 1 or roll <= skill
        result = "crit" if hit and roll <= crit_top else "hit" if hit else "miss"
        expected_results.append(result)
        target = RD if side is RA else RA
        hp[target] = max(0, hp[target] - {"miss": 0, "hit": damage, "crit": crit_damage}[result])
    swings, a_after, d_after, dice = resolve(p, a_hp, d_hp, Dice(seed=seed))
    assert (a_after, d_after) == (hp[RA], hp[RD])
    assert [s.roll for s in swings] == rolls[:used]
    assert [s.result for s in swings] == expected_results
    assert [s.role for s in swings] == list(p.order[:used])
    assert dice == Dice(seed=seed, draws=used)


def test_resolve_on_a_chosen_seed_hits_and_misses_as_the_rolls_say():
    # Find a seed whose first roll is a plain hit and second a miss for Skl 10 / crit on 1, then check HP.
    p = plan(attacker(), defender())  # order RA, RD; 8 damage each way
    seed = next(s for s in range(1000) if 2 <= _rolls(s, 2)[0] <= 10 and _rolls(s, 2)[1] > 10)
    swings, a_hp, d_hp, _ = resolve(p, 20, 20, Dice(seed=seed))
    assert (a_hp, d_hp) == (20, 12)
    assert [s.result for s in swings] == ["hit", "miss"]
    seed = next(s for s in range(1000) if _rolls(s, 2) == [1, 1] or (_rolls(s, 2)[0] == 1 and 2 <= _rolls(s, 2)[1] <= 10))
    swings, a_hp, d_hp, _ = resolve(p, 20, 20, Dice(seed=seed))
    assert d_hp == 20 - 16
    assert a_hp in (20 - 8, 20 - 16)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_resolved_outcome_has_nonzero_forecast_probability(name):
    p, _, (a_hp, d_hp) = CASES[name]()
    f = forecast(p, a_hp, d_hp)
    seen = set()
    for seed in range(400):
        _, a_after, d_after, _ = resolve(p, a_hp, d_hp, Dice(seed=seed))
        assert f.outcomes.get((a_after, d_after), 0) > 0, (seed, a_after, d_after)
        seen.add((a_after, d_after))
    assert len(seen) > 1  # the seeds really do produce different results


# --- where combat tags come from -------------------------------------------------------

CARRIERS = ["class", "accessory"]


def _carrying(tag: str, carrier: str, **kw):
    if carrier == "class":
        return attacker(tags=[tag], **kw)
    return attacker(accessory=accessory(tags=[tag]), **kw)


@pytest.mark.parametrize("carrier", CARRIERS)
def test_brave_counts_from_a_class_or_an_accessory_too(carrier):
    assert plan(_carrying("Brave", carrier), defender()).order == (RA, RA, RD)


@pytest.mark.parametrize("carrier", CARRIERS)
def test_piercing_counts_from_a_class_or_an_accessory_too(carrier):
    p = plan(_carrying("Piercing", carrier), defender())
    assert p.attacker.damage == 10  # 5 Str + 5 Might, Defense 2 ignored


@pytest.mark.parametrize("carrier", CARRIERS)
def test_complex_counts_from_a_class_or_an_accessory_too(carrier):
    p = plan(_carrying("Complex", carrier, spd=9), defender())
    assert p.order == (RA, RD)


@pytest.mark.parametrize("carrier", CARRIERS)
def test_inaccurate_counts_from_a_class_or_an_accessory_too(carrier):
    assert plan(_carrying("Inaccurate(2)", carrier), defender()).attacker.skill == 8


@pytest.mark.parametrize("carrier", CARRIERS)
def test_effective_counts_from_a_class_or_an_accessory_too(carrier):
    p = plan(_carrying("Effective(Armored)", carrier), defender(tags=["Armored"]))
    assert p.attacker.damage == 11


@pytest.mark.parametrize("carrier", CARRIERS)
def test_inverted_counts_from_a_class_or_an_accessory_too(carrier):
    p = plan(_carrying("Inverted", carrier, weapon=weapon("sword")), defender(weapon=weapon("axe")))
    assert p.attacker.skill == 9 and p.defender.skill == 11
