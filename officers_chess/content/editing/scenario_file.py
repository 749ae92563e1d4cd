"""A scenario file open in the editor: its units and deploy zones, edits that touch only their own lines, checks.

The file is read twice, as a map is (roundtrip.py): by the game's own loader, so a file the game refuses is refused
with its words, file and line; and by ruamel.yaml's round-trip reader, only to learn where each unit and zone is
written. Edits then splice new text into those lines and leave every other byte alone: ruamel.yaml's own writer
re-indents lists and re-wraps long flow lists, so writing the whole document would change lines nobody touched.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from officers_chess.content.editing.checks import Problem
from officers_chess.content.editing.folders import own_scenarios_folder
from officers_chess.content.editing.scenario_settings import set_side
from officers_chess.content.editing.yaml_lines import SIDES, _block_end, _ended, _flow, _indent, _load, _pos, _span
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, MapRefused, _map_path, load_scenario, validate_file
from officers_chess.rules.board.battle_map import BattleMap, Pos

_AT = re.compile(r"\bat \[(\d+), (\d+)\]")


@dataclass(frozen=True)
class UnitEntry:
    """One unit of a side's fixed army, as the file writes it (`at` counted from 0 here, from 1 in the file)."""

    side: str
    index: int
    name: str
    unit_class: str
    items: tuple[str, ...]
    at: Pos | None
    line: int  # the file's line (from 1)


@dataclass(frozen=True)
class Zone:
    """One rectangle of a side's deploy zone, corners counted from 0."""

    side: str
    index: int
    corner: Pos
    other: Pos
    line: int

    def contains(self, pos: Pos) -> bool:
        (x1, y1), (x2, y2) = self.corner, self.other
        return min(x1, x2) <= pos[0] <= max(x1, x2) and min(y1, y2) <= pos[1] <= max(y1, y2)


