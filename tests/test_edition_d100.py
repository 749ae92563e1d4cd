"""The "d100" draft, one rule at a time (seeds/004_482d9bc50232aa43.txt, read as docs/rulings.md E1-E25 say).

Units here are built directly (never from the bundled catalogue) with letter ratings; the
default unit is C in every rating (Dex and Speed 10, base damage 6, reduction 3), 20 HP, with a
weightless 0-Might, 0-Hit sword, so a number in a test is the draft's formula with what the
test adds: Hit = 70 + Dex + weapon Hit - (Speed + Weight + tile Avo); damage = base + Might +
bonuses - (reduction + tile DR), a crit doubling the blow before reduction. Both readings (the tables' garbled
headers read in scale order, the crit doubling before reduction) are rulings E43 and E44 in docs/rulings.md.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import (
    find_scenario,
    load_catalogue,
    load_catalogue_file,
    load_scenario,
)
from edition_kit import EditionKit, do, ring, specials, stay
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.actions import Attack, CantoMove, Move, Special, Strike, Wait
from officers_chess.rules.battle.events import Attacked, Healed, Hurt, StatusRoll
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.specials import staff_hit_chance
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.editions.d100_tables import (
    BASE_DAMAGE,
    DAMAGE_REDUCTION,
    DEX_SPEED,
)
from officers_chess.rules.combat.exchange import Role, forecast, resolve
from officers_chess.rules.pieces.models import (
    Accessory,
    Consumable,
    Side,
    WeaponType,
)
from officers_chess.rules.pieces.statuses import StatusName

ED = "d100"
RULES = rules_for(ED)
TILES = RULES.terrain
A, D = Side.ATTACKER, Side.DEFENDER
RA, RD = Role.ATTACKER, Role.DEFENDER
MAGIC = (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK, WeaponType.STAFF)
SCALE = "FEDCBAS"


def dex(letter: str) -> int:
    return DEX_SPEED[SCALE.index(letter)]


def base(letter: str) -> int:
    return BASE_DAMAGE[SCALE.index(letter)]


def reduction(letter: str) -> int:
    return DAMAGE_REDUCTION[SCALE.index(letter)]


# --- builders (letter ratings): tests/edition_kit.py -----------------------------------------------------

KIT = EditionKit(ED)
klass, wpn, staff, unit, foe, plan, glyph, battle = (KIT.klass, KIT.wpn, KIT.staff, KIT.unit, KIT.foe, KIT.plan,
                                                    KIT.glyph, KIT.battle)


# --- hitting: 70 + Dex + weapon Hit - Avoid -------------------------------------------------------------


def test_hit_is_seventy_plus_dex_plus_weapon_hit_minus_avoid():
    p = plan(unit(skl="B", weapon=wpn(hit=-10)), foe(spd="C", weapon=wpn(weight=-5)))
    assert p.attacker.skill == 70 + dex("B") - 10 - (dex("C") - 5) == 70
    assert p.attacker.faces == 100 and not p.attacker.natural_one


def test_an_accessorys_weight_lowers_avoid_too():
    target = foe(accessory=Accessory(name="Shield", defense=1, weight=-5, edition=ED))
    assert plan(unit(), target).attacker.skill == 70 + dex("C") - (dex("C") - 5)


@pytest.mark.parametrize("tile,avo", [("plains", 0), ("forest", 5), ("pillars", 5), ("thicket", 5), ("fog", 5),
                                      ("fort", 5), ("protection_tile", 5), ("sea", -5), ("river", -5), ("mountain", 0),
                                      ("stone_pillars", 0), ("desert", 0)])
def test_the_targets_tile_adds_its_avo(tile, avo):
    assert plan(unit(), foe(), dt=tile).attacker.skill == 70 + dex("C") - dex("C") - avo


def test_covert_doubles_the_tiles_avo_and_dr_flyers_and_mystical_attackers_ignore_them():
    covert = plan(unit(str="B", weapon=wpn(might=3)), foe(tags=["Covert"]), dt="fort").attacker
    assert (covert.skill, covert.damage, covert.crit_damage) == (70 - 10, 10 - 3 - 4, 20 - 3 - 4)
    for p in (plan(unit(str="B", weapon=wpn(might=3), tags=["Mystical"]), foe(), dt="fort").attacker,
              plan(unit(str="B", weapon=wpn(might=3)), foe(tags=["Flying"]), dt="fort").attacker):
        assert (p.skill, p.damage, p.crit_damage) == (70, 10 - 3, 20 - 3)


def test_inaccurate_and_cursed_move_ratings_a_step():
    assert plan(unit(skl="B", weapon=wpn(tags=["Inaccurate(1)"])), foe()).attacker.skill == 70 + dex("C") - dex("C")
    assert plan(unit(), foe(weapon=wpn(tags=["Cursed(Spd-1)"]))).attacker.skill == 70 + dex("C") - dex("D")


def test_ratings_moved_by_bonuses_stop_at_f_and_s():
    """E2: a rating moved past S is S (Speed 25), past F is F (-5)."""
    assert plan(unit(), foe(spd="A", weapon=wpn(tags=["Bonus(Spd+3)"]))).attacker.skill == 70 + 10 - 25
    assert plan(unit(), foe(spd="E", weapon=wpn(tags=["Cursed(Spd-3)"]))).attacker.skill == 70 + 10 + 5


def test_no_automatic_hit_on_a_one():
    """E5: a d100 at or under the hit number hits; a hit number of 0 or less never hits."""
    p = plan(unit(skl="F", weapon=wpn(hit=-50)), foe(spd="S")).attacker
    assert p.skill == 70 + dex("F") - 50 - dex("S") == -10
    assert p.result(1) == "miss" and p.hit_chance == 0 and p.crit_chance == 0


def test_a_hit_number_over_a_hundred_always_hits():
    p = plan(unit(skl="S", weapon=wpn(hit=10)), foe(spd="F")).attacker
    assert p.skill == 110 and p.hit_chance == 1 and p.crit_chance == Fraction(10, 100)


# --- damage --------------------------------------------------------------------------------------------


def test_damage_is_base_plus_might_minus_reduction_and_a_crit_doubles_before_reduction():
    p = plan(unit(str="B", weapon=wpn(might=3)), foe(def_="C"))
    blow = base("B") + 3
    assert (p.attacker.damage, p.attacker.crit_damage) == (blow - reduction("C"), 2 * blow - reduction("C")) == (7, 17)


def test_magic_reads_magic_against_resistance_and_enchanted_swords_are_magic():
    for weapon in (wpn("reason", might=1), wpn("sword", might=1, tags=["Enchanted"])):
        p = plan(unit(str="F", mag="A", weapon=weapon), foe(def_="S", res="E"))
        assert p.attacker.damage == base("A") + 1 - reduction("E")


def test_damage_never_goes_below_zero():
    p = plan(unit(str="F"), foe(def_="S"), dt="fort").attacker
    assert (p.damage, p.crit_damage) == (0, 0)


@pytest.mark.parametrize("tile,dr", [("plains", 0), ("mountain", 1), ("fort", 2), ("protection_tile", 2),
                                     ("stone_pillars", 2), ("forest", 0), ("sea", 0)])
def test_the_targets_tile_adds_its_dr(tile, dr):
    p = plan(unit(str="B", weapon=wpn(might=3)), foe(), dt=tile).attacker
    assert (p.damage, p.crit_damage) == (10 - 3 - dr, 20 - 3 - dr)


def test_the_triangle_changes_no_number_and_only_breaks():
    """E7: in "d100" the triangle's advantage only breaks."""
    even = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("sword")))
    edge = plan(unit(weapon=wpn("sword")), foe(weapon=wpn("axe")))
    assert (edge.attacker.skill, edge.attacker.damage) == (even.attacker.skill, even.attacker.damage)
    assert (edge.defender.skill, edge.defender.damage) == (even.defender.skill, even.defender.damage)
    assert edge.attacker.breaks and not edge.defender.breaks and not even.attacker.breaks


