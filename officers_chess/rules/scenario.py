"""Scenarios: the battle's map, armies and opening, and how a new battle is set up from one."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.catalogue import Catalogue
from officers_chess.rules.dice import Dice
from officers_chess.rules.state import Arrival, Chest, GameState, TerrainSwap
from officers_chess.rules.tags import tag_args
from officers_chess.rules.models import Accessory, BattleMap, Pos, Side, Unit, UnitClass, Weapon
from officers_chess.rules.objectives import Condition, TimeLimit
from officers_chess.rules.orders import Order, OrderGroup
from officers_chess.rules.pricing import unit_cost


class ScenarioError(ValueError):
    """A scenario that does not fit its catalogue or map; `where` is the path inside the file."""

    def __init__(self, message: str, where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.where = where


class UnitSetup(BaseModel):
    """One unit of a fixed army: who it is, what it carries, where it starts."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1, max_length=24)
    unit_class: str = Field(alias="class")
    items: list[str] = Field(default_factory=list, max_length=3)
    at: tuple[int, int]  # column, row, counted from 1 as players read the map
    roles: list[Literal["Leader", "Fleeing", "Saboteur"]] = Field(default_factory=list)  # scenario tags
    crests: list[str] = Field(default_factory=list, max_length=4)
    orders: list[Order] = Field(default_factory=list, max_length=12)  # how the computer plays it (first that holds)


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


class Reinforcement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    side: Side
    units: list[UnitSetup] = Field(min_length=1, max_length=20)


