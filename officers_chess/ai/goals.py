"""Where each unit is headed: the tiles the scenario's objectives point it at, and walking distances to them."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import conditions
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.pieces.models import MoveType, Side, Unit
from officers_chess.rules.pieces.movement import STEPS

UNREACHABLE = 999
CROWD_COST = 6  # movement an enemy-held tile on the way counts for, beyond its own (Fields.distances)
OBSTACLE_COST = {True: 3, False: 8}  # movement a locked door (True) or a wall to break (False) counts for, when passable


@dataclass(frozen=True)
class Aims:
    """One side's objectives, read from the scenario's victory conditions and the tiles on the map."""

    side: Side
    seize: bool = False
    escape: bool = False
    raze: bool = False
    heist: bool = False
    survive: bool = False  # winning by lasting: staying alive matters more than trading blows
    hold_tiles: frozenset[Pos] = frozenset()  # tiles the side wants to stand on (hold, control)
    control_tiles: frozenset[Pos] = frozenset()  # of those, the ones a unit claims by standing there once (control)
    claim_tiles: frozenset[Pos] = frozenset()  # control tiles the side does not own yet: a unit passing claims them
    guard_tiles: frozenset[Pos] = frozenset()  # tiles the enemy wants: seize, escape, raze, hold, control
    block_tiles: frozenset[Pos] = frozenset()  # of those, the ones a unit standing on denies: seize and raze
    shelter: frozenset[str] = field(default_factory=frozenset)  # units whose fall loses the battle (protect, defeat)
    retake_tiles: frozenset[Pos] = frozenset()  # tiles the enemy's clock counts that it has now: control, hold


def aims_of(state: GameState, side: Side) -> Aims:
    mine = conditions(state, side)
    theirs = conditions(state, side.other)
    kinds = {c.kind for c in mine}
    hold = frozenset(tuple(t) for c in mine if c.kind in ("hold", "control") for t in c.tiles)
    owners = {tuple(c.at): c.side for c in state.claims}
    for unit in state.living():
        owners[unit.pos] = unit.side  # a unit standing on a tile owns it, whoever claimed it before
    control = frozenset(tuple(t) for c in mine if c.kind == "control" for t in c.tiles)
    claim = frozenset(t for t in control if owners.get(t) is not side)
    guard: set[Pos] = set()
    block: set[Pos] = set()
    retake: set[Pos] = set()
    for cond in theirs:
        if cond.kind in ("hold", "control"):
            guard.update(tuple(t) for t in cond.tiles)
            # What the enemy has of them now: a control tile it owns (a unit on it, else its last claim), a post
            # one of its units stands on. Ours to take back when the clock is against us (Judge.pressed).
            retake.update(t for t in map(tuple, cond.tiles) if owners.get(t) is side.other)
        elif cond.kind == "seize":
            guard.update(state.seize_tiles)
            block.update(state.seize_tiles)
        elif cond.kind in ("escape", "heist"):
            guard.update(state.escape_tiles)
        elif cond.kind == "raze":
            guard.update(state.raze_tiles)
            block.update(state.raze_tiles)
    return Aims(
        side=side,
        seize="seize" in kinds and bool(state.seize_tiles),
        escape="escape" in kinds and bool(state.escape_tiles),
        raze="raze" in kinds and bool(state.raze_tiles),
        heist="heist" in kinds,
        survive="survive" in kinds and "rout" not in kinds,
        hold_tiles=hold,
        control_tiles=control,
        claim_tiles=claim,
        guard_tiles=frozenset(guard),
        block_tiles=frozenset(block),
        # Ours to protect, and ours the enemy wins by defeating: either way the battle falls with the unit.
        shelter=frozenset(c.unit for c in mine if c.kind == "protect" and c.unit)
        | frozenset(c.unit for c in theirs if c.kind == "defeat" and c.unit),
        retake_tiles=frozenset(retake),  # type: ignore[arg-type]
    )


def objective_tiles(state: GameState, unit: Unit, aims: Aims) -> tuple[frozenset[Pos], str] | None:
    """The tiles a unit's own objective sends it to, and the special action it takes there (or "stand")."""
    if aims.seize and (unit.has("Leader") or unit.has("Seize")):
        return frozenset(state.seize_tiles), "seize"
    if aims.raze and (unit.has("Raze") or unit.has("Saboteur")):
        return frozenset(state.raze_tiles), "raze"
    if (aims.escape or aims.heist) and (unit.has("Escape") or unit.has("Fleeing")) and state.escape_tiles:
        if aims.heist and unit.has("Pick") and state.chests and len(unit.inventory) < 3:
            return frozenset(c.at for c in state.chests), "pick"
        if not aims.heist or any(i.name in _loot(state, unit) for i in unit.inventory):
            return frozenset(state.escape_tiles), "escape"
    return None


