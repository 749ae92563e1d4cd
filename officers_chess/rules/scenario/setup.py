"""Scenarios: the battle's map, armies and opening, and how a new battle is set up from one (checked by checks.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.battle.objectives import Condition, TimeLimit
from officers_chess.rules.battle.state import Arrival, Chest, GameState, TerrainSwap
from officers_chess.rules.battle.triggers import read_trigger
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Accessory, Side, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.orders import Order, OrderGroup, tile
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.basics.words import article


class ScenarioError(ValueError):
    """A scenario that does not fit its catalogue or map; `where` is the path inside the file."""

    def __init__(self, message: str, where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.where = where


class UnitSetup(Sparse):
    """One unit of a fixed army: who it is, what it carries, where it starts."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    _sparse = ("used",)  # written only for a campaign's veterans, so older saves keep their hashes

    name: str = Field(min_length=1, max_length=24)
    unit_class: str = Field(alias="class")
    items: list[str] = Field(default_factory=list, max_length=3)
    at: tuple[int, int]  # column, row, counted from 1 as players read the map
    roles: list[Literal["Leader", "Fleeing", "Saboteur"]] = Field(default_factory=list)  # scenario tags
    crests: list[str] = Field(default_factory=list, max_length=4)
    orders: list[Order] = Field(default_factory=list, max_length=12)  # how the computer plays it (first that holds)
    # Uses already spent of each item, in the order of `items` (a campaign's veteran brings its worn kit).
    used: list[Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=list, max_length=3)

    @model_validator(mode="after")
    def _wear_fits_items(self) -> UnitSetup:
        if len(self.used) > len(self.items):
            raise ValueError("`used` gives the uses spent of more items than the unit carries")
        return self


