"""Moving into the unknown under fog: a unit walks the way its side chose, and stops where the battle itself says
it cannot go on (a hidden enemy in the way, or ground changed out of sight). docs/rulings.md F30."""

from __future__ import annotations

from officers_chess.rules.battle.events import Ambushed, Event, Moved
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import known_battle
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Unit


def walk_path(state: GameState, unit: Unit, to: Pos, budget: int | None, events: list[Event]) -> tuple[int, bool]:
    """Move `unit` (a unit of `state`, the battle itself) towards `to` along the cheapest way its side knows,
    with `budget` movement (None: its full move). It stops on the last tile it could stand on before a hidden
    enemy, or before a tile it can no longer enter or afford; the movement spent and whether it was stopped."""
    known = known_battle(state, unit.side)
    path = known.reach(known.unit(unit.id), budget).path_to(to)
    limit = unit.movement if budget is None else budget
    others = {u.pos: u for u in state.living() if u.id != unit.id}
    start = unit.pos
    spent, stop, stop_cost = 0, start, 0
    blocked: Ambushed | None = None
    for step in path[1:]:
        there = others.get(step)
        if there is not None and there.side is not unit.side:
            blocked = Ambushed(unit.name, unit.id, step, there.name, there.id)
            break
        cost = unit.entry_cost(state.map.terrain_at(step))
        if cost is None or spent + cost > limit:
            blocked = Ambushed(unit.name, unit.id, step)
            break
        spent += cost
        if there is None:  # allies may be walked through, not stopped on
            stop, stop_cost = step, spent
    events.append(Moved(unit.name, start, stop, stop_cost, unit_id=unit.id))
    if blocked is not None:
        events.append(blocked)
    unit.pos = stop
    return stop_cost, blocked is not None
