"""The other side's last turn as one seat may look at it again: each activation's path, its attacks and its lines.

The turn controller hands every computer step to `TurnRecap.add` with the states before and after it; the recap
keeps, per activation, only what the reader's side saw (the tiles of a path in its sight, an attack's ends that it
saw, its own log lines) and the board as the reader knew it afterwards. A step by the person at the keyboard
closes the recap: the next computer step begins a new one. No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from officers_chess.rules.battle.actions import Action, Move
from officers_chess.rules.battle.events import Attacked, Event, Moved, tile_name
from officers_chess.rules.battle.seat_view import Known, SeatView
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import Sight


@dataclass(frozen=True)
class Blow:
    """One attack as the reader saw it: where it came from and where it struck (None: that end was out of sight)."""

    origin: Pos | None
    target: Pos | None
    struck: str | None = None  # the name of the unit struck, when the reader saw it


@dataclass(frozen=True)
class RecapStep:
    """One activation of the other side, as far as the reader saw it."""

    unit_id: str  # the acting unit (kept to group its actions; never shown when it was out of sight)
    actor: str | None  # its name, None when the reader never saw it
    side: Side
    path: tuple[Pos, ...]  # the tiles it walked that the reader saw, start first
    blows: tuple[Blow, ...]
    lines: tuple[str, ...]  # the reader's own log lines of it
    known: Known  # the board as the reader knew it once the activation was over
    sight: frozenset[Pos] | None  # the reader's sight then (None: no fog)
    round: int
    walk: tuple[bool, bool] = (True, True)  # whether the reader saw where its walk began, and where it ended

    @property
    def focus(self) -> Pos | None:
        """Where the eye goes: the last blow's target, else where the walk ended, else nothing seen."""
        for blow in reversed(self.blows):
            if blow.target is not None:
                return blow.target
        return self.path[-1] if self.path else None

    def caption(self) -> str:
        """One line naming what it did: "Brigand moved 3,4 → 6,4 and attacked."."""
        who = self.actor or "A unit out of sight"
        parts = []
        if self.path:
            began, ended = self.walk
            if began and ended and len(self.path) > 1:
                parts.append(f"moved {tile_name(self.path[0])} → {tile_name(self.path[-1])}")
            elif ended and not began:
                parts.append(f"came into sight at {tile_name(self.path[-1])}")
            elif began and not ended:
                parts.append(f"moved out of sight from {tile_name(self.path[0])}")
            elif not began:
                parts.append("crossed your sight")
        if self.blows:
            names = list(dict.fromkeys(b.struck for b in self.blows if b.struck))
            whom = f" {' and '.join(names)}" if names else ""
            parts.append(f"attacked{whom}" if len(self.blows) == 1 else f"attacked{whom} {len(self.blows)} times")
        if not parts:
            parts.append("acted where it stood" if self.actor else "acted")
        return f"{who} {' and '.join(parts)}."


class TurnRecap:
    """The steps of the other side's turn since the reader last acted, one per activation, in order."""

    def __init__(self) -> None:
        self.steps: list[RecapStep] = []
        self._open = False  # False: the next computer step begins a new recap

    def close(self) -> None:
        """The person at the keyboard acted: what the computer does next is a new turn."""
        self._open = False

    def add(self, before: GameState, after: GameState, events: list[Event], action: Action,
            reader: Side | None, lines: list[str], seat: SeatView) -> None:
        """Keep what `reader` saw of one computer step (`lines` are its log lines of it, `seat` its view after)."""
        if not self._open:
            self.steps, self._open = [], True
        mover = action.unit if isinstance(action, Move) else (before.active.unit if before.active else None)
        unit = next((u for u in before.units if u.id == mover), None)
        if unit is None:
            return  # no unit's step (none the rules make now): nothing to show on the map
        sight = Sight.of(before, after, reader) if reader is not None and after.fog else None

        def seen_tile(pos: Pos) -> bool:
            return sight is None or sight.tile(pos)

        def seen_unit(unit_id: str) -> bool:
            return sight is None or unit_id in sight.units

        path: list[Pos] = []
        blows: list[Blow] = []
        walk = (True, True)
        for event in events:
            if isinstance(event, Moved) and event.unit_id == mover and event.start != event.end:
                full = walked(before, mover, event.start, event.end)
                path += [p for p in full if seen_tile(p)]
                walk = (seen_tile(full[0]), seen_tile(full[-1]))
            elif isinstance(event, Attacked) and (seen_unit(event.attacker_id) or seen_unit(event.defender_id)):
                seen_target = seen_unit(event.defender_id)
                blows.append(Blow(_at(before, event.attacker_id) if seen_unit(event.attacker_id) else None,
                                  _at(before, event.defender_id) if seen_target else None,
                                  event.defender if seen_target else None))
        actor = unit.name if seen_unit(mover) else None
        last = self.steps[-1] if self.steps else None
        if last is not None and last.unit_id == mover and last.round == before.round:
            joined = [*last.path, *(p for i, p in enumerate(path) if not (i == 0 and last.path and last.path[-1] == p))]
            walked_on = (last.walk[0] if last.path else walk[0], walk[1] if path else last.walk[1])
            self.steps[-1] = replace(last, actor=last.actor or actor, path=tuple(joined), walk=walked_on,
                                     blows=last.blows + tuple(blows), lines=last.lines + tuple(lines),
                                     known=seat.known, sight=seat.sight)
            return
        if not lines and not path and not blows:
            return  # nothing of it reached the reader: nothing to look back on
        self.steps.append(RecapStep(mover, actor, unit.side, tuple(path), tuple(blows), tuple(lines), seat.known,
                                    seat.sight, before.round, walk))


def walked(state: GameState, unit_id: str, start: Pos, end: Pos) -> list[Pos]:
    """The tiles a unit walks from `start` to `end` on `state`'s board, both ends included: the way the rules'
    movement finds (the cheapest), or the two ends alone when it is not there to find (an ambush cut it short)."""
    unit = state.unit(unit_id)
    if unit.pos != start:
        return [start, end]
    reach = state.reach(unit)
    return reach.path_to(end) if end in reach else [start, end]


def _at(state: GameState, unit_id: str) -> Pos | None:
    try:
        return state.unit(unit_id).pos
    except KeyError:
        return None
