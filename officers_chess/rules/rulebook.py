"""Rule ids and their titles: every number the game shows names one of these as its cause."""

from __future__ import annotations

# Titles are ours; ids are stable because forecasts and saves refer to them.
RULE_TITLES: dict[str, str] = {
    "hit-roll": "Hit roll (d20 at or under Skill)",
    "natural-one": "A natural 1 always hits and crits",
    "crit-range": "Critical range",
    "critical": "Critical hits double damage",
    "weapon-triangle": "Weapon triangle",
    "inverted": "Inverted triangle",
    "effective": "Effective weapons (+3 damage)",
    "countermeasure": "Countermeasure",
    "inaccurate": "Inaccurate weapons",
    "lucky": "Lucky (wider critical range)",
    "bonus": "Stat bonus from equipment",
    "terrain": "Terrain Def/Res bonus",
    "accessory": "Accessory Defense",
    "piercing": "Piercing ignores Defense",
    "guarded": "Guarded (no critical doubling)",
    "brave": "Brave (two swings per attack)",
    "counter": "Counter attack",
    "distant-counter": "Distant counter",
    "follow-up": "Follow-up by Attack Speed",
    "complex": "Complex weapons never follow up",
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