class TerrainChange(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at: tuple[int, int]
    to: str


class TimedEvent(BaseModel):
    """Something that happens at the start of a round: units arrive, terrain changes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round: int = Field(ge=2, le=99)
    note: str = Field("", max_length=300)
    reinforcements: Reinforcement | None = None
    terrain: list[TerrainChange] = Field(default_factory=list)


class Scenario(BaseModel):
    """A playable battle: map, purpose, both sides' rules and armies, objectives, time limit, events."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    map: str = Field(min_length=1, max_length=120)  # a bundled map's name or a file beside the scenario
    edition: str = Field("v0.6", min_length=1, max_length=20, pattern=r"^[A-Za-z0-9._-]+$")  # a catalogue's name
    purpose: str = Field("", max_length=300)
    briefing: str = Field("", max_length=2000)
    first_deployer: Side = Side.DEFENDER
    first_to_act: Side | None = None  # when absent, the first deployer acts first
    # The game-master pattern: this side activates three units for the other side's one, and the
    # other side opens every round.
    game_master: Side | None = None
    fog: bool = False
    time_limit: TimeLimit | None = None
    sides: dict[Side, SideRules] = Field(default_factory=dict)
    armies: dict[Side, list[UnitSetup]] = Field(default_factory=dict)  # fixed armies, placed by the author
    tiles: ObjectiveTiles = ObjectiveTiles()
    chests: list[ChestSetup] = Field(default_factory=list)
    events: list[TimedEvent] = Field(default_factory=list)
    orders: list[OrderGroup] = Field(default_factory=list, max_length=40)  # scripts for groups of units

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
            raise ScenarioError(f"a {unit_class.name} cannot wield {item.name} ({item.type.value})", where + ("items",))
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


def _tile(battle_map: BattleMap, xy: tuple[int, int], what: str, where: tuple[str | int, ...]) -> Pos:
    pos = (xy[0] - 1, xy[1] - 1)
    if not battle_map.contains(pos):
        raise ScenarioError(f"{what} {list(xy)} is off the map ({battle_map.width}×{battle_map.height})", where)
    return pos


def deploy_zone(scenario: Scenario, side: Side) -> set[Pos]:
    """Every tile of a side's deployment zone (0-based)."""
    return set().union(*(zone.tiles() for zone in scenario.rules(side).deploy)) if scenario.rules(side).deploy else set()


def check_scenario(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap) -> None:
    """Everything about a scenario that can be checked before armies exist; ScenarioError names where."""
    zones: dict[Side, set[Pos]] = {}
    for side in Side:
        rules = scenario.rules(side)
        base = ("sides", side.value)
        if scenario.hires(side):
            if not rules.deploy:
                raise ScenarioError(f"the {side.value} hires its army, so it needs a deployment zone (`deploy`)", base)
            if rules.army.min > rules.army.max:
                raise ScenarioError(f"army min {rules.army.min} is above max {rules.army.max}", base + ("army",))
        for index, zone in enumerate(rules.deploy):
            for corner in (zone.corner, zone.to):
                _tile(battle_map, corner, "deployment zone corner", base + ("deploy", index))
        zones[side] = deploy_zone(scenario, side)
        for key, names, known in (("classes", rules.classes, catalogue.classes), ("items", rules.items, catalogue.items)):
            for index, name in enumerate(names or []):
                if name not in known:
                    raise ScenarioError(f"unknown {key[:-1] if key == 'items' else 'class'} {name!r}", base + (key, index))
    overlap = zones[Side.ATTACKER] & zones[Side.DEFENDER]
    if overlap:
        x, y = sorted(overlap)[0]
        raise ScenarioError(f"the two deployment zones overlap (at {[x + 1, y + 1]})", ("sides", Side.DEFENDER.value, "deploy"))
    for kind in ("seize", "escape", "raze"):
        for index, xy in enumerate(getattr(scenario.tiles, kind)):
            _tile(battle_map, xy, f"{kind} tile", ("tiles", kind, index))
    for side in Side:
        for index, cond in enumerate(scenario.rules(side).victory):
            where = ("sides", side.value, "victory", index)
            for t, xy in enumerate(cond.tiles):
                _tile(battle_map, xy, "objective tile", where + ("tiles", t))
            if cond.kind == "seize" and not scenario.tiles.seize:
                raise ScenarioError("a seize condition needs seize tiles (`tiles: {seize: [...]}`)", where)
            if cond.kind in ("escape", "heist") and not scenario.tiles.escape:
                raise ScenarioError(f"an {cond.kind} condition needs exit tiles (`tiles: {{escape: [...]}}`)", where)
            if cond.kind == "control" and scenario.time_limit is None:
                raise ScenarioError("a control condition is judged when time runs out: give the scenario a `time_limit`", where)
            limit = scenario.time_limit.rounds if scenario.time_limit else None
            if cond.kind in ("survive", "hold") and limit is not None and (cond.rounds or 0) > limit:
                raise ScenarioError(f"round {cond.rounds} never comes: the battle ends after round {limit}", where + ("rounds",))
            if cond.kind == "raze" and len(scenario.tiles.raze) < (cond.count or 0):
                raise ScenarioError(f"raze {cond.count} needs at least that many raze tiles", where)
            if cond.kind in ("defeat", "protect") and not scenario.hires(side.other if cond.kind == "defeat" else side):
                army_side = side.other if cond.kind == "defeat" else side
                if cond.unit not in {u.name for u in scenario.armies[army_side]}:
                    raise ScenarioError(f"no {army_side.value} unit is named {cond.unit!r}", where + ("unit",))
    _check_seize_reachable(scenario, battle_map, zones)
    _check_orders(scenario, battle_map)
    placed: dict[Pos, str] = {}
    for side in Side:
        for index, setup in enumerate(scenario.armies.get(side, [])):
            unit = build_unit(setup, side, "check", catalogue, battle_map, ("armies", side.value, index))
            if unit.pos in placed:
                raise ScenarioError(f"{setup.name} starts on the same tile as {placed[unit.pos]}", ("armies", side.value, index, "at"))
            placed[unit.pos] = setup.name
        chest = scenario.rules(side).war_chest
        if scenario.armies.get(side) and chest:
            # A fixed army with a war chest must be one the side could have hired.
            cost = sum(unit_cost(catalogue.classes[u.unit_class], [catalogue.items[i] for i in u.items]) for u in scenario.armies[side])
            if cost > chest:
                raise ScenarioError(f"the {side.value}'s army costs {cost} gold, more than its war chest of {chest}", ("sides", side.value, "war_chest"))
    for index, chest in enumerate(scenario.chests):
        if chest.item not in catalogue.items:
            raise ScenarioError(f"unknown item {chest.item!r}", ("chests", index, "item"))
        _tile(battle_map, chest.at, "chest", ("chests", index, "at"))
    for index, event in enumerate(scenario.events):
        where = ("events", index)
        if event.reinforcements:
            for u, setup in enumerate(event.reinforcements.units):
                build_unit(setup, event.reinforcements.side, "check", catalogue, battle_map, where + ("reinforcements", "units", u))
        for t, change in enumerate(event.terrain):
            _tile(battle_map, change.at, "terrain change", where + ("terrain", t, "at"))
            known = [terrain.id for terrain in battle_map.terrain_table.values()]
            if change.to not in known:
                raise ScenarioError(f"unknown terrain {change.to!r} (known: {', '.join(known)})", where + ("terrain", t, "to"))
    _check_deploy_room(scenario, catalogue, battle_map)


def _check_deploy_room(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap) -> None:
    """Each side that hires can hire and place its smallest army: classes to hire, role rules an army can
    meet, enough zone tiles its classes can stand on, a weapon they can wield, and gold for it all."""
    from officers_chess.rules.deploy_room import room_problem  # it builds on this module

    for side in Side:
        if scenario.hires(side):
            problem = room_problem(scenario, catalogue, battle_map, side)
            if problem is not None:
                raise problem


def _check_seize_reachable(scenario: Scenario, battle_map: BattleMap, zones: dict[Side, set[Pos]]) -> None:
    """Each seize tile must be one a unit on foot could reach from some deployment zone or army.

    Doors, walls and snags count as open (they can be picked or broken); seas, rivers for
    armour and the like are not needed: foot units cross rivers and mountains, slowly.
    """
    if not scenario.tiles.seize:
        return
    starts = set().union(*zones.values()) | {(u.at[0] - 1, u.at[1] - 1) for army in scenario.armies.values() for u in army}
    # Only tiles a unit on foot can stand on: a zone that takes in some water is no way onto an island.
    starts = {p for p in starts if battle_map.contains(p) and battle_map.terrain_at(p).foot is not None}
    openable = {"door", "wall", "snag"}
    seen, frontier = set(starts), list(starts)
    while frontier:
        x, y = frontier.pop()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (x + dx, y + dy)
            if nxt in seen or not battle_map.contains(nxt):
                continue
            terrain = battle_map.terrain_at(nxt)
            if terrain.foot is None and terrain.id not in openable:
                continue
            seen.add(nxt)
            frontier.append(nxt)
    for index, xy in enumerate(scenario.tiles.seize):
        pos = (xy[0] - 1, xy[1] - 1)
        if pos not in seen or battle_map.terrain_at(pos).foot is None:
            raise ScenarioError(f"seize tile {list(xy)} cannot be reached from any deployment zone", ("tiles", "seize", index))


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
        arrivals.append(Arrival(round=event.round, note=event.note, units=arriving, terrain=changes))
    for unit in units + [u for arrival in arrivals for u in arrival.units]:
        if not unit.orders:
            unit.orders = group_orders(scenario, unit)
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
        seize_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.seize],
        escape_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.escape],
        raze_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.raze],
        chests=[Chest(at=(c.at[0] - 1, c.at[1] - 1), item=catalogue.items[c.item]) for c in scenario.chests],
        victory={side: [_zero_based(c) for c in scenario.rules(side).victory] for side in Side if scenario.rules(side).victory},
        time_limit=scenario.time_limit,
        fog=scenario.fog,
        arrivals=arrivals,
    )


