"""Rules text of the "d100" edition: entries that replace or add to v0.6's rulebook (None: not in this edition)."""

CORE_RULES: dict[str, tuple[str, str] | None] = {
    "inflict": ("Inflicted", "A rating an Inflict weapon lowered X steps, from the hit until the end of the unit's next turn; a second Inflict does not add to it."),
    # Entries shared with v0.6, in their d100-edition meaning.
    "hit-roll": ("Hit roll", "Each swing rolls a d100; it hits if the roll is at or under the swinger's Hit against that target."),
    "crit-range": ("Critical range", "A hit rolled at 10 or less is critical. Deadly widens that range, the target's Nimble narrows it, and Homing weapons never crit."),
    "critical": ("Critical hit", "A critical hit doubles the damage before damage reduction is taken off."),
    "damage": ("Damage", "Base damage (Str or Mag) plus Might and modifiers, doubled on a crit, minus the target's damage reduction; never below 0."),
    "reduction": ("Damage reduction", "Def lowers martial damage and Res magic damage by their rating value (F 0 to S 6), plus the DR of the tile the target stands on."),
    "weapon-triangle": ("Weapon triangle", "Swords beat axes, axes beat lances, lances beat swords; tomes, bows and every other weapon stand outside it. Advantage adds nothing to Hit or damage; its damaging hits break."),
    "counter": ("Counter attack", "The target strikes back once if its equipped weapon reaches the attacker; it cannot switch weapons to do so. Staves and broken units never counter."),
    "follow-up": ("Follow-up", "Agility is Speed value + weapon Weight. After the counter, a unit with 10 or more Agility (two ratings) over its foe's attacks once more."),
    "exchange-order": ("Order of an exchange", "The attack, then the counter, then any follow-up. A Heavy unit always strikes second; a routed unit swings no more."),
    "terrain": ("Terrain DR and Avo", "A tile's DR adds to its occupant's damage reduction and its Avo to Avoid. Covert doubles a bonus (not water's Avo -5); flyers get neither bonus nor penalty."),
    "movement": ("Movement", "Unpromoted units move 4 tiles, promoted 5; Fast, Slow and Cavalry change that. Each tile costs its Move value in the terrain table (1 if not listed)."),
    "rout": ("Routed", "A unit brought to 0 HP is routed and leaves the battle for good. A unit's HP depends on its class."),
    "healing-tiles": ("Healing tiles", "A unit starting its turn on a fort, protection tile or heal tile recovers 10 HP."),
    "destructible": ("Breakable tiles", "Doors and ice block movement and give way after 15 damage (door to floor, ice to plains). Walls and snags have 30 HP: wall to floor, snag to bridge."),
    "doors": ("Doors", "A door cannot be entered until it is opened with Pick or broken with 15 damage; either way it becomes floor."),
    "staves": ("Staves", "A staff has uses (Consumable) and one action. On allies it always works; on enemies it must hit. Nobody counters a staff, and it never follows up."),
    "activation-order": ("Activation order", "Every unit activates once a round. The sides take turns activating one unit (or use the game-master pattern); a side out of units lets the other finish."),
    # Rules of this edition only.
    "rating-values": ("Rating values", "Dex and Speed ratings count as numbers: F -5, E 0, D 5, C 10, B 15, A 20, S 25."),
    "hit-formula": ("Hit", "Hit = 70 + Dex value + weapon Hit - target's Avoid. A d100 at or under Hit hits; a hit rolled at 10 or less is critical."),
    "avoid": ("Avoid", "Avoid = Speed value + weapon Weight (0, -5 or -10) + the tile's Avo. The tile's Avo is left out when deciding follow-ups."),
    "base-damage": ("Base damage", "Martial attacks take Str, magic ones Mag: F 3, E 4, D 5, C 6, B 7, A 8, S 9. The weapon's Might and any modifiers are added."),
    "accessory": ("Accessory Defense", "An equipped shield or ring adds its Defense to the unit's damage reduction against martial attacks."),
    "damage-reduction": ("Damage reduction", "Def (against martial) or Res (against magic): F 0, E 1, D 2, C 3, B 4, A 5, S 6, plus the DR of the tile."),
    "crit-double": ("Double damage", "A critical hit's damage is doubled, and only then is damage reduction subtracted."),
    "backup": ("Backup", "An ally attacking an enemy a Backup unit could also attack deals 3 more damage with its first hit that lands in the combat, counters included; more Backup units do not add more."),
    "effective": ("Effective", "A weapon Effective against a tag deals 5 more damage to units with that tag."),
    "vein": ("Vein terrain", "A tile changed by Vein keeps its new terrain until the end of the round. Only fog, heal tiles, water, stone pillars, vines, flames and ice can be made."),
    "game-master": ("Game-master pattern", "Optional: the players' side activates one unit, then the game master's side three, and so on until every unit has acted."),
    "hp-by-class": ("Hit points", "A unit's HP comes from its class, from 14 up to 22."),
    "flames": ("Flames", "A unit that starts its turn on flames takes 5 damage; damage reduction does not lower it."),
    "heal-start": ("Start-of-turn healing", "A unit that starts its turn on a fort, protection tile or heal tile recovers 10 HP."),
    # v0.6 rules this edition does not have.
}

