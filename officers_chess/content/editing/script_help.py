"""Help at the point of writing a script line or a trigger: every form the rules read, a line on it and an example,
the scenario's own names and areas offered as ready lines, filtered by what the author has typed."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from officers_chess.rules.battle.triggers import TRIGGER_FORMS
from officers_chess.rules.pieces.order_when import CONDITION_FORMS, JOINS
from officers_chess.rules.pieces.orders import BEHAVIOUR_FORMS

Kind = Literal["when", "do", "trigger", "terrain", "unit"]

# One line each, in our own words, with an example; keyed by the rules' own forms (a test proves none is missing).
CONDITION_HELP: dict[str, tuple[str, str]] = {
    "always": ("every activation; the same as leaving the condition out", "always"),
    "enemy within N": ("an enemy in sight stands N tiles away or nearer", "enemy within 3"),
    "threatened": ("an enemy in sight could reach and strike it next turn", "threatened"),
    "round >= N": ("from round N to the end of the battle", "round >= 5"),
    "round N-M": ("in round N, in round M, and every round between", "round 2-4"),
    "hp <= N": ("the unit itself is down to N HP or fewer", "hp <= 6"),
    "ally routed": ("some unit of its own side has been routed", "ally routed"),
    "ally NAME routed": ("the named unit of its own side has been routed", "ally Ilse routed"),
    "ally hp <= N": ("another unit of its side, still fighting, has N HP or fewer", "ally hp <= 5"),
    "ally NAME hp <= N": ("the named ally, still fighting, has N HP or fewer", "ally Ilse hp <= 8"),
    "attacked": ("the unit was struck this round or the round before", "attacked"),
    "ally attacked": ("another unit of its side was struck this round or the last", "ally attacked"),
    "ally NAME attacked": ("the named ally was struck this round or the last", "ally Ilse attacked"),
    "enemy on [X, Y]": ("an enemy stands on that tile (column, row from 1)", "enemy on [12, 7]"),
    "enemy in AREA": ("an enemy in sight stands inside the named area", "enemy in ford"),
    "morale <= N": ("its side's morale has fallen to N or lower (needs morale:)", "morale <= 5"),
    "enemy morale <= N": ("the other side's morale has fallen to N or lower", "enemy morale <= 4"),
    "outnumbered in AREA": ("more enemies than friends stand in the named area", "outnumbered in ford"),
    "A and B": ("both conditions hold (brackets group them)", "hp <= 6 and enemy within 2"),
    "A or B": ("either condition holds", "attacked or ally attacked"),
    "not A": ("the condition does not hold", "not enemy within 4"),
    "once A": ("from the first time A holds, to the end (goes first)", "once enemy within 3"),
}
BEHAVIOUR_HELP: dict[str, tuple[str, str]] = {
    "hold": ("stays where it stands, though it still strikes or heals from there", "hold"),
    "guard [X, Y]": ("ends its move within 2 tiles of that tile", "guard [15, 3]"),
    "guard NAME": ("keeps within 2 tiles of that ally as it moves", "guard Ilse"),
    "guard area AREA": ("ends its move inside the named area, or as close as it can", "guard area ford"),
    "pursue nearest": ("goes for the closest enemy and strikes it when it can", "pursue nearest"),
    "pursue NAME": ("hunts that enemy and strikes it whenever it is in reach", "pursue Corvin"),
    "advance to [X, Y]": ("marches to that tile the quickest way and stays", "advance to [14, 6]"),
    "retreat to healing": ("falls back to the nearest free fort, gate or throne", "retreat to healing"),
    "support": ("puts healing and dancing for allies before fighting", "support"),
    "flee": ("runs for the exits and leaves if it may; else keeps away", "flee"),
    "return to post": ("goes back to the tile it began on (or arrived on)", "return to post"),
    "patrol [X, Y] [X, Y] ...": ("walks a round of 2 to 8 tiles, again and again", "patrol [13, 4] [13, 11]"),
    "keep distance N": ("ends its move at least N tiles from every enemy in sight", "keep distance 3"),
    "seize": ("makes for a seize tile and Seizes when it may", "seize"),
    "raze": ("makes for a raze tile and Razes when it may", "raze"),
    "escape": ("makes for the exit tiles and Escapes when it may", "escape"),
    "open chests": ("goes to the nearest chest in sight and opens it", "open chests"),
    "target lowest hp": ("strikes the weakest enemy in reach first", "target lowest hp"),
    "target nearest": ("strikes the closest enemy in reach first", "target nearest"),
    "target healers": ("strikes an enemy with a healing staff first", "target healers"),
    "target leader": ("strikes an enemy Leader first", "target leader"),
    "target tag TAG": ("strikes first an enemy whose class, kit or role has that tag", "target tag Cavalry"),
    "target CLASS": ("strikes first an enemy of that class", "target Cleric"),
    "reckless": ("takes no part of its turn, but accepts losing exchanges", "reckless"),
}
TRIGGER_HELP: dict[str, tuple[str, str]] = {
    "NAME routed": ("the named unit has been routed", "Bram routed"),
    "NAME hp <= N": ("the named unit is on the field with N HP or fewer", "Bram hp <= 5"),
    "SIDE enters [X, Y]": ("a unit of that side steps onto the tile", "attacker enters [5, 5]"),
    "SIDE enters AREA": ("a unit of that side stands in the named area", "attacker enters ford"),
    "chest [X, Y] opened": ("the chest on that tile has been emptied", "chest [17, 4] opened"),
    "SIDE wavers": ("that side's morale sinks to its waver level", "defender wavers"),
    "SIDE breaks": ("that side's morale sinks to its broken level", "defender breaks"),
}
TABLES: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, str]]]] = {
    "when": (CONDITION_FORMS, CONDITION_HELP), "do": (BEHAVIOUR_FORMS, BEHAVIOUR_HELP),
    "trigger": (TRIGGER_FORMS, TRIGGER_HELP)}
# The forms that name a unit or an area, and how each is written for one: offered for every name and area the
# scenario has, so the author picks "pursue Corvin" rather than typing the name.
_BY_NAME = {"when": ("ally NAME routed", "ally NAME hp <= N", "ally NAME attacked"),
            "do": ("guard NAME", "pursue NAME"), "trigger": ("NAME routed", "NAME hp <= N")}
_BY_AREA = {"when": ("enemy in AREA", "outnumbered in AREA"), "do": ("guard area AREA",),
            "trigger": ("SIDE enters AREA",)}
_JOINED = {"A and B": " and ", "A or B": " or "}
PLACEHOLDER_TILE = "[X, Y]"
_TILE_WRITTEN = re.compile(r"\[?\s*\d+\s*,\s*\d+\s*\]?|\[X, Y\]")  # a tile as a terrain change writes it


@dataclass(frozen=True)
class Hint:
    """One entry of the help list: the form, its line of help, an example, and what choosing it writes."""

    form: str
    words: str
    example: str
    fill: str


def hints(kind: Kind, typed: str = "", names: Sequence[str] = (), areas: Sequence[str] = (),
          side_of: Mapping[str, str] | None = None, side: str | None = None,
          terrains: Mapping[str, str] | None = None) -> list[Hint]:
    """The help list for a `when`, a `do` or a trigger: every form, then the forms written out for each of the
    scenario's unit names and areas; only those that fit the words being typed (the last part of a joined `when`).
    Given the script's `side` and each name's side, a form names only the units the rules let it name: `ally NAME`
    and `guard NAME` the side's own, `pursue NAME` the enemy's. For a terrain change, the edition's `terrains` (id:
    name); for a unit to give orders to, the scenario's `names`."""
    if kind == "terrain":
        return _terrain_hints(typed, terrains or {})
    if kind == "unit":
        return _unit_hints(typed, names, side_of)
    forms, table = TABLES[kind]
    found = [Hint(form, *table[form], fill=form.replace(" ...", "")) for form in forms]  # a patrol: two tiles to start
    for form in _BY_NAME[kind]:
        found += [Hint(form, f"as above, for {name}", "", form.replace("NAME", name))
                  for name in _named(form, names, side_of, side)]
    for form in _BY_AREA[kind]:
        for area in areas:
            fills = ([form.replace("SIDE", side).replace("AREA", area) for side in ("attacker", "defender")]
                     if "SIDE" in form else [form.replace("AREA", area)])
            found += [Hint(form, "as above, for this area", "", fill) for fill in fills]
    words = [w.lower() for w in _typing(kind, typed)[1].split() if re.search(r"[A-Za-z]", w)]
    return [hint for hint in found if all(_fits(word, hint) for word in words)]


