"""Unit pricing: a class's gold and an item's gold, from their stats and tags (v0.6 "Cost").

v0.6 says a unit costs its class's gold plus the gold of every item it deploys with, and that
both follow from stats and tags, but it gives no formula. This module is that formula. It is
pure (no UI, no files) and deterministic, and every price comes with the list of terms that
made it, so the game can explain each number.

The unit of account is the **point**: one of the rules author's tag points (his table values
Brave at 4, Flying at 2, Armored at -1 ...). One point is worth ``GOLD_PER_POINT`` gold. Stats
are priced in gold directly, at rates chosen so that a point of a stat and a tag point weigh
about what they do in play (see docs/pricing.md for the calibration).

Class price
    for each combat stat, (stat - a recruit's stat) x that stat's gold rate
      (a shifter's stats are counted a quarter human form, three quarters beast form)
    + ``EXTRA_WIELD_GOLD`` for each weapon type beyond the first
    + for a promoted class, ``PROMOTED_POINTS`` (it is immune to Assassinate)
    + the class's tags (author's points x ``GOLD_PER_POINT``; see ``tag_terms``)
    then rounded to the nearest multiple of 5, or raised to ``CLASS_FLOOR`` if below it.

Item price
    figures: Might x ``MIGHT_GOLD`` (staves excepted: they never strike), Weight x -``WEIGHT_GOLD``,
    an accessory's Defense x ``DEFENSE_GOLD``, reach (see ``range_points``) x ``RANGE_GOLD``,
    magic damage as the author's Magic tag
    + the item's tags
    then, for a Consumable(X) item, x (X + 2) / 8 (at most 1): a limited item costs a share
    of the same item without a limit
    + Relic and Exclusive: the author's negative points (an item only some units can use)
    then rounded to the nearest multiple of 5, or raised to ``ITEM_FLOOR`` if below it.

Unit cost = class price + the price of each item in its inventory.

Each edition prices its own figures (`PriceRates`): the later editions' letter ratings are counted
in steps above a recruit's E, their Strength and Magic as one attack rating (the better of the two),
"d100" HP above 14, and a weapon's Hit; tags cost the same in every edition.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from officers_chess.rules.basics.rating_scale import letter
from officers_chess.rules.pieces.models import (
    Accessory,
    Consumable,
    DamageKind,
    Stats,
    UnitClass,
    Weapon,
    WeaponType,
)
from officers_chess.rules.pieces.price_rates import (
    BEAST_SHARE, CLASS_FLOOR, EXTRA_WIELD_GOLD, GOLD_PER_POINT, ITEM_FLOOR, PROMOTED_POINTS, RANGE_GOLD, ROUND_TO,
    V06_RATES, PriceRates, Priced, rates_of,
)
from officers_chess.rules.pieces.tag_points import AUTHOR_TAG_POINTS, TAG_UNIT, tag_points
from officers_chess.rules.pieces.tags import Tag, parse_tag


USES_FULL = 6  # uses that count as "lasts the battle": (6 + 2) / 8 = 1

LIMIT_TAGS = {"Relic", "Exclusive"}  # added after the uses share: who may use it, not what it does


# --- the breakdown ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PriceTerm:
    """One line of a price: what it prices, the quantity the rule counts, the gold, and the rule."""

    what: str
    points: Fraction | None  # None for rounding and the floor
    gold: int
    rule: str

    @property
    def points_text(self) -> str:
        """The points as players read them: signed, at most three decimals; blank when there are none."""
        if self.points is None:
            return ""
        shown = number(self.points)
        return f"{shown:+g}" if isinstance(shown, float) else f"{shown:+d}"

    def as_dict(self) -> dict:
        points = None if self.points is None else number(self.points)
        return {"what": self.what, "points": points, "gold": self.gold, "rule": self.rule}


@dataclass(frozen=True)
class PriceBreakdown:
    """The price of one class or item, and every term that made it (their gold sums to `price`)."""

    name: str
    kind: str  # "class", "weapon", "accessory" or "consumable"
    terms: tuple[PriceTerm, ...]
    price: int

    def as_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "price": self.price, "terms": [t.as_dict() for t in self.terms]}


@dataclass(frozen=True)
class UnitPrice:
    """A unit's cost: its class's price plus its inventory's (v0.6 "Cost")."""

    unit_class: PriceBreakdown
    items: tuple[PriceBreakdown, ...]

    @property
    def price(self) -> int:
        return self.unit_class.price + sum(item.price for item in self.items)


