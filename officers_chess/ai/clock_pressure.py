"""How the clock presses a side: how careful it stays (`danger_weight`) and how much it hurries (`hurry`)."""

from __future__ import annotations

from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import AT_ROUND_END, conditions
from officers_chess.rules.pieces.models import Side

PATIENT_ROUNDS = 10  # with no time limit, the rounds an army may spend waiting for the enemy to come (`hurry`)


def danger_weight(round_number: int, survive: bool, clock: bool = False) -> float:
    """Early on, units keep out of reach and let the enemy come; as rounds pass they take more risks,
    so two careful armies do not stare at each other until the time runs out. A side that wins by
    lasting weighs danger in full; one the time limit favours (`clock`) stays as careful as in round 1,
    since a stare that runs the time out is its win."""
    if survive:
        return 1.0
    if clock:
        round_number = 1
    return max(0.2, 0.6 - 0.04 * (round_number - 1))


def hurry(view: GameState, side: Side, winning: Side | None = None) -> float:
    """How much `side` hurries: 1 while the clock gives it the win as things stand (`winning`, from `standing`);
    otherwise from 1 at the start up to 3 at the deadline (the time limit, else the enemy's round-end condition),
    and at least 2 once the enemy has taken what the clock counts (tiles to control, a post to hold) where the
    limit alone would have favoured us (rulings P20). With no clock at all, from 1 at round 10 up to 3 at round
    30: two careful armies with all the time in the world would otherwise watch each other for ever."""
    if winning is side:
        return 1.0
    limit = view.time_limit
    if limit is None and winning is None:
        return 1.0 + 2.0 * min(1.0, max(0, view.round - PATIENT_ROUNDS) / 20)
    if limit is not None:
        deadline = limit.rounds
    else:
        deadline = min((c.rounds for c in conditions(view, side.other) if c.kind in AT_ROUND_END and c.rounds),
                       default=PATIENT_ROUNDS)
    pressed = 1.0 + 2.0 * min(1.0, view.round / deadline)
    if winning is side.other and (limit is None or limit.winner != side.other):
        pressed = max(pressed, 2.0)  # what the clock was to give us was taken: retaking it cannot wait
    return pressed
