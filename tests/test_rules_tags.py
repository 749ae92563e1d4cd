"""Combat tags and combat arts of v0.6, one rule at a time.

Numbers are checked through `plan_exchange` / `forecast` / `resolve`; rules about turns
(Status(Effect), Inflict, AoE, arts, Punishing) through `legal_actions` / `apply_action`.

Baseline (factories.py) unless a test says otherwise: Str 5, Skl 10, Spd 5, Def 2, Res 1,
20 HP and a 5-Might weightless sword, so a hit does 5 + 5 - 2 = 8 (16 on a crit), needs a
d20 of 10 or less, and crits only on a natural 1. Seeds come from `seed_for`, which finds
the first seed whose d20s are the ones a test needs.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from factories import (
    RA,
    RD,
    A,
    D,
    accessory,
    d20s,
    game,
    plains,
    plan,
    seed_for,
    staff,
    unit,
    unit_class,
    weapon,
)
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.events import Attacked, Hurt, Routed
from officers_chess.rules.battle.game import Attack, Equip, IllegalAction, Move, Wait, apply_action, legal_actions
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.combat.exchange import ExchangePlan, forecast, resolve
from officers_chess.rules.pieces.inventory import can_equip, equippable
from officers_chess.rules.pieces.models import Art, Inflicted
from officers_chess.rules.pieces.statuses import StatusName

HIT = range(2, 11)  # a plain hit at Skl 10 (no crit)
MISS = range(11, 21)  # a miss at Skl 10 that is not a Devil roll


def attacker(**kw):
    return unit(id="a1", side=A, pos=(0, 0), **kw)


def defender(**kw):
    return unit(id="d1", side=D, pos=(1, 0), **kw)


def bow_defender(**kw):
    """A defender that cannot counter at one tile (its bow reaches only 2)."""
    return defender(weapon=weapon("bow", range=(2, 2)), **kw)


def resolved(p: ExchangePlan, seed: int, a_hp: int = 20, d_hp: int = 20):
    swings, a_after, d_after, _ = resolve(p, a_hp, d_hp, Dice(seed=seed))
    return swings, a_after, d_after


# --- Devil ------------------------------------------------------------------------------------


@pytest.mark.parametrize("skill", [0, 8, 10, 20])
def test_devil_rolls_of_nine_and_ten_backfire_whatever_the_skill(skill):
    prof = plan(attacker(skl=skill, weapon=weapon(tags=["Devil"])), defender()).attacker
    assert prof.result(9) == prof.result(10) == "backfire"
    assert prof.result(1) == "crit"
    assert prof.result(8) == ("hit" if skill >= 8 else "miss")
    assert prof.result(11) == ("hit" if skill >= 11 else "miss")
    assert prof.backfire_chance == Fraction(2, 20)


def test_without_devil_nine_and_ten_are_ordinary_rolls():
    prof = plan(attacker(), defender()).attacker
    assert prof.result(9) == prof.result(10) == "hit"
    assert prof.backfire_chance == 0


def test_devil_backfire_deals_the_swings_normal_damage_to_the_wielder():
    p = plan(attacker(weapon=weapon(tags=["Devil"])), bow_defender())
    seed = seed_for(9)
    swings, a_hp, d_hp = resolved(p, seed)
    assert (a_hp, d_hp) == (12, 20)
    assert [(s.result, s.damage, s.target_hp) for s in swings] == [("backfire", 8, 12)]
    # The forecast knows it: 1 crits, 2-8 hit, 9-10 backfire, 11-20 miss.
    assert forecast(p, 20, 20).outcomes == {
        (20, 4): Fraction(1, 20),
        (20, 12): Fraction(7, 20),
        (12, 20): Fraction(2, 20),
        (20, 20): Fraction(10, 20),
    }


def test_devil_backfire_can_rout_the_wielder_and_ends_the_exchange():
    p = plan(attacker(weapon=weapon(tags=["Devil"])), defender())
    assert p.order == (RA, RD)
    swings, a_hp, d_hp = resolved(p, seed_for(10), a_hp=8)
    assert (a_hp, d_hp) == (0, 20)
    assert len(swings) == 1  # the routed wielder is not countered


# --- Drain ------------------------------------------------------------------------------------


def _drain_profile(**kw):
    # 5 Str + 6 Might - 2 Def = 9 damage, 18 on a crit.
    return plan(attacker(weapon=weapon(might=6, tags=["Drain"]), **kw), bow_defender()).attacker


def test_drain_heals_half_the_damage_dealt_rounded_down():
    prof = _drain_profile()
    assert prof.apply("hit", 10, 20, 20) == (10 + 9 // 2, 11)
    assert prof.apply("crit", 1, 20, 20) == (1 + 18 // 2, 2)


def test_drain_counts_only_the_damage_the_target_had_left():
    prof = _drain_profile()
    assert prof.apply("hit", 10, 20, 3) == (10 + 3 // 2, 0)
    assert prof.apply("crit", 10, 20, 5) == (10 + 5 // 2, 0)


def test_drain_never_heals_above_max_hp():
    assert _drain_profile().apply("hit", 19, 20, 20) == (20, 11)


def test_drain_heals_nothing_on_a_miss():
    assert _drain_profile().apply("miss", 10, 20, 20) == (10, 20)


def test_drain_through_forecast_and_resolve():
    p = plan(attacker(weapon=weapon(might=6, tags=["Drain"])), bow_defender())
    f = forecast(p, 10, 20)
    assert f.outcomes == {(19, 2): Fraction(1, 20), (14, 11): Fraction(9, 20), (10, 20): Fraction(10, 20)}
    _, a_hp, d_hp = resolved(p, seed_for(HIT), a_hp=10)
    assert (a_hp, d_hp) == (14, 11)


# --- Decimate ---------------------------------------------------------------------------------


@pytest.mark.parametrize("target_hp, taken", [(20, 10), (15, 7), (3, 1), (2, 1), (1, 1)])
def test_decimate_takes_half_the_targets_hp_rounded_down_at_least_one(target_hp, taken):
    prof = plan(attacker(weapon=weapon(tags=["Decimate"])), bow_defender()).attacker
    assert prof.apply("hit", 20, 20, target_hp) == (20, target_hp - taken)


def test_decimate_crits_are_not_doubled():
    prof = plan(attacker(weapon=weapon(tags=["Decimate"])), bow_defender()).attacker
    assert prof.apply("crit", 20, 20, 20) == (20, 10)


def test_decimate_ignores_the_targets_defense():
    prof = plan(attacker(weapon=weapon(tags=["Decimate"])), bow_defender(def_=30)).attacker
    assert prof.damage == 0  # an ordinary hit would do nothing
    assert prof.apply("hit", 20, 20, 20) == (20, 10)


def test_decimate_through_resolve():
    p = plan(attacker(weapon=weapon(tags=["Decimate"])), bow_defender())
    assert resolved(p, seed_for(HIT))[1:] == (20, 10)
    assert resolved(p, seed_for(1))[1:] == (20, 10)


# --- Devastate --------------------------------------------------------------------------------


@pytest.mark.parametrize("result", ["hit", "crit"])
@pytest.mark.parametrize("target_hp", [20, 9, 2])
def test_devastate_leaves_the_target_at_one_hp(result, target_hp):
    prof = plan(attacker(weapon=weapon(tags=["Devastate"])), bow_defender()).attacker
    assert prof.apply(result, 20, 20, target_hp) == (20, 1)


def test_devastate_does_nothing_to_a_target_at_one_hp():
    prof = plan(attacker(weapon=weapon(tags=["Devastate"])), bow_defender()).attacker
    assert prof.dealt("crit", 1) == 0
    f = forecast(plan(attacker(weapon=weapon(tags=["Devastate"])), bow_defender()), 20, 1)
    assert f.outcomes == {(20, 1): Fraction(1)}


# --- Assassinate ------------------------------------------------------------------------------


def test_assassinate_crit_on_an_unpromoted_unit_deals_all_its_hp():
    p = plan(attacker(weapon=weapon(tags=["Assassinate"])), bow_defender())
    assert p.attacker.assassinate
    assert p.attacker.apply("crit", 20, 20, 20) == (20, 0)
    assert p.attacker.apply("hit", 20, 20, 20) == (20, 12)  # a plain hit is ordinary
    assert resolved(p, seed_for(1))[1:] == (20, 0)


def test_assassinate_spares_promoted_classes():
    promoted = bow_defender(cls=unit_class(name="Swordmaster", promoted=True))
    p = plan(attacker(weapon=weapon(tags=["Assassinate"])), promoted)
    assert not p.attacker.assassinate
    assert p.attacker.apply("crit", 20, 20, 20) == (20, 4)
    assert resolved(p, seed_for(1))[1:] == (20, 4)


def test_assassinate_against_guarded_still_takes_everything():
    p = plan(attacker(weapon=weapon(tags=["Assassinate"])), bow_defender(tags=["Guarded"]))
    assert p.attacker.apply("crit", 20, 20, 20) == (20, 0)


# --- Ineffective and Guarded ------------------------------------------------------------------


@pytest.mark.parametrize("result", ["hit", "crit"])
def test_ineffective_weapon_deals_nothing_to_the_named_tag(result):
    p = plan(attacker(weapon=weapon(tags=["Ineffective(Armored)"])), bow_defender(tags=["Armored"]))
    assert p.attacker.ineffective
    assert p.attacker.apply(result, 20, 20, 20) == (20, 20)
    assert forecast(p, 20, 20).outcomes == {(20, 20): Fraction(1)}


def test_ineffective_beats_decimate_devastate_and_assassinate():
    tags = ["Ineffective(Armored)", "Decimate", "Devastate", "Assassinate", "Drain"]
    prof = plan(attacker(weapon=weapon(tags=tags)), bow_defender(tags=["Armored"])).attacker
    assert prof.apply("hit", 10, 20, 20) == (10, 20)
    assert prof.apply("crit", 10, 20, 20) == (10, 20)


def test_ineffective_spares_only_the_named_tag():
    p = plan(attacker(weapon=weapon(tags=["Ineffective(Armored)"])), bow_defender(tags=["Cavalry"]))
    assert not p.attacker.ineffective
    assert p.attacker.apply("hit", 20, 20, 20) == (20, 12)


def test_guarded_crits_are_not_doubled():
    prof = plan(attacker(), bow_defender(tags=["Guarded"])).attacker
    assert prof.crit_damage == prof.damage == 8
    assert prof.apply("crit", 20, 20, 20) == (20, 12)


# --- forecast and resolve agree on the HP-dependent tags --------------------------------------


def _agreement_cases() -> dict[str, tuple[ExchangePlan, int, int]]:
    return {
        # attacker faster (Spd 8): attack, counter, follow-up
        "devil": (plan(attacker(spd=8, weapon=weapon(tags=["Devil"])), defender()), 20, 20),
        "drain": (plan(attacker(spd=8, weapon=weapon(might=6, tags=["Drain"])), defender(str=7)), 12, 20),
        "decimate-brave": (plan(attacker(weapon=weapon(tags=["Decimate", "Brave"])), defender()), 20, 17),
        "devastate-both": (
            plan(attacker(weapon=weapon(tags=["Devastate"])), defender(spd=8, weapon=weapon(tags=["Devastate"]))),
            20,
            20,
        ),
        "assassinate-lucky": (
            plan(attacker(spd=8, tags=["Lucky(3)"], weapon=weapon(tags=["Assassinate"])), defender(weapon=weapon(tags=["Devil"]))),
            20,
            20,
        ),
        "drain-devil-vs-decimate": (
            plan(attacker(weapon=weapon(might=7, tags=["Drain", "Devil"])), defender(spd=8, weapon=weapon(tags=["Decimate"]))),
            9,
            20,
        ),
    }


AGREEMENT = sorted(_agreement_cases())


class ScriptedDice:
    """Stands in for `Dice` in `resolve`: hands out the given rolls in order."""

    def __init__(self, rolls: tuple[int, ...]):
        self.rolls = rolls

    def d20(self, why: str = "a d20", about: tuple[str, ...] = ()) -> tuple[int, ScriptedDice]:
        return self.die(20, why)

    def die(self, faces: int, why: str = "", about: tuple[str, ...] = ()) -> tuple[int, ScriptedDice]:
        assert 1 <= self.rolls[0] <= faces
        return self.rolls[0], ScriptedDice(self.rolls[1:])


@pytest.mark.parametrize("name", AGREEMENT)
def test_every_resolved_outcome_has_nonzero_forecast_probability(name):
    p, a_hp, d_hp = _agreement_cases()[name]
    f = forecast(p, a_hp, d_hp)
    assert sum(f.outcomes.values()) == 1
    for role in (RA, RD):
        assert sum(f.hp_after(role).values()) == 1
    seen = set()
    for seed in range(300):
        _, a_after, d_after = resolved(p, seed, a_hp, d_hp)
        assert f.outcomes.get((a_after, d_after), 0) > 0, (seed, a_after, d_after)
        seen.add((a_after, d_after))
    assert len(seen) > 2


@pytest.mark.parametrize("name", AGREEMENT)
def test_resolve_over_every_roll_sequence_gives_exactly_the_forecast(name):
    """Feed resolve every possible sequence of d20s: its distribution is the forecast's, to the fraction."""
    p, a_hp, d_hp = _agreement_cases()[name]
    assert len(p.order) <= 3
    counts: dict[tuple[int, int], int] = {}
    for rolls in itertools.product(range(1, 21), repeat=len(p.order)):
        _, a_after, d_after, _ = resolve(p, a_hp, d_hp, ScriptedDice(rolls))  # type: ignore[arg-type]
        counts[(a_after, d_after)] = counts.get((a_after, d_after), 0) + 1
    total = 20 ** len(p.order)
    assert {k: Fraction(v, total) for k, v in counts.items()} == forecast(p, a_hp, d_hp).outcomes


