"""Loaders for catalogues, maps and scenarios: YAML in, validated core models out, or a ContentError."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.yaml_source import YamlSource, expect_mapping, read_yaml
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.board.terrain import known_glyph, terrain_table
from officers_chess.rules.combat.editions import DEFAULT_EDITION, EDITIONS, Edition
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Accessory, Art, Consumable, UnitClass, Weapon
from officers_chess.rules.pieces.tags import parse_tag, tag_args
from officers_chess.rules.reference.tag_places import first_problem, place_of
from officers_chess.rules.scenario.checks import check_scenario
from officers_chess.rules.scenario.event_checks import event_warnings
from officers_chess.rules.scenario.script_checks import script_warnings
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, new_battle

MAX_MAP_SIDE = 64

_SECTIONS = {"classes": UnitClass, "weapons": Weapon, "accessories": Accessory, "consumables": Consumable, "arts": Art}


def _entries(source: YamlSource, section: str, model: type) -> list:
    raw = source.data.get(section, [])
    if not isinstance(raw, list):
        raise source.error(f"{section} should be a list", (section,))
    entries = []
    for index, entry in enumerate(raw):
        try:
            entries.append(TypeAdapter(model).validate_python(entry))
        except ValidationError as exc:
            raise source.validation_error(exc, (section, index)) from None
    return entries


def _read_entries(source: YamlSource) -> tuple[dict, dict, dict]:
    """The classes, items and arts of a catalogue-shaped file, each validated, names unique."""
    data = expect_mapping(source)
    unknown = set(data) - set(_SECTIONS) - {"edition"}
    if unknown:
        key = sorted(unknown)[0]
        raise source.error(f"unknown section {key!r} (expected edition, {', '.join(_SECTIONS)})", (key,))
    classes, items, arts = {}, {}, {}
    for section, model in _SECTIONS.items():
        table = {"classes": classes, "arts": arts}.get(section, items)
        for index, entry in enumerate(_entries(source, section, model)):
            if entry.name in classes or entry.name in items or entry.name in arts:
                raise source.error(f"{entry.name!r} is defined twice", (section, index, "name"))
            table[entry.name] = entry
    return classes, items, arts


def _edition_of(source: YamlSource) -> Edition:
    edition = source.data.get("edition", DEFAULT_EDITION)
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise source.error(f"unknown edition {edition!r} (this version plays {', '.join(EDITIONS)})", ("edition",))
    return EDITIONS[edition]


def _for_edition(source: YamlSource, rules: Edition, classes: dict, items: dict, arts: dict) -> tuple[dict, dict]:
    """Entries as the edition plays them (its movement and HP, its name on each), with only the tags it knows,
    each placed where it does something (rules/reference/tag_places.py)."""
    if arts and "Art" not in rules.tags:
        raise source.error(f"the {rules.name} rules have no combat arts (no Art tag can grant one), so these arts "
                           "could never be used", ("arts",))
    for section, table in (("classes", classes), ("items", items), ("arts", arts)):
        for index, entry in enumerate(table.values()):
            where = (section, index) if section != "items" else _item_place(source, entry.name)
            for tag_index, text in enumerate(entry.tags):
                name = parse_tag(text).name
                if name not in rules.tags:
                    raise source.error(f"{entry.name}: the tag {name} is not part of the {rules.name} rules",
                                       where + ("tags", tag_index))
            inert = first_problem(entry.tags, place_of(entry), rules)
            if inert:
                raise source.error(f"{entry.name}: {inert[1]}", where + ("tags", inert[0]))
            problem = rules.class_problem(entry) if section == "classes" else None
            if problem:
                raise source.error(f"{entry.name}: {problem}", where)
            beyond = rules.limit_problem(entry)
            if beyond:
                raise source.error(f"{entry.name}: {beyond[1]}", where + beyond[0])
    classes = {name: rules.setup_class(c).model_copy(update={"edition": rules.name}) for name, c in classes.items()}
    items = {name: i.model_copy(update={"edition": rules.name}) for name, i in items.items()}
    return classes, items


def _item_place(source: YamlSource, name: str) -> tuple:
    for section in ("weapons", "accessories", "consumables"):
        for index, raw in enumerate(source.data.get(section) or []):
            if isinstance(raw, dict) and raw.get("name") == name:
                return (section, index)
    return ()


def load_catalogue_file(path: Path | str) -> Catalogue:
    """Read a catalogue file: `edition`, then lists of classes, weapons, accessories, consumables and arts."""
    source = read_yaml(path)
    classes, items, arts = _read_entries(source)
    rules = _edition_of(source)
    classes, items = _for_edition(source, rules, classes, items, arts)
    _check_references(source, classes, arts)
    letters: dict[str, str] = {}
    for index, unit_class in enumerate(classes.values()):
        if unit_class.letter in letters:
            raise source.error(
                f"letter {unit_class.letter} is used by both {letters[unit_class.letter]} and {unit_class.name}",
                ("classes", index, "letter"),
            )
        letters[unit_class.letter] = unit_class.name
    return Catalogue(edition=rules.name, classes=classes, items=items, arts=arts)


def _check_references(source: YamlSource, classes: dict, arts: dict) -> None:
    """Art(Name) must name an art of the catalogue, and Exclusive(Class) one of its classes."""
    for section in ("classes", "weapons", "accessories", "consumables"):
        for index, raw in enumerate(source.data.get(section) or []):
            for tag in raw.get("tags") or []:
                for name in tag_args([tag], "Art"):
                    if name not in arts:
                        raise source.error(f"Art({name}) names no art of this catalogue (arts: {', '.join(arts) or 'none'})", (section, index, "tags"))
                for name in tag_args([tag], "Exclusive"):
                    if name not in classes:
                        raise source.error(f"Exclusive({name}) names no class of this catalogue", (section, index, "tags"))


def load_partial_catalogue(path: Path | str) -> Catalogue:
    """Read a file of catalogue entries in which every section is optional (`officers-chess price`).

    It has the catalogue's sections (at least one) and an optional `edition`. Art(Name) and
    Exclusive(Class) may name entries of the file or of that edition's bundled catalogue.
    """
    source = read_yaml(path)
    classes, items, arts = _read_entries(source)
    if not set(source.data) & set(_SECTIONS):
        raise source.error(f"nothing to read: give at least one of {', '.join(_SECTIONS)}")
    rules = _edition_of(source)
    classes, items = _for_edition(source, rules, classes, items, arts)
    bundled = load_catalogue(rules.name)
    _check_references(source, {**bundled.classes, **classes}, {**bundled.arts, **arts})
    return Catalogue(edition=rules.name, classes=classes, items=items, arts=arts)


@lru_cache(maxsize=8)
def load_catalogue(edition: str = "v0.6") -> Catalogue:
    """The bundled catalogue of an edition."""
    path = catalogue_path(edition)
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name no file system takes
        found = False
    if not found:
        raise ContentError(path, f"no catalogue for edition {edition!r}")
    return load_catalogue_file(path)


def load_map(path: Path | str) -> BattleMap:
    """Read a map file: a `name` and `tiles`, one text row per map row, one glyph per tile."""
    source = read_yaml(path)
    data = expect_mapping(source)
    for key in data:
        if key not in {"name", "description", "tiles"}:
            raise source.error(f"unknown key {key!r} (expected name, description, tiles)", (key,))
    tiles = data.get("tiles")
    if not isinstance(tiles, str) or not tiles.strip():
        raise source.error("tiles should be a block of text rows (use `tiles: |`)", ("tiles",))
    rows = tiles.rstrip("\n").split("\n")
    # A `|` block starts on the line after its key.
    first_row_line = (source.line_of(("tiles",)) or 0) + 1
    if len(rows) > MAX_MAP_SIDE or len(rows[0]) > MAX_MAP_SIDE:
        raise source.error(f"maps may be at most {MAX_MAP_SIDE}×{MAX_MAP_SIDE} tiles", ("tiles",))
    for y, row in enumerate(rows):
        for x, glyph in enumerate(row):
            if not known_glyph(glyph):
                tables = [terrain_table(name) for name in EDITIONS]
                names = {g: t.name for table in tables for g, t in table.items()}
                known = " ".join(f"{g}={name}" for g, name in names.items())
                raise ContentError(source.path, f"column {x + 1}: unknown terrain {glyph!r} (known: {known})", first_row_line + y)
        if len(row) != len(rows[0]):
            raise ContentError(source.path, f"this row has {len(row)} tiles but the first has {len(rows[0])}", first_row_line + y)
    try:
        return BattleMap(name=str(data.get("name") or Path(path).stem), rows=rows)
    except ValidationError as exc:
        raise source.validation_error(exc) from None


@dataclass(frozen=True)
class LoadedScenario:
    """A scenario with the map and catalogue it names, ready to start."""

    path: Path
    scenario: Scenario
    battle_map: BattleMap
    catalogue: Catalogue
    source: YamlSource
    map_path: Path | None = None  # the map file it was read from (saves hash it)

    def new_battle(self, seed: int, armies: dict | None = None) -> GameState:
        """Round 1 of the battle; `armies` brings the deployed armies of sides that hire theirs."""
        try:
            return new_battle(self.scenario, self.catalogue, self.battle_map, seed, armies)
        except ScenarioError as exc:
            raise self.source.error(str(exc), exc.where) from None


def map_folders(scenario_path: Path) -> list[Path]:
    """The folders a scenario's map may come from (ruling K3): the scenario's own folder (and below), the
    `maps/` folder beside it, and the bundled maps."""
    folders = [scenario_path.parent, scenario_path.parent.parent / "maps"]
    try:
        folders.append(bundled_dir("maps"))
    except FileNotFoundError:
        pass
    return folders


class MapRefused(ValueError):
    """A scenario's `map:` names a file outside the folders a map may come from."""


