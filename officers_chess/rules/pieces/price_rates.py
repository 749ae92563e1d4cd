"""The constants of the price formula, and each edition's rates for its figures (`PriceRates`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from officers_chess.rules.pieces.models import Accessory, Consumable, UnitClass, Weapon

Priced = UnitClass | Weapon | Accessory | Consumable

# --- the constants of the formula ------------------------------------------------------------

GOLD_PER_POINT = 10  # gold for one of the rules author's tag points
ROUND_TO = 5  # every price is a multiple of this
CLASS_FLOOR = 40  # no class costs less
ITEM_FLOOR = 5  # no item costs less

# A recruit: the stat line a class is measured from (about the weakest hireable fighter).
RECRUIT = {"strength": 3, "skill": 8, "speed": 4, "defense": 1, "resistance": 0}
# Gold for each point of a stat above the recruit's. Strength and Defense move every exchange
# by a point of damage; Skill is 5% to hit; Speed only counts where it wins or stops a
# follow-up; Resistance only against magic, which fewer units carry.
STAT_GOLD = {"strength": 8, "skill": 4, "speed": 3, "defense": 7, "resistance": 3}
STAT_LABELS = {"strength": "Strength", "skill": "Skill", "speed": "Speed", "defense": "Defense", "resistance": "Resistance"}
BEAST_SHARE = Fraction(3, 4)  # a shifter spends most of a battle in beast form
EXTRA_WIELD_GOLD = 10  # each weapon type a class wields beyond its first
# A promoted class is immune to Assassinate: priced as the author's value of that tag.
PROMOTED_POINTS = 2

# Item figures are priced like the class stats they add to or take from.
MIGHT_GOLD = STAT_GOLD["strength"]  # a point of Might adds to Damage as a point of Strength does
WEIGHT_GOLD = STAT_GOLD["speed"]  # a point of Weight takes a point of Attack Speed
DEFENSE_GOLD = STAT_GOLD["defense"]  # an accessory's Defense adds to Defense
RANGE_GOLD = 6  # each point of reach (see range_points)


@dataclass(frozen=True)
class PriceRates:
    """An edition's gold for its figures: stats above a recruit's, and what items add or take away."""

    recruit: dict[str, int]
    stat_gold: dict[str, int]
    unit: str  # what a stat is counted in: "a point" or "a step"
    might_gold: int
    weight_gold: int  # gold a point of Weight takes away (heavier is cheaper)
    defense_gold: int
    hit_gold: int = 0  # gold a point of a weapon's Hit adds
    hp_gold: int = 0  # gold a point of HP above `recruit["hp"]` adds (editions whose HP vary by class)
    best_of: tuple[str, ...] = ()  # stats counted once, as the best of them (the later editions' Str and Mag)
    letters: bool = False  # stats shown as letters
    might_as: str = "Strength"  # what a point of Might is priced like
    weight_below_zero: bool = False  # weight is written as a negative number (heavier is lower)
    labels: dict[str, str] = field(default_factory=lambda: dict(STAT_LABELS))


V06_RATES = PriceRates(RECRUIT, STAT_GOLD, "a point", MIGHT_GOLD, WEIGHT_GOLD, DEFENSE_GOLD)
LETTER_LABELS = {**STAT_LABELS, "magic": "Magic", "skill": "Dexterity"}  # the later editions' stat names


_RATES: dict[str, PriceRates] = {"v0.6": V06_RATES}  # each edition's, by name (the editions package adds its own)


def plug_in_rates(edition: str, rates: PriceRates) -> None:
    """Make an edition's price rates the ones its entries are priced with (the editions package calls this)."""
    _RATES[edition] = rates


def rates_of(entry: Priced) -> PriceRates:
    """The price rates of the edition an entry was written for (each edition keeps its own)."""
    try:
        return _RATES[entry.edition]
    except KeyError:
        raise KeyError(f"unknown edition {entry.edition!r} (this version prices {', '.join(_RATES)})") from None