# --- Magic(Type) ------------------------------------------------------------------------------


def test_magic_type_weapon_attacks_are_magic_reduced_by_resistance():
    # A sword that casts: 5 + 5 - Res 1 = 9 against a Def-6 target (martial it would do 4).
    p = plan(attacker(weapon=weapon("sword", tags=["Magic(Dark)"])), bow_defender(def_=6, res=1))
    assert p.attacker.damage == 9
    plain = plan(attacker(), bow_defender(def_=6, res=1))
    assert plain.attacker.damage == 4


def test_magic_type_weapon_uses_the_magic_triangle():
    # Magic(Reason) beats faith, and no longer beats axes as a sword would.
    caster = attacker(weapon=weapon("sword", tags=["Magic(Reason)"]))
    vs_faith = plan(caster, defender(weapon=weapon("faith", might=5)))
    assert (vs_faith.attacker.skill, vs_faith.attacker.damage) == (11, 5 + 5 + 1 - 1)
    assert vs_faith.defender.skill == 9
    vs_axe = plan(caster, defender(weapon=weapon("axe")))
    assert vs_axe.attacker.skill == 10
    assert vs_axe.defender.skill == 10


def test_magic_type_on_the_defender_is_what_the_attacker_triangle_sees():
    # Dark beats reason: the defender's Magic(Reason) lance counts as reason.
    p = plan(attacker(weapon=weapon("dark", might=5)), defender(weapon=weapon("lance", tags=["Magic(Reason)"])))
    assert p.attacker.skill == 11
    assert p.defender.skill == 9


