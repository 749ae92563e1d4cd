"""What a deploying side may see of the enemy: all of it in the open; under fog only what the scenario opens (F20-F22).

The deployment screen and the computer's deployment both ask here, so neither can be handed a position the
rules keep from that side.
"""

from __future__ import annotations

from enum import Enum

from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.muster.phases import Muster, Phase, steps
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, UnitSetup, deploy_zone


class FogAtDeployment(Enum):
    """The rule in force for one deploying side, for the line the deployment screen shows (no fog: None)."""

    FOE_DEPLOYS_AFTER_UNSEEN = "foe deploys after, unseen"  # the foe deploys next and will not see this side's units
    FOE_DEPLOYS_AFTER_SEEING = "foe deploys after, seeing"  # ... and the scenario shows it this side's units
    FOE_DEPLOYED_HIDDEN = "foe deployed, hidden"  # the foe deployed first; where is hidden from this side
    FOE_DEPLOYED_SHOWN = "foe deployed, shown"  # ... and the scenario shows it
    FOE_PLACED_HIDDEN = "foe placed, hidden"  # the foe's army is the scenario's, hidden but for units in this zone
    FOE_PLACED_SHOWN = "foe placed, shown"  # ... and the scenario shows it


def enemy_shown(scenario: Scenario) -> bool:
    """Whether a deploying side sees the enemy's units: always in the open; under fog only when the scenario says
    `fog_deployment: shown` (F20)."""
    return not scenario.fog or scenario.fog_deployment == "shown"


def placed_in_sight(scenario: Scenario, viewer: Side) -> list[UnitSetup]:
    """The units the scenario placed for the enemy (its fixed army) that `viewer` sees while deploying: all of them
    when the enemy is shown; under fog otherwise only those standing in `viewer`'s own zone (F21), the tiles the
    viewer is refused and its Hiring already counts as held."""
    placed = scenario.armies.get(viewer.other, [])
    if enemy_shown(scenario):
        return list(placed)
    zone = deploy_zone(scenario, viewer)
    return [u for u in placed if (u.at[0] - 1, u.at[1] - 1) in zone]


def deployed_in_sight(muster: Muster, scenario: Scenario, viewer: Side) -> dict[str, Pos]:
    """Where the other player placed its units, as far as `viewer` sees it: all of it when the enemy is shown,
    nothing under fog otherwise (F20). Zones never share a tile, so nothing the viewer does can run into them."""
    if not enemy_shown(scenario):
        return {}
    return dict(muster.placements.get(viewer.other, {}))


def fog_rule(scenario: Scenario, viewer: Side) -> FogAtDeployment | None:
    """Which rule a side deploying in this scenario deploys under (None without fog)."""
    if not scenario.fog:
        return None
    shown = enemy_shown(scenario)
    foe = viewer.other
    if not scenario.hires(foe):
        return FogAtDeployment.FOE_PLACED_SHOWN if shown else FogAtDeployment.FOE_PLACED_HIDDEN
    deploying = [side for phase, side in steps(scenario) if phase is Phase.DEPLOYING]
    if viewer not in deploying or deploying.index(foe) > deploying.index(viewer):
        return FogAtDeployment.FOE_DEPLOYS_AFTER_SEEING if shown else FogAtDeployment.FOE_DEPLOYS_AFTER_UNSEEN
    return FogAtDeployment.FOE_DEPLOYED_SHOWN if shown else FogAtDeployment.FOE_DEPLOYED_HIDDEN
