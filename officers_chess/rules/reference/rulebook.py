"""The rules reference: every rule, tag, status and terrain with an id, a title and a short text in our words.

Forecast modifiers and the battle log cite these ids, so every number on screen can be
traced to an entry here; the help screen and the rules browser read the same data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions import EDITIONS, rules_for

# The core rules, by stable id (forecasts and saves refer to the ids).
CORE_RULES: dict[str, tuple[str, str]] = {
    "hit-roll": ("Hit roll", "Each swing rolls a d20; a roll at or under the swinger's Skill hits."),
    "natural-one": ("Natural 1", "A roll of 1 always hits and is always a critical hit, whatever the Skill."),
    "crit-range": ("Critical range", "A hit whose roll is 1, or at most 1 + every Lucky value the swinger has, is a critical hit."),
    "critical": ("Critical hit", "A critical hit doubles the damage left after Defense or Resistance."),
    "damage": ("Damage", "Strength plus the weapon's Might, minus the target's Defense (martial) or Resistance (magic); never below 0."),
    "reduction": ("Defense and Resistance", "Defense reduces martial damage and Resistance magic damage; terrain adds to both."),
    "weapon-triangle": ("Weapon triangle", "Swords beat axes, axes beat lances, lances beat swords; reason beats faith, faith beats dark, dark beats reason. +1 Skill and +1 damage to the side with the advantage, -1 to the other."),
    "inverted": ("Inverted triangle", "An Inverted weapon swaps advantage and disadvantage in the triangle; two of them swap it back."),
    "attack-speed": ("Attack Speed", "Speed minus the weight of the equipped weapon and accessory."),
    "counter": ("Counter attack", "The unit attacked strikes back once if its equipped weapon reaches, it is awake, and it is not a staff."),
    "follow-up": ("Follow-up", "After the counter, the unit with the strictly higher Attack Speed attacks once more; a tie gives nobody a follow-up."),
    "exchange-order": ("Order of an exchange", "The attack, then the counter, then the faster unit's follow-up; a routed unit swings no more."),
    "terrain": ("Terrain Def/Res", "Forests, mountains, pillars, forts, gates and thrones add their bonus to Defense and Resistance (not for flyers)."),
    "accessory": ("Accessory Defense", "An equipped shield or ring adds its Defense to the unit's Defense."),
    "movement": ("Movement", "Five tiles a turn, changed by Fast and Slow; each tile costs what the terrain table says for the unit's movement type."),
    "blocking": ("Blocking", "Enemies block movement; allies may be walked through but not stopped on."),
    "healing-tiles": ("Healing tiles", "A unit that ends its turn on a fort, castle gate or throne recovers 2 HP."),
    "destructible": ("Walls and snags", "A wall or snag has 30 HP; blows land automatically for the unit's Damage. A broken wall becomes floor, a broken snag a bridge."),
    "doors": ("Doors", "A door is shut until a unit with Pick (or a key) opens it; then it is floor."),
    "activation-order": ("Activation order", "The sides activate one unit each in turn; when one has nobody left, the other finishes; whoever ran out first starts the next round."),
    "combat-turn": ("Combat turn", "Move, then one action (attack, staff, special action, item), plus any free actions before the move, between or after; Wait ends it."),
    "free-actions": ("Free actions", "Equip, Discard, and one Trade with an adjacent ally per turn, at any point of the turn: before the move (i on the map), after it, or after the action (s instead of Enter keeps the turn open for them)."),
    "staves": ("Staves", "Staves never attack or counter; on allies they need no roll, on enemies they must hit like a swing."),
    "shifting": ("Shifting", "A shifter takes its beast form when it activates and returns to normal form after a turn in which it acted, until the next round."),
    "rout": ("Routed", "A unit at 0 HP is routed and leaves the battle; every unit has 20 HP in v0.6."),
    "victory": ("Victory", "A side with no units left on the field has lost (a unit that fled its broken side counts as fallen); if some escaped for its objective, it is a draw unless the scenario says otherwise."),
    "art": ("Combat arts", "An art is a special attack: its Might and Skill bonuses and tags add to the attacker's swings, and it never follows up."),
    "inflict": ("Inflicted", "A stat an Inflict weapon lowered: it is lower during the unit's next turn only, not before it begins."),
}

# One line per tag, in our words (the in-game help and the rules reference show these).
TAG_TEXT: dict[str, str] = {
    "Armored": "Heavy armour: uses the Armored column of the terrain table.",
    "Cavalry": "Mounted: uses the Cavalry column of the terrain table.",
    "Flying": "Flies: every open tile costs 1, and terrain gives it no Def/Res bonus.",
    "Dragon": "A dragon; some weapons are Effective against it.",
    "Monster": "A monster; some weapons are Effective against it.",
    "Shifter": "Takes its beast form when it starts a turn and returns to normal form after a turn in which it acted (waiting is not acting).",
    "Fast": "Fast(X): X more tiles of movement.",
    "Slow": "Slow(X): X fewer tiles of movement.",
    "Canto": "After an action that is not an attack, may spend the movement it has left.",
    "AoE": "Its attack also swings once at every other enemy the weapon reaches; they cannot counter.",
    "Assassinate": "A critical hit on an unpromoted unit takes all of its remaining HP.",
    "Blessed": "Blessed(X): heals X HP when the unit activates.",
    "Bonus": "Bonus(Stat+X): raises that stat by X while equipped.",
    "Brave": "Every attack is two swings: the first strike, the counter and the follow-up.",
    "Complex": "Never makes a follow-up attack, however fast.",
    "Countermeasure": "Countermeasure(Tag): weapons Effective against that tag lose their +3 here.",
    "Decimate": "A hit takes half of the target's current HP (rounded down, at least 1) instead of normal damage.",
    "Devastate": "A hit leaves the target at 1 HP instead of dealing normal damage.",
    "Devil": "When the swing's d20 (its hit roll) shows 9 or 10, the wielder takes the swing's damage "
             "instead of the target, whatever its Skill.",
    "DistantCounter": "Counters at any distance, even out of its weapon's range.",
    "Drain": "Heals the wielder by half the damage it deals (rounded down).",
    "Effective": "Effective(Tag): +3 damage against units with that tag.",
    "Exclusive": "Exclusive(Class): only that class may equip it.",
    "Guarded": "Critical hits against it do not double.",
    "Inaccurate": "Inaccurate(X): X less Skill on the hit roll.",
    "Ineffective": "Ineffective(Tag): units with that tag take no damage from it.",
    "Inflict": "Inflict(Stat-X): a unit it hits has that stat X lower during its next turn (a second one replaces the first).",
    "Inverted": "Turns the weapon triangle around in its fights.",
    "Lucky": "Lucky(X): crits on rolls 1 to 1+X (stacks).",
    "Magic": "Magic(Type): its attacks are magic of that type (Resistance reduces them; the magic triangle applies).",
    "Piercing": "Ignores the target's Defense.",
    "Punishing": "Punishing(X): the wielder takes X damage at the end of a turn in which it attacked with it.",
    "SpellRange": "SpellRange(X): reason, faith and dark tomes reach X tiles further.",
    "Status": "Status(Effect): a hit puts that status on the target; used on oneself when it is an item.",
    "Consumable": "Consumable(X): can be used X times, then it is gone. A weapon spends one use in each exchange it swings in, attacking or countering (and each blow at a wall).",
    "Dance": "Lets an adjacent ally that has already acted this round act again.",
    "Escape": "Leaves the battlefield from an exit tile; an escaped unit is not routed. With morale in play any unit of a broken side may leave so, but it is then beaten like a routed one, unless getting off the map is its side's objective.",
    "GreaterHeal": "GreaterHeal(X): its Heal actions restore X more HP.",
    "Heal": "Heal(X): restores X HP to an ally in reach (never above full).",
    "Pick": "Opens an adjacent door, or a chest on its own tile.",
    "Raze": "Turns the tile it stands on into ruins, if the scenario allows razing there.",
    "Rescue": "Moves an ally in reach to a free tile next to the user.",
    "Restore": "Removes every status from an ally in reach.",
    "Seize": "Seizing a marked tile ends the battle in the seizing side's favour.",
    "Torch": "Torch(X): lights X tiles around the user under fog of war.",
    "Warp": "Moves an ally in reach to any free tile within Strength tiles of the user.",
    "Fleeing": "May take the Escape action on the scenario's exit tiles.",
    "Leader": "May take the Seize action on the scenario's seize tiles.",
    "Saboteur": "May take the Raze action on the scenario's raze tiles.",
    "Sacred": "Sacred(Crest): heals 2 HP at the end of each of the wielder's turns, 4 if it bears that crest.",
    "Relic": "Relic(Crest): without that crest, the item's other tags do nothing and it deals 2 damage to its wielder each turn.",
    "Art": "Art(Name): grants that combat art, a special attack.",
}

STATUS_TEXT: dict[str, str] = {
    "Barrier": "+2 Resistance until the end of the next round.",
    "Berserk": "If it can reach anyone to attack this turn, it must move where it can and attack the weakest of them, friend or foe; no other action or free action. Each new round, a d20 of 1-10 ends it.",
    "Petrified": "Cannot move, attack or counter (staves, items and free actions stay open); attacks against it have Lucky(2). Each new round, a d20 of 1-10 ends it.",
    "Poisoned": "Each new round, a d20 of 1-10 ends it; 11-20 deals 2 damage.",
    "Silenced": "Cannot use tomes or staves (nor counter with a tome) during its next turn.",
    "Sleep": "Cannot move, attack or counter (staves, items and free actions stay open). Each new round, a d20 of 1-10 ends it.",
    "Slowed": "Slow(1) during its next turn.",
}


def rule_id(name: str) -> str:
    """The id of a tag or status: its name in lower case with dashes (DistantCounter → distant-counter)."""
    return "aoe" if name == "AoE" else re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


@dataclass(frozen=True)
class RuleEntry:
    """One entry of the rules reference."""

    id: str
    title: str
    text: str
    kind: Literal["rule", "tag", "status", "terrain"]


def terrain_rule_id(terrain: Terrain) -> str:
    return f"terrain-{terrain.id.replace('_', '-')}"


def _terrain_text(terrain: Terrain, one_column: bool = False) -> str:
    """A row of a terrain table in words, for tiles the edition's own text does not describe."""
    costs = "/".join("–" if c is None else str(c) for c in (terrain.foot, terrain.armored, terrain.cavalry, terrain.flying))
    text = f"Move cost {costs} (foot/armored/cavalry/flying)"
    if one_column:  # a table with one Move column for everyone (flyers pay 1)
        text = "Move " + ("– (no one enters)" if terrain.foot is None else str(terrain.foot))
        if not (terrain.defense or terrain.avoid or terrain.heal or terrain.burn or terrain.hp):
            text += "; no DR or Avo"
    text += f", +{terrain.defense} Def/Res" if terrain.defense and not terrain.avoid else ""
    text += f", DR +{terrain.defense}" if terrain.defense and terrain.avoid else ""
    text += f", Avo {terrain.avoid:+d}" if terrain.avoid else ""
    when = "the start" if terrain.heal_at_start else "the end"
    text += f", heals {terrain.heal} HP at {when} of a turn" if terrain.heal else ""
    text += f", {terrain.burn} damage at the start of a turn" if terrain.burn else ""
    text += f", breaks after {terrain.hp} damage" if terrain.hp else ""
    return text + "."


