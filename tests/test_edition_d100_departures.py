"""The d100 draft's tags as written: the departures issue 35 fixed and the readings it ruled (docs/rulings.md
E10, E17, E21, E40-E42, E45).

Every number was worked out by hand from the d100 draft (/work/shared/seeds/004_482d9bc50232aa43.txt), never read
from the program's tables; the working sits in a comment beside it. The tables as we read them (E43):
    Dex/Speed value F..S: -5 0 5 10 15 20 25    Base damage: 3 4 5 6 7 8 9    Damage reduction: 0 1 2 3 4 5 6
    Hit = 70 + Dex + weapon Hit - (Speed + Weight + tile Avo); damage = base + Might + modifiers (doubled on a
    crit, E44) - (reduction + tile DR); 10 more Agility follows up; a d100 of 10 or less within a hit crits.
The kit's default unit is C in every rating (Dex/Speed 10, base damage 6, reduction 3), 20 HP, with a weightless
0-Might 0-Hit sword, so the plain duel is Hit 70 + 10 - 10 = 70 and damage 6 - 3 = 3 (crit 12 - 3 = 9).
"""

from __future__ import annotations

from fractions import Fraction

from edition_kit import EditionKit, do, specials, stay
from officers_chess.rules.battle.actions import Attack, Move, Special
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.models import Accessory

DK = EditionKit("d100")
RK = EditionKit("ratings")
RA, RD = Role.ATTACKER, Role.DEFENDER


def pct(n: int) -> Fraction:
    return Fraction(n, 100)


def duel(kit, attacker, defender, d_tile="plains", rolls=None, extra=()):
    """a1 on (0, 1) attacks d1 on (1, 1); `extra` units stand elsewhere on a 5 x 3 field."""
    row = "." + kit.glyph(d_tile) + "..."
    attacker = attacker.model_copy(update={"pos": (0, 1)})
    defender = defender.model_copy(update={"pos": (1, 1)})
    return stay(kit.battle([".....", row, "....."], [attacker, defender, *extra], rolls=rolls), "a1")


def planned(state):
    return state.plan(state.unit("a1"), state.unit("d1"))


def after_attack(state):
    done = do(state, Attack(target="d1"))
    return done.unit("a1").hp, done.unit("d1").hp


# --- E40: Piercing reads the Defense *rating* as E; a shield's points and the tile's DR stay ------------------

def test_piercing_leaves_a_shield_and_the_tile_but_replaces_defense_steps():
    shield = Accessory(name="Shield", defense=2, edition="d100")
    piercer = DK.unit(str="A", weapon=DK.wpn(might=4, tags=["Piercing"]))
    plain = DK.unit(str="A", weapon=DK.wpn(might=4))
    # Str A: base 8, + Might 4 = 12. Def A reduction 5, fort DR +2, shield 2 points.
    # Without Piercing: 12 - (5 + 2 + 2) = 3. With it, Def is read as E (1): 12 - (1 + 2 + 2) = 7; crit 24 - 5 = 19.
    walled = DK.foe(def_="A", accessory=shield)
    assert (planned(duel(DK, plain, walled, "fort")).attacker.damage) == 3
    p = planned(duel(DK, piercer, walled, "fort")).attacker
    assert (p.damage, p.crit_damage) == (7, 19)
    # Rolls: 50 hits a1's Hit 70 - 5 (fort Avo) = 65 without a crit: 7 damage, 20 -> 13. d1 counters with 99: miss.
    assert after_attack(duel(DK, piercer, walled, "fort", rolls=[50, 99])) == (20, 13)
    # A ring of Bonus(Def+2) raises the rating itself, C to A: that is Defense, and Piercing reads it as E.
    ring = Accessory(name="Ring", tags=["Bonus(Def+2)"], edition="d100")
    ringed = DK.foe(def_="C", accessory=ring)
    assert planned(duel(DK, plain, ringed)).attacker.damage == 12 - 5  # Def A: 7
    assert planned(duel(DK, piercer, ringed)).attacker.damage == 12 - 1  # read as E: 11


# --- E41: Warp moves an *adjacent* ally (d100); the ratings draft's Warp any ally in reach ---------------------

def _warp_field(kit):
    user = kit.unit(extra=[kit.staff(["Warp", "Consumable(2)"], range=(1, 3))])
    near, far = kit.unit("a2", pos=(0, 1)), kit.unit("a3", pos=(2, 0))
    return stay(kit.battle(["......", "......"], [user, near, far, kit.foe(pos=(5, 1))]), "a1")


