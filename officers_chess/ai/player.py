"""What a computer player is: the one protocol the battle screen, the CLI and the army-building steps talk to."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario


@runtime_checkable
class Policy(Protocol):
    """A computer player. It only ever acts through `legal_actions`/`apply_action` and the muster API.

    `choose` picks one of `legal_actions(state)` for the side to act; `hire` builds an army that
    passes `army_problems` (and, given the map, fits the deployment zone); `outfit` may change its kit once
    Scouting has shown the enemy's classes (None keeps it); `deploy` gives each unit a
    tile of the side's deployment zone.
    """

    name: str
    rng: random.Random
    follows_orders: bool  # whether scenario scripts steer this level (greedy and normal; random ignores them)

    def choose(self, state: GameState) -> Action: ...

    def hire(
        self, scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random, battle_map: BattleMap | None = None
    ) -> Army: ...

    def outfit(self, scenario: Scenario, catalogue: Catalogue, side: Side, army: Army, scouted: list[str],
               battle_map: BattleMap | None = None) -> Army | None: ...

    def deploy(
        self, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, army: Army, rng: random.Random
    ) -> dict[str, Pos]: ...
