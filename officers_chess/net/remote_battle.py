"""The turn controller of a seat at another machine's table: the same cursor, menus and take-back as a local battle,
drawn from the seat's view; each step is the host's to take, and the host's answer is the new view (rulings N7, N10)."""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.net.greeting import LostHost
from officers_chess.net.messages import Act, BattleSeat, Concede, Over, Refusal, StaleView, TakeBack
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.events import Event
from officers_chess.rules.battle.game import IllegalAction, Outcome
from officers_chess.rules.battle.seat_view import Known
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode
from officers_chess.session.seat_requests import Told

Ask = Callable[[Act | TakeBack | Concede], BattleSeat | Over]


def known_of(seat: BattleSeat) -> Known:
    """The view's battle, marked as the seat's knowledge (as `vision.known_battle` marks it on the host)."""
    known = seat.known
    known._known_to = seat.side
    return known


class RemoteController(BattleController):
    """A BattleController whose battle is the seat's view: `ask` sends an intention to the host and returns the
    view that answers it (raising Refusal or LostHost). Views of the other seat's turn come in through `hear`."""

    def __init__(self, seat: BattleSeat, ask: Ask, fingerprint: str | None = None) -> None:
        self.ask = ask
        self.dice_fingerprint = fingerprint  # the host's dice, told as at a local table (never the seed)
        self.side = seat.side
        self.at = seat.at
        self.over: Over | None = None
        self.undoable_at_host = seat.undoable
        self.joined_lines = list(seat.lines)  # the log so far, as the host tells it to a seat that (re)joins
        self._heard: list[str] = []  # the host's lines for the step being taken
        self._take_next = False  # after a rejoin: the next view stands, whatever its number
        self._exchange = False
        super().__init__(known_of(seat), humans=frozenset({seat.side}))
        self._settle()

    # --- what the host says -------------------------------------------------------------------------------------

    def hear(self, message: BattleSeat | Over) -> Told | None:
        """A view the host sent on its own (the other seat's turn, a rejoin): adopted if it is newer than the one on
        screen, with the lines it tells. None when it was old news (the answer to a step already taken here)."""
        if isinstance(message, Over):
            if self.over is not None:
                return None
            self._end(message)
            return Told(list(message.lines), False)
        if message.at <= self.at and not self._take_next:
            return None
        self._take_next = False
        self._adopt(message)
        self._settle()
        lines = list(message.lines)
        self._note(lines)
        return Told(lines, message.exchange)

    def _settle(self) -> None:
        """After a view that did not answer a step of this keyboard: the step it stands at, from the view alone."""
        self.selected, self.chosen, self.aimed, self.showing, self.glimpse = None, None, [], None, None
        self._before_move, self.move_stands, self._pending = None, False, []
        if self.state.is_over:
            self.mode = Mode.OVER
            return
        if self.computer_to_act:
            self.mode = Mode.COMPUTER
            return
        self.mode = Mode.BROWSE
        self.jump_to_next_unit(from_start=True)
        self._pick_up_active_unit()
        if self.undoable_at_host and self.state.active_unit is not None:
            # Rejoined mid-turn with a move still pending at the host: it can still be taken back (from where the
            # unit stands: the view has no record of where it came from).
            self._before_move = self.state

    def _note(self, lines: list[str]) -> None:
        for line in lines:
            self.logs.note(line)

    def rejoined(self) -> None:
        """The seat joined again: the next view is the host's word, whatever its number (N8, N10)."""
        self._take_next = True

    def _adopt(self, message: BattleSeat) -> None:
        self.at = message.at
        self.undoable_at_host = message.undoable
        self.state = known_of(message)

    def _end(self, message: Over) -> None:
        self.over = message
        self.at += 1
        if message.final is not None:
            self.state = message.final  # the fog lifts at the end (F5, N12)
        self.mode = Mode.OVER

    def _send(self, intention: Act | TakeBack) -> BattleSeat | Over:
        """Ask the host; its refusal or silence becomes IllegalAction, so the screen says why and nothing changes."""
        try:
            answer = self.ask(intention)
        except StaleView:
            raise IllegalAction("the battle moved on before that reached the host; look again") from None
        except Refusal as refused:
            raise IllegalAction(f"the host refused it ({refused})") from None
        except LostHost as lost:
            raise IllegalAction(f"{lost}") from None
        self._heard.extend(answer.lines)
        if isinstance(answer, Over):
            self._end(answer)
        else:
            self._exchange = self._exchange or answer.exchange
            self._adopt(answer)
        return answer

    # --- the controller's steps, taken at the host ----------------------------------------------------------------

    def take(self, step, reader, policy=None, action=None) -> Told | None:
        """One step at the keyboard, as a local battle takes it, told in the host's own lines for this seat."""
        self._heard, self._exchange = [], False
        before = (self.state, self.at, self.mode, self.selected, self.cursor, self._before_move)
        try:
            step()
        except IllegalAction as refused:
            if self.at == before[1]:  # nothing reached the host: the screen stands as it was
                self.state, _, self.mode, self.selected, self.cursor, self._before_move = before
            self.hint = f"Not possible now: {refused}."
            return None
        lines = list(self._heard)
        self._note(lines)
        return Told(lines, self._exchange)

    def _apply(self, action: Action) -> Outcome:
        self._send(Act(at=self.at, action=action))
        self._pending.append((action, self.state, None))  # only for the take-back line's words: the host records
        return Outcome(self.state, [])

    def _move_to_cursor(self) -> list[Event]:
        events = super()._move_to_cursor()
        if self._before_move is not None and not self.undoable_at_host:
            # The host says the move showed this side something (F35) or was ambushed: it stands.
            self._before_move = None
            self.move_stands = True
            self._pending.clear()
        return events

    def cancel(self) -> str | None:
        """Esc: a take-back of a pending move is the host's to make (N10); every other step back is the screen's."""
        taking_back = self._before_move is not None and (
            self.mode is Mode.ACTING or (self.mode is Mode.MOVING and self.state.active is not None))
        if not taking_back:
            return super().cancel()
        self._heard = []
        try:
            self._send(TakeBack(at=self.at))
        except IllegalAction as refused:
            self.hint = f"Not possible now: {refused}."
            return None
        host_state = self.state
        unit = self.selected
        note = super().cancel()  # the mode and the pending steps, as a local take-back leaves them
        self.state = host_state  # the battle itself as the host now has it
        if unit is not None and any(u.id == unit for u in self.state.units):
            self.cursor = self.state.unit(unit).pos
        self._note(self._heard)
        return note if not self._heard else None

    def final(self) -> tuple[Known, list[Event]]:
        if self.over is None or self.over.final is None:
            raise RuntimeError("the battle is not over by the rules: nobody's screen may have all of it yet")
        return self.over.final, []

    @property
    def fingerprint(self) -> str | None:
        return self.dice_fingerprint  # the host's dice: the seat is told the fingerprint, never the seed (N1, N2)

    def concede(self) -> None:
        """Give up the battle: the host ends it for both seats (Refusal or LostHost when it could not)."""
        answer = self.ask(Concede(at=self.at))  # answered by the end alone (RemoteSeat.ask)
        if isinstance(answer, Over) and self.over is None:
            self._end(answer)
