"""`validate` refuses catalogue figures outside the bounds the later drafts set (rulings E34), naming file and line.

The bounds, from the drafts' own words: a class rates each stat E to A in both ("no Class can provide a default
higher or lower"); "ratings" items weigh -2 to 2, every unit has 20 HP, weapons have no Hit, only staves reach by
Mag; "d100" weights are 0, -5 or -10, Hit is a multiple of 5, there is no Staff Range table and a staff carries
Consumable(X). Neither draft has v0.6's Strength-reach staves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.commands.console import main

REPO = Path(__file__).resolve().parent.parent

CLASS = "  - {name: Tester, letter: T, stats: {str: C, mag: C, skl: C, spd: C, def: C, res: C%s}, wields: [sword]}\n"
RATINGS_WEAPON = "  - {name: Blade, type: sword, damage: martial, might: 1, weight: %s, range: [1, 1]%s}\n"
D100_WEAPON = "  - {name: Blade, type: sword, damage: martial, might: 1, weight: %s, hit: %s, range: [1, 1]%s}\n"


def check(tmp_path: Path, capsys, edition: str, section: str, line: str) -> tuple[int, str, Path]:
    path = tmp_path / "catalogue.yaml"
    path.write_text(f"edition: {edition}\n{section}:\n{line}", encoding="utf-8")
    code = main(["validate", str(path)])
    return code, capsys.readouterr().err, path


def refused(tmp_path, capsys, edition, section, line, *words):
    code, err, path = check(tmp_path, capsys, edition, section, line)
    assert code == 2, err
    assert err.startswith(f"{path}:3"), err  # the entry's own line
    for word in words:
        assert word in err, err


def passes(tmp_path, capsys, edition, section, line):
    code, err, _ = check(tmp_path, capsys, edition, section, line)
    assert (code, err) == (0, ""), err


@pytest.mark.parametrize("edition", ["ratings", "d100"])
@pytest.mark.parametrize("stat", ["str", "mag", "skl", "spd", "def", "res"])
@pytest.mark.parametrize("grade", ["F", "S"])
def test_a_class_grade_outside_e_to_a_is_refused(tmp_path, capsys, edition, stat, grade):
    line = CLASS.replace(f"{stat}: C", f"{stat}: {grade}") % ""
    refused(tmp_path, capsys, edition, "classes", line, "Tester", f"{stat.capitalize()} {grade}", "E to A")


@pytest.mark.parametrize("edition", ["ratings", "d100"])
def test_grades_e_and_a_pass(tmp_path, capsys, edition):
    passes(tmp_path, capsys, edition, "classes", CLASS.replace("str: C", "str: E").replace("spd: C", "spd: A") % "")


def test_a_ratings_class_has_twenty_hp(tmp_path, capsys):
    refused(tmp_path, capsys, "ratings", "classes", CLASS % ", hp: 18", "HP 18", "20")
    passes(tmp_path, capsys, "ratings", "classes", CLASS % ", hp: 20")


@pytest.mark.parametrize("weight", [-3, 3, -5])
def test_a_ratings_weight_outside_minus_two_to_two_is_refused(tmp_path, capsys, weight):
    refused(tmp_path, capsys, "ratings", "weapons", RATINGS_WEAPON % (weight, ""), "Blade", f"Weight {weight}", "-2 to 2")
    refused(tmp_path, capsys, "ratings", "accessories", f"  - {{name: Ring, weight: {weight}}}\n", "Ring", "-2 to 2")


@pytest.mark.parametrize("weight", [-2, 0, 2])
def test_ratings_weights_within_minus_two_to_two_pass(tmp_path, capsys, weight):
    passes(tmp_path, capsys, "ratings", "weapons", RATINGS_WEAPON % (weight, ""))


@pytest.mark.parametrize("weight", [-1, -2, -7, 5, 1])
def test_a_d100_weight_other_than_0_5_10_is_refused(tmp_path, capsys, weight):
    refused(tmp_path, capsys, "d100", "weapons", D100_WEAPON % (weight, 0, ""), "Blade", f"Weight {weight}", "0, -5 or -10")
    refused(tmp_path, capsys, "d100", "accessories", f"  - {{name: Ring, weight: {weight}}}\n", "Ring", "0, -5 or -10")


@pytest.mark.parametrize("weight", [0, -5, -10])
def test_d100_weights_0_5_10_pass(tmp_path, capsys, weight):
    passes(tmp_path, capsys, "d100", "weapons", D100_WEAPON % (weight, -5, ""))


@pytest.mark.parametrize("hit", [-3, 7, 1])
def test_a_d100_hit_off_the_fives_is_refused(tmp_path, capsys, hit):
    refused(tmp_path, capsys, "d100", "weapons", D100_WEAPON % (0, hit, ""), f"Hit {hit}", "multiple of 5")


def test_a_ratings_weapon_has_no_hit(tmp_path, capsys):
    refused(tmp_path, capsys, "ratings", "weapons", RATINGS_WEAPON % (0, ", hit: -5"), "Hit -5", "no Hit")


def test_staff_reach_follows_each_draft(tmp_path, capsys):
    mag_staff = "  - {name: Far Heal, type: staff, damage: magic, range: [1, 1], magic_reach: true, tags: [\"Heal(5)\", \"Consumable(3)\"]}\n"
    passes(tmp_path, capsys, "ratings", "weapons", mag_staff)
    refused(tmp_path, capsys, "d100", "weapons", mag_staff, "magic_reach", "Staff Range")
    refused(tmp_path, capsys, "ratings", "weapons", RATINGS_WEAPON % (0, ", magic_reach: true"), "only a staff")
    strong = mag_staff.replace("magic_reach", "strength_reach")
    refused(tmp_path, capsys, "ratings", "weapons", strong, "strength_reach")
    refused(tmp_path, capsys, "d100", "weapons", strong, "strength_reach")


def test_a_d100_staff_needs_its_uses(tmp_path, capsys):
    staff = "  - {name: Heal Staff, type: staff, damage: magic, range: [1, 1], tags: [%s]}\n"
    refused(tmp_path, capsys, "d100", "weapons", staff % '"Heal(5)"', "Consumable(X)")
    passes(tmp_path, capsys, "d100", "weapons", staff % '"Heal(5)", "Consumable(4)"')


def test_every_bundled_catalogue_scenario_and_campaign_still_validates(capsys):
    paths = [REPO / "officers_chess" / "catalogue", REPO / "scenarios", REPO / "campaigns"]
    assert main(["validate", *map(str, paths)]) == 0, capsys.readouterr().err