def _terrain_hints(typed: str, terrains: Mapping[str, str]) -> list[Hint]:
    """Each terrain by its id and name, those whose id or name begins with the word typed after the last change's
    tile."""
    word = _TILE_WRITTEN.sub("", typed.rpartition(";")[2]).strip().lower()
    return [Hint(terrain, name, "", terrain) for terrain, name in terrains.items()
            if not word or terrain.startswith(word) or any(w.startswith(word) for w in name.lower().split())]


def _unit_hints(typed: str, names: Sequence[str], side_of: Mapping[str, str] | None) -> list[Hint]:
    word = typed.strip().lower()
    return [Hint(name, f"a unit of the {side_of[name]}" if side_of and name in side_of else "a unit of the scenario", "", name)
            for name in names if name.lower().startswith(word)]


def _named(form: str, names: Sequence[str], side_of: Mapping[str, str] | None, side: str | None) -> list[str]:
    if side is None or side_of is None:
        return list(names)
    if form.startswith("ally") or form == "guard NAME":
        return [name for name in names if side_of.get(name) == side]
    if form == "pursue NAME":
        return [name for name in names if side_of.get(name) not in (None, side)]
    return list(names)


def _fits(word: str, hint: Hint) -> bool:
    known = (hint.form + " " + hint.fill).lower().split()
    return any(k.startswith(word) for k in known)