# --- SpellRange(X) and staff reach by Strength ------------------------------------------------


@pytest.mark.parametrize("tome", ["reason", "faith", "dark"])
def test_spell_range_lengthens_tomes(tome):
    caster = attacker(accessory=accessory(tags=["SpellRange(2)"]), weapon=weapon(tome, range=(1, 2)))
    assert weapon_range(caster, caster.equipped_weapon) == (1, 4)


def test_spell_range_does_not_lengthen_other_weapons():
    archer = attacker(accessory=accessory(tags=["SpellRange(2)"]), weapon=weapon("bow", range=(2, 2)))
    assert weapon_range(archer, archer.equipped_weapon) == (2, 2)


def test_spell_range_stacks_from_class_and_accessory_and_reaches_targets():
    caster = unit(id="a1", side=A, pos=(0, 0), tags=["SpellRange(1)"], accessory=accessory(tags=["SpellRange(1)"]),
                  weapon=weapon("dark", range=(1, 1)))
    far = unit(id="d1", side=D, pos=(3, 0))
    state = apply_action(game(plains(5), [caster, far]), Move(unit="a1", to=(0, 0))).state
    assert Attack(target="d1") in legal_actions(state)
    plain = unit(id="a1", side=A, pos=(0, 0), weapon=weapon("dark", range=(1, 2)))
    state = apply_action(game(plains(5), [plain, far]), Move(unit="a1", to=(0, 0))).state
    assert Attack(target="d1") not in legal_actions(state)


