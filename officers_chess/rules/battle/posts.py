"""Which units stand at their posts now: a script line keeps them where they are (rulings L32)."""

from __future__ import annotations

from officers_chess.rules.battle.morale import rallied, standing
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.order_now import followed
from officers_chess.rules.pieces.orders import MOVE


def at_post(state: GameState, unit: Unit) -> bool:
    """Whether the unit's script keeps it on its tile this activation as things stand: the line that takes its move
    is `hold`. Judged from what its side sees, with its group and the lines that have fired, as the computer
    follows it; a side whose morale sends the unit running or back to heal (the computer's own rule) does not hold.
    A `threatened` condition is taken as not holding (only the computer players work it out)."""
    if not unit.orders or not unit.on_field:
        return False
    rules = state.morale_rules
    if rules is not None and unit.side in state.morale and not rallied(unit, state.units, rules):
        now = standing(state.morale[unit.side], rules)
        if now == "broken" or (now == "wavering" and unit.hp * 2 <= unit.max_hp):
            return False
    seen = state.seen_by(unit.side) if state.fog else None
    units = [u for u in state.units if u.side is unit.side or seen is None or (u.on_field and u.pos in seen)]
    team = [u for u in state.living(unit.side) if unit.team is not None and u.team == unit.team and u.id != unit.id]
    lines = followed(unit, units, state.round, woken=state.woken, team=team, areas=state.areas, morale=state.morale)
    return any(order.behaviour == "hold" for order, parts in lines if MOVE in parts)


def holding(state: GameState, side: Side) -> list[str]:
    """The ids of `side`'s enemies on the field that stand at their posts now."""
    return [unit.id for unit in state.living(side.other) if at_post(state, unit)]