def test_effective_adds_five_and_a_crit_doubles_it_too():
    p = plan(unit(weapon=wpn(tags=["Effective(Cavalry)"])), foe(tags=["Cavalry"])).attacker
    assert (p.damage, p.crit_damage) == (6 + 5 - 3, 2 * (6 + 5) - 3)
    assert plan(unit(weapon=wpn(tags=["Effective(Cavalry)"])), foe()).attacker.damage == 3


def test_poisoned_targets_take_one_more():
    assert plan(unit(), foe(statuses=["Poisoned"])).attacker.damage == 6 + 1 - 3


def test_piercing_reads_e_but_the_tile_still_counts():
    """E22: in "d100" Piercing reads Defense as E; the tile's DR still counts."""
    target = foe(def_="A")
    assert plan(unit(str="A", weapon=wpn(might=4)), target, dt="fort").attacker.damage == 12 - 5 - 2
    assert plan(unit(str="A", weapon=wpn(might=4, tags=["Piercing"])), target, dt="fort").attacker.damage == 12 - 1 - 2


def test_a_shield_is_points_of_reduction_against_martial_blows_only():
    """E24."""
    shield = Accessory(name="Shield", defense=2, edition=ED)
    assert plan(unit(), foe(accessory=shield)).attacker.damage == 6 - 3 - 2
    assert plan(unit(weapon=wpn("reason")), foe(accessory=shield)).attacker.damage == 6 - 3