def test_spell_range_lets_a_tome_counter_further():
    p = plan(attacker(weapon=weapon("bow", range=(2, 3))), defender(tags=["SpellRange(1)"], weapon=weapon("dark", range=(1, 2))), distance=3)
    assert p.defender is not None
    p = plan(attacker(weapon=weapon("bow", range=(2, 3))), defender(weapon=weapon("dark", range=(1, 2))), distance=3)
    assert p.defender is None


@pytest.mark.parametrize("strength, longest", [(0, 1), (3, 1), (4, 2), (8, 4), (9, 4)])
def test_strength_reach_is_at_least_half_the_strength(strength, longest):
    user = attacker(str=strength, weapon=staff(range=(1, 1), strength_reach=True))
    assert weapon_range(user, user.equipped_weapon) == (1, longest)


def test_strength_reach_never_shortens_a_weapon_and_is_off_by_default():
    long_staff = attacker(str=4, weapon=staff(range=(1, 5), strength_reach=True))
    assert weapon_range(long_staff, long_staff.equipped_weapon) == (1, 5)
    plain = attacker(str=12, weapon=staff(range=(1, 1)))
    assert weapon_range(plain, plain.equipped_weapon) == (1, 1)


# --- Exclusive(Class) -------------------------------------------------------------------------


