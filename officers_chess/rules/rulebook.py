"""Rule ids and their titles: every number the game shows names one of these as its cause."""

from __future__ import annotations

# Titles are ours; ids are stable because forecasts and saves refer to them.
RULE_TITLES: dict[str, str] = {
    "hit-roll": "Hit roll",
    "natural-one": "Natural 1",
    "crit-range": "Critical range",
    "critical": "Critical hit",
    "weapon-triangle": "Weapon triangle",
    "inverted": "Inverted triangle",
    "effective": "Effective weapon",
    "countermeasure": "Countermeasure",
    "inaccurate": "Inaccurate weapon",
    "lucky": "Lucky",
    "bonus": "Stat bonus from equipment",
    "terrain": "Terrain Def/Res bonus",
    "accessory": "Accessory Defense",
    "piercing": "Piercing",
    "guarded": "Guarded",
    "brave": "Brave weapon",
    "counter": "Counter attack",
    "distant-counter": "Distant counter",
    "follow-up": "Follow-up by Attack Speed",
    "complex": "Complex weapon",
    "attack-speed": "Attack Speed",
    "damage": "Damage (Strength + Might)",
    "reduction": "Defense and Resistance",
    "movement": "Movement and terrain costs",
    "activation-order": "Activation order",
    "fort-healing": "Healing tiles",
    "rout": "Routed units",
}


def rule_title(rule_id: str) -> str:
    """The player-facing title of a rule id."""
    return RULE_TITLES[rule_id]


# One line per tag the core implements, in our words (the in-game help shows these).
TAG_TEXT: dict[str, str] = {
    "Armored": "Heavy armour: uses the Armored column of the terrain table.",
    "Cavalry": "Mounted: uses the Cavalry column of the terrain table.",
    "Flying": "Flies: every open tile costs 1, and terrain gives it no Def/Res bonus.",
    "Dragon": "A dragon; some weapons are Effective against it.",
    "Monster": "A monster; some weapons are Effective against it.",
    "Fast": "Fast(X): X more tiles of movement.",
    "Slow": "Slow(X): X fewer tiles of movement.",
    "Bonus": "Bonus(Stat+X): raises that stat by X while equipped.",
    "Brave": "Every attack is two swings: the first strike, the counter and the follow-up.",
    "Complex": "Never makes a follow-up attack, however fast.",
    "Countermeasure": "Countermeasure(Tag): weapons Effective against that tag lose their +3 here.",
    "DistantCounter": "Counters at any distance, even out of its weapon's range.",
    "Effective": "Effective(Tag): +3 damage against units with that tag.",
    "Guarded": "Critical hits against it do not double.",
    "Inaccurate": "Inaccurate(X): X less Skill on the hit roll.",
    "Inverted": "Turns the weapon triangle around in its fights.",
    "Lucky": "Lucky(X): crits on rolls 1 to 1+X (stacks).",
    "Piercing": "Ignores the target's Defense.",
}
