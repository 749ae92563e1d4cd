"""The hard level's army building: armies of a few sizes tried in quick practice fights, and the best one hired."""

from __future__ import annotations

import random

from officers_chess.ai.fight import fight
from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.matchups import Matchups
from officers_chess.ai.muster_ai import hire_army, muster
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.muster.army import Army
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, new_battle

# The typical size first, so that it keeps a tie: more units of cheaper kit, or fewer and dearer, must earn it.
SIZE_SHIFTS = (0, -1, 1)
# Practice fights per candidate army. Every candidate meets the same rivals on the same dice, so their
# difference is the army's and not the luck's; the greedy level plays both sides, since it is fast enough to
# fight them all while the player builds an army.
FIGHTS = 8
FIGHT_ROUNDS = 15  # a practice fight still going after this many rounds (no time limit ended it) is a draw


def trial_hire(scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random,
               battle_map: BattleMap | None, matchups: Matchups) -> Army:
    """Of the armies `hire_army` builds at the typical size and one unit either side of it (each from its own draw,
    so at a size limit the one that cannot move is a second army of the typical size), the one that does best
    in `FIGHTS` practice fights on the battle's map against armies the enemy could hire with its own chest (as
    the computer hires): only what the scenario tells every player of the enemy, never what it has hired. The
    typical size wins ties (`_practice` scores a fight). Against an enemy whose army is placed, the typical army."""
    def build(shift: int) -> Army:
        return hire_army(scenario, catalogue, side, random.Random(rng.getrandbits(64)), battle_map, matchups, shift)

    typical = build(SIZE_SHIFTS[0])
    # A placed enemy army is known by its classes only (its kit stays secret, as Scouting shows it): fighting it
    # would read its inventories. Practice is against armies the enemy could hire, so without them, no trials.
    if battle_map is None or not scenario.hires(side.other):
        return typical
    candidates = [typical]
    for shift in SIZE_SHIFTS[1:]:
        army = build(shift)
        if army not in candidates:
            candidates.append(army)
    if len(candidates) == 1:
        return typical
    seeds = [(rng.getrandbits(64), rng.getrandbits(64), rng.getrandbits(32)) for _ in range(FIGHTS)]
    try:
        rivals = [hire_army(scenario, catalogue, side.other, random.Random(hire), battle_map, matchups)
                  for hire, _, _ in seeds]
    except MusterError:
        return candidates[0]  # the enemy's chest or zone cannot make an army: nothing to practise against
    scores = [_practice(scenario, catalogue, battle_map, side, army, rivals, seeds) for army in candidates]
    best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
    return candidates[best]


def _practice(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, army: Army,
              rivals: list[Army], seeds: list[tuple[int, int, int]]) -> float:
    """How `army` did over the practice fights, each against its rival with its seeds: a win counts one up and a
    defeat one down, and every fight also counts the share of its HP the army kept less the share the enemy kept
    (a close win is told from a rout, and a fight called a draw still says who was ahead)."""
    score = 0.0
    for rival, (_, play, dice) in zip(rivals, seeds, strict=True):
        policies = {side: GreedyPolicy(play), side.other: GreedyPolicy(play + 1)}
        hired = {side: army, side.other: rival}
        try:
            armies = muster(scenario, catalogue, battle_map, policies, hired)
            state = new_battle(scenario, catalogue, battle_map, dice, armies or None)
        except (MusterError, ScenarioError):
            return float("-inf")  # an army that cannot take the field (its zone refuses it) is no choice at all
        end = fight(state, policies, FIGHT_ROUNDS)
        if end.winner is not None:
            score += 1.0 if end.winner is side else -1.0
        score += _kept(end, side) - _kept(end, side.other)
    return score


def _kept(state: GameState, side: Side) -> float:
    """The share of its units' HP a side still has (routed units keep none)."""
    units = [u for u in state.units if u.side is side]
    return sum(u.hp for u in units if not u.routed) / max(1, sum(u.max_hp for u in units))
