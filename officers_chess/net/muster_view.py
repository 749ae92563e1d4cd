"""Army building as one side may know it: its own army, no enemy secrets, enemy classes only once scouted."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army
from officers_chess.rules.muster.deploy_sight import deployed_in_sight, placed_in_sight
from officers_chess.rules.muster.phases import Muster, Phase
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, UnitSetup


class SeenUnit(BaseModel):
    """An enemy unit the side sees on the field while deploying: its name, class and tile, never its kit."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    unit_class: str
    at: Pos


class MusterView(BaseModel):
    """What `side` may know of army building now (the muster's SeatView)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    side: Side
    phase: Phase
    whose: Side | None  # whose step it is (None: army building is over)
    step: int
    steps: int
    scenario: Scenario  # as the side may know it (`known_scenario`)
    catalogue: Catalogue
    battle_map: BattleMap
    army: Army
    placements: dict[str, Pos]
    scouted: list[str] | None  # the enemy's classes, once this side's Scouting step has come
    foes_seen: list[SeenUnit]


def known_scenario(scenario: Scenario, side: Side) -> Scenario:
    """The scenario as `side` may know it before the battle: its own rules and army whole; of an enemy army the
    author placed, only the units it sees while deploying (F21), by name, class, roles and tile; no timed events,
    no scripts, no chests (their contents are the battle's to show, under fog only in sight)."""
    armies: dict[Side, list[UnitSetup]] = {}
    if scenario.armies.get(side):
        armies[side] = list(scenario.armies[side])
    seen = [UnitSetup(name=u.name, unit_class=u.unit_class, roles=list(u.roles), at=u.at)
            for u in placed_in_sight(scenario, side)]
    if seen:
        armies[side.other] = seen
    return scenario.model_copy(update={"armies": armies, "events": [], "orders": [], "chests": []})


def muster_view(muster: Muster, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap,
                side: Side) -> MusterView:
    """The view `side` is sent of army building as it stands."""
    plan = core.steps(scenario)
    phase, whose = core.current(muster, scenario)
    scouted = None
    if (Phase.SCOUTING, side) in plan and muster.step >= plan.index((Phase.SCOUTING, side)):
        scouted = core.scouting_report(muster, scenario, side)
    foes: list[SeenUnit] = []
    if scenario.hires(side.other) and scouted is not None:
        classes = {r.name: r.unit_class for r in muster.armies.get(side.other, Army()).units}
        foes = [SeenUnit(name=name, unit_class=classes[name], at=pos)
                for name, pos in sorted(deployed_in_sight(muster, scenario, side).items())]
    return MusterView(
        side=side, phase=phase, whose=whose, step=muster.step, steps=len(plan),
        scenario=known_scenario(scenario, side), catalogue=catalogue, battle_map=battle_map,
        army=muster.armies.get(side, Army()), placements=dict(muster.placements.get(side, {})),
        scouted=scouted, foes_seen=foes,
    )