def _entries(core: dict, tags: dict, statuses: dict, terrain: dict[str, Terrain], terrain_text: dict[str, str]) -> dict[str, RuleEntry]:
    entries = {rid: RuleEntry(rid, title, text, "rule") for rid, (title, text) in core.items()}
    for name, text in tags.items():
        entries.setdefault(rule_id(name), RuleEntry(rule_id(name), name, text, "tag"))
    for name, text in statuses.items():
        entries[f"status-{rule_id(name)}"] = RuleEntry(f"status-{rule_id(name)}", name, text, "status")
    if "Petrified" in statuses:
        # The Lucky(2) that attacks against a petrified unit get is cited as "petrified".
        entries["petrified"] = RuleEntry("petrified", "Petrified target", "Attacks against a petrified unit crit on 1 to 3.", "rule")
    one_column = all(t.foot == t.armored == t.cavalry for t in terrain.values())
    for tile in terrain.values():
        rid = terrain_rule_id(tile)
        entries[rid] = RuleEntry(rid, tile.name, terrain_text.get(tile.id) or _terrain_text(tile, one_column), "terrain")
    return entries


def _merged(base: dict, changes: dict) -> dict:
    """An edition's text over v0.6's: its entries replace or add, and None takes an entry out."""
    merged = {**base, **changes}
    return {key: value for key, value in merged.items() if value is not None}


