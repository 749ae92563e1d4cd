"""A scenario's places as text splices: its named areas, its seize/escape/raze tiles and its chests (ruling ED9)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.yaml_lines import (
    _YAML_WORDS, _block_end, _comment_kept, _ended, _flow, _indent, _load, _pos)
from officers_chess.rules.board.battle_map import Pos

KINDS = ("seize", "escape", "raze")  # the objective tiles, in the order `o` cycles through them
AREA_NAME = re.compile(r"^[a-z][a-z0-9_]{0,29}$")
ABOUT_LIMIT = 160  # the loader's own limit on an area's words (rules/scenario/setup.py Area.about)
AREA_LIMIT = 40  # the loader's own limit on a scenario's areas
WRAP = 110  # a list of tiles longer than this goes on over lines, as the bundled files write long lists


@dataclass(frozen=True)
class AreaEntry:
    """One named area as the file gives it: its corners (from 0 here), its words for the players, whether shown."""

    name: str
    corner: Pos
    other: Pos
    about: str = ""
    shown: bool = True

    def contains(self, pos: Pos) -> bool:
        (x1, y1), (x2, y2) = self.corner, self.other
        return min(x1, x2) <= pos[0] <= max(x1, x2) and min(y1, y2) <= pos[1] <= max(y1, y2)


@dataclass(frozen=True)
class ChestEntry:
    """One chest as the file gives it: its place in the `chests:` list, its tile (from 0) and its item."""

    index: int
    at: Pos
    item: str


@dataclass(frozen=True)
class Places:
    """What one version of the text holds: its areas, each objective tile's kind, its chests."""

    areas: tuple[AreaEntry, ...]
    objectives: dict[Pos, str]
    chests: tuple[ChestEntry, ...]

    @classmethod
    def read(cls, text: str) -> Places:
        document = _load(text)
        document = document if isinstance(document, CommentedMap) else CommentedMap()
        areas = []
        node = document.get("areas")
        for name, value in (node.items() if isinstance(node, CommentedMap) else []):
            corners = value.get("corners") if isinstance(value, CommentedMap) else value
            # A shape the loader refuses (an autosave of a file edited by hand) is not drawn: its live check says why.
            a, b = (_pos(corners[0]), _pos(corners[1])) if isinstance(corners, list) and len(corners) == 2 else (None, None)
            if a is None or b is None:
                continue
            about = str(value.get("about") or "") if isinstance(value, CommentedMap) else ""
            shown = value.get("shown", True) is not False if isinstance(value, CommentedMap) else True
            areas.append(AreaEntry(str(name), a, b, about, shown))
        objectives: dict[Pos, str] = {}
        tiles = document.get("tiles")
        for kind in KINDS:
            listed = tiles.get(kind) if isinstance(tiles, CommentedMap) else None
            for value in (listed if isinstance(listed, list) else []):
                pos = _pos(value)
                if pos is not None:
                    objectives.setdefault(pos, kind)
        chests = []
        node = document.get("chests")
        for i, chest in enumerate(node if isinstance(node, CommentedSeq) else []):
            pos = _pos(chest.get("at")) if isinstance(chest, CommentedMap) else None
            if pos is not None:
                chests.append(ChestEntry(i, pos, str(chest.get("item", ""))))
        return cls(tuple(areas), objectives, tuple(chests))

    def areas_at(self, pos: Pos) -> list[AreaEntry]:
        return [area for area in self.areas if area.contains(pos)]

    def chest_at(self, pos: Pos) -> ChestEntry | None:
        return next((chest for chest in self.chests if chest.at == pos), None)


def area_name_refusal(name: str, taken: list[str]) -> str | None:
    """Why `name` cannot name a new area (None when it can): scripts and triggers name areas in their text, so a
    name is one word of small letters, digits and `_`, as the bundled files write theirs."""
    if not name:
        return "Give the area a name."
    if not AREA_NAME.match(name) or name in _YAML_WORDS:
        return (f"{name!r} cannot name an area: one word of small letters, digits and _, starting with a letter, "
                "at most 30 (lower_cut reads 'Lower cut' on the map).")
    if name in taken:
        return f"There is an area named {name} already: give another name."
    return None


# --- areas ------------------------------------------------------------------------------------------------------


def _area_lines(area: AreaEntry, indent: str) -> list[str]:
    corners = f"[[{area.corner[0] + 1}, {area.corner[1] + 1}], [{area.other[0] + 1}, {area.other[1] + 1}]]"
    if not area.about and area.shown:  # as the docs write a plain one: its corners alone
        return [f"{indent}{area.name}: {corners}\n"]
    lines = [f"{indent}{area.name}:\n", f"{indent}  corners: {corners}\n"]
    if area.about:
        lines.append(f"{indent}  about: {_flow(area.about)}\n")
    if not area.shown:
        lines.append(f"{indent}  shown: false\n")
    return lines


