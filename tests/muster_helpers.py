"""Armies for scenarios whose sides hire: the computer's muster AI hires and places them through the muster API."""

from __future__ import annotations

from officers_chess.ai.muster_ai import muster
from officers_chess.ai.random_policy import RandomPolicy
from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup


def muster_armies(loaded: LoadedScenario, seed: int = 0) -> dict[Side, list[UnitSetup]]:
    """Run every muster step (hire, scout, outfit unchanged, deploy) with the muster AI and return the armies."""
    policies = {Side.ATTACKER: RandomPolicy(seed), Side.DEFENDER: RandomPolicy(seed + 1)}
    return muster(loaded.scenario, loaded.catalogue, loaded.battle_map, policies)


def start(loaded: LoadedScenario, seed: int):
    """Round 1 of any bundled scenario: hired armies mustered by the muster AI, fixed armies as written."""
    return loaded.new_battle(seed, armies=muster_armies(loaded, seed) or None)