@dataclass(frozen=True)
class ScenarioDraft:
    """A version of the scenario's text, with the units and zones read from it: never changed in place, so undo
    (History) keeps each version as it was."""

    text: str
    units: tuple[UnitEntry, ...] = field(compare=False, default=())
    zones: tuple[Zone, ...] = field(compare=False, default=())
    war_chests: tuple[tuple[str, int | None], ...] = field(compare=False, default=())

    @classmethod
    def read(cls, text: str, path: Path | str = "scenario") -> ScenarioDraft:
        document = _load(text, path)
        units, zones, chests = [], [], []
        armies = document.get("armies") if isinstance(document, CommentedMap) else None
        sides = document.get("sides") if isinstance(document, CommentedMap) else None
        for side in SIDES:
            army = armies.get(side) if isinstance(armies, CommentedMap) else None
            for i, unit in enumerate(army if isinstance(army, CommentedSeq) else []):
                if isinstance(unit, CommentedMap):
                    units.append(UnitEntry(side, i, str(unit.get("name", "")), str(unit.get("class", "")),
                                           tuple(str(item) for item in unit.get("items") or []), _pos(unit.get("at")),
                                           army.lc.item(i)[0] + 1))
            entry = sides.get(side) if isinstance(sides, CommentedMap) else None
            deploy = entry.get("deploy") if isinstance(entry, CommentedMap) else None
            for i, zone in enumerate(deploy if isinstance(deploy, CommentedSeq) else []):
                a, b = (_pos(zone.get("from")), _pos(zone.get("to"))) if isinstance(zone, CommentedMap) else (None, None)
                if a is not None and b is not None:
                    zones.append(Zone(side, i, a, b, deploy.lc.item(i)[0] + 1))
            chest = entry.get("war_chest") if isinstance(entry, CommentedMap) else None
            chests.append((side, chest if isinstance(chest, int) else None))
        return cls(text, tuple(units), tuple(zones), tuple(chests))

    def unit_at(self, pos: Pos) -> UnitEntry | None:
        return next((u for u in self.units if u.at == pos), None)

    def zones_at(self, pos: Pos, side: str | None = None) -> list[Zone]:
        return [z for z in self.zones if z.contains(pos) and (side is None or z.side == side)]

    # --- edits: each a new draft ------------------------------------------------------------------------------

    def moved(self, unit: UnitEntry, pos: Pos) -> ScenarioDraft:
        return self._unit_set(unit, {"at": [pos[0] + 1, pos[1] + 1]})

    def changed(self, unit: UnitEntry, name: str, unit_class: str, items: list[str]) -> ScenarioDraft:
        return self._unit_set(unit, {"name": name, "class": unit_class, "items": items})

    def _unit_set(self, unit: UnitEntry, values: dict[str, Any]) -> ScenarioDraft:
        document = _load(self.text)
        army = document["armies"][unit.side]
        node = army[unit.index]
        for key, value in values.items():
            node[key] = value
        return self._spliced(_span(self.text, army, unit.index), _flow(node))

    def added(self, side: str, name: str, unit_class: str, items: list[str], pos: Pos) -> ScenarioDraft:
        node = {"name": name, "class": unit_class, "items": items, "at": [pos[0] + 1, pos[1] + 1]}
        document = _load(self.text)
        armies = document.get("armies")
        army = armies.get(side) if isinstance(armies, CommentedMap) else None
        lines = self.text.splitlines(keepends=True)
        if isinstance(army, CommentedSeq) and len(army) and army.fa.flow_style() is False:
            last, _ = army.lc.item(len(army) - 1)
            end = _span(self.text, army, len(army) - 1)[1][0]
            indent = _indent(lines[last])
            new = lines[:end + 1] + [f"{indent}- {_flow(node)}\n"] + lines[end + 1:]
            return ScenarioDraft.read("".join(new))
        # No block list for this side yet: write one (an empty `[]` is replaced, the side added, or `armies:` added).
        if isinstance(armies, CommentedMap) and side in armies:
            line = armies.lc.key(side)[0]
            indent = _indent(lines[line])
            new = lines[:line] + [f"{indent}{side}:\n", f"{indent}  - {_flow(node)}\n"] + lines[line + 1:]
        elif isinstance(armies, CommentedMap):
            line = document.lc.key("armies")[0]
            end = _block_end(lines, line)
            new = lines[:end + 1] + [f"  {side}:\n", f"    - {_flow(node)}\n"] + lines[end + 1:]
        else:
            new = _ended(lines) + ["armies:\n", f"  {side}:\n", f"    - {_flow(node)}\n"]
        return ScenarioDraft.read("".join(new))

    def removed(self, unit: UnitEntry) -> ScenarioDraft:
        document = _load(self.text)
        army = document["armies"][unit.side]
        lines = self.text.splitlines(keepends=True)
        if len(army) == 1:  # the side's last unit: its list is left empty
            line = document["armies"].lc.key(unit.side)[0]
            end = _block_end(lines, line)
            new = lines[:line] + [f"{_indent(lines[line])}{unit.side}: []\n"] + lines[end + 1:]
            return ScenarioDraft.read("".join(new))
        if army.fa.flow_style() is False:
            (first, _), (last, _) = _span(self.text, army, unit.index)
            return ScenarioDraft.read("".join(lines[:first] + lines[last + 1:]))
        raise ValueError("this army is written as one flow list: edit it by hand")

    def with_zones(self, side: str, zones: list[tuple[Pos, Pos]]) -> ScenarioDraft:
        """The side's deploy zone set to `zones`, written as one flow list on the `deploy:` line (`set_side`); no zone
        left takes the key out (and the side's block, and `sides:`, once nothing is left in them: ED18)."""
        value = [{"from": [a[0] + 1, a[1] + 1], "to": [b[0] + 1, b[1] + 1]} for a, b in zones]
        return ScenarioDraft.read(set_side(self.text, side, "deploy", value or None))

    def zone_added(self, side: str, a: Pos, b: Pos) -> ScenarioDraft:
        return self.with_zones(side, [(z.corner, z.other) for z in self.zones if z.side == side] + [(a, b)])

    def zone_removed(self, zone: Zone) -> ScenarioDraft:
        return self.with_zones(zone.side, [(z.corner, z.other) for z in self.zones
                                           if z.side == zone.side and z.index != zone.index])

    def _spliced(self, span: tuple[tuple[int, int], tuple[int, int]], text: str) -> ScenarioDraft:
        (l1, c1), (l2, c2) = span
        lines = self.text.splitlines(keepends=True)
        joined = lines[l1][:c1] + text + lines[l2][c2:]
        return ScenarioDraft.read("".join(lines[:l1] + [joined] + lines[l2 + 1:]))


