"""Scripted orders and events of a scenario's text, read as plain values and written back as splices of only their
own lines (a unit's `orders`, an order group's `script`, one event's keys)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from officers_chess.content.editing.key_splices import _document, appended, item_removed, set_key
from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.scenario_file import UnitEntry
from officers_chess.rules.battle.triggers import read_trigger
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.order_when import read_when
from officers_chess.rules.pieces.orders import Order

MAX_LINES = 12  # a script's most lines (rules: Order lists, OrderGroup)


@dataclass(frozen=True)
class ScriptLine:
    """One line of a script as written: `when` empty for always."""

    when: str
    do: str

    def text(self) -> str:
        return f"{self.when or 'always'} -> {self.do}"

    def value(self) -> dict[str, str]:
        return {"when": self.when, "do": self.do} if self.when else {"do": self.do}


@dataclass(frozen=True)
class ScriptPlace:
    """Where a script is written: a unit's own `orders` (army side and index), an order group of the top-level
    `orders:` (its index), or a side's group (index None while the file has none)."""

    kind: Literal["unit", "group", "side"]
    side: str
    index: int | None
    title: str
    note: str = ""


def line_problem(when: str, do: str) -> str | None:
    """What the rules say is wrong with a script line, in the parser's own words (None: it reads)."""
    try:
        read_when(when.strip() or "always")
        Order.model_validate({"when": when.strip() or "always", "do": do})
    except ValueError as exc:
        return _words(exc)
    return None


def _words(exc: ValueError) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        error = first.get("ctx", {}).get("error")
        return str(error) if error is not None else str(first["msg"])
    return str(exc)


def _lines(value: Any) -> list[ScriptLine]:
    found = []
    for line in value if isinstance(value, list) else []:
        if isinstance(line, dict):
            when = str(line.get("when", "") or "")
            found.append(ScriptLine("" if when.strip().lower() == "always" else when, str(line.get("do", ""))))
    return found


def _seq(node: Any, key: str) -> CommentedSeq | None:
    value = node.get(key) if isinstance(node, CommentedMap) else None
    return value if isinstance(value, CommentedSeq) else None


def unit_script(text: str, unit: UnitEntry) -> tuple[ScriptPlace, list[ScriptLine]]:
    """The script a unit's `O` edits: its own `orders` when it has them; else the group that names it (shared with
    the group's other units); else new orders of its own."""
    document = _document(text)
    armies = document.get("armies")
    army = _seq(armies, unit.side) if isinstance(armies, CommentedMap) else None
    node = army[unit.index] if army is not None and unit.index < len(army) else None
    if isinstance(node, CommentedMap) and node.get("orders"):
        return ScriptPlace("unit", unit.side, unit.index, f"{unit.name}'s orders"), _lines(node.get("orders"))
    for i, group in enumerate(_seq(document, "orders") or []):
        if isinstance(group, CommentedMap) and unit.name in (group.get("units") or []):
            others = [str(n) for n in group.get("units") if n != unit.name]
            note = f"Shared with {', '.join(others)}: a change steers them too." if others else ""
            return ScriptPlace("group", unit.side, i, f"{unit.name}'s orders", note), _lines(group.get("script"))
    side = side_script(text, unit.side)[0]
    note = (f"No script of its own: the {unit.side}'s script steers it until these lines are saved."
            if side.index is not None else "")
    return ScriptPlace("unit", unit.side, unit.index, f"{unit.name}'s orders", note), []


def side_script(text: str, side: str) -> tuple[ScriptPlace, list[ScriptLine]]:
    """The script of the side's group (`- side: SIDE`), for every unit of it with no other script."""
    for i, group in enumerate(_seq(_document(text), "orders") or []):
        if isinstance(group, CommentedMap) and group.get("side") == side and not group.get("units"):
            return ScriptPlace("side", side, i, f"The {side}'s orders"), _lines(group.get("script"))
    return ScriptPlace("side", side, None, f"The {side}'s orders",
                       f"For every {side} unit with no script of its own."), []


def with_script(text: str, place: ScriptPlace, lines: list[ScriptLine]) -> str:
    """The text with the script at `place` set to `lines` (none: the unit's `orders` left out, the group removed)."""
    value = [line.value() for line in lines] or None
    if place.kind == "unit":
        return set_key(text, ("armies", place.side, place.index), "orders", value)
    if place.index is None:
        if value is None:
            return text
        return appended(text, "orders", {"side": place.side, "script": value})
    if value is None:
        return item_removed(text, ("orders",), place.index)
    return set_key(text, ("orders", place.index), "script", value)


# --- events -------------------------------------------------------------------------------------------------------

EVENT_KEYS = ("round", "when", "note", "reinforcements", "terrain", "orders")


def events(text: str) -> list[dict[str, Any]]:
    """The events as plain values, in the file's order."""
    return [plain(event) for event in _seq(_document(text), "events") or [] if isinstance(event, dict)]


def moment(words: str) -> dict[str, Any]:
    """An event's moment from the dialog's words: `round N`, or a trigger (ValueError in the rules' words)."""
    words = " ".join(words.split())
    if words.lower().startswith("round"):
        number = words[5:].strip()
        if not number.isdigit() or not 2 <= int(number) <= 99:
            raise ValueError("a timed event is `round N`, N from 2 to 99 (round 1 is the battle's start)")
        return {"round": int(number)}
    if not words:
        raise ValueError("say when the event happens: `round N`, or a trigger from the list")
    read_trigger(words)
    return {"when": words}