def _inside(path: Path, folders: list[Path], real: bool) -> bool:
    """Whether `path` is in one of the folders: as written, `..` and all (`real` False), or once every symlink
    is followed, of the path and of the folders (`real` True)."""
    where = os.path.realpath if real else (lambda p: os.path.normpath(os.path.abspath(p)))
    return any(Path(where(path)).is_relative_to(where(folder)) for folder in folders)


def _map_path(scenario_path: Path, name: str) -> Path | None:
    """The map file a scenario's `map:` names (every symlink followed), None if there is none; MapRefused if it
    names (or leads to) a file outside the scenario's folder, the maps/ beside it and the bundled maps."""
    folders = map_folders(scenario_path)
    if Path(name).is_absolute() or Path(name).anchor:
        raise MapRefused(f"map: must be a file name relative to the scenario's folder {scenario_path.parent}, "
                         "not an absolute path")
    by_file = name.endswith((".yaml", ".yml"))
    refused = MapRefused(f"map: must name a file inside {folders[0]} (or the maps folder beside it)" if by_file else
                         f"map: must name a map inside {folders[1]} (or the bundled maps)")
    try:
        candidates = [scenario_path.parent / name] if by_file else [folder / f"{name}.yaml" for folder in folders[1:]]
        for candidate in candidates:
            if not _inside(candidate, folders, real=False):  # `..` out of them
                raise refused
            if not candidate.exists():
                continue
            if not _inside(candidate, folders, real=True):  # a symlink out of them
                raise refused
            return Path(os.path.realpath(candidate))
    except MapRefused:
        raise
    except (OSError, ValueError):  # a name no file system takes (too long, a NUL byte): no such map
        return None
    return None