def test_exclusive_weapon_only_for_its_class():
    foil = weapon(tags=["Exclusive(Swordmaster)"], name="Foil")
    other = unit(id="a1", extra_items=[foil])
    master = unit(id="a2", cls=unit_class(name="Swordmaster"), extra_items=[foil])
    assert not can_equip(other, foil)
    assert can_equip(master, foil)
    assert 1 not in equippable(other)
    assert 1 in equippable(master)


def test_exclusive_weapon_is_not_offered_as_equip():
    foil = weapon(tags=["Exclusive(Swordmaster)"], name="Foil")
    units = [unit(id="a1", pos=(0, 0), extra_items=[foil]), unit(id="d1", side=D, pos=(3, 0))]
    state = apply_action(game(plains(4), units), Move(unit="a1", to=(0, 0))).state
    assert Equip(item=1) not in legal_actions(state)
    with pytest.raises(IllegalAction):
        apply_action(state, Equip(item=1))


def test_exclusive_accessory_too():
    ring = accessory(tags=["Exclusive(Swordmaster)"])
    assert not can_equip(unit(), ring)
    assert can_equip(unit(cls=unit_class(name="Swordmaster")), ring)


# --- Status(Effect) on a weapon ---------------------------------------------------------------


def _duel(a_kw=None, d_kw=None, seed=0, width=4):
    """a1 at (0,0) and d1 at (1,0); a1 has moved (stayed) and is mid-turn."""
    units = [unit(id="a1", side=A, pos=(0, 0), **(a_kw or {})), unit(id="d1", side=D, pos=(1, 0), **(d_kw or {}))]
    return apply_action(game(plains(width), units, seed=seed), Move(unit="a1", to=(0, 0))).state


def test_status_weapon_puts_its_status_on_a_unit_it_hits():
    state = _duel({"weapon": weapon(might=0, tags=["Status(Sleep)"])}, {"weapon": None}, seed=seed_for(HIT))
    after = apply_action(state, Attack(target="d1")).state
    assert after.unit("d1").has_status(StatusName.SLEEP)


def test_status_weapon_does_nothing_on_a_miss():
    state = _duel({"weapon": weapon(might=0, tags=["Status(Sleep)"])}, {"weapon": None}, seed=seed_for(MISS))
    after = apply_action(state, Attack(target="d1")).state
    assert after.unit("d1").statuses == []


def test_status_weapon_works_on_a_counter():
    # a1 (Skl 0) misses unless it rolls a 1; d1 hits with a poisoned blade.
    state = _duel({"skl": 0}, {"weapon": weapon(tags=["Status(Poisoned)"])}, seed=seed_for(range(2, 21), HIT))
    after = apply_action(state, Attack(target="d1")).state
    assert after.unit("a1").has_status(StatusName.POISONED)
    assert not after.unit("d1").statuses


def test_status_weapon_takes_hold_once_for_several_hits():
    state = _duel({"weapon": weapon(might=0, tags=["Status(Berserk)", "Brave"])}, {"weapon": None}, seed=seed_for(HIT, HIT))
    after = apply_action(state, Attack(target="d1")).state
    assert [s.name for s in after.unit("d1").statuses] == [StatusName.BERSERK]


# --- Inflict(Stat-X) --------------------------------------------------------------------------


