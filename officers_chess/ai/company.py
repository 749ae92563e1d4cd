"""Keeping the company together: what a unit pays for ending its turn far from every ally while enemies are near."""

from __future__ import annotations

from collections.abc import Iterable

from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.pieces.models import Unit

FREE_GAP = 3  # tiles from its nearest ally at which a unit stands at no cost
GAP_POINTS = 1.5  # what each tile beyond that costs
MOST = 10.0  # the cost's cap: a unit cut off pays this much however far it is
NEAR = 8  # tiles: with no enemy this close to the tile, standing apart costs nothing


def apart_cost(unit: Unit, pos: Pos, allies: Iterable[Unit], enemies: Iterable[Unit]) -> float:
    """The cost of `unit` ending its turn on `pos`, from the gap to its nearest ally where each stands now.

    The danger zones price the enemy's next activation only: a unit that runs ahead alone may be out of every
    enemy's reach for it, then be found by several the round after with nobody near to strike back. Nothing
    is paid with no enemy near (marching) or no ally left (rulings P29)."""
    if not any(distance(pos, enemy.pos) <= NEAR for enemy in enemies):
        return 0.0
    gap = min((distance(pos, ally.pos) for ally in allies if ally.id != unit.id), default=None)
    if gap is None:
        return 0.0
    return min(MOST, GAP_POINTS * max(0, gap - FREE_GAP))