def test_barrier_is_one_step_of_resistance():
    healer = unit(id="a2", pos=(0, 1), weapon=staff(["Status(Barrier)", "Consumable(2)"]))
    state = stay(battle(["...", "..."], [healer, foe(pos=(2, 1)), unit(pos=(0, 0))]), "a2")
    shielded = do(state, Special(name="status", source=0, target="a1")).unit("a1")
    assert [(s.name, s.amount) for s in shielded.statuses] == [(StatusName.BARRIER, 1)]
    assert plan(unit(id="d9", side=D, weapon=wpn("reason")), shielded).attacker.damage == 6 - reduction("B")


def test_backup_adds_three_once_counters_included():
    rows = ["....", "....", "...."]
    a1, d1 = unit(pos=(0, 1)), foe(pos=(1, 1))
    one = battle(rows, [a1, d1, unit("a2", pos=(2, 1), tags=["Backup"])])
    assert one.plan(one.unit("a1"), one.unit("d1")).attacker.damage == 6 + 3 - 3
    two = battle(rows, [a1, d1, unit("a2", pos=(2, 1), tags=["Backup"]), unit("a3", pos=(1, 2), tags=["Backup"])])
    assert two.plan(two.unit("a1"), two.unit("d1")).attacker.damage == 6 + 3 - 3
    far = battle(rows, [a1, d1, unit("a2", pos=(3, 1), tags=["Backup"])])
    assert far.plan(far.unit("a1"), far.unit("d1")).attacker.damage == 6 - 3
    theirs = battle(rows, [a1, d1, foe("d2", pos=(0, 0), tags=["Backup"])])
    assert theirs.plan(theirs.unit("a1"), theirs.unit("d1")).defender.damage == 6 + 3 - 3


# --- crits and Homing -------------------------------------------------------------------------------------


def test_a_crit_is_ten_or_less_within_a_hit_deadly_widens_nimble_narrows():
    p = plan(unit(), foe()).attacker
    assert (p.skill, p.crit_top) == (70, 10)
    assert [p.result(r) for r in (1, 10, 11, 70, 71)] == ["crit", "crit", "hit", "hit", "miss"]
    assert plan(unit(tags=["Deadly(5)"], weapon=wpn(tags=["Deadly(5)"])), foe()).attacker.crit_top == 20
    assert plan(unit(), foe(tags=["Nimble(4)"])).attacker.crit_top == 6
    low = plan(unit(weapon=wpn(hit=-60, tags=["Deadly(20)"])), foe()).attacker
    assert (low.skill, low.crit_top, low.result(11)) == (10, 10, "miss")


def test_homing_always_hits_and_never_crits():
    p = plan(unit(skl="F", weapon=wpn("faith", hit=-80, tags=["Homing"])), foe(spd="S"), dt="forest").attacker
    assert p.always_hits and p.crit_top == 0
    assert {p.result(r) for r in range(1, 101)} == {"hit"}


# --- follow-ups ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mine,my_weight,theirs,order", [
    ("A", 0, "C", (RA, RD, RA)), ("A", -5, "C", (RA, RD)), ("B", 0, "C", (RA, RD)), ("C", 0, "A", (RA, RD, RD)),
    ("S", -10, "C", (RA, RD)), ("S", -5, "C", (RA, RD, RA)), ("S", -10, "D", (RA, RD, RA)),
])
def test_ten_more_agility_follows_up(mine, my_weight, theirs, order):
    assert plan(unit(spd=mine, weapon=wpn(weight=my_weight)), foe(spd=theirs)).order == order


def test_the_tiles_avo_never_counts_for_follow_ups():
    assert plan(unit(spd="A"), foe(spd="C"), dt="forest").order == (RA, RD, RA)
    assert plan(unit(spd="B"), foe(spd="C"), at="sea").order == (RA, RD)


def test_complex_and_heavy_never_follow_up_and_heavy_strikes_second():
    assert plan(unit(spd="S", weapon=wpn(tags=["Complex"])), foe()).order == (RA, RD)
    assert plan(unit(spd="S", weapon=wpn("axe", tags=["Heavy"])), foe()).order == (RD, RA)
    assert plan(unit(weapon=wpn(tags=["Brave"])), foe()).order == (RA, RA, RD)


def test_built_is_not_a_d100_tag():
    assert "Built" not in RULES.tags and "Cursed" in RULES.tags


# --- Broken ------------------------------------------------------------------------------------------------


def test_a_damaging_advantage_hit_breaks_and_the_counter_never_comes():
    p = plan(unit(weapon=wpn("lance")), foe(weapon=wpn("sword")))
    f = forecast(p, 20, 20)
    assert f.landed[RD] == Fraction(30, 100) * Fraction(70, 100)
    swings, *_ = resolve(p, 20, 20, Dice(seed=0).with_rolls([70]))
    assert [(s.role, s.broke) for s in swings] == [(RA, True)]


