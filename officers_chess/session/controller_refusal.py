"""Why a tile will not do for a move, in words rather than a tile's colour: out of reach, closed ground, held."""

from __future__ import annotations

from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.movement import reachable
from officers_chess.rules.pieces.statuses import StatusName

# Statuses under which a unit cannot move at all (GameState.reach gives them no movement).
STILL = (StatusName.SLEEP, StatusName.PETRIFIED, StatusName.FROZEN)


def move_budget(unit: Unit, spent: int | None = None, canto_tiles: int | None = None) -> int:
    """The movement `unit` may still spend: its full move, or after its action what Canto leaves it."""
    if any(unit.has_status(s) for s in STILL):
        return 0
    if spent is None:
        return unit.movement
    return unit.movement - spent if canto_tiles is None else canto_tiles


def move_refusal(view: GameState, unit: Unit, pos: Pos, budget: int, offered: set[Pos]) -> str:
    """Why `unit` may not end a move on `pos` with `budget` movement left, told from what the viewer sees
    (`view`: under fog, an enemy out of sight neither holds a tile nor blocks a way here). `offered` are the tiles
    the step does offer; a tile within the budget that is not among them is one the rules forbid (Berserk)."""
    name, where = unit.name, tile_name(pos)
    holder = next((u for u in view.units if u.on_field and u.pos == pos and u.id != unit.id), None)
    if holder is not None:
        through = " (it may pass through an ally, not stop on one)" if holder.side is unit.side else ""
        return f"{holder.name} holds {where}; {name} cannot stop there{through}."
    terrain = view.map.terrain_at(pos)
    if unit.entry_cost(terrain) is None:
        return f"{name} cannot enter {terrain.name.lower()} ({where})."
    if budget == 0:
        return f"{name} cannot move now; Enter on {name} itself keeps it where it is."
    # The cheapest way there with no limit on movement: its cost is what the tile is out of reach by.
    cost = reachable(unit, view.map, view.units, budget=view.map.width * view.map.height * 99).costs.get(pos)
    if cost is None:
        return f"{name} has no way to {where}: enemies or closed ground bar every path."
    if cost > budget:
        return f"Out of reach: {where} costs {cost} movement and {name} has {budget}."
    if pos not in offered:
        return f"{name} is berserk and must move where it can attack the weakest unit it can reach."
    return f"{name} cannot stop on {where}."
