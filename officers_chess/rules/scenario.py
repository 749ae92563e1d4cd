"""Scenarios: the battle's map, armies and opening, and how a new battle is set up from one."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.catalogue import Catalogue
from officers_chess.rules.dice import Dice
from officers_chess.rules.state import Chest, GameState
from officers_chess.rules.tags import tag_args
from officers_chess.rules.models import Accessory, BattleMap, Pos, Side, Unit, UnitClass, Weapon


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


class Scenario(BaseModel):
    """A playable battle: a map, two fixed armies, who acts first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    map: str
    edition: str = "v0.6"
    briefing: str = Field("", max_length=2000)
    first_deployer: Side = Side.DEFENDER
    first_to_act: Side | None = None  # when absent, the first deployer acts first
    armies: dict[Side, list[UnitSetup]]
    tiles: ObjectiveTiles = ObjectiveTiles()
    chests: list[ChestSetup] = Field(default_factory=list)


def new_battle(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, seed: int) -> GameState:
    """Set up round 1 of a scenario: units placed and equipped, dice seeded."""
    units: list[Unit] = []
    taken: dict[Pos, str] = {}
    for side in Side:
        setups = scenario.armies.get(side, [])
        if not setups:
            raise ScenarioError(f"the {side.value} has no units", ("armies", side.value))
        for index, setup in enumerate(setups):
            where: tuple[str | int, ...] = ("armies", side.value, index)
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
            if pos in taken:
                raise ScenarioError(f"{setup.name} starts on the same tile as {taken[pos]}", where + ("at",))
            taken[pos] = setup.name
            weapon = next((i for i, item in enumerate(inventory) if isinstance(item, Weapon) and can_equip_class(unit_class, item)), None)
            accessory = next((i for i, item in enumerate(inventory) if isinstance(item, Accessory)), None)
            unit = Unit(
                id=f"{side.value[0]}{index + 1}",
                name=setup.name,
                side=side,
                unit_class=unit_class,
                inventory=inventory,
                weapon=weapon,
                accessory=accessory,
                hp=unit_class.stats.hp,
                pos=pos,
                scenario_tags=list(setup.roles),
                crests=list(setup.crests),
            )
            if unit.entry_cost(battle_map.terrain_at(pos)) is None:
                terrain = battle_map.terrain_at(pos).name
                raise ScenarioError(f"{setup.name} cannot stand on {terrain} at {list(setup.at)}", where + ("at",))
            units.append(unit)
    def tiles(kind: str) -> list[Pos]:
        found = []
        for index, (x, y) in enumerate(getattr(scenario.tiles, kind)):
            if not battle_map.contains((x - 1, y - 1)):
                raise ScenarioError(f"{kind} tile {[x, y]} is off the map", ("tiles", kind, index))
            found.append((x - 1, y - 1))
        return found

    chests = []
    for index, chest in enumerate(scenario.chests):
        item = catalogue.items.get(chest.item)
        if item is None:
            raise ScenarioError(f"unknown item {chest.item!r}", ("chests", index, "item"))
        if not battle_map.contains((chest.at[0] - 1, chest.at[1] - 1)):
            raise ScenarioError(f"chest at {list(chest.at)} is off the map", ("chests", index, "at"))
        chests.append(Chest(at=(chest.at[0] - 1, chest.at[1] - 1), item=item))
    return GameState(
        scenario=scenario.name,
        map=battle_map,
        units=units,
        to_act=scenario.first_to_act or scenario.first_deployer,
        dice=Dice(seed=seed),
        arts=dict(catalogue.arts),
        seize_tiles=tiles("seize"),
        escape_tiles=tiles("escape"),
        raze_tiles=tiles("raze"),
        chests=chests,
    )


def can_equip_class(unit_class: UnitClass, weapon: Weapon) -> bool:
    """A class may wield a weapon of a type it wields, unless the weapon is Exclusive to another class."""
    exclusive = tag_args(weapon.tags, "Exclusive")
    return weapon.type in unit_class.wields and (not exclusive or unit_class.name in exclusive)
