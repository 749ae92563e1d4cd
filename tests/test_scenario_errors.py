"""Broken content files: `officers-chess validate FILE` exits 2 and says file, line and problem.

Every file in tests/fixtures/broken/ has exactly one mistake, described in its first line.
The scenario fixtures are variants of tests/fixtures/good/fixture_base.yaml on the small map
tests/fixtures/maps/fixture_field.yaml (8x5, a wall at (3,2), an island at (6,4)), which both
validate; so each broken file fails for the mistake it names and no other.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.commands.console import main

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = FIXTURES / "broken"

# file name -> (1-based line of the mistake, words the message must contain)
CASES: dict[str, tuple[int, str]] = {
    # YAML and types
    "bad_yaml.yaml": (13, "not valid YAML"),
    "wrong_type_war_chest.yaml": (6, "sides.attacker.war_chest: Input should be a valid integer"),
    "wrong_type_fog.yaml": (4, "fog: Input should be a valid boolean"),
    "wrong_type_items.yaml": (15, "armies.attacker.items: Input should be a valid list"),
    "unknown_key.yaml": (4, "weather: unknown key"),
    "unknown_role.yaml": (13, "roles: Input should be 'Leader', 'Fleeing' or 'Saboteur'"),
    "time_limit_without_reason.yaml": (4, "time_limit.reason: Field required"),
    "unknown_map.yaml": (3, "no map named 'atlantis'"),
    # the catalogue: classes and items
    "unknown_class.yaml": (16, "unknown class 'Paladin'"),
    "unknown_item.yaml": (15, "unknown item 'Iron Spoon'"),
    "unknown_hire_class.yaml": (9, "unknown class 'Samurai'"),
    "chest_unknown_item.yaml": (18, "unknown item 'Golden Goose'"),
    "reinforcement_unknown_class.yaml": (22, "unknown class 'Berserker'"),
    "army_over_budget.yaml": (9, "the defender's army costs 90 gold, more than its war chest of 50"),
    # the map: zones, tiles and where units stand
    "zone_off_map.yaml": (11, "deployment zone corner [12, 5] is off the map (8×5)"),
    "zones_overlap.yaml": (10, "the two deployment zones overlap (at [4, 1])"),
    "seize_unreachable.yaml": (18, "seize tile [6, 4] cannot be reached from any deployment zone"),
    "unit_on_wall.yaml": (16, "Ann cannot stand on Wall at [3, 2]"),
    "unit_off_map.yaml": (15, "Bo starts off the map at [9, 2]"),
    "two_units_one_tile.yaml": (14, "Cy starts on the same tile as Ann"),
    # victory conditions
    "unknown_victory_kind.yaml": (8, "sides.attacker.victory.kind: Input should be 'rout', 'seize'"),
    "condition_missing_field.yaml": (11, "a survive condition needs `rounds`"),
    "hold_tile_off_map.yaml": (14, "objective tile [4, 9] is off the map (8×5)"),
    "defeat_no_such_unit.yaml": (9, "no defender unit is named 'Bob'"),
    "protect_no_such_unit.yaml": (12, "no defender unit is named 'Ann'"),
    "escape_without_exits.yaml": (8, "an escape condition needs exit tiles"),
    "raze_too_few_tiles.yaml": (8, "raze 2 needs at least that many raze tiles"),
    # timed events
    "event_unknown_terrain.yaml": (22, "unknown terrain 'lava'"),
    "event_round_one.yaml": (17, "events.round: Input should be greater than or equal to 2"),
    # maps
    "map_bad_glyph.yaml": (5, "column 4: unknown terrain 'X'"),
    "map_ragged_row.yaml": (6, "this row has 7 tiles but the first has 8"),
    "map_unknown_key.yaml": (6, "unknown key 'legend'"),
    # catalogue files
    "catalogue_unknown_tag.yaml": (8, "unknown tag 'Sneaky'"),
    "catalogue_wrong_type.yaml": (7, "weapons.might: Input should be a valid integer"),
}


def test_there_are_at_least_20_broken_files_and_each_has_a_case():
    on_disk = sorted(p.name for p in BROKEN.glob("*.yaml"))
    assert len(on_disk) >= 20
    assert on_disk == sorted(CASES)


def test_the_good_fixtures_they_are_built_from_validate(capsys):
    base, field = FIXTURES / "good" / "fixture_base.yaml", FIXTURES / "maps" / "fixture_field.yaml"
    assert main(["validate", str(base), str(field)]) == 0
    assert capsys.readouterr().out.split() == ["ok", str(base), "ok", str(field)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_broken_file_exits_2_naming_file_line_and_problem(name, capsys):
    path = BROKEN / name
    line, problem = CASES[name]
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no "ok" for it
    err = captured.err.strip()
    assert len(err.splitlines()) == 1, err  # one line, never a traceback
    assert err.startswith(f"{path}:{line}: "), err
    assert problem in err, err


def test_the_line_points_at_the_mistake_the_file_describes():
    """The reported line holds the bad value (or the entry that lacks one), not a neighbour."""
    for name, (line, _) in CASES.items():
        text = (BROKEN / name).read_text(encoding="utf-8").splitlines()
        assert 1 < line <= len(text), name  # line 1 is the comment saying what is broken
        assert text[line - 1].strip(), f"{name}: line {line} is blank"


def test_validate_reports_every_broken_file_of_a_folder_and_exits_2(capsys):
    assert main(["validate", str(BROKEN)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == len(CASES)
    for name in CASES:
        assert sum(line.startswith(str(BROKEN / name) + ":") for line in err) == 1