def _area_kept(lines: list[str], areas: CommentedMap, name: str, new: list[str]) -> list[str]:
    """`new`, the area's lines written again, with what the author wrote kept (ED50): a key whose value did not
    change keeps its own line as written, and one that did keeps the comment after it."""
    old = areas[name]
    if not isinstance(old, CommentedMap) or old.fa.flow_style():  # `name: [[x, y], [x, y]]` on one line
        return _comment_kept(lines, areas, name, new) if len(new) == 1 else new
    kept = new[:1]  # the area's name line
    for written in new[1:]:
        key = written.strip().split(":", 1)[0]
        if key not in old:
            kept.append(written)
            continue
        at = old.lc.key(key)[0]
        if _block_end(lines, at) != at:  # a value over several lines: written again whole
            kept.append(written)
        elif plain(old[key]) == plain(_load(written.strip())[key]):  # the new line read back: unchanged
            kept.append(lines[at] if lines[at].endswith("\n") else lines[at] + "\n")
        else:
            kept.extend(_comment_kept(lines, old, key, [written]))
    return kept


def _flow_refused(node: Any, what: str) -> None:
    if isinstance(node, (CommentedMap, CommentedSeq)) and len(node) and node.fa.flow_style():
        raise ValueError(f"the {what} are written on one line: edit them by hand")


def with_area(text: str, area: AreaEntry, replacing: str | None = None) -> str:
    """The text with `area` written: in place of the area `replacing` (its own lines), else after the last area."""
    document, lines = _load(text), text.splitlines(keepends=True)
    areas = document.get("areas") if isinstance(document, CommentedMap) else None
    _flow_refused(areas, "areas")
    if replacing is not None:
        line = areas.lc.key(replacing)[0]
        end = _block_end(lines, line)
        new = _area_lines(area, _indent(lines[line]))
        return "".join(lines[:line] + _area_kept(lines, areas, replacing, new) + lines[end + 1:])
    if isinstance(areas, CommentedMap) and len(areas):
        key = document.lc.key("areas")[0]
        end = _block_end(lines, key)
        indent = _indent(lines[areas.lc.key(next(iter(areas)))[0]])
        return "".join(lines[:end + 1] + _area_lines(area, indent) + lines[end + 1:])
    if isinstance(document, CommentedMap) and "areas" in document:  # `areas: {}` or `areas:` with nothing under it
        key = document.lc.key("areas")[0]
        return "".join(lines[:key] + ["areas:\n"] + _area_lines(area, "  ") + lines[key + 1:])
    return "".join(_ended(lines) + ["areas:\n"] + _area_lines(area, "  "))


def without_area(text: str, name: str) -> str:
    """The text with the area `name`'s lines taken out (the `areas:` key too when it was the last)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    areas = document["areas"]
    _flow_refused(areas, "areas")
    line = document.lc.key("areas")[0] if len(areas) == 1 else areas.lc.key(name)[0]
    return "".join(lines[:line] + lines[_block_end(lines, line) + 1:])


def area_users(text: str, name: str) -> list[str]:
    """Where the scenario's scripts and triggers name the area, in words ("an order of Cobb", "the event of round
    3"); empty when nothing does, or when the text is not one the game reads (its live check says why)."""
    from pydantic import ValidationError

    from officers_chess.rules.battle.triggers import read_trigger
    from officers_chess.rules.scenario.script_checks import scripts_of
    from officers_chess.rules.scenario.setup import Scenario

    try:
        scenario = Scenario.model_validate(plain(_load(text)))
        scripts = scripts_of(scenario)
    except (ValidationError, ValueError, TypeError):
        return []
    users = []
    for script in scripts:
        if any(name in order.areas() for order in script.lines):
            who = script.own_name or ", ".join(s.name for s in script.steers) or "a group"
            users.append(f"the orders of {who}")
    for event in scenario.events:
        try:
            trigger = read_trigger(event.when) if event.when is not None else None
        except ValueError:
            continue
        if trigger is not None and trigger.area == name:
            users.append(f"the event '{event.when}'")
    return list(dict.fromkeys(users))



# --- objective tiles ----------------------------------------------------------------------------------------------


