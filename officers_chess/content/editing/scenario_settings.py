"""A scenario's settings (name, briefing, time limit, each side's war chest and victory) as text splices, and a new
scenario's first text."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.yaml_lines import (
    SIDES, _block_end, _comment_kept, _ended, _flow, _indent, _load, without_empty_sides)
from officers_chess.content.loaders import _map_path

TOP_KEYS = ("name", "purpose", "briefing", "first_deployer", "easier_side", "fog", "time_limit")
SIDE_KEYS = ("war_chest", "victory")
NEEDS = {"rout": (), "seize": (), "escape": ("count",), "survive": ("rounds",), "hold": ("tiles", "rounds"),
         "defeat": ("unit",), "protect": ("unit",), "raze": ("count",), "control": ("tiles", "count"),
         "heist": ("count",)}
# One line each, in our words, for the settings dialog (the rules: rules/battle/objectives.py Condition).
KIND_HELP = (
    ("rout", "every enemy unit routed (share=0.5 for half)"),
    ("seize", "the side's Leader seizes a seize tile"),
    ("escape", "count= units leave by the exit tiles"),
    ("survive", "a unit still standing when round rounds= ends"),
    ("hold", "a unit on one of tiles= when round rounds= ends"),
    ("defeat", "the enemy unit unit= is routed"),
    ("protect", "the side's unit unit= must live, or the foe wins"),
    ("raze", "count= raze tiles razed"),
    ("control", "count= of tiles= held when the battle ends"),
    ("heist", "count= chest items carried off the map"),
)
NEW_CHEST = 500


def new_scenario_text(name: str, map_ref: str, edition: str, width: int, height: int) -> str:
    """A scenario the validator accepts as it is: each side hires with a war chest and deploys at its own edge of
    the map (two columns); the author replaces these with fixed armies or other zones."""
    left, right = f"[1, 1], to: [{min(2, width)}, {height}]", f"[{max(1, width - 1)}, 1], to: [{width}, {height}]"
    return "".join([f"name: {_flow(name)}\n", f"map: {_flow(map_ref)}\n", f"edition: {edition}\n",
                    "first_deployer: defender\n", "sides:\n", "  attacker:\n", f"    war_chest: {NEW_CHEST}\n",
                    f"    deploy: [{{from: {left}}}]\n", "  defender:\n", f"    war_chest: {NEW_CHEST}\n",
                    f"    deploy: [{{from: {right}}}]\n"])


def settings(text: str) -> dict[str, Any]:
    """The settings as plain values: top keys by name, each side's under `sides` ({side: {war_chest, victory}})."""
    document = _load(text)
    document = document if isinstance(document, CommentedMap) else CommentedMap()
    found: dict[str, Any] = {key: plain(document.get(key)) for key in TOP_KEYS}
    for key in ("name", "purpose", "briefing", "easier_side"):  # absent and empty are one; a `|` block's last newline is no text
        found[key] = str(found[key] or "").rstrip("\n")
    found["fog"] = bool(found["fog"])
    found["first_deployer"] = str(found["first_deployer"] or "defender")
    sides = document.get("sides") if isinstance(document.get("sides"), CommentedMap) else {}
    found["sides"] = {}
    for side in SIDES:
        entry = sides.get(side) if isinstance(sides.get(side), CommentedMap) else {}
        found["sides"][side] = {"war_chest": plain(entry.get("war_chest")),
                                "victory": [normal(c) for c in plain(entry.get("victory")) or []]}
    return found


def normal(condition: dict[str, Any]) -> dict[str, Any]:
    """A condition with its tier always written, kind first and tier last (so two ways of writing one compare equal)."""
    rest = {k: v for k, v in condition.items() if k not in ("kind", "tier")}
    return {"kind": condition.get("kind"), **rest, "tier": condition.get("tier", "victory")}



def conditions_text(conditions: list[dict[str, Any]]) -> str:
    """Conditions as the dialog writes them: `kind field=value ... tier`, `;` between, tiles as `3,4+5,6`."""
    parts = []
    for c in conditions:
        words = [str(c["kind"])]
        for key, value in c.items():
            if key in ("kind", "tier"):
                continue
            shown = "+".join(f"{x},{y}" for x, y in value) if key == "tiles" else value
            words.append(f"{key}={shown}")
        words.append(str(c.get("tier", "victory")))
        parts.append(" ".join(words))
    return "; ".join(parts)


