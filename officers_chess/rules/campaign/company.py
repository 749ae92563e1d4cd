"""A player's company between chapters: its gold, its veterans and their worn kit, and the bill of a muster."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from officers_chess.rules.muster.army import Army, Recruit, recruit_cost
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.basics.words import article


class MusterRefused(ValueError):
    """A muster the campaign does not allow (the message says why, for the player)."""


class Veteran(BaseModel):
    """A unit that came through a chapter: it keeps its name, class and kit (with the uses spent), and comes
    back at full HP (docs/rulings.md C4)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1, max_length=24)
    unit_class: str = Field(alias="class")
    items: list[str] = Field(default_factory=list, max_length=INVENTORY_SLOTS)
    used: list[Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=list, max_length=INVENTORY_SLOTS)
    battles: int = Field(0, ge=0, le=99)  # chapters it has fought and come through

    @model_validator(mode="after")
    def _wear_fits_items(self) -> Veteran:
        if len(self.used) > len(self.items):
            raise ValueError("`used` gives the uses spent of more items than the veteran carries")
        return self

    def recruit(self) -> Recruit:
        """The veteran as it would take the field with its own kit (roles are the chapter's to give)."""
        return Recruit(name=self.name, unit_class=self.unit_class, items=list(self.items), used=self._wear())

    def _wear(self) -> list[int]:
        wear = list(self.used[:len(self.items)])
        return [] if not any(wear) else wear + [0] * (len(self.items) - len(wear))

    def spent(self, index: int) -> int:
        return self.used[index] if index < len(self.used) else 0


class Company(BaseModel):
    """One player's side of the campaign between battles: gold in the chest, and the veterans."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    chest: int = Field(ge=0, le=10_000_000)
    # Forty chapters of twelve-unit armies, each fielded new while the last waited in reserve: 480 at the most.
    veterans: list[Veteran] = Field(default_factory=list, max_length=500)
    # The names of the company's dead and dismissed: a new hire never takes one (the summaries would read oddly).
    fallen: list[Annotated[str, Field(max_length=24)]] = Field(default_factory=list, max_length=500)

    def veteran(self, name: str) -> Veteran | None:
        return next((v for v in self.veterans if v.name == name), None)


def sale_price(name: str, spent: int, catalogue: Catalogue) -> int:
    """What an item fetches when a company sells it: half its price, and for an item with uses only the share of
    them left (docs/rulings.md C6)."""
    item = catalogue.items[name]
    price = item_price(item)
    total = tag_args(item.tags, "Consumable")
    if total:
        uses = int(total[0])
        return price * max(0, uses - spent) // (2 * uses)
    return price // 2


def uses_left(catalogue: Catalogue, name: str, spent: int) -> int | None:
    """The uses an item of the company has left after `spent` (None for an item without uses)."""
    return catalogue.items[name].model_copy(update={"used": spent}).uses_left


@dataclass(frozen=True)
class Bill:
    """A muster's gold, line by line: what is bought (negative) and sold (positive), and the chest it leaves."""

    lines: tuple[tuple[str, int], ...]
    chest_after: int

    @property
    def net(self) -> int:
        return sum(gold for _, gold in self.lines)


def kit(veteran: Veteran, items: list[str]) -> Recruit:
    """The veteran carrying `items`: each item it already had keeps its uses spent (the most worn first is the one
    sold when it had two); the others are new."""
    owned = list(enumerate(veteran.items))
    used = []
    for name in items:
        mine = [i for i, n in owned if n == name]
        if mine:
            keep = min(mine, key=lambda i: veteran.spent(i))  # of two alike, the freshest one stays
            owned = [(i, n) for i, n in owned if i != keep]
            used.append(veteran.spent(keep))
        else:
            used.append(0)
    return Recruit(name=veteran.name, unit_class=veteran.unit_class, items=list(items),
                   used=used if any(used) else [])


