"""Where each tag does something (class, weapon, staff, accessory, consumable, art, role), and why not elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from officers_chess.rules.board.terrain import Terrain, vein_made
from officers_chess.rules.combat.editions.base import Edition
from officers_chess.rules.pieces.models import Accessory, Art, Consumable, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.tags import KNOWN_TAGS, ArgKind, Tag, parse_tag

# The places a tag can be written, and how a message names each.
PLACES: dict[str, str] = {
    "class": "a class",
    "weapon": "a weapon",  # any weapon but a staff or a tome (stones too)
    "tome": "a tome",  # a reason, faith or dark weapon
    "staff": "a staff",
    "accessory": "an accessory",
    "consumable": "a consumable",
    "art": "a combat art",
    "role": "a scenario role",
}

# A unit's tags are its class's, its scenario role's and its equipped weapon's and accessory's (docs/rulings.md
# C8); a staff is the equipped weapon while it is in hand, but it never attacks or counters.
HELD = frozenset({"class", "weapon", "tome", "staff", "accessory"})  # read from the unit's tags, whatever it does
FIGHTS = frozenset({"class", "weapon", "tome", "accessory"})  # read in an exchange the unit swings in
SWINGS = FIGHTS | {"art"}  # read from the swinging side's tags, an art's included
GIVES_ACTION = frozenset({"class", "accessory", "staff", "consumable"})  # a special action's sources
OWN_ACTION = frozenset({"class", "accessory"})  # actions only the unit itself gives (not a staff or an item)
ITEMS = frozenset({"weapon", "tome", "staff", "accessory"})  # equipped items


@dataclass(frozen=True)
class Places:
    """Where one tag does something.

    `where`: the places it works in every edition that has the tag. `also`: places where it works only in some
    editions (place: the Edition attribute that is true in those editions, and why it does nothing in the others). `why`: why it does nothing elsewhere, said instead of
    the place's own reason (`PLACE_WHY`) at the places `why_at` (all of them when None).
    """

    where: frozenset[str]
    why: str = ""
    also: dict[str, tuple[str, str]] = field(default_factory=dict)
    why_at: frozenset[str] | None = None  # the places `why` speaks for (None: every place)


_OWN_WHY = "only the unit itself gives this action: its class, its scenario role or its accessory"

TAG_PLACES: dict[str, Places] = {
    # movement types, and markers that Effective, Ineffective and Countermeasure look for
    "Armored": Places(HELD),
    "Cavalry": Places(HELD),
    "Flying": Places(HELD),
    "Dragon": Places(HELD),
    "Monster": Places(HELD),
    "Shifter": Places(frozenset({"class"}), "the beast form is the class's own `transformed` stats"),
    # movement
    "Fast": Places(HELD),
    "Slow": Places(HELD),
    "Canto": Places(HELD),
    # on the unit however it fights: its stats, its defence, its turn
    "Bonus": Places(HELD),
    "Blessed": Places(HELD),
    "Countermeasure": Places(HELD),
    "Guarded": Places(HELD),
    "Inaccurate": Places(HELD | {"art"}),  # a staff's roll on an enemy counts it too
    # its own swings
    "AoE": Places(SWINGS),
    "Assassinate": Places(SWINGS),
    "Brave": Places(SWINGS),
    "Decimate": Places(SWINGS),
    "Devastate": Places(SWINGS),
    "Devil": Places(SWINGS),
    "Drain": Places(SWINGS),
    "Effective": Places(SWINGS),
    "Ineffective": Places(SWINGS),
    "Inflict": Places(SWINGS),
    "Lucky": Places(SWINGS),
    "Piercing": Places(SWINGS),
    "Complex": Places(FIGHTS),  # an art never follows up anyway
    "DistantCounter": Places(FIGHTS),
    "Inverted": Places(FIGHTS),
    "Magic": Places(FIGHTS),
    "Punishing": Places(FIGHTS),
    "Art": Places(FIGHTS),
    "SpellRange": Places(frozenset({"class", "tome", "accessory"}), "it lengthens only tomes (reason, faith, dark)",
                         why_at=frozenset({"weapon"})),
    # a hit's status; a staff's or consumable's action
    "Status": Places(SWINGS | {"staff", "consumable"}),
    # items
    "Consumable": Places(frozenset({"weapon", "tome", "staff", "consumable"}),
                         "only weapons, staves and consumables are used up"),
    "Exclusive": Places(ITEMS, "it says who may equip an item, and a consumable is never equipped"),
    "Sacred": Places(ITEMS, "it heals the wielder of an equipped item"),
    "Relic": Places(ITEMS | {"consumable"}, "it ties an item to a crest"),  # a consumable only its crest may use
    # special actions
    "Heal": Places(GIVES_ACTION),
    "GreaterHeal": Places(HELD, "it adds to the heals of a unit that has it on its class or an equipped item"),
    "Restore": Places(GIVES_ACTION),
    "Rescue": Places(GIVES_ACTION),
    "Warp": Places(GIVES_ACTION),
    "Torch": Places(GIVES_ACTION),
    "Pick": Places(GIVES_ACTION),
    "Dance": Places(OWN_ACTION, _OWN_WHY),
    "Escape": Places(OWN_ACTION, _OWN_WHY),
    "Raze": Places(OWN_ACTION, _OWN_WHY),
    "Seize": Places(OWN_ACTION, _OWN_WHY),
    "Fleeing": Places(OWN_ACTION | {"role"}, _OWN_WHY),
    "Leader": Places(OWN_ACTION | {"role"}, _OWN_WHY),
    "Saboteur": Places(OWN_ACTION | {"role"}, _OWN_WHY),
    # the later drafts' tags
    "Armor": Places(HELD),
    "Covert": Places(HELD),
    "Cursed": Places(HELD),
    "Nimble": Places(HELD),
    "QiAdept": Places(HELD),
    "Backup": Places(FIGHTS),
    "Built": Places(FIGHTS),
    "Deadly": Places(FIGHTS),
    "Enchanted": Places(FIGHTS),
    "Heavy": Places(FIGHTS),
    "Homing": Places(FIGHTS),
    "Mystical": Places(FIGHTS, also={"staff": ("staff_hit_reads_cover",
                                               "a staff's roll there does not count the target's tile")}),
    "Entrap": Places(GIVES_ACTION),
    "Freeze": Places(GIVES_ACTION),
    "Rewarp": Places(GIVES_ACTION),
    "Vein": Places(GIVES_ACTION),
}


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


_ACTIONS = ("Heal", "Restore", "Status", "Torch", "Pick", "Warp")
# Why a tag that works elsewhere does nothing here (unless its own entry says better).
PLACE_WHY: dict[str, str] = {
    "class": "it works only from an item",
    "weapon": "a weapon gives no actions; they come from the unit's class, scenario role or accessory, "
              "or from a staff or a consumable",
    "tome": "a tome gives no actions; they come from the unit's class, scenario role or accessory, "
            "or from a staff or a consumable",
    "staff": "a staff never attacks or counters",
    "accessory": "it does nothing from an accessory",
    "consumable": "a consumable is never equipped, so its tags act only when it is used "
                  f"({', '.join(_ACTIONS)} ...)",
    "art": "an art's tags change only the swings of its own attack "
           "(Brave, Effective, Lucky, Piercing, AoE, Status ...)",
    "role": "a scenario role only lets a unit Seize, Escape or Raze (Leader, Fleeing, Saboteur)",
}


def place_of(entry: UnitClass | Weapon | Accessory | Consumable | Art) -> str:
    """The place of a catalogue entry's tags."""
    if isinstance(entry, UnitClass):
        return "class"
    if isinstance(entry, Weapon):
        if entry.type is WeaponType.STAFF:
            return "staff"
        return "tome" if entry.type in (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK) else "weapon"
    if isinstance(entry, Accessory):
        return "accessory"
    if isinstance(entry, Consumable):
        return "consumable"
    return "art"


