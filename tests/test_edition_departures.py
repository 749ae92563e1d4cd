"""The later editions' departures from their drafts that issue 35 found, each worked by hand from the draft.

Drafts: "ratings" is /work/shared/seeds/000_2005179da6dbf74c.txt, "d100" is /work/shared/seeds/004_482d9bc50232aa43.txt.
Tables as transcribed in tests/test_edition_hand_duels.py's docstring. Every unit is C in every rating, 20 HP, with a
weightless 0-Might sword unless the test says otherwise (tests/edition_kit.py), so each number below comes from the
table cells named next to it.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from edition_kit import EditionKit, do, stay
from officers_chess.commands.console import main
from officers_chess.commands.forecast_report import forecast_json
from officers_chess.rules.battle.actions import Attack, Special
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.models import Side

A, D = Side.ATTACKER, Side.DEFENDER
RA, RD = Role.ATTACKER, Role.DEFENDER
RK, DK = EditionKit("ratings"), EditionKit("d100")


def pct(n: int) -> Fraction:
    return Fraction(n, 100)


def side_by_side(kit: EditionKit, attacker, defender, rolls=None):
    """The attacker on (0, 0), the defender beside it on (1, 0), plains all round."""
    units = [attacker.model_copy(update={"pos": (0, 0)}), defender.model_copy(update={"pos": (1, 0)})]
    return kit.battle(["....", "...."], units, rolls=rolls)


# --- E11 (changed in issue 35): a ratings Heavy unit swings after every swing of the other side -----------------
#
# Both duels below: Str C vs Def C on the Damage table = 3, Might 0, so a hit deals 3 and a crit 3 x 3 = 9.
# The C unit's Dex C against Spd A: To Hit row C "90 80 80 60 50 50 40", column A = 50; the Spd A unit's Dex C
# against Spd C: column C = 60. A crit is a d100 of 10 or less. Spd A is two ratings above C: that unit follows up,
# and the Heavy one never does. The draft: Heavy "may not follow up, and always goes last".


def test_ratings_heavy_attacker_waits_for_the_faster_defenders_follow_up():
    heavy = RK.unit(weapon=RK.wpn(tags=["Heavy"]), hp=6)
    quick = RK.foe(spd="A")
    state = side_by_side(RK, heavy, quick, rolls=[11, 11, 11])
    plan, fc = state.plan(state.unit("a1"), state.unit("d1")), state.forecast(state.unit("a1"), state.unit("d1"))
    assert plan.order == (RD, RD, RA)  # counter, follow-up, then the Heavy attack (before: RD, RA, RD)
    assert (plan.attacker.skill, plan.defender.skill) == (50, 60)
    # a1 (6 HP) swings only if it lives through both of d1's swings: it falls to any crit (9) or to two hits
    # (3 + 3): P(no crit)^2 - P(hit)^2 = 0.9^2 - 0.5^2 = 0.56 that it swings. d1 then keeps 20 on a miss (0.5),
    # drops to 17 on a hit (0.4) and to 11 on a crit (0.1):
    #   20: 0.44 + 0.56 x 0.5 = 0.72    17: 0.56 x 0.4 = 0.224    11: 0.56 x 0.1 = 0.056
    # (with the old order a1 swung unless the counter crit: 20: 0.55, 17: 0.36, 11: 0.09).
    assert fc.hp_after(RD) == {20: pct(72), 17: Fraction(224, 1000), 11: Fraction(56, 1000)}
    assert fc.p_routed(RA) == pct(44)
    # The dice: d1 rolls 11 (hit, a1 6 -> 3) and 11 again (a1 3 -> 0): a1 is routed and never swings.
    after = do(stay(state, "a1"), Attack(target="d1"))
    assert after.unit("a1").hp == 0 and after.unit("d1").hp == 20


def test_ratings_heavy_defender_counters_after_the_attackers_follow_up():
    quick = RK.unit(spd="A")
    heavy = RK.foe(weapon=RK.wpn(tags=["Heavy"]), hp=6)
    state = side_by_side(RK, quick, heavy, rolls=[11, 11, 11])
    plan, fc = state.plan(state.unit("a1"), state.unit("d1")), state.forecast(state.unit("a1"), state.unit("d1"))
    assert plan.order == (RA, RA, RD)  # attack, follow-up, then the Heavy counter (before: RA, RD, RA)
    assert (plan.attacker.skill, plan.defender.skill) == (60, 50)
    # The mirror of the duel above: d1 counters only if it lives through both swings (0.56).
    assert fc.hp_after(RA) == {20: pct(72), 17: Fraction(224, 1000), 11: Fraction(56, 1000)}
    after = do(stay(state, "a1"), Attack(target="d1"))
    assert after.unit("d1").hp == 0 and after.unit("a1").hp == 20


def test_ratings_two_heavy_units_keep_the_plain_order():
    """E11: both cannot go last; the claims cancel and the exchange runs attack, then counter (neither follows up,
    though d1 has Spd A). a1 rolls 11 (a hit: 3, d1 3 -> 0), so d1 never counters."""
    state = side_by_side(RK, RK.unit(weapon=RK.wpn(tags=["Heavy"])), RK.foe(spd="A", hp=3, weapon=RK.wpn(tags=["Heavy"])),
                         rolls=[11, 11])
    assert state.plan(state.unit("a1"), state.unit("d1")).order == (RA, RD)
    after = do(stay(state, "a1"), Attack(target="d1"))
    assert after.unit("d1").hp == 0 and after.unit("a1").hp == 20


def test_d100_heavy_attacks_second_and_the_follow_up_keeps_its_place():
    """E11: d100's Heavy "always attacks second": its one attack is the exchange's second, after the counter, and a
    faster foe's follow-up still comes after the counter, so after the Heavy attack. d1 Spd A: Agility 20 against
    a1's 10, ten more, so d1 follows up. Hit: a1 70 + 10 - 20 = 60, d1 70 + 10 - 10 = 70."""
    state = side_by_side(DK, DK.unit(weapon=DK.wpn(tags=["Heavy"])), DK.foe(spd="A"))
    plan = state.plan(state.unit("a1"), state.unit("d1"))
    assert plan.order == (RD, RA, RD)
    assert (plan.attacker.skill, plan.defender.skill) == (60, 70)