# Tags and statuses: only those the edition plays are kept (rules/reference/rulebook.py filters by the edition).
TAG_TEXT: dict[str, str] = {
    "Inflict": "Inflict(Rating-X): a unit it hits has that rating X steps lower at once, until the end of its next turn (no stacking).",
    "Armored": "Heavily armoured. The terrain table has a single Move column here, so it pays the same costs as a unit on foot.",
    "Backup": "An ally fighting an enemy this unit could also attack deals 3 more damage with its first hit that lands in that combat (several Backup units still give 3).",
    "Covert": "Its tile's DR and Avo bonuses count double; a penalty such as water's Avo -5 counts once.",
    "Mystical": "A target's tile DR and Avo bonuses do not count against its attacks; a penalty such as water's still does.",
    "QiAdept": "While at full HP it may take, in an adjacent ally's place, the first attack aimed at that ally; that attack's damage is halved.",
    "Deadly": "Deadly(X): widens its critical range to rolls up to 10 + X; class and weapon Deadly add up.",
    "Heavy": "Never follows up and strikes second in every exchange; a hit pushes the target one tile back.",
    "Homing": "Its attacks always hit but are never critical.",
    "Brave": "Strikes twice on its attack and on its follow-up in its own Attack action; a single swing when it counters or follows up as the defender.",
    "Canto": "After its action, may move up to 2 more tiles (terrain costs apply).",
    "Cavalry": "Mounted: one more tile of movement.",
    "Flying": "Pays 1 for every tile it can enter and gets no terrain DR or Avo, good or bad.",
    "Effective": "Effective(Tag): +5 damage against units with that tag.",
    "Enchanted": "Its attacks are magic, not martial: Mag for base damage, Res for reduction.",
    "Inaccurate": "Inaccurate(X): the wielder's Dex rating is X steps lower (5 Hit per step) while using it.",
    "Piercing": "Its attacks treat the target's Def or Res rating as E (reduction 1).",
    "Cursed": "Cursed(Rating-X): lowers that rating X steps while equipped.",
    "Heal": "Heal(X): restores X HP plus the base damage of the user's Mag (F 3 to S 9) to an ally in reach, never above full.",
    "Warp": "Moves an ally standing next to the user to a free tile within the staff's range.",
}

STATUS_TEXT: dict[str, str] = {
    "Barrier": "Res rating one step higher (1 more reduction) until the end of the next round.",
}

# One line per tile of the d100 terrain table (one Move column for every unit; – means it cannot be entered).
TERRAIN_TEXT: dict[str, str] = {
    "mountain": "Move 2; DR +1, no Avo.",
    "forest": "Move 2; Avo +5, no DR.",
    "pillars": "Move 2; Avo +5, no DR.",
    "thicket": "Move 2; Avo +5, no DR.",
    "fog": "Move 2; Avo +5, no DR. Vein can create it.",
    "fort": "Move 2; DR +2, Avo +5. A unit starting its turn here heals 10 HP.",
    "protection_tile": "Move 1; DR +2, Avo +5. A unit starting its turn here heals 10 HP.",
    "heal_tile": "Move 1; no DR or Avo. A unit starting its turn here heals 10 HP. Vein can create it.",
    "door": "Move –. Becomes floor when opened with Pick or after taking 15 damage.",
    "sea": "Move 1; Avo -5, no DR. Vein can create it.",
    "river": "Move 1; Avo -5, no DR. Vein can create it.",
    "stone_pillars": "Move 2; DR +2, no Avo. Vein can create it.",
    "vines": "Move 2; no DR or Avo. Vein can create it.",
    "flames": "Move 1; no DR or Avo. A unit starting its turn here takes 5 damage that ignores reduction. Vein can create it.",
    "ice": "Move –. Becomes plains after taking 15 damage. Vein can create it.",
    "wall": "Move –. Has 30 HP; a destroyed wall becomes floor.",
    "snag": "Move –. Has 30 HP; a destroyed snag becomes a bridge.",
    # v0.6 rows this table does not list: plain ground here.
    "desert": "Move 1; no DR or Avo.",
    "castle_gate": "Move 1; no DR or Avo, and no healing.",
    "throne": "Move 1; no DR or Avo, and no healing.",
}