def parse_conditions(text: str) -> list[dict[str, Any]]:
    """The dialog's conditions read back; ValueError in words for the author."""
    found = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        words = _joined_tiles(part).split()
        kind, tier, fields = words[0].lower(), "victory", {}
        if kind not in NEEDS:
            raise ValueError(f"no victory kind {kind!r} (the kinds: {', '.join(NEEDS)})")
        for word in words[1:]:
            if word in ("victory", "decisive"):
                tier = word
                continue
            key, equals, value = word.partition("=")
            if not equals or key not in ("count", "rounds", "share", "unit", "tiles"):
                raise ValueError(f"{word!r}: write a field as count=, rounds=, share=, unit= or tiles=3,4+5,6")
            if key == "tiles":
                fields[key] = _tiles(word, value)
                continue
            try:
                fields[key] = int(value) if key in ("count", "rounds") else float(value) if key == "share" else value
            except ValueError:
                raise ValueError(f"{word!r}: not a number where one is wanted") from None
        missing = [need for need in NEEDS[kind] if need not in fields]
        if missing:
            raise ValueError(f"a {kind} condition needs {missing[0]}=")
        found.append({"kind": kind, **fields, "tier": tier})
    return found


TILES_FORM = "3,4 or [3, 4]; several: 3,4+5,6 or [3, 4], [5, 6]"  # how the dialog reads `tiles=`
_TILE = re.compile(r"\[(\d+),(\d+)\]|(\d+),(\d+)")


def _joined_tiles(part: str) -> str:
    """The condition with the spaces an author puts in a tile list taken out (`[15, 5], [3, 4]` is one word)."""
    part = re.sub(r"\[[^\[\]]*\]", lambda found: re.sub(r"\s+", "", found.group()), part)
    return re.sub(r"\]\s*,\s*\[", "],[", re.sub(r"\s*\+\s*", "+", part))


def _tiles(word: str, value: str) -> list[list[int]]:
    """`tiles=` read: `3,4`, `[3,4]`, several with `+` between (or `,` between bracketed ones), the whole list in
    brackets too; ValueError saying the forms."""
    text = value[1:-1] if value.startswith("[[") and value.endswith("]]") else value
    tiles, at = [], 0
    while True:
        found = _TILE.match(text, at)
        if found is None:
            raise ValueError(f"{word!r}: write tiles= as {TILES_FORM}")
        tiles.append([int(found.group(1) or found.group(3)), int(found.group(2) or found.group(4))])
        at = found.end()
        if at == len(text):
            return tiles
        if not (text[at] == "+" or (text[at] == "," and found.group(1) and text[at + 1:at + 2] == "[")):
            raise ValueError(f"{word!r}: write tiles= as {TILES_FORM}")
        at += 1


def rendered(key: str, value: Any) -> list[str] | None:
    """The lines that write `key: value` at indent 0 (None: the key is left out, its default)."""
    if value is None or value == "" or value == [] or (key == "fog" and value is False):
        return None
    if key == "briefing":
        lines = [line.rstrip() for line in str(value).strip("\n").splitlines()]
        marker = "|2" if lines and lines[0].startswith(" ") else "|"
        return [f"briefing: {marker}\n"] + [f"  {line}\n" if line else "\n" for line in lines]
    if key == "time_limit":
        order = ("rounds", "reason", "winner", "tier")
        return ["time_limit:\n"] + [f"  {k}: {_flow(value[k])}\n" for k in order if value.get(k) is not None]
    if key == "victory":
        return ["victory:\n"] + [f"  - {_flow(c)}\n" for c in value]
    return [f"{key}: {_flow(value)}\n"]


def _indented(lines: list[str], indent: str) -> list[str]:
    return [indent + line if line.strip() else line for line in lines]


def set_top(text: str, key: str, value: Any) -> str:
    """The text with the top-level `key` set (its own lines replaced, or added at the end) or left out."""
    document, lines = _load(text), text.splitlines(keepends=True)
    new = rendered(key, value) or []
    if isinstance(document, CommentedMap) and key in document:
        line = document.lc.key(key)[0]
        return "".join(lines[:line] + _comment_kept(lines, document, key, new) + lines[_block_end(lines, line) + 1:])
    return "".join(_ended(lines) + new)


