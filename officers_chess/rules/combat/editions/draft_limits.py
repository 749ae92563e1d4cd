"""The bounds the two later drafts put on catalogue figures, so `validate` can refuse a class or item outside them."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.basics.rating_scale import letter
from officers_chess.rules.pieces.models import Accessory, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.tags import has_tag

# A class's six ratings: both drafts say a class gives E (worst) to A (best); F and S only come from modifiers.
RATINGS = (("str", "strength"), ("mag", "magic"), ("skl", "skill"), ("spd", "speed"), ("def", "defense"),
           ("res", "resistance"))
LOWEST, HIGHEST = 1, 5  # E and A on the scale F=0 ... S=6

Problem = tuple[tuple[str, ...], str]  # where in the entry (keys below it), and what is wrong


@dataclass(frozen=True)
class DraftLimits:
    """One draft's bounds. `weights` lists every weight an item may have; `hp` a class's HP (low, high);
    `hit_step` what a weapon's Hit must be a multiple of (None: the draft has no weapon Hit, so it must be 0);
    `mag_staves` whether a staff may reach by Magic; `staff_uses` whether a staff must carry Consumable(X)."""

    weights: tuple[int, ...]
    weight_words: str
    hp: tuple[int, int] | None  # None: the edition checks HP itself (d100.py's class_problem, 14 to 22)
    hit_step: int | None
    mag_staves: bool
    staff_uses: bool


LIMITS = {
    # "Weight ranges between -2 and 2"; "All base units have an HP of 20"; no weapon Hit; "Some Staves have a
    # Range of Mag" (the Staff Range table).
    "ratings": DraftLimits(weights=(-2, -1, 0, 1, 2), weight_words="-2 to 2", hp=(20, 20), hit_step=None,
                           mag_staves=True, staff_uses=False),
    # "Weight is either 0, -5, or -10"; Hit is "a multiple of 5"; no Staff Range table;
    # "Staves always have at least two tags. The first is Consumable(X)".
    "d100": DraftLimits(weights=(0, -5, -10), weight_words="0, -5 or -10", hp=None, hit_step=5,
                        mag_staves=False, staff_uses=True),
}


def class_limits(edition: str, unit_class: UnitClass) -> Problem | None:
    """The first of a class's figures outside its draft's bounds."""
    for short, stat in RATINGS:
        value = getattr(unit_class.stats, stat)
        if not LOWEST <= value <= HIGHEST:
            shown = letter(value) if value <= 6 else str(value)
            return (("stats", short), f"{short.capitalize()} {shown}: a {edition} class rates each stat "
                                      f"E to A (F and S are reached only through Bonus, Cursed and Inflict)")
    hp = LIMITS[edition].hp
    if hp is not None and "hp" in unit_class.stats.model_fields_set and not hp[0] <= unit_class.stats.hp <= hp[1]:
        has = f"{hp[0]}" if hp[0] == hp[1] else f"{hp[0]} to {hp[1]}"
        return (("stats", "hp"), f"HP {unit_class.stats.hp}: a {edition} class has {has} HP")
    return None


def item_limits(edition: str, item: Weapon | Accessory) -> Problem | None:
    """The first of an item's figures outside its draft's bounds (consumables have none)."""
    limits = LIMITS[edition]
    if item.weight not in limits.weights:
        return (("weight",), f"Weight {item.weight}: a {edition} item weighs {limits.weight_words}")
    if not isinstance(item, Weapon):
        return None
    if limits.hit_step is None and item.hit:
        return (("hit",), f"Hit {item.hit}: the {edition} rules give weapons no Hit (leave it out)")
    if limits.hit_step is not None and item.hit % limits.hit_step:
        return (("hit",), f"Hit {item.hit}: a {edition} weapon's Hit is a multiple of {limits.hit_step}")
    if item.strength_reach:
        return (("strength_reach",), f"strength_reach: no {edition} staff reaches by Strength (that is v0.6's)")
    if item.magic_reach and not (limits.mag_staves and item.type is WeaponType.STAFF):
        why = "only a staff's range can be Mag" if limits.mag_staves else "the draft has no Staff Range table"
        return (("magic_reach",), f"magic_reach: {why} in the {edition} rules")
    if limits.staff_uses and item.type is WeaponType.STAFF and not has_tag(item.tags, "Consumable"):
        return (("tags",), f"a {edition} staff needs Consumable(X), its number of uses in a battle")
    return None
