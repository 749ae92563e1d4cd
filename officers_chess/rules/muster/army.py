"""Armies before the battle: hired units, what they cost, whether the scenario allows them, and army codes."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from officers_chess.rules.basics.plain_text import character_name, first_unsafe
from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.models import Side, Weapon
from officers_chess.rules.pieces.pricing import unit_cost
from officers_chess.rules.scenario.deploy_room import Room, army_fit_problem
from officers_chess.rules.scenario.setup import Scenario, can_equip_class
from officers_chess.rules.basics.words import article

Role = Literal["Leader", "Fleeing", "Saboteur"]
CODE_PREFIX = "OC1-"


class Recruit(Sparse):
    """One hired unit: a name, a class, up to three items, and any scenario roles it carries."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    _sparse = ("used",)

    name: str = Field(min_length=1, max_length=24)
    unit_class: str = Field(alias="class")
    # Validation stops at the first bad item or role (fail_fast): a stranger's file of a million is one complaint.
    items: list[str] = Field(default_factory=list, max_length=INVENTORY_SLOTS, fail_fast=True)
    roles: list[Role] = Field(default_factory=list, fail_fast=True)
    # Uses already spent of each item (a campaign's veteran, rules/campaign): empty for a new hire.
    used: list[Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=list, max_length=INVENTORY_SLOTS)

    @model_validator(mode="after")
    def _wear_fits_items(self) -> Recruit:
        if len(self.used) > len(self.items):
            raise ValueError("`used` gives the uses spent of more items than the unit carries")
        return self


class Army(BaseModel):
    """A side's hired army."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    units: list[Recruit] = Field(default_factory=list, max_length=30, fail_fast=True)


class ArmyCodeError(ValueError):
    """An army code that cannot be read."""


def recruit_cost(recruit: Recruit, catalogue: Catalogue) -> int:
    """Class gold plus inventory gold (v0.6 Cost)."""
    unit_class = catalogue.classes[recruit.unit_class]
    return unit_cost(unit_class, [catalogue.items[name] for name in recruit.items])


def army_cost(army: Army, catalogue: Catalogue) -> int:
    return sum(recruit_cost(r, catalogue) for r in army.units if _known(r, catalogue))


def _known(recruit: Recruit, catalogue: Catalogue) -> bool:
    return recruit.unit_class in catalogue.classes and all(name in catalogue.items for name in recruit.items)


def army_problems(
    army: Army, side: Side, scenario: Scenario, catalogue: Catalogue, *, final: bool = True, battle_map: BattleMap | None = None
) -> list[str]:
    """Everything that keeps this army from taking the field in this scenario (empty when it may).

    With `final=False` (while hiring), an army still too small is not yet a problem. Given the map,
    an army that cannot all stand in the side's deployment zone at once is one (more units never help).
    """
    rules = scenario.rules(side)
    problems: list[str] = []
    names: set[str] = set()
    for recruit in army.units:
        if recruit.name in names:
            problems.append(f"two units are named {recruit.name}")
        names.add(recruit.name)
        if recruit.unit_class not in catalogue.classes:
            problems.append(f"{recruit.name}: unknown class {recruit.unit_class!r}")
            continue
        if rules.classes is not None and recruit.unit_class not in rules.classes:
            problems.append(f"{recruit.name}: this scenario does not allow {recruit.unit_class}s for the {side.value}")
        unit_class = catalogue.classes[recruit.unit_class]
        for name in recruit.items:
            item = catalogue.items.get(name)
            if item is None:
                problems.append(f"{recruit.name}: unknown item {name!r}")
            elif rules.items is not None and name not in rules.items:
                problems.append(f"{recruit.name}: this scenario does not allow {name} for the {side.value}")
            elif isinstance(item, Weapon) and not can_equip_class(unit_class, item):
                problems.append(f"{recruit.name}: {article(unit_class.name)} {unit_class.name} cannot use {name}")
    cost = army_cost(army, catalogue)
    if cost > rules.war_chest:
        problems.append(f"the army costs {cost} gold, more than the war chest of {rules.war_chest}")
    size = len(army.units)
    if size > rules.army.max:
        problems.append(f"{size} units, more than the {rules.army.max} allowed")
    if final and size < rules.army.min:
        problems.append(f"{size} unit{'s' if size != 1 else ''}, fewer than the {rules.army.min} required")
    if final:
        for rule in rules.roles:
            have = sum(1 for r in army.units if rule.role in r.roles)
            want = size if rule.count == "all" else rule.count
            if have != want:
                problems.append(f"{want} unit{'s' if want != 1 else ''} must be {rule.role} (now {have})")
    if battle_map is not None and scenario.hires(side):
        problem = army_fit_problem(Room(scenario, catalogue, battle_map, side),
                                   [(r.name, r.unit_class, r.items) for r in army.units])
        if problem:
            problems.append(problem)
    return problems


def encode_army(army: Army) -> str:
    """A one-line code a player can paste into a chat: compact JSON, compressed, base64."""
    compact = [[r.name, r.unit_class, r.items, r.roles] for r in army.units]
    raw = json.dumps(compact, separators=(",", ":")).encode("utf-8")
    return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode_army(code: str) -> Army:
    """Read an army code; raises ArmyCodeError with a plain reason (never trusts the text)."""
    code = code.strip()
    if not code.startswith(CODE_PREFIX):
        raise ArmyCodeError(f"an army code starts with {CODE_PREFIX}")
    body = code[len(CODE_PREFIX):]
    if len(body) > 4000:
        raise ArmyCodeError("that code is far too long to be an army")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 64_000)  # bounded: a code cannot expand without limit
        if not inflater.eof:  # cut short, or far too big: either way not a whole army
            raise ValueError("incomplete")
        compact = json.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise ArmyCodeError("the code is damaged (was it copied whole?)") from None
    if not isinstance(compact, list):
        raise ArmyCodeError("the code does not hold an army")
    try:
        units = [Recruit(name=e[0], unit_class=e[1], items=e[2], roles=e[3]) for e in compact]
        army = Army(units=units)
    except (ValidationError, TypeError, IndexError, KeyError):
        raise ArmyCodeError("the code does not hold a valid army") from None
    for number, unit in enumerate(army.units, 1):  # decoded text, checked as every file's is (ruling X1)
        for text in (unit.name, unit.unit_class, *unit.items):
            at = first_unsafe(text)
            if at is not None:
                raise ArmyCodeError(f"unit {number} of the code holds the character {character_name(text[at])}, which "
                                    "a terminal would act on rather than show")
    return army
