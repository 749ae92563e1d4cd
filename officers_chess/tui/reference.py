"""The rules reference as entries with keys and as one Markdown document, and what the battle screen can explain."""

from __future__ import annotations

import re
from dataclasses import dataclass

from officers_chess.forecast_words import modifier_text
from officers_chess.rules.basics.rating_scale import letter
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import ExchangePlan, Role
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Accessory, Item, UnitClass, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.reference.rulebook import RULES, RuleEntry, edition_rules, rule_id

# The sections of the reference, in the order the browser shows them.
SECTIONS: dict[str, str] = {
    "rule": "Core rules",
    "tag": "Tags",
    "status": "Statuses",
    "terrain": "Terrain",
    "class": "Classes",
    "item": "Items",
    "art": "Combat arts",
}

# The rules behind the numbers every forecast shows, offered after its modifiers.
FORECAST_BASICS = ("hit-roll", "damage", "crit-range", "critical", "attack-speed", "counter", "follow-up")


@dataclass(frozen=True)
class Entry:
    """One entry of the reference: a rule id (or class-/item-/art- key), its section, title and text.

    `tags` are the keys of the tags an item, class or art carries, so its card can explain them too.
    """

    key: str
    kind: str
    title: str
    text: str
    tags: tuple[str, ...] = ()


def tag_key(tag: str) -> str | None:
    """The rulebook key of a tag as written on a unit or item ("Fast(2)" → "fast"); None if it has no entry."""
    name = tag.split("(", 1)[0].strip()
    key = rule_id(name)
    return key if key in RULES and RULES[key].kind in ("tag", "rule") else None


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _tag_keys(tags: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(k for k in map(tag_key, tags) if k is not None))


def _class_text(unit_class: UnitClass) -> str:
    s = unit_class.stats
    wields = ", ".join(w.value for w in unit_class.wields)
    rules = rules_for(unit_class.edition)
    if rules.letter_stats:
        text = (f"Letter {unit_class.letter}. Wields {wields}. HP {s.hp}, Move {unit_class.move}, Str {letter(s.strength)}, "
                f"Mag {letter(s.magic)}, Dex {letter(s.skill)}, Spd {letter(s.speed)}, Def {letter(s.defense)}, "
                f"Res {letter(s.resistance)}.")
    else:
        text = (f"Letter {unit_class.letter}. Wields {wields}. HP {s.hp}, Str {s.strength}, Skl {s.skill}, "
                f"Spd {s.speed}, Def {s.defense}, Res {s.resistance}.")
    if unit_class.promoted:
        text += " Promoted."
    if unit_class.tags:
        text += " Tags: " + ", ".join(unit_class.tags) + "."
    if unit_class.transformed is not None:
        b = unit_class.transformed
        text += (f" Beast form: Str {b.strength}, Skl {b.skill}, Spd {b.speed}, Def {b.defense}, Res {b.resistance}.")
    if unit_class.description:
        text += " " + unit_class.description
    return text


def _item_text(item) -> str:
    if isinstance(item, Weapon):
        low, high = item.range
        reach = f"{low}" if low == high else f"{low}-{high}"
        hit = f", Hit {item.hit:+d}" if item.hit else ""
        longer = " (longer with Strength)" if item.strength_reach else " (longer with Magic)" if item.magic_reach else ""
        text = (f"{item.type.value.capitalize()}, {item.damage.value}: Might {item.might}, Weight {item.weight}{hit}, "
                f"range {reach}{longer}.")
    elif isinstance(item, Accessory):
        text = f"Accessory: Defense +{item.defense}, Weight {item.weight}."
    else:
        text = "Consumable: used on the unit's turn."
    if item.tags:
        text += " Tags: " + ", ".join(item.tags) + "."
    return text


def reference(catalogue: Catalogue) -> dict[str, Entry]:
    """Every entry of the reference by key, section by section: the rulebook of the catalogue's edition, then
    its classes, items and arts."""
    entries: dict[str, Entry] = {}
    book = edition_rules(catalogue.edition)
    for kind in ("rule", "tag", "status", "terrain"):
        for rule in book.values():
            if rule.kind == kind:
                entries[rule.id] = Entry(rule.id, kind, rule.title, rule.text)
    for unit_class in catalogue.classes.values():
        key = f"class-{_slug(unit_class.name)}"
        entries[key] = Entry(key, "class", unit_class.name, _class_text(unit_class), _tag_keys(unit_class.tags))
    for item in catalogue.items.values():
        key = f"item-{_slug(item.name)}"
        entries[key] = Entry(key, "item", item.name, _item_text(item), _tag_keys(item.tags))
    for art in catalogue.arts.values():
        key = f"art-{_slug(art.name)}"
        text = f"Might {art.might:+d}, Skill {art.skill:+d}." + (" Tags: " + ", ".join(art.tags) + "." if art.tags else "")
        text += (" " + art.description) if art.description else ""
        entries[key] = Entry(key, "art", art.name, text, _tag_keys(art.tags))
    return entries


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


def _escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def markdown(entries: dict[str, Entry], intro: bool = True) -> str:
    """The reference as Markdown: a level-2 heading per section, a level-3 heading per entry, in the
    order of `entries` grouped by section (the browser finds an entry by its heading's position)."""
    parts = ["# Rules reference",
             "Every rule, tag, status, terrain, class and item of the battle, in short. "
             "Ctrl+P searches it from anywhere; e explains what the forecast or unit sheet shows."] if intro else []
    for kind, title in SECTIONS.items():
        section = [e for e in entries.values() if e.kind == kind]
        if not section:
            continue
        parts.append(f"## {title}")
        for entry in section:
            parts.append(f"### {_escape(entry.title)}")
            parts.append(_escape(entry.text))
    return "\n\n".join(parts) + "\n"