def test_an_advantage_hit_that_deals_no_damage_does_not_break():
    p = plan(unit(str="F", weapon=wpn("lance")), foe(def_="S", weapon=wpn("sword")))
    assert p.attacker.damage == 0 and p.attacker.breaks
    f = forecast(p, 20, 20)
    assert f.landed[RD] == Fraction(70, 100)  # the counter comes whatever the attacker rolled
    swings, *_ = resolve(p, 20, 20, Dice(seed=0).with_rolls([20, 20]))
    assert [(s.role, s.result, s.broke) for s in swings] == [(RA, "hit", False), (RD, "hit", False)]
    state = battle(["...."], [unit(str="F", weapon=wpn("lance")), foe(def_="S", weapon=wpn("sword"))], rolls=[20, 99])
    assert not do(stay(state, "a1"), Attack(target="d1")).unit("d1").has_status(StatusName.BROKEN)


def test_broken_in_play_cured_by_activation():
    state = battle(["....."], [unit(weapon=wpn("axe")), foe(weapon=wpn("lance"))], rolls=[50])
    state = do(stay(state, "a1"), Attack(target="d1"))
    assert state.unit("d1").has_status(StatusName.BROKEN)
    assert not do(state, Move(unit="d1", to=(2, 0))).unit("d1").has_status(StatusName.BROKEN)


def test_armor_is_never_broken():
    assert not plan(unit(weapon=wpn("axe")), foe(weapon=wpn("lance"), tags=["Armor"])).attacker.breaks


# --- Qi Adept halves ------------------------------------------------------------------------------------


def _qi(adept_hp=None, **adept):
    adept_unit = foe("d2", pos=(1, 0), tags=["QiAdept"], hp=adept_hp, weapon=wpn("lance"), **adept)
    return battle(["....", "....", "...."], [unit(pos=(0, 1), str="B", weapon=wpn("lance", might=3, range=(1, 2))),
                                              foe(pos=(1, 1)), adept_unit, foe("d3", pos=(3, 2))], rolls=[50] * 6)