@lru_cache(maxsize=None)
def edition_rules(edition: str = "v0.6") -> dict[str, RuleEntry]:
    """The rules reference of one edition: v0.6's entries, changed, added to or taken out by the edition's text."""
    rules = rules_for(edition)
    core, tags, statuses, terrain_text = dict(CORE_RULES), dict(TAG_TEXT), dict(STATUS_TEXT), {}
    for text in rules.rules_text:  # each layer goes over the one before (v0.6, shared text, the edition's own)
        core, tags, statuses = _merged(core, text.CORE_RULES), _merged(tags, text.TAG_TEXT), _merged(statuses, text.STATUS_TEXT)
        terrain_text.update(getattr(text, "TERRAIN_TEXT", {}))
    tags = {name: line for name, line in tags.items() if name in rules.tags}
    statuses = {name: line for name, line in statuses.items() if name in {s.value for s in rules.statuses}}
    return _entries(core, tags, statuses, rules.terrain, terrain_text)


def _every_edition() -> dict[str, RuleEntry]:
    """Every id any edition cites, with v0.6's entry where v0.6 has one (for titles of forecast lines)."""
    entries: dict[str, RuleEntry] = {}
    for name in EDITIONS:
        for rid, entry in edition_rules(name).items():
            entries.setdefault(rid, entry)
    return entries


RULES: dict[str, RuleEntry] = _every_edition()
RULE_TITLES: dict[str, str] = {rid: entry.title for rid, entry in RULES.items()}


def rule_title(rule_id: str) -> str:
    """The player-facing title of a rule id."""
    return RULE_TITLES[rule_id]