def test_inflict_lowers_the_stat_during_the_victims_next_turn_only():
    # v0.6: "on their next turn" (docs/rulings.md C16): the stat is whole until that turn begins.
    state = _duel({"weapon": weapon(might=0, tags=["Inflict(Def-2)"])}, {"weapon": None}, seed=seed_for(HIT))
    state = apply_action(state, Attack(target="d1")).state
    victim = state.unit("d1")
    assert victim.inflicted == Inflicted(stat="defense", amount=-2, turn_ends=1, pending=True)
    assert victim.stat("defense") == 2  # not yet: its next turn has not begun
    state = apply_action(state, Move(unit="d1", to=(1, 0))).state
    assert state.unit("d1").stat("defense") == 0  # lowered during its turn
    state = apply_action(state, Wait()).state
    assert state.unit("d1").inflicted is None
    assert state.unit("d1").stat("defense") == 2


def test_other_attackers_in_the_same_round_get_no_benefit_from_an_inflict():
    state = _duel({"weapon": weapon(might=0, tags=["Inflict(Def-2)"])}, {"weapon": None}, seed=seed_for(HIT))
    state = apply_action(state, Attack(target="d1")).state
    assert state.plan(state.unit("a1"), state.unit("d1")).attacker.damage == 3  # 5 + 0 - 2: Def still whole


def test_inflict_during_the_victims_own_turn_waits_for_the_next_one():
    # a1 attacks and misses; d1's counter inflicts Str-2 on a1 during a1's own turn.
    state = _duel({"skl": 0}, {"weapon": weapon(might=0, tags=["Inflict(Str-2)"])}, seed=seed_for(range(2, 21), HIT))
    state = apply_action(state, Attack(target="d1")).state
    a1 = state.unit("a1")
    assert a1.inflicted == Inflicted(stat="strength", amount=-2, turn_ends=1, pending=True)  # outlives this turn
    assert a1.stat("strength") == 5
    state = apply_action(apply_action(state, Move(unit="d1", to=(1, 0))).state, Wait()).state
    assert state.round == 2 and state.to_act is A
    assert state.unit("a1").stat("strength") == 5
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    assert state.unit("a1").stat("strength") == 3  # its next turn: lowered
    state = apply_action(state, Wait()).state
    assert state.unit("a1").inflicted is None


def test_a_new_inflict_replaces_the_old_one():
    d_kw = {"weapon": None}
    state = _duel({"weapon": weapon(might=0, tags=["Inflict(Def-2)"])}, d_kw, seed=seed_for(HIT))
    state.unit("d1").inflicted = Inflicted(stat="strength", amount=-3, turn_ends=1)
    state = apply_action(state, Attack(target="d1")).state
    victim = state.unit("d1")
    assert victim.inflicted == Inflicted(stat="defense", amount=-2, turn_ends=1, pending=True)
    assert victim.stat("strength") == 5


def test_an_inflict_saved_in_effect_before_save_version_4_stays_in_effect():
    # Old saves hold no `pending`: such an Inflict was already lowering the stat, and still does.
    held = Inflicted.model_validate({"stat": "defense", "amount": -2, "turn_ends": 1})
    assert not held.pending and "pending" not in held.model_dump()


def test_inflict_needs_a_hit():
    state = _duel({"weapon": weapon(might=0, tags=["Inflict(Def-2)"])}, {"weapon": None}, seed=seed_for(MISS))
    assert apply_action(state, Attack(target="d1")).state.unit("d1").inflicted is None


# --- AoE --------------------------------------------------------------------------------------


def _aoe_state(seed: int, e1_hp: int = 20, weapon_tags=("AoE",)):
    """a1 at the centre with an AoE sword; e1 (unarmed, the target) and e2 (armed) beside it,
    e3 two tiles off, and an ally a2 beside it."""
    units = [
        unit(id="a1", side=A, pos=(2, 2), weapon=weapon(tags=list(weapon_tags))),
        unit(id="a2", side=A, pos=(2, 3)),
        unit(id="e1", side=D, pos=(3, 2), weapon=None, hp=e1_hp),
        unit(id="e2", side=D, pos=(1, 2)),
        unit(id="e3", side=D, pos=(2, 0)),
    ]
    return apply_action(game(plains(5, 5), units, seed=seed), Move(unit="a1", to=(2, 2))).state


def test_aoe_swings_once_at_every_other_enemy_in_reach_without_counters():
    state = apply_action(_aoe_state(seed_for(HIT, HIT)), Attack(target="e1")).state
    hp = {u.id: u.hp for u in state.units}
    assert hp == {"a1": 20, "a2": 20, "e1": 12, "e2": 12, "e3": 20}
    assert state.dice.draws == 2  # one swing at e1 (no counter, no follow-up), one at e2