def _tile_lines(indent: str, kind: str, tiles: list[Pos]) -> list[str]:
    """`kind: [[x, y], ...]` from `indent`, going on over lines past WRAP columns (lined up after the bracket)."""
    head = f"{indent}{kind}: ["
    items = [f"[{x + 1}, {y + 1}]" for x, y in tiles]
    lines, current = [], head
    for i, item in enumerate(items):
        piece = item + ("]" if i == len(items) - 1 else ",")
        if current not in (head, " " * len(head)) and len(current) + 1 + len(piece) > WRAP:
            lines.append(current + "\n")
            current = " " * len(head)
        current += ("" if current in (head, " " * len(head)) else " ") + piece
    return lines + [current + "\n"]


def _with_kind(text: str, kind: str, tiles: list[Pos]) -> str:
    """The text with `tiles: kind:` set to `tiles` (its own lines; left out when empty, `tiles:` too when bare)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    node = document.get("tiles") if isinstance(document, CommentedMap) else None
    _flow_refused(node, "objective tiles")
    if isinstance(node, CommentedMap) and kind in node:
        line = node.lc.key(kind)[0]
        if not tiles and len(node) == 1:
            line = document.lc.key("tiles")[0]
            return "".join(lines[:line] + lines[_block_end(lines, line) + 1:])
        new = _comment_kept(lines, node, kind, _tile_lines(_indent(lines[line]), kind, tiles)) if tiles else []
        return "".join(lines[:line] + new + lines[_block_end(lines, line) + 1:])
    if not tiles:
        return text
    if isinstance(node, CommentedMap) and len(node):
        end = _block_end(lines, document.lc.key("tiles")[0])
        indent = _indent(lines[node.lc.key(next(iter(node)))[0]])
        return "".join(lines[:end + 1] + _tile_lines(indent, kind, tiles) + lines[end + 1:])
    if isinstance(document, CommentedMap) and "tiles" in document:
        key = document.lc.key("tiles")[0]
        return "".join(lines[:key] + ["tiles:\n"] + _tile_lines("  ", kind, tiles) + lines[key + 1:])
    return "".join(_ended(lines) + ["tiles:\n"] + _tile_lines("  ", kind, tiles))


def with_objective(text: str, pos: Pos, kind: str | None) -> str:
    """The text with the tile `pos` an objective of `kind` (None: of none), each list touched only if it changes."""
    document = _load(text)
    node = document.get("tiles") if isinstance(document, CommentedMap) else None
    for each in KINDS:
        now = [p for p in (_pos(v) for v in (node.get(each) or [] if isinstance(node, CommentedMap) else []))
               if p is not None]
        wanted = now if each == kind and pos in now else [p for p in now if p != pos] + ([pos] if each == kind else [])
        if wanted != now:
            text = _with_kind(text, each, wanted)
    return text


def next_kind(kind: str | None) -> str | None:
    """What `o` makes a tile next: none, seize, escape, raze, none again."""
    order = (None, *KINDS)
    return order[(order.index(kind) + 1) % len(order)]


# --- chests -------------------------------------------------------------------------------------------------------


def with_chest(text: str, pos: Pos, item: str) -> str:
    """The text with a chest of `item` on `pos`, on its own line after the last chest."""
    document, lines = _load(text), text.splitlines(keepends=True)
    chests = document.get("chests") if isinstance(document, CommentedMap) else None
    entry = _flow({"at": [pos[0] + 1, pos[1] + 1], "item": item})
    _flow_refused(chests, "chests")
    if isinstance(chests, CommentedSeq) and len(chests):
        end = _block_end(lines, document.lc.key("chests")[0])
        indent = _indent(lines[chests.lc.item(0)[0]])
        return "".join(lines[:end + 1] + [f"{indent}- {entry}\n"] + lines[end + 1:])
    if isinstance(document, CommentedMap) and "chests" in document:  # `chests: []` or nothing under it
        key = document.lc.key("chests")[0]
        return "".join(lines[:key] + ["chests:\n", f"  - {entry}\n"] + lines[key + 1:])
    return "".join(_ended(lines) + ["chests:\n", f"  - {entry}\n"])


def without_chest(text: str, chest: ChestEntry) -> str:
    """The text with the chest's lines taken out (the `chests:` key too when it was the last)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    chests = document["chests"]
    _flow_refused(chests, "chests")
    key = document.lc.key("chests")[0]
    if len(chests) == 1:
        return "".join(lines[:key] + lines[_block_end(lines, key) + 1:])
    first = chests.lc.item(chest.index)[0]
    if chest.index + 1 < len(chests):
        last = chests.lc.item(chest.index + 1)[0] - 1
        while last > first and (not lines[last].strip() or lines[last].strip().startswith("#")):
            last -= 1  # a comment above the next chest is the next chest's
    else:
        last = _block_end(lines, key)
    return "".join(lines[:first] + lines[last + 1:])