def test_d100_warp_offers_only_the_ally_beside_the_user():
    # "Move target adjacent allied unit to an unoccupied tile within range": a2 is 1 tile away, a3 2 tiles.
    offered = specials(_warp_field(DK), "warp")
    assert {a.target for a in offered} == {"a2"}
    # Where a2 may go: free tiles within the staff's 3 of a1 at (0, 0): (1,0) (3,0) (1,1) (2,1); (2,0) holds a3,
    # (0,1) is a2's own tile; (0,0) is the user's.
    assert {a.at for a in offered} == {(1, 0), (3, 0), (1, 1), (2, 1)}
    # The ratings draft says "Move target allied unit ... within range": no adjacency, so a3 is offered too.
    assert {a.target for a in specials(_warp_field(RK), "warp")} == {"a2", "a3"}


# --- E42: d100 Brave doubles only its own Attack action's swings ------------------------------------------------

def test_d100_brave_swings_once_on_the_counter_and_the_defenders_follow_up():
    brave = DK.wpn(tags=["Brave"])
    # Even Agility (C 10 each): no follow-up. The Brave defender counters once.
    assert planned(duel(DK, DK.unit(), DK.foe(weapon=brave))).order == (RA, RD)
    # Defender Spd A (20) is 10 more than C: it follows up, once too.
    assert planned(duel(DK, DK.unit(), DK.foe(spd="A", weapon=brave))).order == (RA, RD, RD)
    # Its own attack and follow-up are doubled ("This applies to both the Attack, and potential Follow Up").
    assert planned(duel(DK, DK.unit(spd="A", weapon=brave), DK.foe())).order == (RA, RA, RD, RA, RA)
    # Rolls: a1 99 misses; d1's counter 50 hits (70) for 6 - 3 = 3: a1 20 -> 17; no second counter to roll.
    state = duel(DK, DK.unit(), DK.foe(weapon=brave), rolls=[99, 50, 50])
    assert after_attack(state) == (17, 20)
    # The forecast: a1 ends on 17 when the one counter hits (70%), else on 20 (a crit, 10%, is 12 - 3 = 9: 11).
    fc = state.forecast(state.unit("a1"), state.unit("d1"))
    assert fc.hp_after(RA) == {20: pct(30), 17: pct(60), 11: pct(10)}


def test_ratings_brave_still_doubles_the_counter():
    # "any time this Unit attacks", and the countering Target "becomes the Attacker": reported, not changed.
    assert planned(duel(RK, RK.unit(), RK.foe(weapon=RK.wpn(tags=["Brave"])))).order == (RA, RD, RD)


# --- E10: d100 Backup adds 3 to the backed unit's first hit that lands, once per combat -------------------------

def _backed(kit, rolls=None):
    helper = kit.unit("a2", pos=(2, 1), tags=["Backup"])  # its sword reaches d1 on (1, 1)
    return duel(kit, kit.unit(spd="A"), kit.foe(), rolls=rolls, extra=[helper])


def test_d100_backup_counts_once_on_the_first_hit_that_lands():
    # a1 Agility A 20 against C 10: it follows up (order a1, d1, a1). Hit 70 + 10 - 10 = 70.
    # First landing hit: 6 + 3 - 3 = 6 (crit (6 + 3) x 2 - 3 = 15); later hits 6 - 3 = 3 (crit 12 - 3 = 9).
    p = planned(_backed(DK)).attacker
    assert (p.damage, p.crit_damage, p.later) == (6, 15, (3, 9))
    # Rolls 50 (hit, 6), d1 99 (miss), 50 (hit, 3): d1 20 -> 11 (every swing backed would be 8).
    assert after_attack(_backed(DK, [50, 99, 50])) == (20, 11)
    # The first swing misses (99): the bonus waits for the follow-up's hit: 20 - 6 = 14 (a "first swing" reading: 17).
    assert after_attack(_backed(DK, [99, 99, 50])) == (20, 14)
    # The forecast, swing by swing (a1: miss .3, hit .6, crit .1; d1's counter cannot touch d1's HP):
    #   miss miss .09 -> 20 | miss hit .18, hit miss .18 -> 14 | hit hit .36 -> 11
    #   miss crit .03, hit crit .06 (6 + 9), crit miss .03 -> 5 | crit hit .06 (15 + 3) -> 2 | crit crit .01 (24) -> 0
    state = _backed(DK)
    fc = state.forecast(state.unit("a1"), state.unit("d1"))
    assert fc.hp_after(RD) == {20: pct(9), 14: pct(36), 11: pct(36), 5: pct(12), 2: pct(6), 0: pct(1)}