def group_orders(scenario: Scenario, unit: Unit) -> list[Order]:
    """The script of the first order group naming the unit, or else its side (a unit's own orders come first)."""
    for group in scenario.orders:
        if unit.name in group.units:
            return list(group.script)
    for group in scenario.orders:
        if group.side == unit.side.value:
            return list(group.script)
    return []


def _check_orders(scenario: Scenario, battle_map: BattleMap) -> None:
    """Tiles named by orders lie on the map; units named by orders exist (unless a side hires, and names
    its own) and stand where the order needs them: a pursued unit is an enemy, a guarded one an ally."""
    sides: dict[str, Side] = {}
    for side in Side:
        sides.update({u.name: side for u in scenario.armies.get(side, [])})
    for event in scenario.events:
        if event.reinforcements:
            sides.update({u.name: event.reinforcements.side for u in event.reinforcements.units})
    names_known = not any(scenario.hires(side) for side in Side)
    # (where, script, the side it steers, the unit it steers when it is one unit's own)
    scripts: list[tuple[tuple[str | int, ...], list[Order], Side | None, str | None]] = []
    for side in Side:
        for index, setup in enumerate(scenario.armies.get(side, [])):
            scripts.append((("armies", side.value, index, "orders"), setup.orders, side, setup.name))
    for e_index, event in enumerate(scenario.events):
        if event.reinforcements:
            for index, setup in enumerate(event.reinforcements.units):
                where = ("events", e_index, "reinforcements", "units", index, "orders")
                scripts.append((where, setup.orders, event.reinforcements.side, setup.name))
    for g_index, group in enumerate(scenario.orders):
        for index, name in enumerate(group.units):
            if names_known and name not in sides:
                raise ScenarioError(f"no unit is named {name!r}", ("orders", g_index, "units", index))
        owners = {Side(group.side)} if group.side else {sides[n] for n in group.units if n in sides}
        for owner in owners or {None}:
            scripts.append((("orders", g_index, "script"), group.script, owner, None))
    for where, script, owner, own_name in scripts:
        for index, order in enumerate(script):
            for spot in order.tiles():
                _tile(battle_map, spot, "the tile of this order", where + (index,))
            for name in order.units():
                if names_known and name not in sides:
                    raise ScenarioError(f"no unit is named {name!r}", where + (index,))
            _check_order_sides(order, owner, own_name, sides, where + (index,))