def test_aoe_splash_rolls_its_own_d20():
    state = apply_action(_aoe_state(seed_for(HIT, MISS)), Attack(target="e1")).state
    assert (state.unit("e1").hp, state.unit("e2").hp) == (12, 20)


def test_aoe_splashes_even_when_the_target_is_routed():
    out = apply_action(_aoe_state(seed_for(HIT, HIT), e1_hp=8), Attack(target="e1"))
    assert not out.state.unit("e1").on_field
    assert out.state.unit("e2").hp == 12


def test_an_attacker_routed_by_its_own_splash_is_routed_once():
    # Devil on an AoE blade: the swing at e1 misses, the splash at e2 backfires on an 8-HP wielder.
    units = [
        unit(id="a1", side=A, pos=(1, 1), hp=8, weapon=weapon(tags=["AoE", "Devil"])),
        unit(id="a2", side=A, pos=(0, 0)),
        unit(id="e1", side=D, pos=(2, 1), weapon=None),
        unit(id="e2", side=D, pos=(0, 1), weapon=None),
    ]
    state = apply_action(game(plains(3, 3), units, seed=seed_for(MISS, 9)), Move(unit="a1", to=(1, 1))).state
    out = apply_action(state, Attack(target="e1"))
    assert not out.state.unit("a1").on_field
    assert [e for e in out.events if isinstance(e, Routed)] == [Routed("A1")]


def test_without_aoe_no_one_else_is_touched():
    state = apply_action(_aoe_state(seed_for(HIT, HIT), weapon_tags=()), Attack(target="e1")).state
    assert state.unit("e2").hp == 20
    assert state.dice.draws == 1


# --- combat arts ------------------------------------------------------------------------------

ARTS = {
    "Feint": Art(name="Feint", skill=4),
    "Cleave": Art(name="Cleave", might=3, skill=-2, tags=["Effective(Armored)"]),
    "Twin": Art(name="Twin", tags=["Brave"]),
    "Hex": Art(name="Hex", tags=["Status(Sleep)"]),
    "Blaze": Art(name="Blaze", might=1, tags=["AoE"]),
}


def _art_state(art_tags, a_kw=None, d_kw=None, seed=0, arts=ARTS):
    units = [
        unit(id="a1", side=A, pos=(0, 0), weapon=weapon(tags=art_tags), **(a_kw or {})),
        unit(id="d1", side=D, pos=(1, 0), **(d_kw or {})),
    ]
    state = game(plains(4), units, seed=seed)
    state.arts = dict(arts)
    return apply_action(state, Move(unit="a1", to=(0, 0))).state


def test_an_art_attack_is_legal_with_the_art_tag():
    actions = legal_actions(_art_state(["Art(Feint)"]))
    assert Attack(target="d1", art="Feint") in actions
    assert Attack(target="d1") in actions
    assert Attack(target="d1", art="Cleave") not in actions


def test_no_art_attack_without_the_art_tag():
    state = _art_state([])
    assert [a for a in legal_actions(state) if isinstance(a, Attack)] == [Attack(target="d1")]
    with pytest.raises(IllegalAction):
        apply_action(state, Attack(target="d1", art="Feint"))


def test_no_art_attack_when_the_battle_does_not_know_the_art():
    state = _art_state(["Art(Feint)"], arts={})
    assert Attack(target="d1", art="Feint") not in legal_actions(state)
    with pytest.raises(IllegalAction):
        apply_action(state, Attack(target="d1", art="Feint"))


def test_an_art_on_the_class_counts_too():
    state = _art_state([], a_kw={"tags": ["Art(Feint)"]})
    assert Attack(target="d1", art="Feint") in legal_actions(state)


def test_an_arts_skill_and_might_add_to_the_attackers_swings():
    state = _art_state(["Art(Feint)", "Art(Cleave)"], d_kw={"tags": ["Armored"]})
    a1, d1 = state.unit("a1"), state.unit("d1")
    assert state.plan(a1, d1, art="Feint").attacker.skill == 14
    cleave = state.plan(a1, d1, art="Cleave").attacker
    assert (cleave.skill, cleave.damage) == (8, 5 + 5 + 3 + 3 - 2)  # its Might and its Effective(Armored)
    assert state.plan(a1, d1).attacker.damage == 8
    assert state.plan(a1, d1, art="Feint").defender.skill == 10  # the counter is untouched


