"""Where a unit can move: cheapest paths over the terrain table, around enemies and impassable tiles."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.models import Unit

STEPS: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


@dataclass(frozen=True)
class Reach:
    """The tiles a unit may end its move on, each with its movement cost and the path there."""

    costs: dict[Pos, int]
    parents: dict[Pos, Pos]

    def __contains__(self, pos: Pos) -> bool:
        return pos in self.costs

    def path_to(self, pos: Pos) -> list[Pos]:
        """Tiles walked from the start to `pos`, both ends included."""
        path = [pos]
        while path[-1] in self.parents:
            path.append(self.parents[path[-1]])
        return path[::-1]


def reachable(unit: Unit, battle_map: BattleMap, units: list[Unit], budget: int | None = None) -> Reach:
    """Every tile `unit` can end its move on this turn, spending at most `budget` (default: its movement).

    Enemies block; allies may be walked through but not stopped on (a ruling: see
    docs/rulings.md). The unit may always stay where it is.
    """
    occupied = {u.pos: u for u in units if u.on_field and u.id != unit.id}
    budget = unit.movement if budget is None else budget
    # The unit's tags decide its costs; work them out once per kind of tile, not once per tile.
    columns = unit.move_types
    cost_by_glyph = {glyph: unit.entry_cost(terrain, columns) for glyph, terrain in battle_map.terrain_table.items()}
    rows = battle_map.rows
    width, height = battle_map.width, battle_map.height
    best: dict[Pos, int] = {unit.pos: 0}
    parents: dict[Pos, Pos] = {}
    frontier = [(0, unit.pos)]
    while frontier:
        spent, pos = heapq.heappop(frontier)
        if spent > best[pos]:
            continue
        for dx, dy in STEPS:
            x, y = pos[0] + dx, pos[1] + dy
            if not (0 <= x < width and 0 <= y < height):
                continue
            nxt = (x, y)
            blocker = occupied.get(nxt)
            if blocker is not None and blocker.side is not unit.side:
                continue
            cost = cost_by_glyph[rows[y][x]]
            if cost is None or spent + cost > budget:
                continue
            if spent + cost < best.get(nxt, budget + 1):
                best[nxt] = spent + cost
                parents[nxt] = pos
                heapq.heappush(frontier, (spent + cost, nxt))
    costs = {pos: cost for pos, cost in best.items() if pos not in occupied}
    return Reach(costs, parents)