class Area(BaseModel):
    """A named rectangle of the map: two opposite corner tiles, and what the players are told of it.

    Written as its corners alone (`ford: [[8, 6], [9, 9]]`) or in full (`corners:`, `about:`, `shown:`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    corners: tuple[tuple[int, int], tuple[int, int]]
    about: str = Field("", max_length=160)  # the author's words for the tile panel ("crossing it wakes the camp")
    shown: bool = True  # drawn on the map and named in the tile panel; false keeps a script's area the author's secret

    @model_validator(mode="before")
    @classmethod
    def _corners_alone(cls, data: object) -> object:
        return {"corners": data} if isinstance(data, (list, tuple)) else data


class ObjectiveTiles(BaseModel):
    """Tiles where the scenario allows Seize, Escape and Raze (column, row from 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seize: list[tuple[int, int]] = Field(default_factory=list)
    escape: list[tuple[int, int]] = Field(default_factory=list)
    raze: list[tuple[int, int]] = Field(default_factory=list)


class ChestSetup(BaseModel):
    """A chest on a tile, holding one catalogue item."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: tuple[int, int]
    item: str


class Zone(BaseModel):
    """A rectangle of tiles, corners included (column, row from 1)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    corner: tuple[int, int] = Field(alias="from")
    to: tuple[int, int]

    def tiles(self) -> set[Pos]:
        (x1, y1), (x2, y2) = self.corner, self.to
        return {(x - 1, y - 1) for x in range(min(x1, x2), max(x1, x2) + 1) for y in range(min(y1, y2), max(y1, y2) + 1)}


class ArmyLimits(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    min: int = Field(1, ge=1, le=30)
    max: int = Field(12, ge=1, le=30)


class RoleRule(BaseModel):
    """How many hired units must carry a scenario role (Leader, Fleeing, Saboteur); `all` for every unit."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    role: Literal["Leader", "Fleeing", "Saboteur"]
    count: int | Literal["all"] = Field(1)


class SideRules(BaseModel):
    """What one side brings: its war chest and army rules, where it deploys, and how it wins."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    war_chest: int = Field(0, ge=0, le=100_000)
    army: ArmyLimits = ArmyLimits()
    classes: list[str] | None = None  # the classes it may hire (None: every class of the catalogue)
    items: list[str] | None = None  # the items it may buy (None: every item)
    deploy: list[Zone] = Field(default_factory=list)
    roles: list[RoleRule] = Field(default_factory=list)
    victory: list[Condition] = Field(default_factory=list)
    outfit: bool = True  # False: no Outfitting step, the army takes the field with the kit it was hired with


class Reinforcement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    side: Side
    units: list[UnitSetup] = Field(min_length=1, max_length=20)


class TerrainChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at: tuple[int, int]
    to: str


class NewOrders(BaseModel):
    """An event's new script for a unit on the field (it replaces the unit's script)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str = Field(min_length=1, max_length=24)
    script: list[Order] = Field(min_length=1, max_length=12)


class TimedEvent(BaseModel):
    """Something that happens at the start of a round, or once a trigger holds (`when`, triggers.py): a note to
    the players, units arrive, terrain changes, units on the field get new scripts."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round: int | None = Field(None, ge=2, le=99)
    when: str | None = Field(None, max_length=120)
    note: str = Field("", max_length=300)
    reinforcements: Reinforcement | None = None
    terrain: list[TerrainChange] = Field(default_factory=list)
    orders: list[NewOrders] = Field(default_factory=list, max_length=20)

    @field_validator("when")
    @classmethod
    def _a_trigger(cls, value: str | None) -> str | None:
        if value is not None:
            read_trigger(value)  # a ValueError names the forms allowed
        return value

    @model_validator(mode="after")
    def _one_moment(self) -> TimedEvent:
        if (self.round is None) == (self.when is None):
            raise ValueError("an event happens at a `round` or `when` something happens: give one of them")
        return self


class Scenario(BaseModel):
    """A playable battle: map, purpose, both sides' rules and armies, objectives, time limit, events."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    map: str = Field(min_length=1, max_length=120)  # a bundled map's name or a file beside the scenario
    edition: str = Field("v0.6", min_length=1, max_length=20, pattern=r"^[A-Za-z0-9._-]+$")  # a catalogue's name
    purpose: str = Field("", max_length=300)
    briefing: str = Field("", max_length=2000)
    # For a newcomer choosing a battle (docs/rulings.md L15): the side easier to learn on and about how many minutes
    # the battle takes. Absent, each is worked out from the map and the armies (rules/scenario/newcomer.py).
    easier_side: Literal["attacker", "defender", "either"] | None = None
    minutes: int | None = Field(None, ge=1, le=600)
    first_deployer: Side = Side.DEFENDER
    first_to_act: Side | None = None  # when absent, the first deployer acts first
    # The game-master pattern: this side activates three units for the other side's one, and the
    # other side opens every round.
    game_master: Side | None = None
    fog: bool = False
    # Under fog, whether a deploying side sees the enemy's units before the battle: its placed army, and where the
    # other player deployed (rules/muster/deploy_sight.py). None is the default, hidden; checks.py refuses it without fog.
    fog_deployment: Literal["hidden", "shown"] | None = None
    time_limit: TimeLimit | None = None
    sides: dict[Side, SideRules] = Field(default_factory=dict)
    armies: dict[Side, list[UnitSetup]] = Field(default_factory=dict)  # fixed armies, placed by the author
    tiles: ObjectiveTiles = ObjectiveTiles()
    chests: list[ChestSetup] = Field(default_factory=list)
    events: list[TimedEvent] = Field(default_factory=list)
    orders: list[OrderGroup] = Field(default_factory=list, max_length=40)  # scripts for groups of units
    # Named areas for scripts: each a rectangle given by two opposite corner tiles ([column, row] from 1),
    # drawn on the map and named to the players unless its author hides it (docs/rulings.md L30).
    areas: dict[str, Area] = Field(default_factory=dict, max_length=40)
    morale: MoraleRules | None = None  # each side's morale, falling with its routs (rules/battle/morale.py)

    def area_tiles(self, name: str) -> list[Pos]:
        """The board positions (from 0) of a named area, row by row."""
        (x1, y1), (x2, y2) = self.areas[name].corners
        return [(x - 1, y - 1) for y in range(min(y1, y2), max(y1, y2) + 1) for x in range(min(x1, x2), max(x1, x2) + 1)]

    def rules(self, side: Side) -> SideRules:
        return self.sides.get(side, SideRules())

    def hires(self, side: Side) -> bool:
        """True when the side builds its army (no fixed army in the file)."""
        return not self.armies.get(side)


def build_unit(
    setup: UnitSetup, side: Side, unit_id: str, catalogue: Catalogue, battle_map: BattleMap, where: tuple[str | int, ...]
) -> Unit:
    """A unit from its setup: class and items looked up, first usable weapon and accessory equipped."""
    unit_class = catalogue.classes.get(setup.unit_class)
    if unit_class is None:
        raise ScenarioError(f"unknown class {setup.unit_class!r}", where + ("class",))
    inventory = []
    for item_name in setup.items:
        item = catalogue.items.get(item_name)
        if item is None:
            raise ScenarioError(f"unknown item {item_name!r}", where + ("items",))
        if isinstance(item, Weapon) and not can_equip_class(unit_class, item):
            raise ScenarioError(f"{article(unit_class.name)} {unit_class.name} cannot wield {item.name} ({item.type.value})", where + ("items",))
        spent = setup.used[len(inventory)] if len(inventory) < len(setup.used) else 0
        if spent:
            left = item.uses_left
            if left is None or spent >= left:
                raise ScenarioError(f"{setup.name}'s {item.name} cannot have {spent} uses spent", where + ("used",))
            item = item.model_copy(update={"used": spent})
        inventory.append(item)
    pos = (setup.at[0] - 1, setup.at[1] - 1)
    if not battle_map.contains(pos):
        raise ScenarioError(f"{setup.name} starts off the map at {list(setup.at)}", where + ("at",))
    unit = Unit(
        id=unit_id,
        name=setup.name,
        side=side,
        unit_class=unit_class,
        inventory=inventory,
        weapon=next((i for i, it in enumerate(inventory) if isinstance(it, Weapon) and can_equip_class(unit_class, it)), None),
        accessory=next((i for i, it in enumerate(inventory) if isinstance(it, Accessory) and exclusive_to(unit_class, it)),
                       None),
        hp=unit_class.stats.hp,
        pos=pos,
        scenario_tags=list(setup.roles),
        crests=list(setup.crests),
        orders=list(setup.orders),
    )
    if unit.entry_cost(battle_map.terrain_at(pos)) is None:
        raise ScenarioError(f"{setup.name} cannot stand on {battle_map.terrain_at(pos).name} at {list(setup.at)}", where + ("at",))
    return unit


def deploy_zone(scenario: Scenario, side: Side) -> set[Pos]:
    """Every tile of a side's deployment zone (0-based)."""
    return set().union(*(zone.tiles() for zone in scenario.rules(side).deploy)) if scenario.rules(side).deploy else set()


def new_battle(
    scenario: Scenario,
    catalogue: Catalogue,
    battle_map: BattleMap,
    seed: int,
    armies: dict[Side, list[UnitSetup]] | None = None,
) -> GameState:
    """Set up round 1 of a scenario: units placed and equipped, dice seeded.

    `armies` gives the deployed armies of the sides that hire theirs; sides with a fixed
    army in the scenario file bring that one.
    """
    units: list[Unit] = []
    taken: dict[Pos, str] = {}
    for side in Side:
        setups = (armies or {}).get(side) or scenario.armies.get(side, [])
        if not setups:
            raise ScenarioError(f"the {side.value} has no units", ("armies", side.value))
        for index, setup in enumerate(setups):
            unit = build_unit(setup, side, f"{side.value[0]}{index + 1}", catalogue, battle_map, ("armies", side.value, index))
            if unit.pos in taken:
                raise ScenarioError(f"{setup.name} starts on the same tile as {taken[unit.pos]}", ("armies", side.value, index, "at"))
            taken[unit.pos] = setup.name
            units.append(unit)
    count = {side: sum(1 for u in units if u.side is side) for side in Side}
    arrivals = []
    for event in scenario.events:
        arriving = []
        if event.reinforcements:
            side = event.reinforcements.side
            for setup in event.reinforcements.units:
                count[side] += 1
                arriving.append(build_unit(setup, side, f"{side.value[0]}{count[side]}", catalogue, battle_map, ("events",)))
        changes = [TerrainSwap(at=(c.at[0] - 1, c.at[1] - 1), terrain=c.to) for c in event.terrain]
        orders = {given.unit: list(given.script) for given in event.orders}
        arrivals.append(Arrival(round=event.round or 0, note=event.note, units=arriving, terrain=changes,
                                trigger=event.when, orders=orders))
    for unit in units + [u for arrival in arrivals for u in arrival.units]:
        if not unit.orders:
            unit.orders = group_orders(scenario, unit)
            unit.team = group_team(scenario, unit)
        if any(order.behaviour == "return" for order in unit.orders):
            unit.post = unit.pos  # (set only for such scripts: a state without one hashes as before)
        route = next((order.route for order in unit.orders if order.behaviour == "patrol"), ())
        if route and unit.pos == tile(route[0]):
            unit.leg = 1  # it starts on its route's first tile: on to the second
    players = scenario.game_master.other if scenario.game_master else None
    return GameState(
        edition=scenario.edition,
        scenario=scenario.name,
        map=battle_map.model_copy(update={"edition": scenario.edition}),
        units=units,
        to_act=players or scenario.first_to_act or scenario.first_deployer,
        game_master=scenario.game_master,
        dice=Dice(seed=seed),
        arts=dict(catalogue.arts),
        areas={name: scenario.area_tiles(name) for name in scenario.areas},
        morale_rules=scenario.morale,
        morale={side: scenario.morale.start for side in Side} if scenario.morale else {},
        seize_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.seize],
        escape_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.escape],
        raze_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.raze],
        chests=[Chest(at=(c.at[0] - 1, c.at[1] - 1), item=catalogue.items[c.item]) for c in scenario.chests],
        victory=battle_victory(scenario),
        time_limit=scenario.time_limit,
        fog=scenario.fog,
        arrivals=arrivals,
    )