@dataclass
class ScenarioFile:
    """A scenario file open in the editor: where it is saved (None until a copy of a bundled one is named), where it
    was read (its `map:` is found from there) and its map (terrain is edited in the map's own file)."""

    path: Path | None
    battle_map: BattleMap
    map_path: Path | None
    edition: str
    source: Path
    map_name: str

    @classmethod
    def open(cls, path: Path | str) -> tuple[ScenarioFile, ScenarioDraft]:
        """Read a scenario file; one the game cannot use raises ContentError naming the file and line."""
        path = Path(path)
        loaded = load_scenario(path)  # the game's own checks and messages first
        text = path.read_text(encoding="utf-8")
        draft = ScenarioDraft.read(text, path)
        return cls(path, loaded.battle_map, loaded.map_path, loaded.scenario.edition, path,
                   loaded.scenario.map), draft

    def save(self, draft: ScenarioDraft, path: Path | str | None = None) -> Path:
        """Write the draft's text, whole or not at all (a temporary file renamed over the old one)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("this scenario needs a file name to be saved")
        temporary = target.with_name(f".{target.name}.saving")
        temporary.write_text(draft.text, encoding="utf-8")
        os.replace(temporary, target)
        self._bring_map(target)
        self.path = self.source = target
        return target

    def _bring_map(self, target: Path) -> None:
        """A scenario saved in another folder still finds its map (ruling K3): a bare name is looked for among the
        bundled maps and the `maps/` beside it; a file name only beside it, so the map file is copied there."""
        if self.map_path is None or target.parent.resolve() == self.source.parent.resolve():
            return
        try:
            found = _map_path(target, self.map_name)
        except MapRefused:
            found = None
        if found is None and self.map_name.endswith((".yaml", ".yml")):
            beside = target.parent / self.map_name
            if not beside.exists():
                beside.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(self.map_path, beside)

    def written(self, draft: ScenarioDraft, what: str) -> Path:
        """The draft's text in a hidden file beside the scenario (`.NAME.what`), so its `map:` is found as the game
        finds it; the caller removes it. OSError when neither there nor the data folder takes it."""
        # Not named *.yaml, so nothing listing the folder's scenarios meanwhile (the title, another test) sees it.
        temporary = self.source.with_name(f".{self.source.name}.{what}")
        try:
            temporary.write_text(draft.text, encoding="utf-8")
        except OSError as exc:
            # A folder the player cannot write (an installed game's own): the data folder's scenarios/ finds a map
            # named bare as well (among the bundled ones), which is how every bundled scenario names its map.
            temporary = own_scenarios_folder() / temporary.name
            try:
                temporary.parent.mkdir(parents=True, exist_ok=True)
                temporary.write_text(draft.text, encoding="utf-8")
            except OSError:
                raise exc from None
        return temporary

    def loaded(self, draft: ScenarioDraft) -> LoadedScenario:
        """The draft as the game loads it (edits not yet saved included), to play-test; ContentError, OSError when it
        will not load."""
        temporary = self.written(draft, "play-test")
        try:
            return load_scenario(temporary)
        finally:
            try:
                temporary.unlink()
            except OSError:
                pass

    def check(self, draft: ScenarioDraft) -> list[Problem]:
        """The game's validator on the draft, written beside the file so its `map:` is found as the game finds it.
        Its error (it stops at the first) and its warnings, each at the unit's or zone's tile where it names one's
        line."""
        try:
            temporary = self.written(draft, "editor-check")
        except OSError as exc:
            return [Problem(f"the checks could not run: {self.source.parent} refused a file "
                            f"({exc.strerror or exc})", False)]
        try:
            warnings = validate_file(temporary)
            problems = [self._problem(_warning_line(w), w.split(": warning: ", 1)[-1], False, draft)
                        for w in warnings]
        except ContentError as exc:
            problems = [self._problem(exc.line, exc.message, True, draft)]
        finally:
            try:
                temporary.unlink()
            except OSError:
                pass
        return problems

    def _problem(self, line: int | None, message: str, error: bool, draft: ScenarioDraft) -> Problem:
        tile = None
        if line is not None:
            unit = next((u for u in draft.units if u.line == line), None)
            zone = next((z for z in draft.zones if z.line == line), None)
            tile = unit.at if unit is not None else zone.corner if zone is not None else None
            named = _AT.search(message)  # the rules name the very tile where they can ("overlap (at [1, 1])")
            if named is not None:
                tile = int(named.group(1)) - 1, int(named.group(2)) - 1
            message = f"line {line}: {message}"
        if tile is not None and not (0 <= tile[0] < self.battle_map.width and 0 <= tile[1] < self.battle_map.height):
            tile = None  # off the map: the message says where
        return Problem(message, error, tile=tile)


def _warning_line(warning: str) -> int | None:
    match = re.search(r":(\d+): warning: ", warning)
    return int(match.group(1)) if match else None