def _typing(kind: Kind, text: str) -> tuple[str, str]:
    """The text split where the part being typed begins: in a `when`, after the last `and`, `or`, `not`, `once` or
    bracket; elsewhere the whole text is the part."""
    if kind != "when":
        return "", text
    cut = 0
    for found in re.finditer(r"[()]|\b(?:" + "|".join(JOINS) + r")\b\s*", text, flags=re.IGNORECASE):
        cut = found.end()
    return text[:cut], text[cut:]


def chosen(kind: Kind, text: str, hint: Hint) -> str:
    """The input's text once `hint` is chosen: the part being typed replaced by the hint's words; `A and B` and
    `A or B` join a new part on, `not A` goes before the part, `once A` before the whole condition."""
    if kind == "terrain":  # the change being written keeps its tile (or gets a placeholder for Ctrl+T to fill)
        before, _, part = text.rpartition(";")
        tile = _TILE_WRITTEN.match(part.strip())
        change = f"{tile.group().strip() if tile else PLACEHOLDER_TILE} {hint.fill}"
        return f"{before.rstrip()}; {change}" if before.strip() else change
    if kind == "when" and hint.form in _JOINED:
        return text.rstrip() + _JOINED[hint.form] if text.strip() else ""
    if kind == "when" and hint.form == "once A":
        return text if text.lower().startswith("once ") else "once " + text.lstrip()
    kept, part = _typing(kind, text)
    if kind == "when" and hint.form == "not A":
        return kept + "not " + part.lstrip()
    return kept + ("" if not kept or kept.endswith((" ", "(")) else " ") + hint.fill



def with_place(text: str, area: str | None, tile: tuple[int, int]) -> str:
    """The text once a place is picked on the map (`tile` counted from 1): it fills the first `AREA` or `[X, Y]`
    the text still has; with neither, the area's name is added (or the tile's, when no area holds it)."""
    written = f"[{tile[0]}, {tile[1]}]"
    if "AREA" in text and area is not None:
        return text.replace("AREA", area, 1)
    if PLACEHOLDER_TILE in text:
        return text.replace(PLACEHOLDER_TILE, written, 1)
    if "AREA" in text:
        raise ValueError("no area holds this tile: move onto one, or Esc")
    addition = area if area is not None else written
    return (text.rstrip() + " " + addition).lstrip()


_FILL_IN = {"[X, Y]": "a tile, [column, row] from 1 (Ctrl+T picks it on the map)",
            "AREA": "an area's name (Ctrl+T picks it on the map)", "NAME": "a unit's name", "TAG": "a tag",
            "CLASS": "a class", "SIDE": "attacker or defender", "N": "a number", "M": "a number", "...": "more tiles"}


def unfilled(text: str) -> str | None:
    """What a line chosen from the help still asks to be written in (its first capital placeholder), or None; the
    rules would read `guard area AREA` as an area named AREA, so the dialog asks first."""
    for found in re.finditer(r"\[X, Y\]|\.\.\.|\b[A-Z]+\b", text):
        if found.group() in _FILL_IN:
            return f"Write {_FILL_IN[found.group()]} in place of {found.group()}."
    return None