def _check_order_sides(order: Order, owner: Side | None, own_name: str | None, sides: dict[str, Side],
                       where: tuple[str | int, ...]) -> None:
    if owner is None:
        return
    if order.behaviour == "pursue" and order.target in sides and sides[order.target] is owner:
        raise ScenarioError(f"{order.target} is on the {owner.value}'s own side: pursue names an enemy", where)
    if order.behaviour == "guard_unit" and order.target in sides:
        if order.target == own_name:
            raise ScenarioError(f"{own_name} cannot guard itself: name an ally, or guard a tile", where)
        if sides[order.target] is not owner:
            raise ScenarioError(f"{order.target} is an enemy of the {owner.value}: guard names an ally", where)
    if order.condition == "ally_routed" and order.name in sides and sides[order.name] is not owner:
        raise ScenarioError(f"{order.name} is not on the {owner.value}'s side: 'ally NAME routed' names an ally", where)


def _zero_based(cond: Condition) -> Condition:
    return cond.model_copy(update={"tiles": [(x - 1, y - 1) for x, y in cond.tiles]})


def exclusive_to(unit_class: UnitClass, item: Weapon | Accessory) -> bool:
    """False for an item Exclusive to other classes: the class may carry it, never equip it."""
    exclusive = tag_args(item.tags, "Exclusive")
    return not exclusive or unit_class.name in exclusive


def can_equip_class(unit_class: UnitClass, weapon: Weapon) -> bool:
    """A class may wield a weapon of a type it wields, unless the weapon is Exclusive to another class."""
    return weapon.type in unit_class.wields and exclusive_to(unit_class, weapon)
