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
