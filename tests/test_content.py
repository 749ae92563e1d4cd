"""Bundled content loads; broken content is reported with its file and the right 1-based line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from officers_chess.content.bundled import bundled_dir, bundled_scenarios, catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_catalogue, load_catalogue_file, load_map, load_scenario, validate_file
from officers_chess.rules.pieces.models import Side, Weapon
from officers_chess.rules.pieces.tags import parse_tag
from muster_helpers import start

MAPS = sorted(bundled_dir("maps").glob("*.yaml"))
SCENARIOS = bundled_scenarios()


# --- bundled content ---------------------------------------------------------------------


def test_bundled_folders_are_not_empty():
    assert len(MAPS) >= 4 and len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_bundled_map_loads(path):
    battle_map = load_map(path)
    assert battle_map.height == len(battle_map.rows) >= 1
    assert all(len(row) == battle_map.width for row in battle_map.rows)
    validate_file(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_bundled_scenario_loads_and_starts(path):
    loaded = load_scenario(path)
    state = start(loaded, seed=0)  # sides that hire muster cheap armies first
    assert state.living(Side.ATTACKER) and state.living(Side.DEFENDER)
    for u in state.units:
        assert u.hp == u.max_hp
        assert u.max_hp == 20 or state.edition == "d100"  # v0.6 and ratings: every unit has 20 HP
        assert state.map.contains(u.pos)
        assert u.entry_cost(state.map.terrain_at(u.pos)) is not None
        assert u.equipped_weapon is not None
        assert u.equipped_weapon.type in u.unit_class.wields
    assert len({u.pos for u in state.units}) == len(state.units)
    validate_file(path)


def test_bundled_catalogue_loads():
    catalogue = load_catalogue("v0.6")
    assert catalogue.edition == "v0.6"
    assert catalogue.classes and catalogue.weapons()
    letters = [c.letter for c in catalogue.classes.values()]
    assert len(letters) == len(set(letters))
    for entry in [*catalogue.classes.values(), *catalogue.items.values()]:
        for tag in entry.tags:
            parse_tag(tag)
    for cls in catalogue.classes.values():
        assert cls.stats.hp == 20
    validate_file(catalogue_path("v0.6"))


def test_unknown_edition_has_no_catalogue():
    with pytest.raises(ContentError):
        load_catalogue("v9.9")


# --- errors name the file and the line ----------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def assert_error_at(exc: ContentError, path: Path, line: int, *words: str) -> None:
    assert exc.path == path
    assert exc.line == line, str(exc)
    assert str(exc).startswith(f"{path}:{line}: ")
    for word in words:
        assert word in str(exc), str(exc)


def test_bad_terrain_glyph_in_a_map_row(tmp_path):
    path = write(tmp_path / "glyph.yaml", """
        name: Bad Glyph
        # a comment, so the line numbers are not just the row numbers
        tiles: |
          .....
          ..X..
          .....
    """)
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert_error_at(info.value, path, 5, "'X'", "column 3")


def test_bad_glyph_in_the_first_row(tmp_path):
    path = write(tmp_path / "first.yaml", """
        name: First Row
        tiles: |
          X....
          .....
    """)
    with pytest.raises(ContentError) as info:
        validate_file(path)
    assert_error_at(info.value, path, 3, "'X'", "column 1")


def test_ragged_map_row(tmp_path):
    path = write(tmp_path / "ragged.yaml", """
        name: Ragged

        description: rows of different widths
        tiles: |
          .....
          .....
          ....
          .....
    """)
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert_error_at(info.value, path, 7, "4", "5")


def test_invalid_yaml(tmp_path):
    path = write(tmp_path / "broken.yaml", """
        name: Broken
        description: a: b
        tiles: |
          ...
    """)
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert_error_at(info.value, path, 2, "not valid YAML")


def test_invalid_yaml_unclosed_bracket_in_a_catalogue(tmp_path):
    path = write(tmp_path / "catalogue.yaml", """
        edition: v0.6
        weapons:
          - {name: Odd Blade, type: sword, damage: martial, might: 4, weight: 1}
          - {name: Odd Lance, type: lance, damage: martial, might: 4, weight: 1, tags: [Brave}
        accessories: []
    """)
    with pytest.raises(ContentError) as info:
        load_catalogue_file(path)
    assert_error_at(info.value, path, 4, "not valid YAML")


def test_unknown_tag_in_a_catalogue_weapon(tmp_path):
    path = write(tmp_path / "catalogue.yaml", """
        edition: v0.6
        classes:
          - name: Tester
            letter: T
            stats: {str: 5, skl: 10, spd: 5, def: 2, res: 1}
            wields: [sword]
        weapons:
          - name: Odd Blade
            type: sword
            damage: martial
            might: 4
            weight: 1
            tags:
              - Brave
              - Vorpal
    """)
    with pytest.raises(ContentError) as info:
        load_catalogue_file(path)
    assert_error_at(info.value, path, 15, "Vorpal", "unknown tag")


def test_unknown_tag_in_a_catalogue_class(tmp_path):
    path = write(tmp_path / "catalogue.yaml", """
        edition: v0.6
        classes:
          - name: Tester
            letter: T
            stats: {str: 5, skl: 10, spd: 5, def: 2, res: 1}
            wields: [sword]
          - name: Sneak
            letter: S
            stats: {str: 5, skl: 10, spd: 5, def: 2, res: 1}
            wields: [sword]
            tags: [Lucky(1), Sneaky]
        weapons:
          - {name: Odd Blade, type: sword, damage: martial, might: 4, weight: 1}
    """)
    with pytest.raises(ContentError) as info:
        validate_file(path)
    assert_error_at(info.value, path, 11, "Sneaky")


POND = """
    name: Pond
    tiles: |
      ..}..
      .....
      .#...
