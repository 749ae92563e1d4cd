"""The army-building session the muster screens share: the scenario, the Muster state, and what each side may see.

No Textual here: the screens draw what this reports and hand player choices back to it.
"""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.ai.muster_ai import take_step
from officers_chess.ai.player import Policy
from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.battle.game import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.deploy_sight import deployed_in_sight
from officers_chess.rules.muster.phases import Muster, Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.muster_common import MusterCommon, placed_all


def hires_any(loaded: LoadedScenario) -> bool:
    """True when some side builds its own army, so the battle starts with army building."""
    return any(loaded.scenario.hires(side) for side in Side)


class MusterSession(MusterCommon):
    """Army building for one scenario, step by step, until both armies stand on the field."""

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__()
        self.loaded = loaded
        self.muster = Muster()

    # --- where we are --------------------------------------------------------------

    def _known(self) -> LoadedScenario:
        return self.loaded

    def current(self) -> tuple[Phase, Side | None]:
        return core.current(self.muster, self.scenario)

    def _progress(self) -> tuple[int, int]:
        return self.muster.step, len(core.steps(self.scenario))

    # --- armies --------------------------------------------------------------------

    def army(self, side: Side) -> Army:
        return self.muster.armies.get(side, Army())

    def set_army(self, side: Side, army: Army) -> None:
        self.muster = core.set_army(self.muster, self.scenario, self.catalogue, side, army, battle_map=self.battle_map)

    def finish(self) -> None:
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

    def scouting_report(self, side: Side) -> list[str]:
        return core.scouting_report(self.muster, self.scenario, side)

    # --- deployment ----------------------------------------------------------------

    def placements(self, side: Side) -> dict[str, Pos]:
        return dict(self.muster.placements.get(side, {}))

    def place_all(self, side: Side, moves: list[tuple[str, Pos | None]]) -> None:
        self.muster = placed_all(self.muster, self.scenario, self.battle_map, self.catalogue, side, moves)

    def _foes_deployed(self, viewer: Side) -> list[tuple[Recruit, Pos]]:
        foe_army = {r.name: r for r in self.army(viewer.other).units}
        return [(foe_army[name], pos) for name, pos in deployed_in_sight(self.muster, self.scenario, viewer).items()]

    # --- the battle ----------------------------------------------------------------

    def battle_armies(self) -> dict:
        """The deployed armies of the sides that hired theirs (what a save records)."""
        return core.battle_armies(self.muster, self.scenario)

    def new_battle(self, seed: int) -> GameState:
        return self.loaded.new_battle(seed, armies=self.battle_armies())
