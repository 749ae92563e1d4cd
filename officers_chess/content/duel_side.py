"""Reading one side of a duel file: its class, stats, tags, weapon, accessory, terrain, statuses and HP."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from pydantic import ValidationError

from officers_chess.content.errors import ContentError
from officers_chess.content.yaml_source import Loc, YamlSource, expect_mapping
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.armament import TOMES, is_magic_weapon, usable_weapon
from officers_chess.rules.combat.exchange import Fighter
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import (
    Accessory,
    DamageKind,
    Side,
    Stats,
    Unit,
    UnitClass,
    Weapon,
    WeaponType,
)
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.pieces.tags import check_tag, has_tag, parse_tag, tag_args
from officers_chess.rules.reference.tag_places import first_problem, place_of
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.rules.basics.words import article


SIDE_KEYS = ("class", "stats", "tags", "weapon", "accessory", "terrain", "hp", "status")

STAT_KEYS = ("str", "mag", "skl", "spd", "def", "res", "hp")

_LONG_STATS = {"strength": "str", "magic": "mag", "skill": "skl", "dexterity": "skl", "dex": "skl", "speed": "spd",
               "defense": "def", "resistance": "res"}

_Inline = TypeVar("_Inline", Weapon, Accessory)  # an item written out in the duel file

# Other spellings players use for a terrain id (ids themselves are always accepted).
TERRAIN_ALIASES = {"plain": "plains", "lake": "sea"}

# How to say why a unit cannot swing at all (`Unit.cannot_swing` decides it).
_CANNOT_ATTACK = {StatusName.SLEEP: "is asleep", StatusName.PETRIFIED: "is petrified"}


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _closest(word: str, known: list[str], list_all: bool = False) -> str:
    """A hint after an unknown name: the closest known one, or (and, with list_all) every known one."""
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.5)
    if not close:
        close = [k for k in known if k.lower() == word.lower()]
    listed = f" (known: {', '.join(known)})" if list_all or not close else ""
    return listed + (f"; did you mean {close[0]}?" if close else "")


def check_keys(source: YamlSource, data: dict, allowed: tuple[str, ...], loc: Loc, where: str) -> None:
    for key in data:
        if key not in allowed:
            raise source.error(f"unknown key {key!r} in {where} (expected {', '.join(allowed)})", loc + (key,))


def _find(table: dict, name: str) -> Any:
    """An entry by its exact name, or by its name in any case."""
    if name in table:
        return table[name]
    by_lower = {key.lower(): value for key, value in table.items()}
    return by_lower.get(name.strip().lower())


class SideReader:
    """Reads one side (`attacker` or `defender`) of a duel file."""

    def __init__(self, source: YamlSource, catalogue: Catalogue, side: Side) -> None:
        self.source = source
        self.catalogue = catalogue
        self.rules = rules_for(catalogue.edition)
        self.side = side
        self.key = side.value
        self.spec = expect_mapping(source, (self.key,))
        check_keys(source, self.spec, SIDE_KEYS, (self.key,), self.key)

    def error(self, message: str, *loc: str | int) -> ContentError:
        field = ".".join([self.key, *(str(p) for p in loc[:1])])
        return self.source.error(f"{field}: {message}", (self.key, *loc))

    # --- class, stats, tags --------------------------------------------------------

    def base_class(self) -> UnitClass | None:
        name = self.spec.get("class")
        if name is None:
            return None
        if not isinstance(name, str):
            raise self.error("should be the name of a class in the catalogue", "class")
        found = _find(self.catalogue.classes, name)
        if found is None:
            known = sorted(self.catalogue.classes)
            raise self.error(f"unknown class {name!r}{_closest(name, known)}", "class")
        return found

    def stats(self, base: Stats | None) -> Stats:
        """The stats given, over `base` (a class's stat block) or, without a class, all of them."""
        raw = self.spec.get("stats")
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise self.error("should be a mapping such as {str: 6, skl: 12, spd: 9, def: 4, res: 1}", "stats")
        given: dict[str, Any] = {}
        for key, value in raw.items():
            short = _LONG_STATS.get(str(key), str(key))
            known = [k for k in STAT_KEYS if k != "mag" or self.rules.letter_stats]  # v0.6 has no Magic
            if short not in known:
                raise self.error(f"unknown stat {key!r} (stats: {', '.join(known)})", "stats", key)
            given[short] = value
        if base is None:
            # Magic is a stat of the later editions only; HP has a default everywhere.
            needed = [s for s in STAT_KEYS if s != "hp" and (s != "mag" or self.rules.letter_stats)]
            missing = [s for s in needed if s not in given]
            if missing:
                raise self.error(
                    f"without a class, give every stat (missing: {', '.join(missing)})", *(["stats"] if "stats" in self.spec else [])
                )
            values = given
        else:
            values = {**base.model_dump(by_alias=True), **given}
        try:
            return Stats.model_validate(values)
        except ValidationError as exc:
            raise self.source.validation_error(exc, (self.key, "stats")) from None

    def tags(self) -> list[str]:
        raw = self.spec.get("tags")
        if raw is None:
            return []
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.error("should be a list of tags, such as [Lucky(1), Armored]", "tags")
        tags = []
        for index, text in enumerate(raw):
            if not isinstance(text, str):
                raise self.error(f"tag {text!r} should be text, such as Lucky(1)", "tags", index)
            try:
                tags.append(check_tag(text))
            except ValueError as exc:
                raise self.error(str(exc), "tags", index) from None
            name = parse_tag(text).name
            if name not in self.rules.tags:
                raise self.error(f"{name} is not a tag of the {self.rules.name} rules", "tags", index)
        inert = first_problem(tags, "class", self.rules)  # extra tags are the unit's own, as a class's are
        if inert:
            raise self.error(inert[1], "tags", inert[0])
        return tags

    def _checked_tags(self, item: _Inline, key: str) -> _Inline:
        """An inline item whose tags are all of this edition and each placed where it does something."""
        for index, text in enumerate(item.tags):
            name = parse_tag(text).name
            if name not in self.rules.tags:
                raise self.error(f"{name} is not a tag of the {self.rules.name} rules", key, "tags", index)
        inert = first_problem(item.tags, place_of(item), self.rules)
        if inert:
            raise self.error(f"{item.name}: {inert[1]}", key, "tags", inert[0])
        return item

    def unit_class(self, base: UnitClass | None) -> UnitClass:
        """The unit's own copy of its class, with the duel's stats and extra tags.

        The stats given are the unit's whichever form it fights in, so a shifter's overrides
        apply to its beast form too.
        """
        extra = self.tags()
        if base is not None:
            update: dict[str, Any] = {"stats": self.stats(base.stats), "tags": [*base.tags, *extra]}
            if base.transformed is not None:
                update["transformed"] = self.stats(base.transformed)
            return base.model_copy(update=update)
        # An inline unit: a class of its own that may wield anything (one stat block for both forms).
        stats = self.stats(None)
        inline = UnitClass(
            name=self.side.title,
            letter=self.side.title[0],
            stats=stats,
            wields=list(WeaponType),
            tags=extra,
            transformed=stats if has_tag(extra, "Shifter") else None,
            edition=self.rules.name,
        )
        return self.rules.setup_class(inline)

    # --- equipment -----------------------------------------------------------------

    def _catalogue_item(self, key: str, name: Any, want: type) -> Any:
        noun = "weapon" if want is Weapon else "accessory"
        if not isinstance(name, str):
            raise self.error(f"should be a catalogue {noun}'s name or an inline mapping", key)
        found = _find(self.catalogue.items, name)
        if found is None:
            known = sorted(i.name for i in self.catalogue.items.values() if isinstance(i, want))
            raise self.error(f"unknown {noun} {name!r}{_closest(name, known)}", key)
        if not isinstance(found, want):
            raise self.error(f"{found.name} is not {'a weapon' if want is Weapon else 'an accessory'}", key)
        return found

    def weapon(self) -> Weapon | None:
        raw = self.spec.get("weapon")
        if raw is None:
            if self.side is Side.ATTACKER:
                raise self.error("the attacker needs a weapon", *(["weapon"] if "weapon" in self.spec else []))
            return None  # an unarmed defender cannot counter
        if not isinstance(raw, dict):
            return self._catalogue_item("weapon", raw, Weapon)
        given_type = raw.get("type")
        known_types = ", ".join(t.value for t in WeaponType)
        if given_type is None:
            raise self.error(f"an inline weapon needs a type ({known_types})", "weapon")
        if not isinstance(given_type, str) or given_type.strip().lower() not in {t.value for t in WeaponType}:
            raise self.error(f"unknown weapon type {given_type!r} (known: {known_types})", "weapon", "type")
        weapon_type = WeaponType(given_type.strip().lower())
        data = dict(raw)
        data["type"] = weapon_type
        data.setdefault("name", f"Inline {weapon_type.value}")
        data["edition"] = self.rules.name
        if data.get("damage") is None:
            data["damage"] = DamageKind.MAGIC if weapon_type in TOMES else DamageKind.MARTIAL
        if is_int(data.get("range")):
            data["range"] = (data["range"], data["range"])
        try:
            weapon = Weapon.model_validate(data)
        except ValidationError as exc:
            raise self.source.validation_error(exc, (self.key, "weapon")) from None
        return self._checked_tags(weapon, "weapon")

    def accessory(self) -> Accessory | None:
        raw = self.spec.get("accessory")
        if raw is None:
            return None
        if not isinstance(raw, dict):
            return self._catalogue_item("accessory", raw, Accessory)
        data = dict(raw)
        data.setdefault("name", "Inline accessory")
        data["edition"] = self.rules.name
        try:
            accessory = Accessory.model_validate(data)
        except ValidationError as exc:
            raise self.source.validation_error(exc, (self.key, "accessory")) from None
        return self._checked_tags(accessory, "accessory")

    # --- where it stands and how it is ----------------------------------------------

    def terrain(self) -> Terrain:
        table = self.rules.terrain  # the edition's own table
        raw = self.spec.get("terrain")
        if raw is None:
            return table["plains"]
        known = ", ".join(table)
        if not isinstance(raw, str):
            raise self.error(f"should be a terrain name ({known})", "terrain")
        name = "_".join(raw.strip().lower().replace("-", " ").split())
        terrain = table.get(TERRAIN_ALIASES.get(name, name))
        if terrain is None:
            raise self.error(f"unknown terrain {raw!r}{_closest(name, list(table), list_all=True)}", "terrain")
        return terrain

    def statuses(self) -> list[Status]:
        raw = self.spec.get("status")
        if raw is None:
            return []
        if isinstance(raw, str):
            raw = [raw]
        if not isinstance(raw, list):
            raise self.error("should be a list of status names, such as [Poisoned]", "status")
        by_lower = {s.value.lower(): s for s in self.rules.statuses}
        known = ", ".join(s.value for s in self.rules.statuses)
        statuses: list[Status] = []
        for index, name in enumerate(raw):
            found = by_lower.get(name.strip().lower()) if isinstance(name, str) else None
            if found is None:
                raise self.error(f"unknown status {name!r} (known: {known})", "status", index)
            if any(s.name is found for s in statuses):
                raise self.error(f"{found.value} is listed twice", "status", index)
            statuses.append(self.rules.status(found))  # the battle's own path (a Barrier's amount is the edition's)
        return statuses

    def hp(self, max_hp: int) -> int:
        raw = self.spec.get("hp")
        if raw is None:
            return max_hp
        if not is_int(raw) or not 1 <= raw <= max_hp:
            raise self.error(f"current HP must be a whole number from 1 to {max_hp} (the unit's maximum), not {raw!r}", "hp")
        return raw

    def fighter(self) -> Fighter:
        base = self.base_class()
        weapon = self.weapon()
        if base is not None and weapon is not None and not can_equip_class(base, weapon):
            wields = ", ".join(t.value for t in base.wields)
            only = "".join(f", {name} only" for name in tag_args(weapon.tags, "Exclusive"))
            raise self.error(
                f"{article(base.name)} {base.name} cannot wield {weapon.name} ({weapon.type.value}{only}; {base.name} wields {wields}); "
                "leave out class and give stats to duel with any weapon",
                "weapon",
            )
        accessory = self.accessory()
        unit_class = self.unit_class(base)
        inventory: list[Weapon | Accessory] = [item for item in (weapon, accessory) if item is not None]
        statuses = self.statuses()
        unit = Unit(
            id=self.key,
            name=base.name if base is not None else self.side.title,
            side=self.side,
            unit_class=unit_class,
            inventory=inventory,
            weapon=0 if weapon is not None else None,
            accessory=len(inventory) - 1 if accessory is not None else None,
            hp=unit_class.stats.hp,
            pos=(0, 0),
            statuses=statuses,
            # A shifter takes its beast form when it activates, so it attacks in it; a defender
            # is met in its normal form (it returns to it at the end of its own turn).
            transformed=self.side is Side.ATTACKER and has_tag(unit_class.tags, "Shifter"),
        )
        terrain = self.terrain()
        if unit.entry_cost(terrain) is None:
            raise self.error(f"{article(unit.name)} {unit.name} cannot stand on {terrain.name.lower()}", "terrain")
        unit = unit.model_copy(update={"hp": self.hp(unit.max_hp)})
        if self.side is Side.ATTACKER:
            self._check_can_attack(unit)
        return Fighter(unit, terrain)

    def _check_can_attack(self, unit: Unit) -> None:
        """The attacker must be able to attack at all (the core's `usable_weapon`; no Sleep or Petrified)."""
        if unit.cannot_swing:
            why = next(words for name, words in _CANNOT_ATTACK.items() if unit.has_status(name))
            raise self.error(f"the attacker {why} and cannot attack", "status")
        weapon = unit.equipped_weapon
        assert weapon is not None
        if usable_weapon(unit) is not None:
            return
        if weapon.type is WeaponType.STAFF:
            raise self.error(f"{weapon.name} is a staff; staves heal and never attack", "weapon")
        if unit.has_status(StatusName.SILENCED) and is_magic_weapon(unit, weapon):
            raise self.error(f"the attacker is silenced and cannot use {weapon.name}", "status")
        raise self.error(f"the attacker cannot fight with {weapon.name} ({weapon.type.value})", "weapon")
