"""Rules text of the "ratings" edition: entries that replace or add to v0.6's rulebook (None: not in this edition)."""

from officers_chess.rules.combat.editions.ratings_tables import DAMAGE, TO_HIT


def _rows(table: dict[str, tuple[int, ...]], rows: str, columns: str) -> str:
    """A table as one line of text: each row's letter and its values for columns F to S."""
    return f"Rows: {rows}; columns: {columns} F E D C B A S. " + "; ".join(
        f"{row}: {' '.join(str(v) for v in values)}" for row, values in table.items()) + "."


CORE_RULES: dict[str, tuple[str, str] | None] = {
    # Entries shared with v0.6, in their ratings-edition meaning.
    "hit-roll": ("Hit roll", "Each swing rolls a d100; it hits if the roll is at or under the To-Hit table value for the swinger's Dex and the target's Spd."),
    "crit-range": ("Critical range", "A hit rolled at 10 or less is critical. Deadly(X) adds X to that limit (class and weapon stack); the target's Nimble(X) takes X off."),
    "critical": ("Critical hit", "A critical hit deals triple damage."),
    "damage": ("Damage", "The Damage table value for the attacker's Atk rating and the target's Def or Res rating, plus the weapon's Might and any bonuses; never below 0."),
    "reduction": ("Defense and Resistance", "Def (against martial attacks) and Res (against magic) are ratings: they choose the Damage table column. Terrain raises them a step."),
    "weapon-triangle": ("Weapon triangle", "Swords beat axes, axes beat lances, lances beat swords; tomes, bows and every other weapon stand outside it. Advantage: +1 damage and Dex +1 step; disadvantage: -1 of each."),
    "counter": ("Counter attack", "A target that survives strikes back once with its equipped weapon if it reaches the attacker. Staves and broken units never counter."),
    "follow-up": ("Follow-up", "After the counter, a unit whose Speed rating (after Weight) is 2 or more steps above its foe's attacks once more; otherwise nobody does."),
    "exchange-order": ("Order of an exchange", "The attack, then the counter, then any follow-up. A Heavy unit always swings last; a routed unit swings no more."),
    "terrain": ("Terrain Def/Res", "Forests, mountains, pillars, forts, castle gates and thrones raise Def and Res one rating step (two with Covert). Flyers get nothing."),
    "movement": ("Movement", "Unpromoted units move 4 tiles, promoted 5; Fast, Slow and Cavalry change that. Each tile costs what the terrain table gives for the unit's column."),
    "rout": ("Routed", "A unit brought to 0 HP is routed and leaves the battle for good; every unit has 20 HP in this edition."),
    "healing-tiles": ("Healing tiles", "A unit ending its turn on a fort, castle gate or throne recovers 2 HP."),
    "destructible": ("Walls and snags", "Walls and snags block everyone and have 30 HP; a fallen wall becomes floor, a fallen snag a bridge. Ice cannot be entered or broken."),
    "staves": ("Staves", "Staves never attack, counter or follow up. Used on an ally they always work; on an enemy they must hit like an attack."),
    "activation-order": ("Activation order", "Every unit activates once a round. The sides take turns activating one unit; when one side has nobody left, the other finishes the round."),
    # Rules of this edition only.
    "ratings": ("Ratings", "Stats are letters on the scale F E D C B A S, F lowest. A class gives E to A; F and S are reached only through modifiers."),
    "rating-steps": ("Rating steps", "A +X or -X modifier moves a rating X letters up or down the scale; it stops at F and at S."),
    "weight": ("Weight", "Every item weighs -2 to +2. In combat the Speed rating becomes Speed minus Weight, in steps. Built lightens by 1, to no less than -2."),
    "to-hit-table": ("To-Hit table", "Roll a d100 at or under the table value in the attacker's Dex row and the target's Spd column. There is no S row: Dex S uses the A row. "
                     + _rows(TO_HIT, "Dex", "target Spd")),
    "damage-table": ("Damage table", "Damage is the value in the attacker's Atk row and the target's Def or Res column, plus Might. Martial: Str against Def; magic: Mag against Res. "
                     + _rows(DAMAGE, "Str or Mag", "target Def or Res")),
    "accessory": ("Accessory Defense", "An equipped shield or ring raises the unit's Defense rating by its Defense, in steps."),
    "crit-triple": ("Triple damage", "A critical hit multiplies its damage by 3."),
    "staff-range": ("Staff range", "A staff whose range is Mag reaches as far as the user's Mag rating allows: F 1, E 2, D 3, C 4, B 4, A 5, S 6 tiles."),
    "backup": ("Backup", "An ally attacking an enemy that a Backup unit could also attack deals 1 more damage."),
    "effective": ("Effective", "A weapon Effective against a tag deals 3 more damage to units with that tag."),
    # v0.6 rules this edition does not have.
}

# Tags and statuses: only those the edition plays are kept (rules/reference/rulebook.py filters by the edition).
TAG_TEXT: dict[str, str] = {
    "Armored": "Heavily armoured: pays the Armored column of the terrain table.",
    "Backup": "An ally attacking an enemy this unit could also attack deals 1 more damage.",
    "Built": "Each weapon it uses weighs 1 less, but never less than -2.",
    "Covert": "Its terrain bonuses count double.",
    "Mystical": "Terrain bonuses do not count against its attacks.",
    "QiAdept": "While at full HP it may take, in an adjacent ally's place, the first attack aimed at that ally.",
    "Deadly": "Deadly(X): its hits are critical on rolls up to 10 + X; class and weapon Deadly add up.",
    "Heavy": "Never follows up and swings last in every exchange; a hit pushes the target one tile back.",
    "Brave": "Strikes twice every time it attacks, follow-ups included.",
    "Canto": "After an action that is not an attack, may spend the movement it has left.",
    "Cavalry": "Mounted: one more tile of movement, and pays the Cavalry column of the terrain table.",
    "Flying": "Pays 1 for every tile it can enter and gets no terrain step to Def or Res.",
    "Effective": "Effective(Tag): +3 damage against units with that tag.",
    "Enchanted": "Its attacks are magic, not martial: Mag against Res.",
    "Inaccurate": "Inaccurate(X): the wielder's Dex rating is X steps lower while using it.",
    "Piercing": "Its attacks treat the target's Def or Res rating as E.",
    "Heal": "Heal(X): restores X HP to an ally in reach, never above full.",
    "Warp": "Moves an ally in reach to a free tile within the staff's range.",
}

STATUS_TEXT: dict[str, str] = {
    "Barrier": "Res rating one step higher until the end of the next round.",
}

# Only the rows whose meaning differs from v0.6 (costs are foot/armored/cavalry/flying; – cannot be entered).
TERRAIN_TEXT: dict[str, str] = {
    "mountain": "Move cost 4/–/–/1 (foot/armored/cavalry/flying); Def and Res one rating step higher.",
    "forest": "Move cost 2/2/3/1 (foot/armored/cavalry/flying); Def and Res one rating step higher.",
    "pillars": "Move cost 2/2/3/1 (foot/armored/cavalry/flying); Def and Res one rating step higher.",
    "fort": "Move cost 2/2/2/1 (foot/armored/cavalry/flying); Def and Res one rating step higher; heals 2 HP at the end of a turn.",
    "castle_gate": "Move cost 1/1/1/1 (foot/armored/cavalry/flying); Def and Res one rating step higher; heals 2 HP at the end of a turn.",
    "throne": "Move cost 1/1/1/1 (foot/armored/cavalry/flying); Def and Res one rating step higher; heals 2 HP at the end of a turn.",
    "ice": "No unit can enter it, flyers included.",
}
