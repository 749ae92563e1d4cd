"""What a seat's screen may ask of the battle without ever being handed it: to take a step and be told its own
lines, the words for a die the table must roll, the computer's thinking, the dice's public fingerprint, and the
whole battle once it is over (mixed into BattleController)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from officers_chess.content.autosave import Autosaver
from officers_chess.rules.basics.dice import RollNeeded, seed_fingerprint
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.events import Attacked, Event
from officers_chess.rules.battle.game import GameState, IllegalAction
from officers_chess.rules.battle.seat_view import Known, SeatView
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import SideLogs, resumed_lines, roll_words, told_lines
from officers_chess.session.turn_recap import TurnRecap

if TYPE_CHECKING:
    from officers_chess.ai.player import Policy


@dataclass(frozen=True)
class Told:
    """What one step did, as the person at the keyboard is told it: their log's new lines, and whether those
    tell an exchange of blows (the side pane paces them out)."""

    lines: list[str]
    exchange: bool


class SeatRequests:
    """The battle itself stays in the session; the screen asks, and is answered in what its seat may know."""

    state: GameState
    humans: frozenset[Side]
    logs: SideLogs
    hint: str
    undoable: bool
    viewer: Side | None
    _last_events: list[Event]
    seat_view: SeatView
    committed: Callable[[Action, GameState, list[int] | None], None] | None

    def _open_logs(self, state: GameState) -> None:
        """Under fog one log per person (each reads what their side saw); otherwise one log that tells all."""
        readers = tuple(side for side in Side if side in self.humans) if state.fog and self.humans else (None,)
        self.logs = SideLogs(readers)
        self._last_events = []
        self.recap = TurnRecap()  # the computer's last turn, to look at again on the map (v)

    @property
    def fingerprint(self) -> str | None:
        """The dice seed's fingerprint, shown to both players before the battle (None when they roll their own)."""
        dice = self.state.dice
        return None if dice.physical else seed_fingerprint(dice.seed)

    def take(self, step: Callable[[], list[Event]], reader: Side | None, policy: Policy | None = None,
             action: Action | None = None) -> Told | None:
        """Take one step of the battle (a player's key, or the computer's `action` with its `policy`) and log it
        for every reader as far as their side may know it. None when the rules refused it: the hint says why and
        nothing changed. RollNeeded goes back to the screen, which asks the table for the die and takes the step
        again (the controller changes nothing until the action has every roll)."""
        before = self.state
        try:
            events = step()
        except IllegalAction as refused:  # the screen offered something the rules refuse: say so, change nothing
            self.hint = f"Not possible now: {refused}."
            return None
        if action is not None:
            # Loaded with the computer's first action: the title and a battle of two people never load the
            # computer players (tests/test_title_shelf.py).
            from officers_chess.ai.order_notes import with_orders

            events = with_orders(events, action, before, policy)
        self._last_events = events
        told = self.logs.add(before, self.state, events, reader)
        if not self.undoable:
            self.logs.commit()
        lines = told[reader]
        if action is not None:  # the computer's step: kept for the recap of its turn, as the reader saw it
            self.recap.add(before, self.state, events, action, reader,
                           told_lines(before, self.state, events, reader, lines), self.seat_view)
        else:
            self.recap.close()
        return Told(lines, bool(lines) and any(isinstance(event, Attacked) for event in events))

    def roll_words(self, need: RollNeeded, reader: Side | None) -> str:
        """The prompt for a die the table rolls, naming nothing out of the reader's sight (rulings F6)."""
        return roll_words(self.state, reader, need)

    def thinking(self, policy: Policy) -> Callable[[], Action]:
        """The computer's choice, to be worked out in a thread: on a copy, so a policy that scribbles on its state
        cannot touch the battle."""
        return partial(policy.choose, self.state.model_copy(deep=True))

    def told_before(self, autosaver: Autosaver, limit: int) -> dict[Side | None, list[str]]:
        """Each reader's last lines of a resumed battle, played again from its save (F2)."""
        return resumed_lines(autosaver.recorder.record(), self.logs.readers, limit)

    def record_with(self, autosaver: Autosaver, notice: Callable[[str, bool], None]) -> None:
        """Write each action to `autosaver` once it can no longer be taken back. A failing disk never stops the
        battle: `notice(words, failing)` tells the player once when saving fails and once when it works again."""
        def committed(action: Action, after: GameState, rolls: list[int] | None) -> None:
            told = autosaver.add(action, after, rolls)
            if told is not None:
                notice(told, autosaver.failing is not None)

        self.committed = committed

    def final(self) -> tuple[Known, list[Event]]:
        """The battle and its last events once it is over: the fog lifts then (rulings F5), and both players
        look at the result together. Refused while the battle goes on."""
        if not self.state.is_over:
            raise RuntimeError("the battle is not over: nobody's screen may have all of it yet")
        return self.state, self._last_events