def placement_problem(name: str, place: str, rules: Edition, text: str = "") -> str | None:
    """Why tag `name` (written `text`) does nothing on `place` under these rules, or None when it does
    something there."""
    entry = TAG_PLACES.get(name)
    if entry is None or place in entry.where:  # a tag missing from the table: tests/test_tag_places.py says so
        return None
    if place in entry.also:
        works_if, why = entry.also[place]
        if getattr(rules, works_if):
            return None
        return f"tag {text or name} does nothing on {PLACES[place]} in the {rules.name} rules: {why}"
    works = [PLACES[p] for p in PLACES if p in entry.where]
    why = entry.why if entry.why and (entry.why_at is None or place in entry.why_at) else PLACE_WHY[place]
    return f"tag {text or name} does nothing on {PLACES[place]}: {why} ({name} works on {_listed(works)})"


def argument_problem(tag: Tag, rules: Edition) -> str | None:
    """Why a tag's argument makes it do nothing (or something the edition does not have) under these rules."""
    kind = KNOWN_TAGS.get(tag.name)
    if kind is ArgKind.TAG_NAME and tag.arg not in rules.tags:
        return f"{tag}: no unit can be {tag.arg} in the {rules.name} rules, so this tag would never apply"
    given = rules.statuses if rules.given_statuses is None else rules.given_statuses
    if kind is ArgKind.STATUS and tag.arg not in {s.value for s in given}:
        known = ", ".join(s.value for s in given)
        if tag.arg in {s.value for s in rules.statuses}:
            return f"{tag}: in the {rules.name} rules {tag.arg} comes only from its own action, never from a Status tag (it gives {known})"
        return f"{tag}: the {rules.name} rules have no {tag.arg} status (a Status tag gives {known})"
    if kind is ArgKind.STAT_CHANGE and isinstance(tag.arg, tuple) and tag.arg[0] == "magic" and not rules.letter_stats:
        return f"{tag}: the {rules.name} rules have no Magic stat, so this tag would change nothing"
    if tag.name == "Vein" and vein_terrain(str(tag.arg), rules) is None:
        made = ", ".join(t.name for t in rules.terrain.values() if t.vein) or "none"
        return f"{tag}: Vein cannot make that terrain in the {rules.name} rules (it can make: {made})"
    return None


def vein_terrain(name: str, rules: Edition) -> Terrain | None:
    """The terrain Vein(Name) makes under these rules (as `specials.vein_terrain` finds it in a battle)."""
    return vein_made(name, rules.terrain.values())


def first_problem(tags: list[str], place: str, rules: Edition) -> tuple[int, str] | None:
    """(index, why) of the first tag of the list that does nothing on `place` under these rules, if any."""
    for index, text in enumerate(tags):
        tag = parse_tag(text)
        why = placement_problem(tag.name, place, rules, str(tag)) or argument_problem(tag, rules)
        if why:
            return index, why
    return None