def number(value: Fraction) -> int | float:
    """A Fraction as plain JSON: an int when whole, else a float to three places."""
    return int(value) if value.denominator == 1 else round(float(value), 3)


def _gold(value: Fraction) -> int:
    """Whole gold, halves rounded up (deterministic; no banker's rounding)."""
    return int((value * 2 + 1) // 2)


def _text(value: Fraction) -> str:
    shown = number(value)
    return f"{shown:g}" if isinstance(shown, float) else str(shown)


def tag_terms(tags: Iterable[str], rates: PriceRates = V06_RATES) -> list[PriceTerm]:
    """One term per tag (Consumable(X) excepted: it is priced as a share of the rest, see `uses_share`)."""
    return [term for _, term in _tagged_terms(tags, rates)]


def _tagged_terms(tags: Iterable[str], rates: PriceRates = V06_RATES) -> list[tuple[str, PriceTerm]]:
    """(tag name, term) for each priced tag."""
    pairs = []
    for text in tags:
        tag = parse_tag(text)
        if tag.name != "Consumable":
            pairs.append((tag.name, _tag_term(tag, rates)))
    return pairs


def _tag_term(tag: Tag, rates: PriceRates = V06_RATES) -> PriceTerm:
    text = str(tag)
    if tag.name in ("Bonus", "Cursed"):
        stat, change = tag.arg  # type: ignore[misc]
        gold = rates.stat_gold.get(stat, 0)
        return PriceTerm(text, Fraction(change), change * gold,
                         f"priced as the stat: {gold} gold {rates.unit} of {rates.labels.get(stat, stat)}")
    if tag.name == "Inaccurate":
        lost = Fraction(-int(tag.arg))  # type: ignore[arg-type]
        skill_gold = rates.stat_gold["skill"]
        return PriceTerm(text, lost, _gold(lost * skill_gold),
                         f"priced as lost {rates.labels['skill']}: {skill_gold} gold {rates.unit} (the author gives the tag 0)")
    value, source = tag_points(tag.name)
    rule = f"{value:+d} ({source})"
    points = Fraction(value)
    if isinstance(tag.arg, int):
        unit, word = TAG_UNIT.get(tag.name, (1, ""))
        points = Fraction(value * tag.arg, unit)
        rule += f" x {tag.arg}" if unit == 1 else f" per {unit} {word} (our unit), {tag.arg} {word}"
    return PriceTerm(text, points, _gold(points * GOLD_PER_POINT), f"{rule}, {GOLD_PER_POINT} gold a point")


# --- classes ----------------------------------------------------------------------------------


def _shown(rates: PriceRates, value: int | Fraction) -> str:
    if rates.letters and isinstance(value, int):

        return letter(value)
    return _text(Fraction(value))


def _counted_stat(unit_class: UnitClass, stat: str, rates: PriceRates = V06_RATES) -> tuple[Fraction, str]:
    human = getattr(unit_class.stats, stat)
    beast: Stats | None = unit_class.transformed
    label = rates.labels[stat]
    if beast is None:
        return Fraction(human), f"{label} {_shown(rates, human)}"
    value = (1 - BEAST_SHARE) * human + BEAST_SHARE * getattr(beast, stat)
    return value, f"{label} {human}, beast {getattr(beast, stat)} (counted {_text(value)})"


def _class_terms(unit_class: UnitClass) -> list[PriceTerm]:
    rates = rates_of(unit_class)
    terms = []
    best = max(rates.best_of, key=lambda stat: getattr(unit_class.stats, stat)) if rates.best_of else None
    for stat, rate in rates.stat_gold.items():
        if stat in rates.best_of and stat != best:
            continue  # counted once, as the better of Strength and Magic
        value, what = _counted_stat(unit_class, stat, rates)
        above = value - rates.recruit[stat]
        rule = f"{rate} gold {rates.unit} above a recruit's {_shown(rates, rates.recruit[stat])}"
        if stat == best:
            rule += f" (the better of {' and '.join(rates.labels[s] for s in rates.best_of)} is counted)"
        if unit_class.transformed is not None:
            rule += f"; a shifter counts {1 - BEAST_SHARE} human form, {BEAST_SHARE} beast form"
        terms.append(PriceTerm(what, above, _gold(above * rate), rule))
    if rates.hp_gold:
        above = Fraction(unit_class.stats.hp - rates.recruit["hp"])
        terms.append(PriceTerm(f"HP {unit_class.stats.hp}", above, _gold(above * rates.hp_gold),
                               f"{rates.hp_gold} gold a point above {rates.recruit['hp']}"))
    extra = len(set(unit_class.wields)) - 1
    if extra > 0:
        kinds = ", ".join(w.value for w in unit_class.wields)
        terms.append(PriceTerm(f"wields {kinds}", Fraction(extra), extra * EXTRA_WIELD_GOLD,
                               f"{EXTRA_WIELD_GOLD} gold for each weapon type beyond the first"))
    if unit_class.promoted:
        terms.append(PriceTerm("promoted", Fraction(PROMOTED_POINTS), PROMOTED_POINTS * GOLD_PER_POINT,
                               f"immune to Assassinate: {PROMOTED_POINTS:+d}, the author's value of that tag, "
                               f"{GOLD_PER_POINT} gold a point"))
    terms.extend(tag_terms(unit_class.tags, rates))
    return terms


# --- items ------------------------------------------------------------------------------------


def range_points(low: int, high: int, strength_reach: bool = False) -> int:
    """Reach: a point per tile beyond 1 of the longest range, and a point per distance covered
    beyond the first (Iron Bow 2-2: 1; Javelin 1-2: 2; Longbow 2-3: 3; 1-3: 4). A staff whose
    range grows with its user's Strength gets one more point."""
    return (high - 1) + (high - low) + (1 if strength_reach else 0)


def _weight_term(item: Weapon | Accessory, rates: PriceRates) -> PriceTerm:
    heavier = -item.weight if rates.weight_below_zero else item.weight
    return PriceTerm(f"Weight {item.weight}", Fraction(-heavier), -heavier * rates.weight_gold,
                     f"-{rates.weight_gold} gold a point, as lost Speed (lighter is dearer)")


def _weapon_figures(weapon: Weapon) -> list[PriceTerm]:
    rates = rates_of(weapon)
    terms = []
    staff = weapon.type is WeaponType.STAFF
    if weapon.might and not staff:
        terms.append(PriceTerm(f"Might {weapon.might}", Fraction(weapon.might), weapon.might * rates.might_gold,
                               f"{rates.might_gold} gold a point, as {rates.might_as}"))
    if weapon.weight:
        terms.append(_weight_term(weapon, rates))
    if weapon.hit and rates.hit_gold:
        terms.append(PriceTerm(f"Hit {weapon.hit:+d}", Fraction(weapon.hit), weapon.hit * rates.hit_gold,
                               f"{rates.hit_gold} gold a point of Hit"))
    reach = range_points(*weapon.range, strength_reach=weapon.strength_reach or weapon.magic_reach)
    if reach:
        low, high = weapon.range
        what = f"range {low}-{high}" if low != high else f"range {low}"
        if weapon.strength_reach:
            what += ", longer with Strength"
        if weapon.magic_reach:
            what += ", longer with Magic"
        terms.append(PriceTerm(what, Fraction(reach), reach * RANGE_GOLD,
                               f"{RANGE_GOLD} gold a point of reach (tiles beyond 1, distances beyond the first)"))
    has_magic_tag = any(parse_tag(t).name == "Magic" for t in weapon.tags)
    if weapon.damage is DamageKind.MAGIC and not staff and not has_magic_tag:
        value = AUTHOR_TAG_POINTS["Magic"]
        terms.append(PriceTerm("magic damage", Fraction(value), value * GOLD_PER_POINT,
                               f"as the Magic tag: {value:+d} (the rules author's value), {GOLD_PER_POINT} gold a point"))
    return terms


def _uses(tags: Sequence[str]) -> int | None:
    for text in tags:
        tag = parse_tag(text)
        if tag.name == "Consumable":
            return int(tag.arg)  # type: ignore[arg-type]
    return None


def uses_share(uses: int) -> Fraction:
    """The share of an unlimited item's price that an item with this many uses costs."""
    return min(Fraction(1), Fraction(uses + 2, USES_FULL + 2))


def _item_terms(item: Weapon | Accessory | Consumable) -> list[PriceTerm]:
    rates = rates_of(item)
    if isinstance(item, Weapon):
        terms = _weapon_figures(item)
    elif isinstance(item, Accessory):
        terms = []
        if item.defense:
            terms.append(PriceTerm(f"Defense {item.defense}", Fraction(item.defense), item.defense * rates.defense_gold,
                                   f"{rates.defense_gold} gold {rates.unit}, as Defense"))
        if item.weight:
            terms.append(_weight_term(item, rates))
    else:
        terms = []
    tagged = _tagged_terms(item.tags, rates)
    terms.extend(term for name, term in tagged if name not in LIMIT_TAGS)
    uses = _uses(item.tags)
    if uses is not None:
        subtotal = sum(t.gold for t in terms)
        share = uses_share(uses)
        if subtotal > 0 and share < 1:
            terms.append(PriceTerm(
                f"Consumable({uses})", share - 1, _gold(subtotal * share) - subtotal,
                f"{uses} use{'s' if uses != 1 else ''}: an item of X uses costs (X + 2) / {USES_FULL + 2} "
                f"of the same item without a limit, here {share} of {subtotal}",
            ))
    terms.extend(term for name, term in tagged if name in LIMIT_TAGS)
    return terms


# --- totals -------------------------------------------------------------------------------------


def _finish(name: str, kind: str, terms: list[PriceTerm], floor: int) -> PriceBreakdown:
    """Round the sum to the nearest multiple of ROUND_TO (halves up), or raise it to the floor."""
    subtotal = sum(t.gold for t in terms)
    rounded = (subtotal + ROUND_TO // 2) // ROUND_TO * ROUND_TO
    if rounded < floor:
        terms.append(PriceTerm("floor", None, floor - subtotal, f"no {kind} costs less than {floor} gold (sum {subtotal})"))
        rounded = floor
    elif rounded != subtotal:
        terms.append(PriceTerm("rounding", None, rounded - subtotal, f"to the nearest multiple of {ROUND_TO} (sum {subtotal})"))
    return PriceBreakdown(name, kind, tuple(terms), rounded)


def price_breakdown(entry: Priced) -> PriceBreakdown:
    """The price of a class or an item with every term that made it."""
    if isinstance(entry, UnitClass):
        return _finish(entry.name, "class", _class_terms(entry), CLASS_FLOOR)
    if isinstance(entry, (Weapon, Accessory, Consumable)):
        return _finish(entry.name, entry.kind, _item_terms(entry), ITEM_FLOOR)
    raise TypeError(f"cannot price {type(entry).__name__}")


def class_price(unit_class: UnitClass) -> int:
    """Gold to hire a unit of this class, before its inventory."""
    if not isinstance(unit_class, UnitClass):
        raise TypeError(f"class_price needs a UnitClass, not {type(unit_class).__name__}")
    return price_breakdown(unit_class).price


def item_price(item: Weapon | Accessory | Consumable) -> int:
    """Gold for one weapon, staff, stone, accessory or consumable."""
    if not isinstance(item, (Weapon, Accessory, Consumable)):
        raise TypeError(f"item_price needs an item, not {type(item).__name__}")
    return price_breakdown(item).price


def unit_price(unit_class: UnitClass, items: Iterable[Weapon | Accessory | Consumable] = ()) -> UnitPrice:
    """A unit's cost with the breakdown of its class and of each item."""
    return UnitPrice(price_breakdown(unit_class), tuple(price_breakdown(item) for item in items))


def unit_cost(unit_class: UnitClass, items: Iterable[Weapon | Accessory | Consumable] = ()) -> int:
    """v0.6 "Cost": the class's gold plus the gold of every item in the inventory."""
    return unit_price(unit_class, items).price


__all__ = [
    "PriceBreakdown", "PriceTerm", "UnitPrice", "class_price", "item_price", "price_breakdown", "range_points",
    "tag_terms", "unit_cost", "unit_price", "uses_share",
]