def group_orders(scenario: Scenario, unit: Unit) -> list[Order]:
    """The script of the first order group naming the unit, or else its side (a unit's own orders come first)."""
    found = _group_of(scenario, unit)
    return list(found[1].script) if found else []


def group_team(scenario: Scenario, unit: Unit) -> str | None:
    """The team of a unit whose order group wakes together ("group 2", counted from 1), else None."""
    found = _group_of(scenario, unit)
    return f"group {found[0] + 1}" if found and found[1].together else None


def _group_of(scenario: Scenario, unit: Unit) -> tuple[int, OrderGroup] | None:
    for index, group in enumerate(scenario.orders):
        if unit.name in group.units:
            return index, group
    for index, group in enumerate(scenario.orders):
        if group.side == unit.side.value:
            return index, group
    return None


def battle_victory(scenario: Scenario) -> dict[Side, list[Condition]]:
    """Each side's victory conditions as the battle holds them: tiles 0-based (the file gives them 1-based)."""
    return {side: [_zero_based(c) for c in scenario.rules(side).victory] for side in Side if scenario.rules(side).victory}


def _zero_based(cond: Condition) -> Condition:
    return cond.model_copy(update={"tiles": [(x - 1, y - 1) for x, y in cond.tiles]})


def exclusive_to(unit_class: UnitClass, item: Weapon | Accessory) -> bool:
    """False for an item Exclusive to other classes: the class may carry it, never equip it."""
    exclusive = tag_args(item.tags, "Exclusive")
    return not exclusive or unit_class.name in exclusive


def can_equip_class(unit_class: UnitClass, weapon: Weapon) -> bool:
    """A class may wield a weapon of a type it wields, unless the weapon is Exclusive to another class."""
    return weapon.type in unit_class.wields and exclusive_to(unit_class, weapon)