def moment_words(event: dict[str, Any]) -> str:
    return f"round {event['round']}" if event.get("round") is not None else str(event.get("when") or "")


def with_event(text: str, index: int | None, event: dict[str, Any] | None) -> str:
    """The text with event `index` replaced by `event` (each changed key spliced alone), a new event added (index
    None), or the event removed (event None)."""
    if index is None:
        given = event or {}
        return appended(text, "events", {k: given[k] for k in EVENT_KEYS if given.get(k) not in (None, "", [])})
    if event is None:
        return item_removed(text, ("events",), index)
    old = events(text)[index]
    was, now = ("round" if "round" in old else "when"), ("round" if event.get("round") is not None else "when")
    if old.get(was) != event.get(now) or was != now:
        text = set_key(text, ("events", index), was, event[now], rename=now)
    for key in EVENT_KEYS[2:]:
        value = event.get(key) or None
        if value != (old.get(key) or None):
            text = set_key(text, ("events", index), key, value)
    return text


# The columns an event's note keeps in a line cut to fit: a note cut to nothing left the events alike but for their
# moments, and what an event brings is cut at the line's end before that.
NOTE_LEAST = 12


def event_line(event: dict[str, Any], width: int | None = None) -> str:
    """An event in one line for the list: its moment, its note, and what else it brings. Given a `width`, the note is
    cut with "…" so the line fits in it, the moment and the rest kept whole: they tell the events apart."""
    head, note = moment_words(event) + ":", str(event.get("note") or "(no note)")
    extras = []
    if event.get("orders"):
        extras.append(f"orders for {', '.join(str(o.get('unit')) for o in event['orders'])}")
    if event.get("reinforcements"):
        extras.append(f"{len(event['reinforcements'].get('units') or [])} arriving")
    if event.get("terrain"):
        extras.append(f"{len(event['terrain'])} terrain change{'s' * (len(event['terrain']) != 1)}")
    tail = f" [{'; '.join(extras)}]" if extras else ""
    if width is None:
        return f"{head} {note}{tail}"
    room = max(width - len(head) - 1 - len(tail), NOTE_LEAST)
    if len(note) > room:
        note = note[:room - 1].rstrip() + "…"
    line = f"{head} {note}{tail}"
    return line if len(line) <= width else line[:width - 1] + "…"  # what it brings, too long: cut at the end


def terrain_text(changes: list[dict[str, Any]]) -> str:
    """Terrain changes as the dialog writes them: `[X, Y] terrain` with `;` between."""
    return "; ".join(f"[{c['at'][0]}, {c['at'][1]}] {c['to']}" for c in changes)


def parse_terrain(text: str, terrains: list[str], width: int, height: int) -> list[dict[str, Any]]:
    """Terrain changes read back from `[X, Y] terrain; ...` (the brackets may be left out); ValueError naming what
    is wrong."""
    found = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        written = re.fullmatch(r"\[?\s*(\d+)\s*,\s*(\d+)\s*\]?\s+(\S+)", part)
        if written is None:
            raise ValueError(f"{part!r}: write a change as [X, Y] terrain, e.g. [8, 2] ruins")
        x, y, to = int(written.group(1)), int(written.group(2)), written.group(3).lower()
        if not (1 <= x <= width and 1 <= y <= height):
            raise ValueError(f"[{x}, {y}] is off the map ({width} by {height})")
        if to not in terrains:
            raise ValueError(f"no terrain {to!r} in this edition: {', '.join(terrains)}")
        found.append({"at": [x, y], "to": to})
    return found


# --- names and areas for the help -------------------------------------------------------------------------------

def unit_names(text: str) -> list[str]:
    """Every unit the file places or brings (armies and reinforcements), each once, in the file's order."""
    return list(unit_sides(text))


def unit_sides(text: str) -> dict[str, str]:
    """Each unit the file places or brings, by name, with its side (armies first, then reinforcements)."""
    document, found = _document(text), {}
    armies = document.get("armies")
    for side, army in armies.items() if isinstance(armies, CommentedMap) else []:
        for unit in army if isinstance(army, list) else []:
            if isinstance(unit, dict) and unit.get("name"):
                found.setdefault(str(unit["name"]), str(side))
    for event in events(text):
        arriving = event.get("reinforcements") or {}
        for unit in arriving.get("units") or []:
            if isinstance(unit, dict) and unit.get("name"):
                found.setdefault(str(unit["name"]), str(arriving.get("side")))
    return found


def areas_of(text: str) -> dict[str, tuple[Pos, Pos]]:
    """The named areas (`areas:`), each as two opposite corners counted from 0, as the loader reads them."""
    found: dict[str, tuple[Pos, Pos]] = {}
    areas = _document(text).get("areas")
    for name, value in areas.items() if isinstance(areas, CommentedMap) else []:
        corners = value.get("corners") if isinstance(value, dict) else value
        try:
            (x1, y1), (x2, y2) = corners
            found[str(name)] = ((int(x1) - 1, int(y1) - 1), (int(x2) - 1, int(y2) - 1))
        except (TypeError, ValueError):
            continue  # the live checks say what is wrong with it
    return found


def area_at(areas: dict[str, tuple[Pos, Pos]], pos: Pos) -> str | None:
    """The first named area (in the file's order) that holds the tile."""
    for name, ((x1, y1), (x2, y2)) in areas.items():
        if min(x1, x2) <= pos[0] <= max(x1, x2) and min(y1, y2) <= pos[1] <= max(y1, y2):
            return name
    return None
