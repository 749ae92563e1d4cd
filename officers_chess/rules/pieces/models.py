"""The game's vocabulary as pydantic models: stats, weapons, accessories, classes, units and the map."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, ConfigDict, Field, model_validator

from officers_chess.rules.basics.rating_scale import rating_index
from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import MoveType, Terrain
from officers_chess.rules.pieces.orders import Order
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.pieces.tags import check_tag, has_tag, tag_args, tag_total

TagText = Annotated[str, AfterValidator(check_tag)]

BASE_MOVEMENT = 5  # every class moves 5 tiles before Fast/Slow (v0.6)
FULL_HP = 20  # every unit has 20 HP in v0.6


class Side(str, Enum):
    """The two armies of a battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER

    @property
    def title(self) -> str:
        return self.value.capitalize()


class WeaponType(str, Enum):
    """The kinds of weapon a class may wield."""

    SWORD = "sword"
    LANCE = "lance"
    AXE = "axe"
    BOW = "bow"
    REASON = "reason"
    FAITH = "faith"
    DARK = "dark"
    STAFF = "staff"
    STONE = "stone"  # shifters' stones


class DamageKind(str, Enum):
    """Martial damage is reduced by Defense, magic damage by Resistance."""

    MARTIAL = "martial"
    MAGIC = "magic"


class _Content(Sparse):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Stats(_Content):
    """A class's base numbers. Files use the short names str, mag, skl, spd, def, res, hp.

    The later editions rate stats with letters (F to S); a letter is kept as its place on that
    scale (F = 0 ... S = 6) and the edition reads it back as a rating.
    """

    _sparse = ("magic",)

    hp: int = Field(FULL_HP, ge=1, le=99)
    strength: int = Field(alias="str", ge=0, le=99)
    magic: int = Field(0, alias="mag", ge=0, le=99)  # the later editions' Magic rating (v0.6 has none)
    skill: int = Field(alias="skl", ge=0, le=99)
    speed: int = Field(alias="spd", ge=0, le=99)
    defense: int = Field(alias="def", ge=0, le=99)
    resistance: int = Field(alias="res", ge=0, le=99)

    @model_validator(mode="before")
    @classmethod
    def _letters_to_places(cls, data: object) -> object:
        if isinstance(data, dict):
            return {key: rating_index(value) if isinstance(value, str) and key != "hp" else value
                    for key, value in data.items()}
        return data


class _Item(_Content):
    """What every item has: a name, tags, and how many of its Consumable(X) uses are spent."""

    _sparse = ("edition",)

    edition: str = Field("v0.6", max_length=20)  # whose figures these are (set when its catalogue is read)
    name: str = Field(min_length=1, max_length=40)
    tags: list[TagText] = []
    used: int = Field(0, ge=0)

    @property
    def uses_left(self) -> int | None:
        """Uses left of a Consumable(X) item; None for items that do not wear out."""
        total = tag_args(self.tags, "Consumable")
        return None if not total else max(0, int(total[0]) - self.used)


class Weapon(_Item):
    """A weapon or staff: what it adds to Damage, what it costs in Attack Speed, and how far it reaches."""

    _sparse = ("edition", "hit", "magic_reach")

    kind: Literal["weapon"] = "weapon"
    type: WeaponType
    damage: DamageKind
    might: int = Field(0, ge=0, le=99)
    weight: int = Field(0, ge=-10, le=99)  # the later editions weigh light weapons below 0
    hit: int = Field(0, ge=-99, le=99)  # the d100 edition's Hit of the weapon
    range: tuple[int, int] = (1, 1)
    # Some staves reach further with a stronger user: their longest range is at least Str / 2.
    strength_reach: bool = False
    # The "ratings" edition's Mag staves: their longest range follows the user's Magic rating.
    magic_reach: bool = False

    @model_validator(mode="after")
    def _range_in_order(self) -> Weapon:
        low, high = self.range
        if low < 1 or high < low:
            raise ValueError(f"range must be [min, max] with 1 <= min <= max, not {list(self.range)}")
        return self

    def reaches(self, distance: int) -> bool:
        return self.range[0] <= distance <= self.range[1]


class Accessory(_Item):
    """A shield or ring: a Defense bonus, a weight, and tags."""

    kind: Literal["accessory"] = "accessory"
    defense: int = Field(0, ge=0, le=99)
    weight: int = Field(0, ge=-10, le=99)


class Consumable(_Item):
    """An item used up on a unit's turn (a vulnerary, a torch, a key); its tags say what it does."""

    kind: Literal["consumable"] = "consumable"