def _loot(state: GameState, unit: Unit) -> set[str]:
    return {entry.split(":", 1)[1] for entry in state.tallies[unit.side].loot if entry.startswith(f"{unit.id}:")}


class Fields:
    """Walking distance from every tile to a set of goal tiles, per way of moving; units are ignored
    (they move), terrain is not, so rivers and walls are walked round."""

    def __init__(self) -> None:
        self._memo: dict[tuple, dict[Pos, int]] = {}

    def distances(self, state: GameState, unit: Unit, goals: frozenset[Pos], through: bool = False,
                  crowded: frozenset[Pos] = frozenset()) -> dict[Pos, int]:
        """`through`: locked doors and walls that blows can break count as passable, at a price (`OBSTACLE_COST`,
        less for a wall already struck, by the share of its HP it has lost): the way in once someone picks or breaks
        them. `crowded`: tiles enemies stand on cost `CROWD_COST` more
        to pass (a gate an enemy holds is a way in only once it is cleared: another way round may be shorter)."""
        columns = tuple(unit.move_types)
        # A wall already struck is that much nearer to a way in: its HP left is part of what the field is for.
        worn = tuple(sorted((d.at, d.hp) for d in state.terrain_damage)) if through else ()
        key = (columns, goals, tuple(state.map.rows), through, crowded, worn)
        found = self._memo.get(key)
        if found is None:
            found = _walk_back(state, unit, list(columns), goals, through, crowded, dict(worn))
            if len(self._memo) > 2_000:
                self._memo.clear()
            self._memo[key] = found
        return found

    def gap(self, state: GameState, unit: Unit, goals: frozenset[Pos], pos: Pos, through: bool = False,
            crowded: frozenset[Pos] = frozenset()) -> int:
        return self.distances(state, unit, goals, through, crowded).get(pos, UNREACHABLE)


def is_obstacle(terrain: Terrain) -> bool:
    """A tile in the way only until someone deals with it: a locked door (picked) or a wall or snag (broken)."""
    return terrain.id == "door" or terrain.hp is not None


def _walk_back(state: GameState, unit: Unit, columns: list[MoveType], goals: frozenset[Pos],
               through: bool = False, crowded: frozenset[Pos] = frozenset(),
               worn: dict[Pos, int] | None = None) -> dict[Pos, int]:
    """Dijkstra outward from the goals: the cost of a step is the entry cost of the tile stepped onto. `worn`: the
    HP left of walls already struck, which cost their share of a whole wall's price (`through` only)."""
    cost_by_glyph = {glyph: unit.entry_cost(terrain, columns) for glyph, terrain in state.map.terrain_table.items()}
    cost_at: dict[Pos, int] = {}
    if through:
        table = state.map.terrain_table
        cost_by_glyph.update({glyph: OBSTACLE_COST[terrain.id == "door"] for glyph, terrain in table.items()
                              if cost_by_glyph[glyph] is None and is_obstacle(terrain)})
        # Why: a thief that had struck one wall of a vault walked off to strike another just as far, and back
        # (a play-test); the blows already landed make the first the nearer way in.
        for at, hp in (worn or {}).items():
            terrain = table[state.map.rows[at[1]][at[0]]]
            if unit.entry_cost(terrain, columns) is None and is_obstacle(terrain) and terrain.hp:
                cost_at[at] = max(1, -(-OBSTACLE_COST[False] * hp // terrain.hp))
    rows = state.map.rows
    width, height = state.map.width, state.map.height
    best: dict[Pos, int] = {g: 0 for g in goals if 0 <= g[0] < width and 0 <= g[1] < height}
    frontier = [(0, g) for g in best]
    heapq.heapify(frontier)
    while frontier:
        spent, pos = heapq.heappop(frontier)
        if spent > best[pos]:
            continue
        enter = cost_at.get(pos, cost_by_glyph[rows[pos[1]][pos[0]]])
        if enter is None and spent > 0:
            continue  # a tile the unit cannot stand on leads nowhere
        step = 1 if enter is None else enter
        if spent > 0 and pos in crowded:
            step += CROWD_COST
        for dx, dy in STEPS:
            x, y = pos[0] + dx, pos[1] + dy
            if not (0 <= x < width and 0 <= y < height) or cost_by_glyph[rows[y][x]] is None:
                continue
            total = spent + step
            if total < best.get((x, y), UNREACHABLE):
                best[(x, y)] = total
                heapq.heappush(frontier, (total, (x, y)))
    return best
