"""A placed unit's keys (name, class, items, uses spent, roles, crests) read and spliced one value at a time, its cost."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap

from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.scenario_file import ScenarioDraft, ScenarioFile, UnitEntry
from officers_chess.content.editing.yaml_lines import _flow, _load
from officers_chess.content.errors import ContentError
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Weapon
from officers_chess.rules.pieces.pricing import unit_cost
from officers_chess.rules.scenario.setup import can_equip_class

ROLES = ("Leader", "Fleeing", "Saboteur")
# The order a key missing from a unit's line is written in (after the last of those before it that the line has);
# `orders` is not the unit dialog's to write (the orders editor writes it), but a new key goes before it.
ORDER = ("name", "class", "items", "used", "roles", "crests", "at", "orders")
EDITED = ("name", "class", "items", "used", "roles", "crests")


@dataclass(frozen=True)
class UnitFields:
    """What the unit dialog edits; an empty list is a key left out of the file (the loader's default)."""

    name: str
    unit_class: str
    items: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    crests: tuple[str, ...] = ()
    used: tuple[int, ...] = field(default=())

    def values(self) -> dict[str, Any]:
        """The keys as the file writes them, None for one left out."""
        return {"name": self.name, "class": self.unit_class, "items": list(self.items) or None,
                "used": list(self.used) or None, "roles": list(self.roles) or None,
                "crests": list(self.crests) or None}


def unit_fields(draft: ScenarioDraft, unit: UnitEntry) -> UnitFields:
    """The unit's keys as the file has them now."""
    node = _load(draft.text)["armies"][unit.side][unit.index]

    def listed(key: str) -> tuple:
        value = node.get(key)
        return tuple(value) if isinstance(value, list) else ()

    return UnitFields(str(node.get("name", "")), str(node.get("class", "")), tuple(str(i) for i in listed("items")),
                      tuple(str(r) for r in listed("roles")), tuple(str(c) for c in listed("crests")),
                      tuple(u for u in listed("used") if isinstance(u, int)))


def with_fields(draft: ScenarioDraft, unit: UnitEntry, fields: UnitFields) -> ScenarioDraft:
    """The draft with the unit's keys set to `fields`: each changed value spliced where it is written, a new key
    added, an emptied one taken out; every other character of the line (its `at`, its `orders`) kept as it was."""
    document = _load(draft.text)
    army = document["armies"][unit.side]
    node = army[unit.index]
    if not isinstance(node, CommentedMap) or not node.fa.flow_style():
        raise ValueError("the editor edits units written as {name: ..., at: [x, y]} on their line")
    lines = draft.text.splitlines(keepends=True)
    line_no = army.lc.item(unit.index)[0]
    line = lines[line_no]
    now = {key: plain(node[key]) for key in node}
    # Right to left, so each splice leaves the columns of the keys before it where ruamel.yaml read them.
    edits: list[tuple[int, int, str]] = []
    for key, value in fields.values().items():
        if value == now.get(key) or (value is None and key not in node):
            continue
        if key in node:
            k_line, k_col = node.lc.key(key)
            v_line, v_col = node.lc.value(key)
            if k_line != line_no or v_line != line_no:
                raise ValueError("the editor edits units written as {name: ..., at: [x, y]} on one line")
            end = _value_end(line, v_col)
            if value is None:  # out, with the comma that joined it to its neighbour
                before = line.rstrip()[:k_col].rstrip()
                if before.endswith(","):
                    edits.append((len(before) - 1, end, ""))
                else:
                    after = end
                    while after < len(line) and line[after] in ", ":
                        after += 1
                    edits.append((k_col, after, ""))
            else:
                edits.append((v_col, end, _flow(value)))
        else:
            earlier = [k for k in ORDER[:ORDER.index(key)] if k in node]
            if earlier:
                v_col = node.lc.value(earlier[-1])[1]
                edits.append((_value_end(line, v_col), _value_end(line, v_col), f", {key}: {_flow(value)}"))
            else:
                start = line.index("{", army.lc.item(unit.index)[1]) + 1
                edits.append((start, start, f"{key}: {_flow(value)}, "))
    # Two keys added at one place: the later first, so they end up in ORDER's order.
    for _, (start, end, new) in sorted(enumerate(edits), key=lambda e: (-e[1][0], -e[0])):
        line = line[:start] + new + line[end:]
    return ScenarioDraft.read("".join(lines[:line_no] + [line] + lines[line_no + 1:]))


def added_with(draft: ScenarioDraft, side: str, fields: UnitFields, pos: tuple[int, int]) -> ScenarioDraft:
    """The draft with a new unit of `side` at `pos` (from 0), every key of `fields` written on its line."""
    added = draft.added(side, fields.name, fields.unit_class, list(fields.items), pos)
    new = [u for u in added.units if u.side == side][-1]
    return with_fields(added, new, fields)



def _value_end(line: str, start: int) -> int:
    """Where the flow value starting at `start` ends: past its closing bracket, or at the `,` or `}` after a
    scalar (a quoted one read to its closing quote)."""
    depth, quote = 0, ""
    for c in range(start, len(line)):
        ch = line[c]
        if quote:
            if ch == quote:
                quote = ""
                if depth == 0:
                    return c + 1
        elif ch in "'\"":
            quote = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            if depth == 0:
                return len(line[:c].rstrip())
            depth -= 1
            if depth == 0:
                return c + 1
        elif ch == "," and depth == 0:
            return len(line[:c].rstrip())
    raise ValueError("a unit's line ends before its value does")


def equipped(catalogue: Catalogue, fields: UnitFields) -> str | None:
    """The item the unit takes the field wielding, as the loader picks it: the first weapon its class can wield."""
    unit_class = catalogue.classes.get(fields.unit_class)
    if unit_class is None:
        return None
    return next((name for name in fields.items if isinstance(catalogue.items.get(name), Weapon)
                 and can_equip_class(unit_class, catalogue.items[name])), None)


def cost(catalogue: Catalogue, fields: UnitFields) -> int | None:
    """The unit's gold as the war chest counts it (its class and every item); None while its class is unknown."""
    unit_class = catalogue.classes.get(fields.unit_class)
    if unit_class is None or any(name not in catalogue.items for name in fields.items):
        return None
    return unit_cost(unit_class, [catalogue.items[name] for name in fields.items])


def chest_left(draft: ScenarioDraft, catalogue: Catalogue, side: str, fields: UnitFields,
               replacing: UnitEntry | None = None) -> int | None:
    """The side's war chest less its fixed army's cost with this unit in it (None: the side has no chest, or a
    price cannot be worked out yet)."""
    chest = dict(draft.war_chests).get(side)
    mine = cost(catalogue, fields)
    if not chest or mine is None:
        return None
    others = 0
    for unit in draft.units:
        if unit.side != side or (replacing is not None and unit.index == replacing.index):
            continue
        price = cost(catalogue, UnitFields(unit.name, unit.unit_class, unit.items))
        others += price or 0
    return chest - others - mine


def refused(file: ScenarioFile, after: ScenarioDraft, side: str, index: int, name: str) -> str | None:
    """The loader's own words when the edited unit (the `index`th of `side` in `after`) is one the game would refuse:
    a class that cannot wield an item, a name too long or taken, a tile it cannot stand on. A problem elsewhere in the
    file is not this dialog's to refuse (the live checks show it)."""
    unit = next((u for u in after.units if u.side == side and u.index == index), None)
    try:
        file.loaded(after)
    except ContentError as exc:
        if (unit is not None and exc.line == unit.line) or f"named {name!r}" in exc.message:
            return exc.message
    except OSError:
        return None  # the checks could not write their file: the live checks say so
    return None