Item = Annotated[Union[Weapon, Accessory, Consumable], Field(discriminator="kind")]


class Art(_Content):
    """A combat art: a special attack with its own bonuses and tags, granted by Art(Name)."""

    name: str = Field(min_length=1, max_length=40)
    might: int = Field(0, ge=-20, le=20)
    skill: int = Field(0, ge=-20, le=20)
    tags: list[TagText] = []
    description: str = Field("", max_length=400)


class Inflicted(Sparse):
    """A stat lowered by Inflict(Stat-X), and how many of the unit's turn ends it outlasts.

    `pending`: it takes hold only when the unit's next turn begins (the v0.6 and "ratings" texts,
    docs/rulings.md C16); until then the stat is whole.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    _sparse = ("pending",)  # save version 4's: an Inflict saved before it reads as it did (in effect)

    stat: str
    amount: int
    turn_ends: int = Field(1, ge=1)
    pending: bool = False


class UnitClass(_Content):
    """A class: base stats, the weapon types it wields, its movement and its tags."""

    _sparse = ("edition", "move")

    edition: str = Field("v0.6", max_length=20)  # whose ratings these are (set when its catalogue is read)
    name: str = Field(min_length=1, max_length=40)
    letter: str = Field(min_length=1, max_length=1, pattern=r"^[A-Z]$")
    stats: Stats
    wields: list[WeaponType] = Field(min_length=1)
    tags: list[TagText] = []
    promoted: bool = False  # advanced classes; Assassinate spares them
    move: int = Field(BASE_MOVEMENT, ge=0, le=20)  # tiles before Fast/Slow; the edition sets it
    transformed: Stats | None = None  # a shifter's beast form
    description: str = Field("", max_length=400)

    @model_validator(mode="after")
    def _shifters_have_two_forms(self) -> UnitClass:
        if has_tag(self.tags, "Shifter") and self.transformed is None:
            raise ValueError("a Shifter class needs `transformed` stats for its beast form")
        return self


class Unit(Sparse):
    """One unit on the battlefield: its class, inventory, equipment, HP and position."""

    model_config = ConfigDict(extra="forbid")
    _sparse = ("guarded", "team", "post", "struck", "leg", "fled")

    id: str
    name: str
    side: Side
    unit_class: UnitClass
    inventory: list[Item] = Field(default_factory=list, max_length=3)
    weapon: int | None = None  # index into inventory of the equipped weapon
    accessory: int | None = None  # index into inventory of the equipped accessory
    hp: int
    pos: Pos
    activated: bool = False
    statuses: list[Status] = Field(default_factory=list)
    crests: list[str] = Field(default_factory=list)
    scenario_tags: list[TagText] = Field(default_factory=list)  # Leader, Fleeing, Saboteur
    transformed: bool = False  # a shifter in its beast form
    shift_spent: bool = False  # a shifter that has returned to normal form this round
    inflicted: Inflicted | None = None  # a stat lowered until the end of its next turn
    danced: bool = False  # refreshed by a Dance this round
    escaped: bool = False
    # Left by the exits while its side was broken, not for its side's objective: beaten as a routed unit is, though
    # alive (rules/battle/flight.py). Written only when set, so older saves keep their hashes.
    fled: bool = False
    guarded: bool = False  # a Qi Adept that has taken an attack for an ally this round
    orders: list[Order] = Field(default_factory=list, max_length=12)  # a scenario's script for the computer
    team: str | None = Field(None, max_length=40)  # the order group whose units wake together (`together: true`)
    post: Pos | None = None  # where it started, kept only when its script may `return to post`
    struck: int | None = None  # the round it was last attacked, kept only in battles with scripts (wake.py)
    leg: int = 0  # patrols: how many of its route's tiles it has reached (wake.py)

    def has_status(self, name: StatusName) -> bool:
        return any(s.name is name for s in self.statuses)

    @property
    def cannot_swing(self) -> bool:
        """Asleep or turned to stone: no attack, no counter, no blow at a wall (the one place this is decided)."""
        return self.has_status(StatusName.SLEEP) or self.has_status(StatusName.PETRIFIED)

    @property
    def stats(self) -> Stats:
        """The stat block in use: the beast form while a shifter is transformed."""
        if self.transformed and self.unit_class.transformed is not None:
            return self.unit_class.transformed
        return self.unit_class.stats

    @property
    def equipped_weapon(self) -> Weapon | None:
        item = self.inventory[self.weapon] if self.weapon is not None else None
        return item if isinstance(item, Weapon) else None

    @property
    def equipped_accessory(self) -> Accessory | None:
        item = self.inventory[self.accessory] if self.accessory is not None else None
        return item if isinstance(item, Accessory) else None

    def item_tags(self, item: Weapon | Accessory | Consumable) -> list[str]:
        """An item's tags as they work for this unit: a Relic without its crest keeps only the Relic tag."""
        if not any(t.startswith("Relic(") for t in item.tags):  # the common case, asked for on every tag lookup
            return list(item.tags)
        for crest in tag_args(item.tags, "Relic"):
            if crest not in self.crests:
                return [t for t in item.tags if t.startswith("Relic(")]
        return list(item.tags)

    @property
    def tags(self) -> list[str]:
        """Class and scenario tags, the tags of equipped items, and the tags statuses lend."""
        tags = list(self.unit_class.tags) + list(self.scenario_tags)
        for item in (self.equipped_weapon, self.equipped_accessory):
            if item is not None:
                tags.extend(self.item_tags(item))
        if self.statuses:
            if self.has_status(StatusName.SLOWED):
                tags.append("Slow(1)")
            for status in self.statuses:
                if status.name is StatusName.BARRIER:
                    tags.append(f"Bonus(Res+{status.amount or 2})")
        return tags

    def has(self, tag_name: str) -> bool:
        return has_tag(self.tags, tag_name)

    def stat(self, name: str) -> int:
        """A stat with Bonus(Stat+X) tags and any Inflict applied."""
        base = getattr(self.stats, name)
        tags = self.tags
        bonus = sum(change for stat, change in tag_args(tags, "Bonus") if stat == name)
        bonus += sum(change for stat, change in tag_args(tags, "Cursed") if stat == name)
        held = self.inflicted
        inflicted = held.amount if held and held.stat == name and not held.pending else 0
        return base + bonus + inflicted

    @property
    def max_hp(self) -> int:
        return self.unit_class.stats.hp

    @property
    def routed(self) -> bool:
        return self.hp <= 0

    @property
    def beaten(self) -> bool:
        """Routed, or fled the field while its side was broken: lost to its side for every victory condition."""
        return self.routed or self.fled

    @property
    def own_tags(self) -> list[str]:
        """The tags behind its own special actions: its class's, its scenario role's, its equipped accessory's."""
        own = list(self.unit_class.tags) + list(self.scenario_tags)
        if self.equipped_accessory is not None:
            own += self.item_tags(self.equipped_accessory)
        return own

    @property
    def on_field(self) -> bool:
        """Still on the battlefield: neither routed nor escaped."""
        return self.hp > 0 and not self.escaped

    @property
    def damage(self) -> int | None:
        """Strength plus the equipped weapon's Might (None without a weapon)."""
        weapon = self.equipped_weapon
        return None if weapon is None else self.stat("strength") + weapon.might

    @property
    def attack_speed(self) -> int:
        """Speed minus the weight of the equipped weapon and accessory."""
        weight = sum(item.weight for item in (self.equipped_weapon, self.equipped_accessory) if item is not None)
        return self.stat("speed") - weight

    @property
    def move_types(self) -> list[MoveType]:
        """The terrain-table columns this unit uses (Foot when it has no movement tag)."""
        tags = self.tags
        if has_tag(tags, "Flying"):
            return [MoveType.FLYING]
        columns = [m for m, tag in ((MoveType.ARMORED, "Armored"), (MoveType.CAVALRY, "Cavalry")) if has_tag(tags, tag)]
        return columns or [MoveType.FOOT]

    @property
    def movement(self) -> int:
        """Tiles of movement: the class's (5 in v0.6), plus Fast(X), minus Slow(X)."""
        return max(0, self.unit_class.move + tag_total(self.tags, "Fast") - tag_total(self.tags, "Slow"))

    def entry_cost(self, terrain: Terrain, columns: list[MoveType] | None = None) -> int | None:
        """Movement this unit spends to enter a tile; with several columns, the dearest applies.

        `columns` may pass in `move_types` already worked out (they come from the unit's tags).
        """
        costs = [terrain.cost(column) for column in (columns or self.move_types)]
        return None if any(c is None for c in costs) else max(costs)  # type: ignore[type-var]

    def terrain_bonus(self, terrain: Terrain) -> int:
        """Def/Res bonus from the tile; flying units take none (they ignore terrain)."""
        return 0 if self.has("Flying") else terrain.defense
