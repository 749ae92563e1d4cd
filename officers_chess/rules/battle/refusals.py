"""Why an action is not legal now, in words a player or a save's reader can act on."""

from __future__ import annotations

from officers_chess.rules.battle.actions import FREE_ACTIONS, TURN_ENDERS, Action, Attack, Move
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.statuses import StatusName


def must_strike(state: GameState, unit: Unit) -> bool:
    """A berserk unit with someone in reach must attack; it may do nothing else."""
    return unit.has_status(StatusName.BERSERK) and bool(state.targets_from(unit, unit.pos))


def why_illegal(state: GameState, action: Action) -> str:
    """The reason `apply_action` gives for refusing `action` (it is not among the legal actions of `state`)."""
    unit = state.active_unit
    before_move = unit is not None and state.active is not None and not state.active.moved
    who = getattr(action, "unit", None) if isinstance(action, (Move, *FREE_ACTIONS)) else None
    if isinstance(action, Move) or who is not None:
        if unit is not None and not (before_move and isinstance(action, Move) and who == unit.id):
            if before_move:
                return f"{unit.name} took a free action before moving; it must move first (to its own tile to stay)"
            return f"{unit.name} is mid-turn; it must act or wait first"
        try:
            mover = state.unit(who or "")
        except KeyError:
            return f"no unit {who!r}"
        if unit is None and state.reactivate and mover.id != state.reactivate:
            return f"{state.unit(state.reactivate).name} was danced for and acts first"
        if unit is None and (mover.side is not state.to_act or not mover.on_field or mover.activated):
            return f"{mover.name} cannot activate now"
        if not isinstance(action, Move):
            if mover.has_status(StatusName.BERSERK):
                return f"{mover.name} is berserk and takes no free action"
            return f"{mover.name} cannot do that now ({action.kind})"
        if action.to in state.reach(mover).costs and mover.has_status(StatusName.BERSERK):
            return f"{mover.name} is berserk and must move where it can attack the weakest unit it can reach"
        return f"{mover.name} cannot reach {action.to}"
    if unit is None:
        return "no unit is mid-turn; move a unit first"
    if isinstance(action, TURN_ENDERS) and action.stay and unit.has_status(StatusName.BERSERK):
        return f"{unit.name} is berserk: it takes no free action, so its turn cannot stay open after it"
    if before_move:
        return f"{unit.name} took a free action before moving; it must move first (to its own tile to stay)"
    if isinstance(action, Attack):
        try:
            target = state.unit(action.target)
        except KeyError:
            return f"no unit {action.target!r}"
        if must_strike(state, unit):
            return f"{unit.name} is berserk and must attack the weakest unit in reach"
        return f"{target.name} is not in reach of {unit.name}" + (f" with {action.art}" if action.art else "")
    return f"{unit.name} cannot do that now ({action.kind})"