# --- E18 (changed in issue 35): Barrier is one step in the forecast command as in a battle ---------------------
#
# A C mage with a 0-Might tome at two tiles against a C unit under Barrier (Bonus(Res+1): Res C -> B).
# ratings: Mag C vs Res B on the Damage table = 2 (v0.6's +2 would read Res A = 1); To Hit C vs C = 60, a crit
#   triples: 6. The defender's sword cannot reach two tiles: no counter.
# d100: base damage Mag C = 6, reduction Res B = 4 (Res A, v0.6's amount, would be 5): 6 - 4 = 2;
#   Hit 70 + Dex C 10 + 0 - Agility (Spd C) 10 = 70.

DUEL = """\
edition: {edition}
distance: 2
attacker:
  stats: {{str: C, mag: C, skl: C, spd: C, def: C, res: C, hp: 20}}
  weapon: {{name: Test reason, type: reason, damage: magic, might: 0, weight: 0, range: [1, 2]}}
defender:
  stats: {{str: C, mag: C, skl: C, spd: C, def: C, res: C, hp: 20}}
  weapon: {{name: Test sword, type: sword, damage: martial, might: 0, weight: 0, range: [1, 1]}}
  status: [Barrier]
"""


def _battle_under_barrier(kit: EditionKit):
    """The same two units in a battle; the defender's ally puts the Barrier on it with a staff, as play does."""
    mage = kit.unit(weapon=kit.wpn("reason", range=(1, 2), name="Test reason"), pos=(0, 0))
    target = kit.foe(weapon=kit.wpn(name="Test sword"), pos=(2, 0))
    healer = kit.foe("d2", pos=(2, 1), weapon=kit.staff(["Status(Barrier)", "Consumable(2)"]))
    state = kit.battle(["....", "...."], [mage, target, healer], to_act=D)
    state = do(stay(state, "d2"), Special(name="status", source=0, target="d1"))
    return state