def read_scenario(path: Path | str) -> tuple[Scenario, YamlSource]:
    """The scenario file alone, read and validated: its map, catalogue and armies are not looked at yet
    (load_scenario goes on to them). Enough to name and list a scenario."""
    source = read_yaml(path)
    expect_mapping(source)
    try:
        return Scenario.model_validate(source.data), source
    except ValidationError as exc:
        raise source.validation_error(exc) from None


def load_scenario(path: Path | str) -> LoadedScenario:
    """Read a scenario file, its map and its edition's catalogue, and check its armies fit them."""
    path = Path(path)
    scenario, source = read_scenario(path)
    try:
        map_file = _map_path(path, scenario.map)
    except MapRefused as exc:
        raise source.error(str(exc), ("map",)) from None
    if map_file is None:
        raise source.error(f"no map named {scenario.map!r} beside the scenario or among the bundled maps", ("map",))
    if scenario.edition not in EDITIONS:
        raise source.error(f"unknown edition {scenario.edition!r} (this version plays {', '.join(EDITIONS)})", ("edition",))
    catalogue = load_catalogue(scenario.edition)
    battle_map = _map_for(load_map(map_file), scenario.edition, map_file, source)
    loaded = LoadedScenario(path, scenario, battle_map, catalogue, source, map_file)
    try:  # classes, items, zones, tiles and overlaps, now, with file-and-line errors
        check_scenario(scenario, catalogue, loaded.battle_map)
    except ScenarioError as exc:
        raise source.error(str(exc), exc.where) from None
    return loaded