def test_ratings_backup_still_adds_to_every_swing():
    # The ratings draft has no "once per combat": C against C is 3 on its Damage table, +1 Backup = 4 each hit.
    # To Hit C against C is 60: rolls 50 (hit), d1 99 (miss), 50 (hit): 20 - 4 - 4 = 12.
    assert planned(_backed(RK)).attacker.later is None
    assert after_attack(_backed(RK, [50, 99, 50])) == (20, 12)


# --- E21: Covert doubles and Mystical ignores terrain *bonuses*; water's Avo -5 is a penalty --------------------

def test_covert_and_mystical_leave_waters_penalty_alone():
    # d1 on water: Avoid 10 - 5 = 5, so Hit 70 + 10 - 5 = 75 for everyone but a flyer on it.
    assert planned(duel(DK, DK.unit(), DK.foe(tags=["Covert"]), "sea")).attacker.skill == 75  # not doubled to -10
    assert planned(duel(DK, DK.unit(tags=["Mystical"]), DK.foe(), "sea")).attacker.skill == 75  # not ignored
    assert planned(duel(DK, DK.unit(), DK.foe(tags=["Flying"]), "sea")).attacker.skill == 70  # "Bonus and Penalties"
    # Bonuses are still doubled and ignored: woods Avo +5 is 20 Avoid for Covert (Hit 60), nothing against Mystical.
    assert planned(duel(DK, DK.unit(), DK.foe(tags=["Covert"]), "forest")).attacker.skill == 60
    assert planned(duel(DK, DK.unit(tags=["Mystical"]), DK.foe(), "forest")).attacker.skill == 70
    # Rolls: 78 misses a Covert unit on water (Hit 75; doubling the penalty would make it 80 and a hit).
    assert after_attack(duel(DK, DK.unit(), DK.foe(tags=["Covert"]), "sea", rolls=[78, 99])) == (20, 20)
    # 73 hits from a Mystical attacker (75; ignoring the penalty would make it 70 and a miss): 6 - 3 = 3.
    assert after_attack(duel(DK, DK.unit(tags=["Mystical"]), DK.foe(), "sea", rolls=[73, 99])) == (20, 17)
    # The unit sheet says the same: a Covert unit on water has Avo -5.
    assert DK.rules.tile_bonus(DK.foe(tags=["Covert"]), DK.tiles["sea"]) == "Avo -5"


# --- E17: Heal(X) restores X + the base damage of the user's Magic -----------------------------------------------

def test_d100_heal_adds_the_base_damage_of_magic():
    # "Heal the Target for X+Mag Damage"; the draft's only value for Mag is base damage (F 3 ... S 9).
    # Heal(10), Mag C: 10 + 6 = 16; a2 2 -> 18. Mag F: 10 + 3 = 13; 2 -> 15.
    for mag, hp in (("C", 18), ("F", 15)):
        healer = DK.unit(mag=mag, weapon=DK.staff(["Heal(10)", "Consumable(3)"]))
        state = stay(DK.battle(["...."], [healer, DK.unit("a2", pos=(1, 0), hp=2), DK.foe(pos=(3, 0))]), "a1")
        assert do(state, Special(name="heal", source=0, target="a2")).unit("a2").hp == hp


# --- E45: Flying ignores the table's bonuses and penalties, not what a tile does at a turn's start ---------------

def test_d100_a_flyer_still_burns_on_flames_and_heals_on_a_fort():
    # Flames: "At start of turn on this tile, take 5 Damage Piercing": 20 -> 15. Fort: "Heal(10)": 5 -> 15.
    for tile, hp, after in (("flames", 20, 15), ("fort", 5, 15)):
        flyer = DK.unit(tags=["Flying"], hp=hp)
        state = DK.battle([DK.glyph(tile) + "....."], [flyer, DK.foe(pos=(5, 0))])
        assert do(state, Move(unit="a1", to=(1, 0))).unit("a1").hp == after
