"""Mustering: Hiring, Scouting, Outfitting and Deployment, one private step per player, before round 1."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster.army import Army, Recruit, army_problems
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, UnitSetup, build_unit, deploy_zone


class Phase(str, Enum):
    HIRING = "hiring"
    SCOUTING = "scouting"
    OUTFITTING = "outfitting"
    DEPLOYING = "deploying"
    READY = "ready"


class MusterError(ValueError):
    """A step that cannot be taken (the message says why, for the player)."""


class Muster(BaseModel):
    """Where army building stands: the current step, both armies, and who stands where."""

    model_config = ConfigDict(extra="forbid")

    step: int = 0
    armies: dict[Side, Army] = Field(default_factory=dict)
    # locked once Hiring ends; validation stops at a list's first bad class (fail_fast)
    hired_classes: dict[Side, Annotated[list[str], Field(fail_fast=True)]] = Field(default_factory=dict)
    placements: dict[Side, dict[str, Pos]] = Field(default_factory=dict)


def steps(scenario: Scenario) -> list[tuple[Phase, Side]]:
    """The private steps of this scenario in order. Sides with a fixed army take none (they
    neither hire nor deploy); a side whose rules say `outfit: false` skips Outfitting. The first deployer
    also hires and scouts first."""
    order = [scenario.first_deployer, scenario.first_deployer.other]
    hiring = [side for side in order if scenario.hires(side)]
    return (
        [(Phase.HIRING, s) for s in hiring]
        + [(Phase.SCOUTING, s) for s in hiring]
        + [(Phase.OUTFITTING, s) for s in hiring if scenario.rules(s).outfit]
        + [(Phase.DEPLOYING, s) for s in hiring]
    )


def current(muster: Muster, scenario: Scenario) -> tuple[Phase, Side | None]:
    plan = steps(scenario)
    if muster.step >= len(plan):
        return Phase.READY, None
    return plan[muster.step]


def scouting_report(muster: Muster, scenario: Scenario, side: Side) -> list[str]:
    """What Scouting shows `side`: the opponent's classes, and never its inventories."""
    foe = side.other
    if scenario.hires(foe):
        return sorted(r.unit_class for r in muster.armies.get(foe, Army()).units)
    return sorted(u.unit_class for u in scenario.armies[foe])


def set_army(
    muster: Muster, scenario: Scenario, catalogue: Catalogue, side: Side, army: Army, *, battle_map: BattleMap | None = None
) -> Muster:
    """Replace a side's army during its Hiring or Outfitting step (Outfitting may not change classes).
    Given the map, an army that could not all stand in the side's deployment zone is refused."""
    phase, whose = current(muster, scenario)
    if whose is not side or phase not in (Phase.HIRING, Phase.OUTFITTING):
        raise MusterError(f"the {side.value} cannot change its army now")
    if phase is Phase.OUTFITTING:
        before = [(r.name, r.unit_class) for r in muster.armies[side].units]
        after = [(r.name, r.unit_class) for r in army.units]
        if before != after:
            raise MusterError("classes were fixed at Hiring: only inventories may change now")
    problems = army_problems(army, side, scenario, catalogue, final=False, battle_map=battle_map)
    if problems:
        raise MusterError(problems[0])
    new = muster.model_copy(deep=True)
    new.armies[side] = army
    return new


def place(
    muster: Muster, scenario: Scenario, battle_map: BattleMap, catalogue: Catalogue, side: Side, name: str, pos: Pos | None
) -> Muster:
    """Put a unit on a tile of its side's zone during its Deployment step (None takes it back off)."""
    phase, whose = current(muster, scenario)
    if phase is not Phase.DEPLOYING or whose is not side:
        raise MusterError(f"the {side.value} is not deploying now")
    recruit = next((r for r in muster.armies[side].units if r.name == name), None)
    if recruit is None:
        raise MusterError(f"no unit named {name}")
    new = muster.model_copy(deep=True)
    spots = new.placements.setdefault(side, {})
    if pos is None:
        spots.pop(name, None)
        return new
    if pos not in deploy_zone(scenario, side):
        raise MusterError("that tile is outside the deployment zone")
    taken = {p: n for n, p in spots.items() if n != name}
    if pos in taken:
        raise MusterError(f"{taken[pos]} already stands there")
    fixed = {(u.at[0] - 1, u.at[1] - 1) for army in scenario.armies.values() for u in army}
    if pos in fixed or any(pos in other.values() for s, other in new.placements.items() if s is not side):
        raise MusterError("another unit already stands there")
    try:  # the same check a scenario's placed units get: can it stand on that terrain?
        build_unit(_setup(recruit, pos), side, "deploy", catalogue, battle_map, ())
    except ScenarioError as exc:
        if exc.where[-1:] == ("at",) and battle_map.contains(pos):  # the ground refused, said as the screen names tiles
            terrain = battle_map.terrain_at(pos).name.lower()
            raise MusterError(f"{name} cannot stand on {terrain} at {pos[0] + 1},{pos[1] + 1}") from None
        raise MusterError(str(exc)) from None
    spots[name] = pos
    return new


def _setup(recruit: Recruit, pos: Pos) -> UnitSetup:
    return UnitSetup(name=recruit.name, unit_class=recruit.unit_class, items=list(recruit.items),
                     roles=list(recruit.roles), at=(pos[0] + 1, pos[1] + 1), used=list(recruit.used))


def finish_step(muster: Muster, scenario: Scenario, catalogue: Catalogue, *, battle_map: BattleMap | None = None) -> Muster:
    """Confirm the current step and move to the next; the army or placements must be complete (and,
    given the map, the army must fit its deployment zone)."""
    phase, side = current(muster, scenario)
    if side is None:
        raise MusterError("army building is over")
    new = muster.model_copy(deep=True)
    if phase in (Phase.HIRING, Phase.OUTFITTING):
        army = new.armies.get(side, Army())
        problems = army_problems(army, side, scenario, catalogue, battle_map=battle_map)
        if problems:
            raise MusterError(problems[0])
        if phase is Phase.HIRING:
            new.hired_classes[side] = [r.unit_class for r in army.units]
    elif phase is Phase.DEPLOYING:
        missing = [r.name for r in new.armies[side].units if r.name not in new.placements.get(side, {})]
        if missing:
            raise MusterError(f"still to place: {', '.join(missing)}")
    new.step += 1
    return new


def battle_armies(muster: Muster, scenario: Scenario) -> dict[Side, list[UnitSetup]]:
    """The deployed armies as the scenario's unit setups (1-based tiles), ready for `new_battle`."""
    armies: dict[Side, list[UnitSetup]] = {}
    for side, army in muster.armies.items():
        spots = muster.placements.get(side, {})
        armies[side] = [_setup(r, spots[r.name]) for r in army.units]
    return armies