def test_a_qi_adept_takes_the_attack_and_its_damage_is_halved_after_reduction_rounded_down():
    state = _qi()
    p = state.plan(state.unit("a1"), state.unit("d1"))
    assert (p.attacker.damage, p.attacker.crit_damage) == ((10 - 3) // 2, (20 - 3) // 2) == (3, 8)
    assert p.defender is not None  # it steps into the blow aimed 1 tile away (E9), so its lance answers
    after = do(stay(state, "a1"), Attack(target="d1"))
    assert (after.unit("d1").hp, after.unit("d2").hp) == (20, 17)
    assert after.unit("d2").guarded


def test_a_hurt_qi_adept_does_not_step_in():
    state = _qi(adept_hp=19)
    assert state.defender_for(state.unit("a1"), state.unit("d1")).id == "d1"
    assert state.plan(state.unit("a1"), state.unit("d1")).attacker.damage == 10 - 3


def test_the_qi_adepts_guard_resets_each_round():
    state = do(stay(_qi(), "a1"), Attack(target="d1"))
    assert state.unit("d2").guarded
    for uid in ("d1", "d2", "d3"):
        state = do(state, Move(unit=uid, to=state.unit(uid).pos), Wait())
    assert state.round == 2 and not state.unit("d2").guarded


# --- HP and movement -----------------------------------------------------------------------------------


def test_a_d100_class_keeps_its_own_hp():
    assert klass(hp=14).stats.hp == 14 and klass(hp=22).stats.hp == 22
    assert unit(max_hp=17).max_hp == 17


def test_the_bundled_d100_classes_have_fourteen_to_twenty_two_hp_and_four_or_five_moves():
    for cls in load_catalogue(ED).classes.values():
        assert 14 <= cls.stats.hp <= 22, cls.name
        assert cls.move == (5 if cls.promoted else 4) + ("Cavalry" in cls.tags), cls.name


def _catalogue(tmp_path: Path, hp: int, tags: str = "[]") -> Path:
    path = tmp_path / "catalogue.yaml"
    path.write_text(f"""edition: d100
classes:
  - {{name: Giant, letter: G, stats: {{hp: {hp}, str: B, mag: E, skl: C, spd: C, def: C, res: E}}, wields: [axe], tags: {tags}}}
weapons:
  - {{name: Iron Axe, type: axe, damage: martial, might: 2, weight: -5, hit: -5, range: [1, 1]}}
""")
    return path


@pytest.mark.parametrize("hp", [13, 23, 1, 40])
def test_the_catalogue_loader_refuses_a_class_outside_fourteen_to_twenty_two_hp(tmp_path, hp):
    with pytest.raises(ContentError, match="14 to 22"):
        load_catalogue_file(_catalogue(tmp_path, hp))


@pytest.mark.parametrize("hp", [14, 22])
def test_the_catalogue_loader_takes_fourteen_and_twenty_two(tmp_path, hp):
    catalogue = load_catalogue_file(_catalogue(tmp_path, hp))
    assert catalogue.classes["Giant"].stats.hp == hp and catalogue.classes["Giant"].move == 4


def test_the_catalogue_loader_refuses_built_in_d100(tmp_path):
    with pytest.raises(ContentError, match="Built"):
        load_catalogue_file(_catalogue(tmp_path, 20, "[Built]"))


@pytest.mark.parametrize("promoted,tags,move", [(False, [], 4), (True, [], 5), (False, ["Cavalry"], 5),
                                                (True, ["Cavalry"], 6)])
def test_movement_is_four_five_promoted_one_more_on_horseback(promoted, tags, move):
    mover = unit(promoted=promoted, tags=tags)
    state = battle(["." * 9], [mover, foe(pos=(8, 0))])
    assert mover.movement == move and max(x for x, _ in state.reach(mover).costs) == move


# --- terrain: one Move column, Water, walls (E12) --------------------------------------------------------------


@pytest.mark.parametrize("tags", [[], ["Armored"], ["Cavalry"]])
def test_every_walker_pays_the_one_move_column(tags):
    walker = unit(tags=tags)
    for terrain_id in ("forest", "mountain", "thicket", "sea", "river", "vines", "heal_tile", "plains"):
        assert walker.entry_cost(TILES[terrain_id]) == TILES[terrain_id].foot, terrain_id
    assert walker.entry_cost(TILES["sea"]) == 1 and walker.entry_cost(TILES["forest"]) == 2


def test_flyers_pay_one_wherever_anyone_may_go_and_nobody_walks_through_walls():
    flyer = unit(tags=["Flying"])
    for terrain_id in ("mountain", "forest", "sea", "stone_pillars", "fort"):
        assert flyer.entry_cost(TILES[terrain_id]) == 1
    for terrain_id in ("wall", "snag", "door", "ice"):
        assert flyer.entry_cost(TILES[terrain_id]) is None and unit().entry_cost(TILES[terrain_id]) is None


def test_water_can_be_waded():
    row = "." + glyph("river") + glyph("sea") + "..."
    state = battle([row], [unit(), foe(pos=(5, 0))])
    assert state.reach(state.unit("a1")).costs[(3, 0)] == 3


@pytest.mark.parametrize("terrain_id,hp,becomes", [("wall", 30, "floor"), ("door", 15, "floor"), ("ice", 15, "plains")])
def test_blows_break_walls_doors_and_ice(terrain_id, hp, becomes):
    """E23: each blow is base damage plus Might; E12: 30 HP walls, 15 HP gates, doors and ice."""
    row = "." + glyph(terrain_id) + ".."
    state = stay(battle([row], [unit(str="C", weapon=wpn(might=2)), foe(pos=(3, 0))]), "a1")
    assert Strike(at=(1, 0)) in legal_actions(state)
    struck = do(state, Strike(at=(1, 0)))
    assert struck.terrain_hp((1, 0)) == hp - (base("C") + 2)
    brute = stay(battle([row], [unit(str="S", weapon=wpn(might=hp - base("S"))), foe(pos=(3, 0))]), "a1")
    assert do(brute, Strike(at=(1, 0))).map.terrain_at((1, 0)).id == becomes


# --- the tile a unit starts its turn on (E13) ------------------------------------------------------------------


@pytest.mark.parametrize("terrain_id", ["fort", "protection_tile", "heal_tile"])
def test_healing_tiles_heal_ten_at_the_start_of_the_turn_before_the_move(terrain_id):
    row = glyph(terrain_id) + "....."
    state = battle([row], [unit(hp=5), foe(pos=(5, 0))])
    outcome = apply_action(state, Move(unit="a1", to=(2, 0)))
    assert outcome.state.unit("a1").hp == 15
    assert [e.amount for e in outcome.events if isinstance(e, Healed)] == [10]
    assert do(outcome.state, Wait()).unit("a1").hp == 15


def test_ending_a_turn_on_a_fort_does_not_heal():
    row = "." + glyph("fort") + "...."
    state = do(battle([row], [unit(hp=5), foe(pos=(5, 0))]), Move(unit="a1", to=(1, 0)), Wait())
    assert state.unit("a1").hp == 5


def test_flames_burn_five_at_the_start_of_the_turn_whatever_the_defense():
    row = glyph("flames") + "....."
    outcome = apply_action(battle([row], [unit(def_="S"), foe(pos=(5, 0))]), Move(unit="a1", to=(1, 0)))
    assert outcome.state.unit("a1").hp == 15
    assert [e.amount for e in outcome.events if isinstance(e, Hurt)] == [5]


def test_a_unit_the_flames_rout_takes_no_action():
    row = glyph("flames") + "..."
    state = battle([row, "...."], [unit(hp=3), unit("a2", pos=(0, 1)), foe(pos=(2, 0))])
    state = do(state, Move(unit="a1", to=(1, 0)))
    assert not state.unit("a1").on_field
    assert state.active is None  # its turn is over: nobody is mid-turn
    assert all(isinstance(a, Move) or getattr(a, "unit", None) for a in legal_actions(state)), legal_actions(state)
    assert "a1" not in {getattr(a, "unit", None) for a in legal_actions(state)}


# --- Heal X + Magic's base damage (E17, changed in issue 35: it was Magic's reduction value) -----------------


@pytest.mark.parametrize("mag", list("FEDCBAS"))
def test_a_staff_heals_x_plus_the_base_damage_of_magic(mag):
    healer = unit(mag=mag, weapon=staff(["Heal(5)", "Consumable(3)"]))
    state = stay(battle(["...."], [healer, unit("a2", pos=(1, 0), hp=2), foe(pos=(3, 0))]), "a1")
    assert do(state, Special(name="heal", source=0, target="a2")).unit("a2").hp == 2 + 5 + base(mag)


def test_a_units_own_heal_adds_magic_too():
    healer = unit(mag="A", tags=["Heal(4)"])
    state = stay(battle(["...."], [healer, unit("a2", pos=(1, 0), hp=2), foe(pos=(3, 0))]), "a1")
    assert do(state, Special(name="heal", source=None, target="a2")).unit("a2").hp == 2 + 4 + base("A")


def test_a_consumable_heals_only_its_x():
    potion = Consumable(name="Vulnerary", tags=["Heal(5)", "Consumable(3)"], edition=ED)
    state = stay(battle(["...."], [unit(mag="S", hp=2, extra=[potion]), foe(pos=(3, 0))]), "a1")
    assert do(state, Special(name="heal", source=1, target="a1")).unit("a1").hp == 7


# --- Canto: 2 tiles after any action (E14) -----------------------------------------------------------------


def test_canto_moves_two_tiles_after_an_attack():
    rider = unit(pos=(2, 1), tags=["Canto", "Cavalry"])
    state = battle(["......", "......", "......"], [rider, foe(pos=(3, 1), weapon=None)], rolls=[99])
    state = do(stay(state, "a1"), Attack(target="d1"))
    tiles = {a.to for a in legal_actions(state) if isinstance(a, CantoMove)}
    assert tiles == {(x, y) for x in range(6) for y in range(3)
                     if 0 < abs(x - 2) + abs(y - 1) <= 2 and (x, y) != (3, 1) and (x, y) != (4, 1)}
    state = do(state, CantoMove(to=(0, 1)))
    assert state.unit("a1").pos == (0, 1) and state.active is None


def test_canto_moves_two_tiles_after_a_staff_not_the_rest_of_the_move():
    potion = Consumable(name="Vulnerary", tags=["Heal(5)", "Consumable(3)"], edition=ED)
    rider = unit(tags=["Canto", "Cavalry"], hp=10, extra=[potion])
    state = battle(["........."], [rider, foe(pos=(8, 0))])
    state = do(state, Move(unit="a1", to=(1, 0)), Special(name="heal", source=1, target="a1"))
    assert {a.to for a in legal_actions(state) if isinstance(a, CantoMove)} == {(0, 0), (2, 0), (3, 0)}


def test_canto_moves_two_tiles_after_a_blow_at_a_wall():
    rider = unit(pos=(0, 0), tags=["Canto"])
    state = stay(battle(["." + glyph("wall") + "..", "...."], [rider, foe(pos=(3, 1))]), "a1")
    state = do(state, Strike(at=(1, 0)))
    assert {a.to for a in legal_actions(state) if isinstance(a, CantoMove)} == {(0, 1), (1, 1)}


def test_canto_pays_for_terrain():
    rider = unit(pos=(1, 1), tags=["Canto"])
    rows = ["." + glyph("forest") + "..", glyph("forest") + "...", "...."]
    state = battle(rows, [rider, foe(pos=(2, 1), weapon=None)], rolls=[99])
    state = do(stay(state, "a1"), Attack(target="d1"))
    assert {a.to for a in legal_actions(state) if isinstance(a, CantoMove)} == {(1, 2), (0, 2), (2, 2), (1, 0), (0, 1)}


# --- special actions ------------------------------------------------------------------------------------------


def test_a_staff_on_an_enemy_rolls_seventy_plus_dex_plus_the_staffs_hit_minus_avoid():
    """E19."""
    user = unit(skl="B", extra=[staff(["Freeze"], range=(1, 2), hit=-10)])
    target = foe(pos=(2, 0), spd="C")
    rows = ["." + "." + glyph("forest") + "."]
    state = battle(rows, [user, target])
    assert staff_hit_chance(state, user, 1, target) == Fraction(70 + dex("B") - 10 - dex("C") - 5, 100)


def test_freeze_lands_on_a_d100_and_stops_the_next_move():
    user = unit(skl="B", extra=[staff(["Freeze", "Consumable(2)"], range=(1, 2), hit=-10)])
    state = stay(battle(["......"], [user, foe(pos=(2, 0))], rolls=[75]), "a1")  # 70 + 15 - 10 - 10 = 65: a miss
    assert not do(state, Special(name="freeze", source=1, target="d1")).unit("d1").has_status(StatusName.FROZEN)
    state = stay(battle(["......"], [user, foe(pos=(2, 0))], rolls=[65]), "a1")
    state = do(state, Special(name="freeze", source=1, target="d1"))
    assert state.unit("d1").has_status(StatusName.FROZEN)
    assert [a.to for a in legal_actions(state) if isinstance(a, Move)] == [(2, 0)]


def test_entrap_drags_the_enemy_when_it_lands():
    user = unit(extra=[staff(["Entrap", "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["......"], [user, foe(pos=(3, 0))], rolls=[70]), "a1")
    assert {a.at for a in specials(state, "entrap")} == {(2, 0), (4, 0)}
    assert do(state, Special(name="entrap", source=1, target="d1", at=(2, 0))).unit("d1").pos == (2, 0)


def test_warp_sends_the_ally_anywhere_free_within_the_staffs_range():
    """E26: the later drafts' Warp reaches as far as the staff ("within range"), not the user's Strength."""
    user = unit(str="S", extra=[staff(["Warp", "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["........"], [user, unit("a2", pos=(1, 0)), foe(pos=(7, 0))]), "a1")
    assert {a.at for a in specials(state, "warp") if a.target == "a2"} == {(2, 0), (3, 0)}
    assert do(state, Special(name="warp", source=1, target="a2", at=(3, 0))).unit("a2").pos == (3, 0)


def test_homing_still_rolls_its_die():
    """E27: the swing cannot miss, but the d100 is rolled, so physical dice keep the same count of rolls."""
    p = plan(unit(weapon=wpn("faith", tags=["Homing"])), foe(weapon=None))
    swings, _, d_hp, dice = resolve(p, 20, 20, Dice(seed=0).with_rolls([100]))
    assert [(s.roll, s.result) for s in swings] == [(100, "hit")] and d_hp == 17 and dice.given == ()


def test_rewarp_moves_the_user():
    user = unit(extra=[staff(["Rewarp", "Consumable(2)"], range=(1, 2))])
    state = stay(battle(["......"], [user, foe(pos=(1, 0))]), "a1")
    assert {a.at for a in specials(state, "rewarp")} == {(2, 0)}
    assert do(state, Special(name="rewarp", source=1, at=(2, 0))).unit("a1").pos == (2, 0)


@pytest.mark.parametrize("vein,terrain_id", [("Vein(Fog)", "fog"), ("Vein(Flames)", "flames"),
                                             ("Vein(Heal tile)", "heal_tile"), ("Vein(Water)", "sea")])
def test_vein_turns_a_free_tile_until_the_end_of_the_round(vein, terrain_id):
    user = unit(extra=[staff([vein, "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["......"], [user, foe(pos=(2, 0))]), "a1")
    assert {a.at for a in specials(state, "vein")} == {(1, 0), (3, 0)}  # (2, 0) is taken
    state = do(state, Special(name="vein", source=1, at=(3, 0)))
    assert state.map.terrain_at((3, 0)).id == terrain_id and len(state.veins) == 1
    state = do(state, Move(unit="d1", to=(2, 0)), Wait())
    assert state.round == 2 and state.map.terrain_at((3, 0)).id == "plains" and state.veins == []


def test_a_vein_never_leaves_a_unit_inside_a_wall():
    user = unit(extra=[staff(["Vein(Fog)", "Consumable(2)"], range=(1, 3))])
    walker = unit("a2", pos=(1, 1))
    state = stay(battle(["." + glyph("wall") + "....", "......"], [user, walker, foe(pos=(5, 1))]), "a1")
    if Special(name="vein", source=1, at=(1, 0)) not in specials(state, "vein"):
        return  # walls cannot be veined: nobody can be caught in one
    state = do(state, Special(name="vein", source=1, at=(1, 0)), Move(unit="d1", to=(5, 1)), Wait())
    state = do(state, Move(unit="a2", to=(1, 0)), Wait())
    assert state.round == 2
    for someone in state.living():
        assert someone.entry_cost(state.map.terrain_at(someone.pos)) is not None, (someone.name, someone.pos)


@pytest.mark.parametrize("vein", ["Vein(Mountain)", "Vein(Fort)", "Vein(Woods)"])
def test_vein_makes_only_the_terrain_the_table_marks(vein):
    user = unit(extra=[staff([vein, "Consumable(2)"], range=(1, 3))])
    state = stay(battle(["......"], [user, foe(pos=(5, 0))]), "a1")
    assert specials(state, "vein") == []


# --- statuses and the game master -------------------------------------------------------------------------


def test_poisoned_is_not_rolled_at_the_start_of_a_round():
    state = battle(["......"], [unit(statuses=["Poisoned"]), foe(pos=(5, 0))])
    events = []
    for action in (Move(unit="a1", to=(0, 0)), Wait(), Move(unit="d1", to=(5, 0)), Wait()):
        outcome = apply_action(state, action)
        state, events = outcome.state, events + outcome.events
    assert state.round == 2
    assert not [e for e in events if isinstance(e, (StatusRoll, Hurt))]
    assert state.unit("a1").has_status(StatusName.POISONED) and state.unit("a1").hp == 20


def test_the_game_master_scenario_opens_with_the_players():
    state = load_scenario(find_scenario("d100_thornmere_wardens")).new_battle(seed=1)
    assert state.edition == ED and state.game_master is D and state.to_act is A
    order = []
    for _ in range(4):
        mover = state.waiting(state.to_act)[0]
        order.append(state.to_act)
        state = do(state, Move(unit=mover.id, to=mover.pos), Wait())
    assert order == [A, D, D, D] and state.to_act is A


# --- the battle log --------------------------------------------------------------------------------------


def test_the_log_names_the_d100():
    state = battle(["...."], [unit(), foe()], rolls=[57, 99])
    _, events = ring(stay(state, "a1"), Attack(target="d1"))
    text = next(e for e in events if isinstance(e, Attacked)).text()
    assert "d100 57 vs ≤70" in text


# --- the exact forecast and the dice agree ---------------------------------------------------------------


def _agreement_plans():
    return {
        "follow-up, forest and a shield": plan(unit(spd="A", str="B", weapon=wpn("sword", might=3, hit=-5)),
                                               foe(str="A", accessory=Accessory(name="S", defense=1, edition=ED),
                                                   weapon=wpn("sword", might=4, weight=-5)), dt="forest"),
        "brave lance breaking a brave sword": plan(unit(weapon=wpn("lance", might=6, tags=["Brave"])),
                                                   foe(weapon=wpn("sword", might=5, tags=["Brave"]))),
        "heavy, deadly and nimble": plan(unit(str="A", weapon=wpn("axe", might=5, weight=-10, tags=["Heavy", "Deadly(10)"])),
                                         foe(spd="A", tags=["Nimble(5)"], weapon=wpn("lance", might=5)), dt="fort"),
        "a guarding qi adept": plan(unit(str="A", weapon=wpn("axe", might=6)), foe(weapon=wpn("axe", might=6)),
                                    guarding=True),
        "homing against a drainer": plan(unit(mag="A", weapon=wpn("faith", might=4, tags=["Homing"], range=(1, 2))),
                                         foe(mag="B", weapon=wpn("dark", might=6, tags=["Drain"], range=(1, 2))), distance=2),
    }


@pytest.mark.parametrize("name", sorted(_agreement_plans()))
def test_resolving_many_seeds_matches_the_exact_forecast(name):
    p = _agreement_plans()[name]
    a_hp, d_hp = 18, 20
    f = forecast(p, a_hp, d_hp)
    assert sum(f.outcomes.values()) == 1
    assert len(f.outcomes) > 2
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


def test_the_threat_inspector_counts_the_heal_a_unit_gets_when_its_turn_starts():
    """A unit waiting on a fort moves with its 10 HP healed, so the threats to the tile it moves to are
    reckoned from that HP (and a unit that has already acted gets nothing more)."""
    from officers_chess.ai.threat_map import threat_forecasts

    rows = [glyph("fort") + "....", "....."]
    hurt, enemy = unit(hp=8, pos=(0, 0)), foe(pos=(4, 0))
    state = battle(rows, [hurt, enemy])
    attacks = threat_forecasts(state, state.unit("a1"), (2, 0), [state.unit("d1")])
    assert attacks and attacks[0].hp == 18
    acted = battle(rows, [hurt.model_copy(update={"activated": True}), enemy])
    assert threat_forecasts(acted, acted.unit("a1"), (2, 0), [acted.unit("d1")])[0].hp == 8


def test_the_computer_reckons_an_attack_on_a_guarded_ally_with_the_qi_adept_that_takes_it():
    """The normal player's exchange book halves the damage a Qi Adept takes, as the rules do, and its options
    score the exchange with the Qi Adept, not with the ally aimed at."""
    from officers_chess.ai.assess import ExchangeBook

    hitter = unit(weapon=wpn(might=8), str_="A")
    adept = foe(id="d2", pos=(2, 1), tags=["QiAdept"])
    ward = foe(id="d1", pos=(1, 1))
    state = battle([".....", "....."], [hitter, ward, adept])
    book = ExchangeBook()
    plain = book.exchange(state, hitter, (2, 0), adept, adept.pos)
    guarded = book.exchange(state, hitter, (2, 0), adept, adept.pos, guarding=True)
    assert guarded.dealt < plain.dealt
    assert state.defender_for(hitter, ward, (1, 0)).id == "d2"
