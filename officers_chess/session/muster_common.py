"""What a muster screen asks of army building wherever the muster is kept: prices, names, rosters, the zone, the field.

`MusterSession` (the muster on this machine) and `net.remote_muster.RemoteMuster` (a network seat's, kept at the
host's table) both answer from here; each says only where its side's army, placements and the foes it sees come
from. No Textual here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from officers_chess.content.rosters import RosterInfo
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army, Recruit, army_cost, army_problems
from officers_chess.rules.muster.deploy_sight import FogAtDeployment, fog_rule, placed_in_sight
from officers_chess.rules.muster.phases import Muster, MusterError, Phase
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Accessory, Consumable, Side, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.scenario.deploy_room import Room, army_fit_problem
from officers_chess.rules.scenario.setup import Scenario, UnitSetup, build_unit, can_equip_class, deploy_zone

Item = Weapon | Accessory | Consumable

# Our own names, one list per side so a battle log never has two units of the same name.
DEFAULT_NAMES = {
    Side.ATTACKER: ["Arlen", "Brisa", "Corvin", "Dalla", "Edmar", "Fenna", "Garran", "Hilde", "Ivor", "Jessa",
                    "Kellan", "Lorna", "Maddoc", "Nessa", "Osric", "Perrin"],
    Side.DEFENDER: ["Rowan", "Sabine", "Torvald", "Ulla", "Varek", "Wynne", "Yorick", "Zelda", "Aldous", "Bettany",
                    "Cedric", "Delphine", "Emrys", "Florian", "Greer", "Halvard"],
}

PHASE_TITLE = {Phase.HIRING: "Hiring", Phase.SCOUTING: "Scouting", Phase.OUTFITTING: "Outfitting", Phase.DEPLOYING: "Deployment"}


def class_of(unit_class: UnitClass, side: Side = Side.ATTACKER) -> Unit:
    """A stand-in unit of a class, so movement type and movement come from the core's own rules."""
    return Unit(id="sample", name="sample", side=side, unit_class=unit_class, hp=unit_class.stats.hp, pos=(0, 0))


class Known(Protocol):
    """What army building is played on: a LoadedScenario, or a network seat's MusterView of one."""

    scenario: Scenario
    catalogue: Catalogue
    battle_map: BattleMap


@dataclass(frozen=True)
class FieldUnit:
    """A unit on the deployment map: the Unit to draw, and whether the viewer owns it."""

    unit: Unit
    own: bool


def placed_all(muster: Muster, scenario: Scenario, battle_map: BattleMap, catalogue: Catalogue, side: Side,
               moves: list[tuple[str, Pos | None]]) -> Muster:
    """The muster after several placements in turn (None takes a unit off), or MusterError at the first refused."""
    for name, pos in moves:
        muster = core.place(muster, scenario, battle_map, catalogue, side, name, pos)
    return muster