def heading_order(entries: dict[str, Entry]) -> list[str]:
    """The keys in the order their level-3 headings appear in `markdown(entries)`."""
    return [e.key for kind in SECTIONS for e in entries.values() if e.kind == kind]


# --- what the battle screen can explain ------------------------------------------------------


def forecast_choices(plan: ExchangePlan, names: dict[Role, str], edition: str = "v0.6") -> list[tuple[str, str]]:
    """(label, key) for each modifier of an exchange, then the basic rules behind its numbers."""
    # Every modifier line as the pane shows it (two lines may share a rule: both are listed), then the
    # basic rules behind the numbers that no modifier named.
    book = edition_rules(edition)
    lines = list(dict.fromkeys((f"{names[mod.role]}: {modifier_text(mod)} · {book[mod.rule].title}", mod.rule)
                               for mod in plan.modifiers if mod.rule in book))
    named = {key for _, key in lines}
    return lines + [(book[key].title, key) for key in FORECAST_BASICS if key not in named and key in book]


def _book(unit: Unit) -> dict[str, RuleEntry]:
    return edition_rules(unit.unit_class.edition)


def unit_choices(unit: Unit, terrain: Terrain, catalogue: Catalogue | None = None) -> list[tuple[str, str]]:
    """(label, key) for what a unit sheet shows: the class, its tags, statuses, items and their tags, terrain."""
    choices: list[tuple[str, str]] = [(f"Class: {unit.unit_class.name}", f"class-{_slug(unit.unit_class.name)}")]
    book = _book(unit)
    for tag in list(unit.unit_class.tags) + list(unit.scenario_tags):
        if (key := tag_key(tag)) is not None and key in book:
            choices.append((f"Tag: {tag} · {book[key].text}", key))
    for status in unit.statuses:
        if _status_key(status.name.value) in book:
            choices.append((f"Status: {status.name.value} · {book[_status_key(status.name.value)].text}",
                            _status_key(status.name.value)))
    if unit.transformed:
        choices.append(("Beast form", "shifting"))
    if unit.inflicted:
        choices.append((f"Inflicted: {unit.inflicted.stat} {unit.inflicted.amount:+d}", "inflict"))
    for item in unit.inventory:
        if catalogue is None or item.name in catalogue.items:
            choices.append((f"Item: {item.name}", f"item-{_slug(item.name)}"))
        for tag in item.tags:
            if (key := tag_key(tag)) is not None and key in book:
                choices.append((f"{item.name}: {tag} · {book[key].text}", key))
    choices.append((f"Terrain: {terrain.name}", terrain_key(terrain)))
    return _unique(choices)


# The rule behind each special action's verb, when it is not the name of a tag the action carries.
ACTION_RULES = {"heal": "heal", "status": "status", "restore": "restore", "rescue": "rescue", "warp": "warp",
                "dance": "dance", "pick": "pick", "seize": "seize", "escape": "escape", "raze": "raze",
                "entrap": "entrap", "freeze": "freeze", "rewarp": "rewarp", "vein": "vein"}


def action_choices(unit: Unit, action_name: str, tags: list[str], item: Item | None,
                   catalogue: Catalogue | None = None) -> list[tuple[str, str]]:
    """(label, key) for a staff, item or special action being aimed: its rule, the tags it works with, its
    item, and the rules of staves (a staff's status rolls against the user's Skill)."""
    choices: list[tuple[str, str]] = []
    book = _book(unit)
    if (key := ACTION_RULES.get(action_name)) in book:
        choices.append((f"{book[key].title}: {book[key].text}", key))
    for tag in tags:
        if (key := tag_key(tag)) is not None and key in book:
            choices.append((f"{tag} · {book[key].text}", key))
    if item is not None:
        if catalogue is None or item.name in catalogue.items:
            choices.append((f"Item: {item.name}", f"item-{_slug(item.name)}"))
        if isinstance(item, Weapon) and item.type is WeaponType.STAFF:
            choices.append((book["staves"].title, "staves"))
    if action_name == "heal" and tag_args(unit.tags, "GreaterHeal"):  # the user's own bonus to every heal
        choices.append((f"GreaterHeal · {RULES['greater-heal'].text}", "greater-heal"))
    return _unique(choices)


def tile_choices(terrain: Terrain) -> list[tuple[str, str]]:
    """(label, key) for an empty tile: its terrain and the rules that tile brings into play."""
    choices = [(f"Terrain: {terrain.name}", terrain_key(terrain)), ("Movement", "movement")]
    if terrain.defense:
        choices.append(("Terrain Def/Res", "terrain"))
    if terrain.heal:
        choices.append(("Healing tiles", "healing-tiles"))
    if terrain.hp is not None:
        choices.append(("Walls and snags", "destructible"))
    if terrain.id == "door":
        choices.append(("Doors", "doors"))
    return _unique(choices)


def terrain_key(terrain: Terrain) -> str:
    return f"terrain-{terrain.id.replace('_', '-')}"


def _status_key(name: str) -> str:
    return f"status-{rule_id(name)}"


def _unique(choices: list[tuple[str, str]]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    return [(label, key) for label, key in choices if not (key in seen or seen.add(key))]

