"""Rules text the two later drafts ("ratings" and "d100") share, over v0.6's; each draft's own file goes over this."""

CORE_RULES: dict[str, tuple[str, str] | None] = {
    "inflict": ("Inflicted", "A rating an Inflict weapon lowered X steps: it is lower during the unit's next turn only, not before it begins; a second Inflict does not add to it."),
    "broken": ("Broken", "Dealing damage with triangle advantage breaks the target at once: it stops countering in this combat and in the next one it is in. Armor units are immune."),
    "natural-one": None,
    "shifting": None,
    "art": None,
    "attack-speed": None,
}

# Only the tags and statuses an edition plays are kept (rules/reference/rulebook.py filters by the edition).
TAG_TEXT: dict[str, str] = {
    "Armor": "Can never be broken.",
    "Nimble": "Nimble(X): enemies attacking it have X less critical range.",
    "Complex": "Its wielder never gets a follow-up, however fast.",
    "Drain": "The wielder heals half the damage it deals.",
    "Exclusive": "Exclusive(Class): only that class may equip it.",
    "Inflict": "Inflict(Rating-X): a unit it hits has that rating X steps lower during its next turn (no stacking).",
    "Inverted": "Turns the weapon triangle around in its fights.",
    "Bonus": "Bonus(Rating+X): raises that rating X steps while equipped.",
    "Status": "Status(Effect): a hit puts that status on the target.",
    "Consumable": "Consumable(X): X uses, after which it is gone for the battle. A weapon spends one in each exchange it swings in (and each blow at a wall).",
    "AoE": "Its attack strikes every enemy within the weapon's range.",
    "Slow": "Slow(X): X fewer tiles of movement.",
    "Fast": "Fast(X): X more tiles of movement.",
    "Dance": "Lets an adjacent ally that has already activated this round activate again.",
    "Entrap": "Moves an enemy in reach by one tile; it must hit first, as a staff on an enemy does.",
    "Freeze": "Freezes an enemy in reach (it must hit): the target cannot move during its next turn but may still act.",
    "Rescue": "Moves an ally in reach to a free tile next to the user.",
    "Restore": "Takes every status off a unit in reach.",
    "Rewarp": "The user moves itself to a free tile within the staff's range.",
    "Torch": "Torch(X): under fog of war, lights every tile within X of the user.",
    "Vein": "Vein(Terrain): turns a free tile in range into that terrain until the end of the round.",
    "Pick": "Opens an adjacent door, or a chest on its own tile.",
    "Seize": "Seizing a marked tile ends the battle in the seizing side's favour.",
    "Escape": "Leaves the battle from a marked tile; an escaped unit does not count as routed (one leaving a broken side counts as beaten, unless getting off the map is its side's objective).",
    "Raze": "Turns a marked tile into ruins, taking away everything special about it.",
    "Fleeing": "May use Escape on the scenario's exit tiles.",
    "Leader": "May take the Seize action on the scenario's seize tiles.",
    "Saboteur": "May take the Raze action on the scenario's raze tiles.",
}

STATUS_TEXT: dict[str, str] = {
    "Broken": "Loses its counter in the next combat it fights. Acting, or finishing a combat it began broken, clears it. Armor units never get it; it cannot be doubled up.",
    "Poisoned": "Every attack against it deals 1 more damage. Restore cures it.",
    "Silenced": "No tomes or staves during its next turn.",
    "Frozen": "Cannot move during its next turn; it may still act.",
}