class MusterCommon(ABC):
    """The answers both kinds of muster session give alike; a subclass says where the scenario, its armies,
    placements and progress are kept (the abstract methods)."""

    def __init__(self) -> None:
        self.saved_by: dict[Path, Side] = {}  # rosters saved during this muster, and by whom

    @abstractmethod
    def _known(self) -> Known:
        """Where the scenario, catalogue and map come from: the loaded scenario, or a seat's view of it."""

    @property
    def scenario(self) -> Scenario:
        return self._known().scenario

    @property
    def catalogue(self) -> Catalogue:
        return self._known().catalogue

    @property
    def battle_map(self) -> BattleMap:
        return self._known().battle_map

    @abstractmethod
    def army(self, side: Side) -> Army:
        """The side's army as it stands."""

    @abstractmethod
    def placements(self, side: Side) -> dict[str, Pos]:
        """Where the side's units stand so far, by name (a copy)."""

    @abstractmethod
    def set_army(self, side: Side, army: Army) -> None:
        """Replace the side's army (MusterError with the player-facing reason if refused)."""

    @abstractmethod
    def current(self) -> tuple[Phase, Side | None]:
        """The step army building stands at, and whose it is (None once it is over)."""

    @abstractmethod
    def finish(self) -> None:
        """Confirm the current step (MusterError if the army or placements are not complete)."""

    @abstractmethod
    def scouting_report(self, side: Side) -> list[str]:
        """What Scouting shows `side`: the enemy's classes, never its items."""

    @abstractmethod
    def _progress(self) -> tuple[int, int]:
        """The step army building stands at (from 0) and how many there are."""

    @abstractmethod
    def _foes_deployed(self, viewer: Side) -> list[tuple[Recruit, Pos]]:
        """The units of a hiring enemy that `viewer` sees on the field, and their tiles (items are not drawn)."""

    # --- where we are --------------------------------------------------------------

    def step_label(self) -> str:
        """"Step 3 of 8" for the hand-over and step screens."""
        step, total = self._progress()
        return f"step {min(step + 1, total)} of {total}"

    def hires(self, side: Side) -> bool:
        """True when `side` builds its own army in this battle."""
        return self.scenario.hires(side)

    # --- armies --------------------------------------------------------------------

    def keep_draft(self, side: Side, army: Army) -> None:
        """The army a Hiring or Outfitting screen is building, kept as it stands (a network seat's host saves it,
        so a seat that drops finds it, rulings N11). A draft the rules do not take yet (over the war chest while
        items are being swapped) stays on the screen only: confirming says why."""
        if army == self.army(side):
            return
        try:
            self.set_army(side, army)
        except MusterError:
            pass

    def problems(self, army: Army, side: Side) -> list[str]:
        """Everything still in the way of confirming this army (size, roles and room in the zone included)."""
        return army_problems(army, side, self.scenario, self.catalogue, final=True, battle_map=self.battle_map)

    def cost(self, army: Army) -> int:
        return army_cost(army, self.catalogue)

    def recruit_cost(self, recruit: Recruit) -> int:
        return self.cost(Army(units=[recruit]))

    # --- what may be bought ----------------------------------------------------------

    def classes(self, side: Side) -> list[tuple[UnitClass, int]]:
        """The classes this side may hire, with their prices, cheapest first."""
        allowed = self.scenario.rules(side).classes
        found = [c for c in self.catalogue.classes.values() if allowed is None or c.name in allowed]
        return sorted(((c, class_price(c)) for c in found), key=lambda entry: (entry[1], entry[0].name))

    def items(self, side: Side) -> list[tuple[Item, int]]:
        """The items this side may buy, with their prices, in catalogue order (weapons by type, then the rest)."""
        allowed = self.scenario.rules(side).items
        return [(item, item_price(item)) for item in self.catalogue.items.values() if allowed is None or item.name in allowed]

    def can_carry(self, class_name: str, item: Item) -> bool:
        """A unit may carry any accessory or consumable, and the weapons its class can wield."""
        unit_class = self.catalogue.classes.get(class_name)
        return unit_class is not None and (not isinstance(item, Weapon) or can_equip_class(unit_class, item))

    def default_name(self, side: Side, army: Army) -> str:
        taken = {r.name for r in army.units}
        for name in DEFAULT_NAMES[side]:
            if name not in taken:
                return name
        number = len(army.units) + 1
        while f"Recruit {number}" in taken:
            number += 1
        return f"Recruit {number}"

    # --- rosters ---------------------------------------------------------------------

    def roster_saved(self, side: Side, path: Path) -> None:
        self.saved_by[path] = side

    def rosters_for(self, side: Side, rosters: list[RosterInfo]) -> list[RosterInfo]:
        """The saved rosters `side` may load: not those the other player saved during this muster
        (loading one would show that player's items on this player's screen)."""
        return [r for r in rosters if self.saved_by.get(r.path, side) is side]

    # --- deployment ----------------------------------------------------------------

    def zone(self, side: Side) -> set[Pos]:
        return deploy_zone(self.scenario, side)

    def deploy_problem(self, side: Side) -> str | None:
        """Why the side's army cannot all stand in its deployment zone at once (None when it can): only a
        scenario that skipped `validate`'s checks, or was changed after the army was hired, gets one."""
        recruits = [(r.name, r.unit_class, r.items) for r in self.army(side).units]
        return army_fit_problem(Room(self.scenario, self.catalogue, self.battle_map, side), recruits)

    def place(self, side: Side, name: str, pos: Pos | None) -> None:
        """Put a unit on a tile of the zone, or take it off with None (MusterError says why not)."""
        self.place_all(side, [(name, pos)])

    @abstractmethod
    def place_all(self, side: Side, moves: list[tuple[str, Pos | None]]) -> None:
        """Several placements in turn, taken all or none (MusterError says why not): a swap of two units."""

    def field(self, viewer: Side) -> list[FieldUnit]:
        """What `viewer` sees on the map while deploying: its own placed units, and the other units already on
        the field (a fixed army, or the first deployer's placements) without inventories, as far as the fog
        lets it see them (rules/muster/deploy_sight.py)."""
        found: list[FieldUnit] = []
        own_army = {r.name: r for r in self.army(viewer).units}
        for name, pos in self.placements(viewer).items():
            found.append(FieldUnit(self._unit(own_army[name], viewer, pos, keep_items=True), own=True))
        foe = viewer.other
        if self.hires(foe):
            for recruit, pos in self._foes_deployed(viewer):
                found.append(FieldUnit(self._unit(recruit, foe, pos, keep_items=False), own=False))
        else:
            for setup in placed_in_sight(self.scenario, viewer):
                recruit = Recruit(name=setup.name, unit_class=setup.unit_class, roles=list(setup.roles))
                found.append(FieldUnit(self._unit(recruit, foe, (setup.at[0] - 1, setup.at[1] - 1), keep_items=False), own=False))
        return found

    def fog_rule(self, viewer: Side) -> FogAtDeployment | None:
        """The fog's rule for what `viewer` sees of the enemy while deploying (None without fog)."""
        return fog_rule(self.scenario, viewer)

    def _unit(self, recruit: Recruit, side: Side, pos: Pos, keep_items: bool) -> Unit:
        setup = UnitSetup(name=recruit.name, unit_class=recruit.unit_class, items=list(recruit.items) if keep_items else [],
                          roles=list(recruit.roles), at=(pos[0] + 1, pos[1] + 1),
                          used=list(recruit.used) if keep_items else [])  # a veteran's worn kit, as it takes the field
        prefix = "own" if keep_items else "foe"
        return build_unit(setup, side, f"{prefix}:{recruit.name}", self.catalogue, self.battle_map, ())