def _map_for(battle_map: BattleMap, edition: str, map_file: Path, source: YamlSource) -> BattleMap:
    """The map read with the edition's terrain table; every glyph on it must mean something there."""
    table = terrain_table(edition)
    for y, row in enumerate(battle_map.rows):
        for x, glyph in enumerate(row):
            if glyph not in table:
                raise source.error(f"map {map_file.name}: the tile {glyph!r} at [{x + 1}, {y + 1}] is not in the "
                                   f"{edition} terrain table", ("map",))
    return battle_map.model_copy(update={"edition": edition})


def bundled_titles() -> dict[str, Path]:
    """Bundled scenarios by their short name (file name) and by their title, both lower-cased."""
    titles: dict[str, Path] = {}
    for path in sorted(bundled_dir("scenarios").glob("*.yaml")):
        titles[path.stem.lower()] = path
        try:
            data = read_yaml(path).data
        except ContentError:
            continue  # a broken file is still reachable by its file name, and reported when loaded
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            titles[data["name"].strip().lower()] = path
    return titles


def find_scenario(name_or_path: str) -> Path:
    """A scenario file from a path, or a bundled scenario by its file name or its title (any case)."""
    path = Path(name_or_path)
    try:
        given = path.suffix in {".yaml", ".yml"} or path.exists()
    except (OSError, ValueError):  # a name no file system takes (too long): it names no file
        given = True
    if given:
        return path  # reading it says what is wrong with it: missing, a folder, a device, a pipe
    found = bundled_titles().get(name_or_path.strip().lower())
    if found is not None:
        return found
    known = ", ".join(p.stem for p in sorted(bundled_dir("scenarios").glob("*.yaml")))
    raise ContentError(name_or_path, f"no such scenario file or bundled scenario (bundled: {known})")


def content_kind(source: YamlSource) -> str:
    """Guess what a YAML file is from its top-level keys: 'map', 'scenario' or 'catalogue'."""
    data = source.data if isinstance(source.data, dict) else {}
    if "armies" in data or "map" in data:  # before maps: scenarios have objective `tiles` too
        return "scenario"
    if "tiles" in data:
        return "map"
    if set(data) & set(_SECTIONS):
        return "catalogue"
    raise source.error("not a map (tiles:), scenario (map:, armies:) or catalogue (classes:, weapons:)")


def validate_file(path: Path) -> list[str]:
    """Load one content file fully; raises ContentError on the first problem. Returns its warnings, one line
    each naming the file and line: things that load and play but cannot work as written (a scenario's
    scripts and names, script_checks.py; its events, event_checks.py)."""
    kind = content_kind(read_yaml(path))
    if kind != "scenario":
        {"map": load_map, "catalogue": load_catalogue_file}[kind](path)
        return []
    loaded = load_scenario(path)
    found = script_warnings(loaded.scenario, loaded.catalogue, loaded.battle_map) + event_warnings(loaded.scenario)
    return [str(loaded.source.error(f"warning: {w.message}", w.where)) for w in found]
