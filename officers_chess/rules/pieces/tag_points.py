"""Tag points: the rules author's value of each tag, our rulings where we differ, and each edition's own tags."""

from __future__ import annotations

# The rules author's point value of each tag (his designer's table), as facts. A number
# argument X multiplies the value unless TAG_UNIT says otherwise.
AUTHOR_TAG_POINTS: dict[str, int] = {
    "Armored": -1, "Canto": 2, "Cavalry": -1, "Dragon": -1, "Effective": 2, "Fast": 1, "Flying": 2,
    "Lucky": 1, "Monster": -1, "Pick": 2, "Shifter": 2, "Assassinate": 2, "Slow": 1, "Dance": 2,
    "Leader": 0, "Saboteur": 0, "Fleeing": 0, "AoE": 2, "Blessed": 1, "Brave": 4, "Bonus": 2,
    "Complex": 2, "Consumable": 1, "Countermeasure": 2, "Drain": 2, "Decimate": 3, "Devastate": 3,
    "Devil": -2, "DistantCounter": 3, "GreaterHeal": 1, "Exclusive": -2, "Guarded": 2,
    "Ineffective": -2, "Inflict": 2, "Inverted": 2, "Inaccurate": 0, "Magic": 1, "Piercing": 4,
    "Punishing": -1, "SpellRange": 4, "Status": 2, "Heal": 1, "Rescue": 2, "Restore": 2, "Warp": 2,
    "Torch": 1, "Sacred": 2, "Relic": -2, "Art": 2,
}
# Where our points differ from the author's value, and why (docs/pricing.md repeats these).
TAG_POINT_RULINGS: dict[str, tuple[int, str]] = {
    "Slow": (-1, "the author lists +1, but in v0.6 Slow only takes movement away"),
    "Complex": (-2, "the author lists +2, but in v0.6 Complex only takes follow-ups away"),
    # Not in the author's table: scenario actions, which scenarios hand out and nobody buys.
    "Escape": (0, "a scenario action, given by the scenario, not bought"),
    "Raze": (0, "a scenario action, given by the scenario, not bought"),
    "Seize": (0, "a scenario action, given by the scenario, not bought"),
}
# Number tags whose argument is counted in bigger units than 1.
TAG_UNIT: dict[str, tuple[int, str]] = {
    "Heal": (2, "HP"),  # one point per 2 HP restored (a tenth of a unit's 20 HP)
    "GreaterHeal": (2, "HP"),
    "Torch": (4, "tiles"),  # one point for the usual 4-tile radius
}


def register_tag_points(points: dict[str, tuple[int, str]], units: dict[str, tuple[int, str]] | None = None) -> None:
    """An edition's own tags and our point value of each, with why (and the unit their X is counted in)."""
    TAG_POINT_RULINGS.update(points)
    TAG_UNIT.update(units or {})


def tag_points(name: str) -> tuple[int, str]:
    """Our point value of a tag (per X for number tags) and where the value comes from."""
    if name in TAG_POINT_RULINGS:
        value, why = TAG_POINT_RULINGS[name]
        return value, f"our ruling: {why}"
    if name not in AUTHOR_TAG_POINTS:  # a tag newer than this table: free until it is given a value
        return 0, "no value yet: not in the author's table"
    return AUTHOR_TAG_POINTS[name], "the rules author's value"