def set_side(text: str, side: str, key: str, value: Any) -> str:
    """The text with `sides.<side>.key` set (its own lines replaced, or added at the end of the side's block)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    new = rendered(key, value)
    sides = document.get("sides") if isinstance(document, CommentedMap) else None
    entry = sides.get(side) if isinstance(sides, CommentedMap) else None
    if isinstance(sides, CommentedMap) and len(sides) and sides.fa.flow_style():
        raise ValueError("the sides' settings are written on one line: edit them by hand")
    if isinstance(entry, CommentedMap) and len(entry) and entry.fa.flow_style():
        raise ValueError(f"the {side}'s settings are written on one line: edit them by hand")
    if isinstance(entry, CommentedMap) and key in entry:
        line = entry.lc.key(key)[0]
        end = _block_end(lines, line)
        if new is None and len(entry) == 1:  # its only key: the side, and `sides:` if it was the last, go too
            side_line = sides.lc.key(side)[0]
            return without_empty_sides("".join(lines[:side_line] + [f"{_indent(lines[side_line])}{side}: {{}}\n"]
                                               + lines[end + 1:]))
        new = _comment_kept(lines, entry, key, _indented(new or [], _indent(lines[line])))
        return "".join(lines[:line] + new + lines[end + 1:])
    if new is None:
        return text
    if isinstance(entry, CommentedMap) and len(entry):
        first = entry.lc.key(next(iter(entry)))[0]
        end = _block_end(lines, sides.lc.key(side)[0])
        return "".join(lines[:end + 1] + _indented(new, _indent(lines[first])) + lines[end + 1:])
    if isinstance(sides, CommentedMap) and side in sides:  # `side: {}` or `side:` with nothing under it
        line = sides.lc.key(side)[0]
        indent = _indent(lines[line])
        return "".join(lines[:line] + [f"{indent}{side}:\n"] + _indented(new, indent + "  ") + lines[line + 1:])
    if isinstance(sides, CommentedMap) and len(sides):
        line = document.lc.key("sides")[0]
        end = _block_end(lines, line)
        return "".join(lines[:end + 1] + [f"  {side}:\n"] + _indented(new, "    ") + lines[end + 1:])
    if isinstance(sides, CommentedMap) or (isinstance(document, CommentedMap) and "sides" in document):
        line = document.lc.key("sides")[0]
        return "".join(lines[:line] + ["sides:\n", f"  {side}:\n"] + _indented(new, "    ") + lines[line + 1:])
    return "".join(_ended(lines) + ["sides:\n", f"  {side}:\n"] + _indented(new, "    "))


def with_settings(text: str, wanted: dict[str, Any]) -> str:
    """The text with every setting of `wanted` (shaped as settings() returns them) that differs spliced in."""
    now = settings(text)
    for key in TOP_KEYS:
        if key in wanted and wanted[key] != now[key]:
            text = set_top(text, key, wanted[key])
    for side, values in wanted.get("sides", {}).items():
        for key in SIDE_KEYS:
            if key in values and values[key] != now["sides"][side][key]:
                text = set_side(text, side, key, values[key])
    return text


def new_scenario_file(path: Path, map_name: str, name: str | None = None) -> Path:
    """Write a new scenario at `path` (not yet a file) for the map `map_name`: a map's bare name is found as the game
    finds it (beside the scenario's folder in maps/, then the bundled ones); a map file elsewhere is copied beside the
    scenario (ruling K3). ValueError in words for the author."""
    from officers_chess.content.editing.roundtrip import MapFile

    if path.exists():
        raise ValueError(f"{path} exists already: give a new file name for the new scenario")
    given = Path(map_name)
    if given.suffix in (".yaml", ".yml") or given.is_file():
        if not given.is_file():
            raise ValueError(f"there is no map file {map_name}")
        folder, beside_maps = path.parent.resolve(), (path.parent.parent / "maps").resolve()
        if given.resolve().parent == beside_maps:
            reference = given.stem
        elif given.resolve().is_relative_to(folder):
            reference = given.resolve().relative_to(folder).as_posix()
        else:
            reference = given.name
            path.parent.mkdir(parents=True, exist_ok=True)
            if not (path.parent / reference).exists():
                shutil.copyfile(given, path.parent / reference)
        map_file = _map_path(path, reference)
    else:
        reference = map_name
        map_file = _map_path(path, reference)
    if map_file is None:
        raise ValueError(f"no map named {map_name!r} in {path.parent.parent / 'maps'} or among the bundled maps")
    _, draft = MapFile.open(map_file)
    text = new_scenario_text(name or path.stem.replace("_", " ").title(), reference, draft.edition, draft.width,
                             draft.height)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