def bill(company: Company, army: Army, dismissed: set[str], catalogue: Catalogue,
         reserve: Sequence[Recruit] = ()) -> Bill:
    """The gold of fielding `army`, letting the `dismissed` veterans go and leaving the others in reserve with the kits
    `reserve` gives them (their own kit when it does not name them): new hires at their price; an item one unit of the
    company lays down and another takes up, moved, worn as it was, for nothing (docs/rulings.md L20); any other item
    a unit takes up, bought at its price; any other item laid down (or carried off by a dismissed unit), sold
    (`sale_price`). MusterRefused when the chest cannot pay, or the muster changes what a veteran is or how worn an
    item is."""
    names = [r.name for r in army.units]
    if len(set(names)) != len(names):
        raise MusterRefused("two units of the army have the same name")
    for name in sorted(dismissed):
        if company.veteran(name) is None:
            raise MusterRefused(f"there is no veteran named {name} to dismiss")
        if name in names:
            raise MusterRefused(f"{name} cannot both take the field and be dismissed")
    kits = {r.name: r for r in reserve}
    for name, recruit in kits.items():
        veteran = company.veteran(name)
        if veteran is None or name in names or name in dismissed:
            raise MusterRefused(f"{name} is not a veteran waiting in reserve")
        if recruit.unit_class != veteran.unit_class:
            raise MusterRefused(f"{name} is {article(veteran.unit_class)} {veteran.unit_class}: a veteran keeps its class")
    resting = [kits.get(v.name, v.recruit()) for v in company.veterans if v.name not in set(names) | dismissed]
    holders = [*army.units, *resting]
    for recruit in army.units:
        veteran = company.veteran(recruit.name)
        if veteran is not None and recruit.unit_class != veteran.unit_class:
            raise MusterRefused(f"{recruit.name} is {article(veteran.unit_class)} {veteran.unit_class}: a veteran keeps its class")
    # The company's stores: every item its veterans bring to the muster, with its owner and its uses spent.
    stock = [[v.name, item, v.spent(i)] for v in company.veterans for i, item in enumerate(v.items)]
    wants = [[r.name, item, r.used[i] if i < len(r.used) else 0, None] for r in holders for i, item in enumerate(r.items)]
    for own in (True, False):  # each unit keeps its own first; then it takes up what another laid down
        for want in wants:
            if want[3] is None:
                match = next((s for s in stock if s[1:] == want[1:3] and (s[0] == want[0]) == own), None)
                if match is not None:
                    stock.remove(match)
                    want[3] = match[0]
    lines: list[tuple[str, int]] = []
    for owner, item, spent in stock:  # laid down and taken up by nobody: sold
        words = f"{owner} leaves the company: {item} sold" if owner in dismissed else f"{item} of {owner} sold"
        lines.append((words, sale_price(item, spent, catalogue)))
    for recruit in holders:
        mine = [w for w in wants if w[0] == recruit.name]
        new_hire = company.veteran(recruit.name) is None
        for _, item, spent, source in mine:
            if source is None and spent:
                raise MusterRefused(f"{recruit.name} is a new hire: its items cannot be worn already" if new_hire
                                    else f"{recruit.name}'s items are not worn as the company's books say")
            if source is None and not new_hire and any(s[0] == recruit.name and s[1] == item and s[2] for s in stock):
                # A worn item of its own sold and the same bought new: the books would forget the wear.
                raise MusterRefused(f"{recruit.name}'s items are not worn as the company's books say")
        if new_hire:
            bought = [item for _, item, _, source in mine if source is None]  # what was moved in costs nothing
            lines.append((f"hired {recruit.name} ({recruit.unit_class})",
                          -recruit_cost(recruit.model_copy(update={"items": bought, "used": []}), catalogue)))
        for _, item, _, source in mine:
            if source is not None and source != recruit.name:
                lines.append((f"{item} moved from {source} to {recruit.name}", 0))
            elif source is None and not new_hire:
                lines.append((f"{item} bought for {recruit.name}", -item_price(catalogue.items[item])))
    chest = company.chest + sum(gold for _, gold in lines)
    if chest < 0:
        raise MusterRefused(f"that costs {company.chest - chest} gold, more than the {company.chest} in the chest")
    return Bill(tuple(lines), chest)


def kit_sold(veteran: Veteran, items: list[str]) -> list[tuple[str, int]]:
    """The veteran's items it no longer carries with `items`, each with its uses spent (the most worn go first)."""
    wanted = Counter(items)
    kept: Counter[str] = Counter()
    sold = []
    for index, name in sorted(enumerate(veteran.items), key=lambda p: veteran.spent(p[0])):  # the freshest are kept
        if kept[name] < wanted[name]:
            kept[name] += 1
        else:
            sold.append((name, veteran.spent(index)))
    return sold


def after_muster(company: Company, army: Army, dismissed: set[str], chest: int,
                 reserve: Sequence[Recruit] = ()) -> Company:
    """The company while its army is in the field: the chest the muster left, and the veterans in reserve (with the
    kits `reserve` gives them, their own otherwise)."""
    fielded = {r.name for r in army.units}
    kits = {r.name: r for r in reserve}
    return Company(chest=chest, veterans=[_rekitted(v, kits.get(v.name)) for v in company.veterans
                                          if v.name not in fielded | dismissed],
                   fallen=[*company.fallen, *sorted(dismissed)])


def _rekitted(veteran: Veteran, recruit: Recruit | None) -> Veteran:
    if recruit is None:
        return veteran
    return Veteran(name=veteran.name, unit_class=veteran.unit_class, items=list(recruit.items),
                   used=list(recruit.used) if any(recruit.used) else [], battles=veteran.battles)
