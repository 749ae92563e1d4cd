"""The army-building session the muster screens share: the scenario, the Muster state, and what each side may see.

No Textual here: the screens draw what this reports and hand player choices back to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from officers_chess.ai.muster_ai import take_step
from officers_chess.ai.player import Policy
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.rosters import RosterInfo
from officers_chess.rules.battle.game import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army, Recruit, army_cost, army_problems
from officers_chess.rules.muster.deploy_sight import FogAtDeployment, deployed_in_sight, fog_rule, placed_in_sight
from officers_chess.rules.muster.phases import Muster, Phase
from officers_chess.rules.pieces.models import Accessory, Consumable, Side, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.scenario.deploy_room import Room, army_fit_problem
from officers_chess.rules.scenario.setup import UnitSetup, build_unit, can_equip_class, deploy_zone

Item = Weapon | Accessory | Consumable

# Our own names, one list per side so a battle log never has two units of the same name.
DEFAULT_NAMES = {
    Side.ATTACKER: ["Arlen", "Brisa", "Corvin", "Dalla", "Edmar", "Fenna", "Garran", "Hilde", "Ivor", "Jessa",
                    "Kellan", "Lorna", "Maddoc", "Nessa", "Osric", "Perrin"],
    Side.DEFENDER: ["Rowan", "Sabine", "Torvald", "Ulla", "Varek", "Wynne", "Yorick", "Zelda", "Aldous", "Bettany",
                    "Cedric", "Delphine", "Emrys", "Florian", "Greer", "Halvard"],
}

PHASE_TITLE = {Phase.HIRING: "Hiring", Phase.SCOUTING: "Scouting", Phase.OUTFITTING: "Outfitting", Phase.DEPLOYING: "Deployment"}


def hires_any(loaded: LoadedScenario) -> bool:
    """True when some side builds its own army, so the battle starts with army building."""
    return any(loaded.scenario.hires(side) for side in Side)


def class_of(unit_class: UnitClass, side: Side = Side.ATTACKER) -> Unit:
    """A stand-in unit of a class, so movement type and movement come from the core's own rules."""
    return Unit(id="sample", name="sample", side=side, unit_class=unit_class, hp=unit_class.stats.hp, pos=(0, 0))


@dataclass(frozen=True)
class FieldUnit:
    """A unit on the deployment map: the Unit to draw, and whether the viewer owns it."""

    unit: Unit
    own: bool


class MusterSession:
    """Army building for one scenario, step by step, until both armies stand on the field."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.muster = Muster()
        self.saved_by: dict[Path, Side] = {}  # rosters saved during this muster, and by whom

    # --- where we are --------------------------------------------------------------

    @property
    def scenario(self):
        return self.loaded.scenario

    @property
    def catalogue(self):
        return self.loaded.catalogue

    @property
    def battle_map(self):
        return self.loaded.battle_map

    def current(self) -> tuple[Phase, Side | None]:
        return core.current(self.muster, self.scenario)

    def step_label(self) -> str:
        """"Step 3 of 8" for the hand-over and step screens."""
        total = len(core.steps(self.scenario))
        return f"step {min(self.muster.step + 1, total)} of {total}"

    # --- armies --------------------------------------------------------------------

    def army(self, side: Side) -> Army:
        return self.muster.armies.get(side, Army())

    def set_army(self, side: Side, army: Army) -> None:
        """Replace the side's army (MusterError with the player-facing reason if refused)."""
        self.muster = core.set_army(self.muster, self.scenario, self.catalogue, side, army, battle_map=self.battle_map)

    def finish(self) -> None:
        """Confirm the current step (MusterError if the army or placements are not complete)."""
        self.muster = core.finish_step(self.muster, self.scenario, self.catalogue, battle_map=self.battle_map)

    def computer_steps(self, policies: dict[Side, Policy],
                       starting: Callable[[Phase, Side], None] | None = None) -> Muster:
        """Every step the computer takes from here, for the sides it plays, until a person's step (or the end):
        each through the same calls the screens make (its policy hires, re-arms at Outfitting if its level does,
        and deploys), `starting` told of each before it begins. Returns the muster after them and leaves the
        session's own untouched, so the work can run in a thread. MusterError, with the reason in words, when a
        step cannot be taken (a scenario whose zone cannot hold the army)."""
        muster = self.muster
        while (now := core.current(muster, self.scenario))[1] is not None and now[1] in policies:
            phase, side = now
            if starting is not None:
                starting(phase, side)
            muster = take_step(muster, self.scenario, self.catalogue, self.battle_map, policies[side])
        return muster

    def problems(self, army: Army, side: Side) -> list[str]:
        """Everything still in the way of confirming this army (size, roles and room in the zone included)."""
        return army_problems(army, side, self.scenario, self.catalogue, final=True, battle_map=self.battle_map)

    def cost(self, army: Army) -> int:
        return army_cost(army, self.catalogue)

    def recruit_cost(self, recruit: Recruit) -> int:
        return self.cost(Army(units=[recruit]))

    def scouting_report(self, side: Side) -> list[str]:
        return core.scouting_report(self.muster, self.scenario, side)

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

    def placements(self, side: Side) -> dict[str, Pos]:
        return dict(self.muster.placements.get(side, {}))

    def place(self, side: Side, name: str, pos: Pos | None) -> None:
        """Put a unit on a tile of the zone, or take it off with None (MusterError says why not)."""
        self.muster = core.place(self.muster, self.scenario, self.battle_map, self.catalogue, side, name, pos)

    def field(self, viewer: Side) -> list[FieldUnit]:
        """What `viewer` sees on the map while deploying: its own placed units, and the other units already on
        the field (a fixed army, or the first deployer's placements) without inventories, as far as the fog
        lets it see them (rules/muster/deploy_sight.py)."""
        found: list[FieldUnit] = []
        own_army = {r.name: r for r in self.army(viewer).units}
        for name, pos in self.placements(viewer).items():
            found.append(FieldUnit(self._unit(own_army[name], viewer, pos, keep_items=True), own=True))
        foe = viewer.other
        if self.scenario.hires(foe):
            foe_army = {r.name: r for r in self.army(foe).units}
            for name, pos in deployed_in_sight(self.muster, self.scenario, viewer).items():
                found.append(FieldUnit(self._unit(foe_army[name], foe, pos, keep_items=False), own=False))
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

    # --- the battle ----------------------------------------------------------------

    def battle_armies(self) -> dict:
        """The deployed armies of the sides that hired theirs (what a save records)."""
        return core.battle_armies(self.muster, self.scenario)

    def new_battle(self, seed: int) -> GameState:
        return self.loaded.new_battle(seed, armies=self.battle_armies())
