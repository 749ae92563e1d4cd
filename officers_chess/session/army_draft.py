"""Editing an army before it is confirmed: hire, give, put down, dismiss, rename, hand out roles.

Pure (no Textual): each edit returns the new army, the unit to select and a note for the player,
or raises DraftRefused with the reason in the player's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, Weapon
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.rules.scenario.setup import SideRules
from officers_chess.session.file_names import has_unseen
from officers_chess.session.muster_common import MusterCommon
from officers_chess.rules.basics.words import article


NAME_LIMIT = 24  # as Recruit allows


def unarmed(recruits: list[Recruit], catalogue: Catalogue) -> list[str]:
    """The names of the units that carry no weapon or staff: allowed, but rarely meant (said before confirming)."""
    return [r.name for r in recruits if not any(isinstance(catalogue.items.get(i), Weapon) for i in r.items)]


def unarmed_words(names: list[str]) -> str:
    """"Ada carries no weapon or staff.", "Ada and Bram carry …" for the names `unarmed` gives (none: nothing)."""
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed} carr{'y' if len(names) > 1 else 'ies'} no weapon or staff."


class DraftRefused(ValueError):
    """An edit the army cannot take; the message says why, for the player."""


@dataclass(frozen=True)
class Edit:
    army: Army
    unit: int | None  # the unit to select afterwards
    note: str


def _with(army: Army, index: int, recruit: Recruit) -> Army:
    units = list(army.units)
    units[index] = recruit
    return Army(units=units)


def hire(army: Army, class_name: str, session: MusterCommon, side: Side) -> Edit:
    rules = session.scenario.rules(side)
    if len(army.units) >= rules.army.max:
        raise DraftRefused(f"The army is full: at most {rules.army.max} units. Remove one first (x in your army).")
    everyone = [rule.role for rule in rules.roles if rule.count == "all"]
    recruit = Recruit(name=session.default_name(side, army), unit_class=class_name, roles=everyone)
    return Edit(Army(units=[*army.units, recruit]), len(army.units),
                f"Hired {recruit.name}, {article(class_name)} {class_name}. Press i to give {recruit.name} items, n to rename.")


def give(army: Army, index: int | None, item_name: str, session: MusterCommon) -> Edit:
    if index is None or index >= len(army.units):
        raise DraftRefused("Hire a unit first: items are carried by units.")
    unit, item = army.units[index], session.catalogue.items[item_name]
    if len(unit.items) >= INVENTORY_SLOTS:
        raise DraftRefused(f"{unit.name} already carries {INVENTORY_SLOTS} items. Remove one first (x in your army).")
    if not session.can_carry(unit.unit_class, item):
        raise DraftRefused(f"{article(unit.unit_class).capitalize()} {unit.unit_class} cannot use {item_name}.")
    changed = unit.model_copy(update={"items": [*unit.items, item_name]})
    return Edit(_with(army, index, changed), index, f"{unit.name} takes {item_name} ({item_price(item)} gold).")


def put_down(army: Army, index: int, item_index: int) -> Edit:
    unit = army.units[index]
    items = list(unit.items)
    gone = items.pop(item_index)
    return Edit(_with(army, index, unit.model_copy(update={"items": items})), index, f"{unit.name} puts down {gone}.")


def dismiss(army: Army, index: int) -> Edit:
    unit = army.units[index]
    units = [r for i, r in enumerate(army.units) if i != index]
    return Edit(Army(units=units), min(index, len(units) - 1) if units else None, f"{unit.name} the {unit.unit_class} leaves the army.")


def name_problem(army: Army, index: int, text: str) -> str | None:
    """Why a name cannot be used for this unit, or None."""
    text = " ".join(text.split())
    if not text:
        return "A unit needs a name."
    if len(text) > NAME_LIMIT:
        return f"A name is at most {NAME_LIMIT} characters."
    if has_unseen(text):
        return "A name cannot hold a character that cannot be seen (such as a control character)."
    if any(r.name == text for i, r in enumerate(army.units) if i != index):
        return f"Another unit is already named {text}."
    return None


def rename(army: Army, index: int, text: str) -> Edit:
    problem = name_problem(army, index, text)
    if problem:
        raise DraftRefused(problem)
    unit, new = army.units[index], " ".join(text.split())
    note = f"{unit.name} is now {new}." if new != unit.name else ""
    return Edit(_with(army, index, unit.model_copy(update={"name": new})), index, note)


def role_cycle(rules: SideRules) -> list[str]:
    """The roles r cycles through (those the scenario asks of every unit are given at hiring)."""
    return list(dict.fromkeys(rule.role for rule in rules.roles if rule.count != "all"))


def next_role(army: Army, index: int, rules: SideRules) -> Edit:
    """No role → the first the scenario asks for → the next → … → no role again."""
    cycle = role_cycle(rules)
    if not cycle:
        raise DraftRefused("This scenario asks for no roles.")
    unit = army.units[index]
    kept = [r for r in unit.roles if r not in cycle]
    now = next((r for r in unit.roles if r in cycle), None)
    after = cycle[0] if now is None else (cycle[cycle.index(now) + 1] if now != cycle[-1] else None)
    changed = unit.model_copy(update={"roles": kept + ([after] if after else [])})
    note = f"{unit.name} is now the {after}." if after else f"{unit.name} carries no role now."
    return Edit(_with(army, index, changed), index, note)
