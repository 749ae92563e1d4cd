"""The `ai_battle_normal` benchmark: one whole computer-against-computer battle, army building included.

Timed: `play_battle` on a bundled scenario where both sides hire (Millbrook Crossing, 600 gold
each, 3 to 7 units): hiring, scouting, outfitting and deployment by the muster AI, then every
decision of the battle and every action applied, until a side wins or the time limit ends it.
Ours: `normal` against `normal`; baseline: `greedy` against `greedy`, on the same seeds.
"""

from __future__ import annotations

from typing import Callable

from officers_chess.ai.play import make_policy, play_battle
from officers_chess.content.bundled import bundled_dir
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import state_hash
from officers_chess.rules.pieces.models import Side

SCENARIO = "millbrook_crossing"
SEEDS = tuple(range(1, 11))  # fixed, so every run plays the same battles
MAX_ROUNDS = 60  # play_battle's own limit: a full run fights every battle to its end


def load() -> LoadedScenario:
    return load_scenario(bundled_dir("scenarios") / f"{SCENARIO}.yaml")


def battle(loaded: LoadedScenario, level: str, seed: int, max_rounds: int = MAX_ROUNDS) -> GameState:
    """`level` against `level`: dice seeded by `seed`, each side's policy by its own seed derived from it; a battle
    still running after `max_rounds` rounds is returned unfinished."""
    policies = {Side.ATTACKER: make_policy(level, seed * 2), Side.DEFENDER: make_policy(level, seed * 2 + 1)}
    return play_battle(loaded, policies, seed, max_rounds=max_rounds)


def calls(
    loaded: LoadedScenario, level: str, seeds: tuple[int, ...], ends: dict[int, GameState], max_rounds: int = MAX_ROUNDS
) -> list[Callable[[], GameState]]:
    """One timed call per seed; each keeps the battle's last state in `ends` (by seed) for the notes."""

    def one(seed: int) -> GameState:
        ends[seed] = battle(loaded, level, seed, max_rounds)
        return ends[seed]

    return [lambda seed=seed: one(seed) for seed in seeds]


def outcomes(ends: list[GameState]) -> str:
    """How the battles ended: wins per side, draws (the time limit), battles cut short, average rounds played."""
    tally = {"attacker": 0, "defender": 0, "draw": 0, "unfinished": 0}
    rounds = 0
    for state in ends:
        if state.result is None:  # stopped by a round cap before it ended: its last round never began
            tally["unfinished"] += 1
            rounds += state.round - 1
        else:
            tally[state.winner.value if state.winner else "draw"] += 1
            rounds += state.round
    cut = f", {tally['unfinished']} cut short" if tally["unfinished"] else ""
    return (
        f"attacker won {tally['attacker']}, defender {tally['defender']}, draws {tally['draw']}{cut}; "
        f"{rounds / len(ends):.1f} rounds on average"
    )


def same_battle(first: GameState, second: GameState) -> bool:
    """Two plays of one seed ended in the same state, dice included: the premise of comparing levels on seeds."""
    return state_hash(first) == state_hash(second)
