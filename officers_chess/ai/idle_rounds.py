"""Rounds a side spent idle while the clock was against it: the `idle_while_losing` measure of `simulate --json`."""

from __future__ import annotations

from officers_chess.ai.goals import UNREACHABLE, Fields, aims_of, objective_tiles
from officers_chess.rules.battle.actions import Action, Attack, CantoMove, Move, Special, Strike
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import conditions, standing
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side, Unit

# Specials that take a side toward an objective: the objective itself, or the door in its way.
OBJECTIVE_SPECIALS = frozenset({"seize", "escape", "raze", "pick"})


class IdleWatch:
    """Fed every action of a battle and the state after it (`see`), counts for each side the rounds in which the
    clock was against it at the round's start (`standing` named the other side) and it took at least one action,
    none of which moved it toward winning: no attack, no blow at a wall, no objective action, no unit ending closer
    to where its side's win lies, and the clock still against it at the round's end (rulings P18). The battle is
    watched whole, as an umpire would: the measure is of the levels, not a seat's view."""

    def __init__(self, first: GameState) -> None:
        self.idle: dict[Side, int] = {side: 0 for side in Side}
        self._fields = Fields()
        self._state = first
        self._open(first)

    def _open(self, state: GameState) -> None:
        winner = standing(state)
        self._round = state.round
        self._losing = None if winner is None else winner.other
        self._acted = False  # whether the losing side took an action this round
        self._toward = False  # whether one of them moved it toward winning

    def see(self, action: Action, after: GameState) -> None:
        before = self._state
        side = before.to_act
        if side is self._losing:
            self._acted = True
            if not self._toward and self._moves_toward(before, action, after, side):
                self._toward = True
        self._state = after
        if after.is_over or after.round != self._round:
            self._close(after)
            if not after.is_over:
                self._open(after)

    def _close(self, state: GameState) -> None:
        losing = self._losing
        if losing is None or not self._acted or self._toward:
            return
        if state.is_over and state.winner is losing:
            return
        if standing(state) is not losing.other and not state.is_over:
            return  # the clock turned in its favour this round: that was the way toward winning
        self.idle[losing] += 1

    def _moves_toward(self, before: GameState, action: Action, after: GameState, side: Side) -> bool:
        if isinstance(action, (Attack, Strike)):
            return True
        if isinstance(action, Special):
            return action.name in OBJECTIVE_SPECIALS
        if isinstance(action, Move):
            unit_id = action.unit
        elif isinstance(action, CantoMove) and before.active_unit is not None:
            unit_id = before.active_unit.id
        else:
            return False
        was, now = before.unit(unit_id), after.unit(unit_id)
        if was.pos == now.pos:
            return False
        goals = self._goals(before, was, side)
        if not goals:
            return False
        return self._gap(before, was, goals, now.pos) < self._gap(before, was, goals, was.pos)

    def _goals(self, state: GameState, unit: Unit, side: Side) -> frozenset[Pos]:
        return where_the_win_lies(state, unit, side)

    def _gap(self, state: GameState, unit: Unit, goals: frozenset[Pos], pos: Pos) -> int:
        return walking_gap(self._fields, state, unit, goals, pos)


def where_the_win_lies(state: GameState, unit: Unit, side: Side) -> frozenset[Pos]:
    """Where the unit's side's win lies: its own objective tiles (a throne, exits, targets), else the clock's
    tiles it does not hold yet (tiles to control or hold), else the enemy to rout."""
    aim = objective_tiles(state, unit, aims_of(state, side))
    if aim is not None:
        return aim[0]
    held = {u.pos for u in state.living(side)}
    owners = {tuple(c.at): c.side for c in state.claims}
    wanted: set[Pos] = set()
    for cond in conditions(state, side):
        if cond.kind in ("hold", "control"):
            wanted.update(t for t in map(tuple, cond.tiles) if t not in held and owners.get(t) is not side)
    if wanted:
        return frozenset(wanted)  # type: ignore[arg-type]
    return frozenset(e.pos for e in state.living(side.other))


def walking_gap(fields: Fields, state: GameState, unit: Unit, goals: frozenset[Pos], pos: Pos) -> int:
    """Walking distance from `pos` to the nearest goal, terrain counted; through doors and walls when walled off."""
    gap = fields.gap(state, unit, goals, pos)
    return gap if gap < UNREACHABLE else fields.gap(state, unit, goals, pos, through=True)