def test_an_arts_brave_tag_doubles_its_swings():
    state = _art_state(["Art(Twin)"])
    assert state.plan(state.unit("a1"), state.unit("d1"), art="Twin").order == (RA, RA, RD)


def test_the_attacker_never_follows_up_with_an_art():
    state = _art_state(["Art(Feint)"], a_kw={"spd": 9})
    a1, d1 = state.unit("a1"), state.unit("d1")
    assert state.plan(a1, d1).order == (RA, RD, RA)
    assert state.plan(a1, d1, art="Feint").order == (RA, RD)


def test_a_faster_defender_still_follows_up_against_an_art():
    state = _art_state(["Art(Feint)"], d_kw={"spd": 9})
    assert state.plan(state.unit("a1"), state.unit("d1"), art="Feint").order == (RA, RD, RD)


def test_an_art_attack_resolves_with_the_arts_numbers():
    state = _art_state(["Art(Feint)"], seed=seed_for(14, MISS))
    out = apply_action(state, Attack(target="d1", art="Feint"))
    attacked = next(e for e in out.events if isinstance(e, Attacked))
    assert attacked.art == "Feint"
    assert (attacked.swings[0].roll, attacked.swings[0].needed, attacked.swings[0].result) == (14, 14, "hit")
    assert out.state.unit("d1").hp == 12


def test_an_arts_status_tag_takes_hold_on_a_hit():
    state = _art_state(["Art(Hex)"], d_kw={"weapon": None}, seed=seed_for(HIT))
    after = apply_action(state, Attack(target="d1", art="Hex")).state
    assert after.unit("d1").has_status(StatusName.SLEEP)
    plain = _art_state(["Art(Hex)"], d_kw={"weapon": None}, seed=seed_for(HIT))
    assert not apply_action(plain, Attack(target="d1")).state.unit("d1").statuses


def test_an_arts_aoe_tag_splashes():
    units = [
        unit(id="a1", side=A, pos=(1, 1), weapon=weapon(tags=["Art(Blaze)"])),
        unit(id="e1", side=D, pos=(2, 1), weapon=None),
        unit(id="e2", side=D, pos=(0, 1), weapon=None),
    ]
    state = game(plains(3, 3), units, seed=seed_for(HIT, HIT))
    state.arts = dict(ARTS)
    state = apply_action(state, Move(unit="a1", to=(1, 1))).state
    after = apply_action(state, Attack(target="e1", art="Blaze")).state
    assert (after.unit("e1").hp, after.unit("e2").hp) == (11, 11)  # 5 + 5 + 1 - 2, each


# --- Punishing(X) -----------------------------------------------------------------------------


def test_punishing_hurts_the_wielder_at_the_end_of_a_turn_it_attacked():
    state = _duel({"weapon": weapon(tags=["Punishing(3)"])}, {"weapon": None}, seed=seed_for(MISS))
    out = apply_action(state, Attack(target="d1"))
    assert out.state.unit("a1").hp == 17
    assert any(isinstance(e, Hurt) and e.unit == "A1" and e.amount == 3 for e in out.events)


def test_punishing_does_not_hurt_a_wielder_that_waits():
    state = _duel({"weapon": weapon(tags=["Punishing(3)"])}, {"weapon": None})
    assert apply_action(state, Wait()).state.unit("a1").hp == 20


def test_punishing_does_not_hurt_for_counters():
    # d1 counters with a Punishing blade during a1's turn, then simply waits on its own turn.
    state = _duel({"skl": 0}, {"skl": 0, "weapon": weapon(tags=["Punishing(3)"])}, seed=seed_for(MISS, MISS))
    state = apply_action(state, Attack(target="d1")).state
    assert state.unit("d1").hp == 20
    state = apply_action(apply_action(state, Move(unit="d1", to=(1, 0))).state, Wait()).state
    assert state.unit("d1").hp == 20


def test_punishing_can_rout_its_wielder():
    state = _duel({"weapon": weapon(tags=["Punishing(3)"]), "hp": 3}, {"weapon": None}, seed=seed_for(MISS))
    out = apply_action(state, Attack(target="d1"))
    assert not out.state.unit("a1").on_field
    assert any(isinstance(e, Routed) and e.unit == "A1" for e in out.events)


def test_seed_helper_finds_the_rolls_asked_for():
    assert d20s(seed_for(9, MISS), 2)[0] == 9
    assert d20s(seed_for(9, MISS), 2)[1] in MISS