"""


def scenario_dir(tmp_path: Path) -> Path:
    """tmp_path/maps/pond.yaml beside tmp_path/scenarios/, as the loader looks for it."""
    write(tmp_path / "maps" / "pond.yaml", POND)
    return tmp_path / "scenarios"


def test_effective_against_an_unknown_tag_in_a_catalogue(tmp_path):
    path = write(tmp_path / "catalogue.yaml", """
        edition: v0.6
        weapons:
          - {name: Odd Blade, type: sword, damage: martial, might: 4, weight: 1}
          - {name: Dragonbane, type: sword, damage: martial, might: 4, weight: 1,
             tags: [Effective(Drake)]}
    """)
    with pytest.raises(ContentError) as info:
        load_catalogue_file(path)
    assert_error_at(info.value, path, 5, "Drake")


def test_a_good_scenario_beside_its_own_map_loads(tmp_path):
    path = write(scenario_dir(tmp_path) / "good.yaml", """
        name: Good
        map: pond
        armies:
          attacker:
            - {name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 1]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [5, 3]}
    """)
    loaded = load_scenario(path)
    assert loaded.battle_map.name == "Pond"
    assert [u.pos for u in loaded.new_battle(0).units] == [(0, 0), (4, 2)]  # `at` counts from 1


def test_unknown_class_in_a_scenario(tmp_path):
    path = write(scenario_dir(tmp_path) / "class.yaml", """
        name: Bad Class
        map: pond
        armies:
          attacker:
            - name: Hale
              class: Mercenary
              items: [Iron Sword]
              at: [1, 1]
          defender:
            - name: Bram
              class: Paladin
              items: [Iron Axe]
              at: [5, 1]
    """)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert_error_at(info.value, path, 11, "Paladin")


def test_unknown_class_in_a_scenario_using_a_bundled_map(tmp_path):
    path = write(tmp_path / "class.yaml", """
        name: Bad Class
        map: training_yard
        armies:
          attacker:
            - {name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 1]}
            - {name: Wren, class: Wizardess, items: [Iron Sword], at: [1, 2]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [8, 3]}
    """)
    with pytest.raises(ContentError) as info:
        validate_file(path)
    assert_error_at(info.value, path, 6, "Wizardess")


@pytest.mark.parametrize("at, terrain", [("[3, 1]", "Sea"), ("[2, 3]", "Wall")])
def test_unit_placed_on_impassable_terrain(tmp_path, at, terrain):
    path = write(scenario_dir(tmp_path) / "wet.yaml", f"""
        name: Wet Feet
        map: pond
        armies:
          attacker:
            - {{name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 1]}}
            - {{name: Wren, class: Archer, items: [Iron Bow], at: {at}}}
          defender:
            - {{name: Bram, class: Fighter, items: [Iron Axe], at: [5, 3]}}
    """)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert_error_at(info.value, path, 6, "Wren", terrain)


def test_first_weapon_and_first_accessory_start_equipped(tmp_path):
    # Rulings C7.
    path = write(scenario_dir(tmp_path) / "kit.yaml", """
        name: Kit
        map: pond
        armies:
          attacker:
            - {name: Hale, class: Cavalier, items: [Iron Shield, Iron Lance, Iron Sword], at: [1, 1]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [5, 3]}
    """)
    hale = load_scenario(path).new_battle(0).unit("a1")
    assert (hale.weapon, hale.accessory) == (1, 0)
    assert hale.equipped_weapon.name == "Iron Lance" and hale.equipped_accessory.name == "Iron Shield"


def test_flier_may_start_over_water(tmp_path):
    path = write(scenario_dir(tmp_path) / "flier.yaml", """
        name: Flier
        map: pond
        armies:
          attacker:
            - {name: Sky, class: Pegasus Knight, items: [Iron Lance], at: [3, 1]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [5, 3]}
    """)
    assert load_scenario(path).new_battle(0).unit("a1").pos == (2, 0)


def test_two_units_on_one_tile(tmp_path):
    path = write(scenario_dir(tmp_path) / "crowded.yaml", """
        name: Crowded
        map: pond
        armies:
          attacker:
            - {name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 1]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [5, 3]}
            - name: Tilda
              class: Soldier
              items: [Iron Lance]
              at: [5, 3]
    """)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert_error_at(info.value, path, 11, "Tilda", "Bram")


def test_two_units_of_different_sides_on_one_tile(tmp_path):
    path = write(scenario_dir(tmp_path) / "crowded.yaml", """
        name: Crowded
        map: pond
        armies:
          attacker:
            - {name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 1]}
          defender:
            - {name: Bram, class: Fighter, items: [Iron Axe], at: [1, 1]}
    """)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert_error_at(info.value, path, 7, "Bram", "Hale")


def test_scenario_with_an_unknown_map(tmp_path):
    path = write(scenario_dir(tmp_path) / "nomap.yaml", """
        name: Lost
        edition: v0.6
        map: atlantis
        armies: {}
    """)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    assert_error_at(info.value, path, 3, "atlantis")


def test_missing_file_is_a_content_error(tmp_path):
    with pytest.raises(ContentError) as info:
        load_map(tmp_path / "nope.yaml")
    assert info.value.path == tmp_path / "nope.yaml" and "no such file" in str(info.value)


def test_catalogue_weapons_are_weapons():
    catalogue = load_catalogue()
    assert all(isinstance(w, Weapon) for w in catalogue.weapons())