@pytest.mark.parametrize("kit,damage,hit", [(RK, 2, 60), (DK, 2, 70)])
def test_forecast_command_gives_barrier_the_battles_amount(tmp_path, capsys, kit, damage, hit):
    duel = tmp_path / "duel.yaml"
    duel.write_text(DUEL.format(edition=kit.edition), encoding="utf-8")
    assert main(["forecast", str(duel), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert (printed["attacker"]["damage"], printed["attacker"]["hit"]) == (damage, hit / 100)
    assert printed["defender"]["swings"] == 0
    state = _battle_under_barrier(kit)
    battle = forecast_json(state.forecast(state.unit("a1"), state.unit("d1")))
    assert printed == battle


def test_ratings_barrier_crit_triples_the_one_step_damage(tmp_path, capsys):
    duel = tmp_path / "duel.yaml"
    duel.write_text(DUEL.format(edition="ratings"), encoding="utf-8")
    assert main(["forecast", str(duel), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    # 2 x 3 = 6; the defender keeps 20 on a miss (0.4), 18 on a hit (0.5), 14 on a crit (0.1).
    assert printed["attacker"]["crit_damage"] == 6
    assert printed["defender"]["hp_after"] == {"20": 0.4, "18": 0.5, "14": 0.1}


# --- E7 (changed in issue 35): the in-game triangle text says what the engine does ----------------------------


@pytest.mark.parametrize("kit", [RK, DK], ids=["ratings", "d100"])
def test_the_rules_lookup_triangle_names_exactly_the_pairs_the_engine_plays(kit):
    """Both drafts' table row "Arts | Tomes, Daggers, Bows" lists what the Arts are (E7): no weapon beats a tome or a
    bow. Every "X beat(s) Y" the text claims must be an edge the engine gives, and every edge must be claimed."""
    import re

    from officers_chess.rules.pieces.models import WeaponType
    from officers_chess.rules.reference.rulebook import edition_rules

    text = edition_rules(kit.edition)["weapon-triangle"].text
    claimed = {(a.rstrip("s"), b.rstrip("s")) for a, b in re.findall(r"(\w+) beats? (\w+)", text.lower())}
    played = set()
    for mine in WeaponType:
        for theirs in WeaponType:
            me = kit.unit(weapon=kit.wpn(mine.value))
            foe = kit.foe(weapon=kit.wpn(theirs.value))
            if kit.rules.edge(me, foe) > 0:
                played.add((mine.value, theirs.value))
    assert claimed == played == {("sword", "axe"), ("axe", "lance"), ("lance", "sword")}
    assert "tome" in text.lower() and "outside" in text.lower()  # and it says where tomes stand


# --- E33: a tag the draft does not have is refused, with its file and line ------------------------------------


def test_a_ratings_catalogue_with_homing_is_refused_naming_its_line(tmp_path, capsys):
    path = tmp_path / "catalogue.yaml"
    path.write_text("edition: ratings\n"
                    "weapons:\n"
                    "  - {name: Seeker, type: faith, damage: magic, might: 1, weight: 0, range: [1, 2], tags: [Homing]}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3" in err and "Homing" in err and "ratings" in err
    path.write_text(path.read_text(encoding="utf-8").replace("ratings", "d100").replace("weight: 0", "weight: 0, hit: 0"),
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 0  # the d100 draft has it


@pytest.mark.parametrize("edition,extra", [("ratings", ""), ("d100", ", hit: 0")])
def test_a_status_frozen_weapon_is_refused_in_the_drafts_frozen_is_only_freezes_work(tmp_path, capsys, edition, extra):
    """E33: neither draft lists Frozen among the effects Status(Effect) hands out; the Freeze action is its one source."""
    path = tmp_path / "catalogue.yaml"
    line = "  - {name: Chill, type: lance, damage: martial, might: 1, weight: 0%s, range: [1, 1], tags: [\"Status(%s)\"]}\n"
    path.write_text(f"edition: {edition}\nweapons:\n" + line % (extra, "Frozen"), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:3" in err and "Frozen" in err
    path.write_text(f"edition: {edition}\nweapons:\n" + line % (extra, "Poisoned"), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
