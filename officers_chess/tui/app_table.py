"""The app at a hosted battle: the seat's messages from the host routed to the screen they belong to (the waiting
screen, army building, the battle, the end), and hosting or joining from the title screen (mixed into the app)."""

from __future__ import annotations

import secrets
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from officers_chess.net.messages import BattleSeat, MusterSeat, Notice, Over, Welcome
from officers_chess.rules.pieces.models import Side

if TYPE_CHECKING:
    from officers_chess.content.loaders import LoadedScenario
    from officers_chess.tui.screens.battle_remote import RemoteBattleScreen
    from officers_chess.net.host_thread import HostThread
    from officers_chess.net.remote import RemoteSeat


def seat_loaded(welcome: Welcome) -> LoadedScenario:
    """What a seat's screens read of the scenario: as its side may know it, with the catalogue and map both know."""
    from officers_chess.content.loaders import LoadedScenario

    assert welcome.known is not None and welcome.catalogue is not None and welcome.battle_map is not None
    return LoadedScenario(path=Path(welcome.scenario), scenario=welcome.known, battle_map=welcome.battle_map,
                          catalogue=welcome.catalogue, source=None)  # type: ignore[arg-type]  # never started here


class TableSeat:
    """A person's seat at a host's table, in the app: `seat` talks to the host; `hosting` runs the host beside the
    app when this machine hosts."""

    seat: RemoteSeat | None = None
    hosting: HostThread | None = None
    invite: str | None = None  # the join line of the other seat, while it is open and this machine hosts
    playing: RemoteBattleScreen | None = None  # the battle screen of the seat, once the battle has begun
    _muster_at = -1  # the newest army-building view routed (the same view sent again is not opened twice)

    def sit(self, seat: RemoteSeat, invite: str | None = None) -> None:
        """Play the seat: its first view opens the screen it belongs to; the rest follow as the host sends them."""
        self.seat, self.invite, self._muster_at, self.playing = seat, invite, -1, None
        seat.tell = partial(self._from_host, seat)  # before looking who is here: a later arrival is then told
        self.table_loaded = seat_loaded(seat.welcome)
        if invite is not None and self.hosting is not None and self.hosting.seated(seat.welcome.side.other):
            invite = self.invite = None  # the friend sat down before this seat did (a resumed host)
        if invite is not None:  # nothing to play until the friend sits down: the join line to give them
            from officers_chess.tui.screens.table_wait import TableWaitScreen

            other = seat.welcome.side.other
            self._show(TableWaitScreen(self.table_loaded.scenario.name, seat.welcome.side,
                                       f"Waiting for the {other.value} to join.", invite))
        elif seat.latest is not None:
            self._route(seat.latest, opening=True)

    def _from_host(self, seat: RemoteSeat, message) -> None:
        """In the network thread: hand the message to the app (posting is thread-safe, and never waits: the app's
        loop may itself be waiting for the host's answer)."""
        self.call_later(self._heard_from, seat, message)

    def _heard_from(self, seat: RemoteSeat, message) -> None:
        if seat is self.seat:  # a seat left (or left and joined again) hears nothing more of its old connection
            self._route(message)

    def _route(self, message: MusterSeat | BattleSeat | Over | Notice, opening: bool = False) -> None:
        from officers_chess.net.remote import Rejoined
        from officers_chess.tui.screens.table_wait import TableWaitScreen

        if self.seat is None:
            return  # left the table: what was still on its way is not shown
        if self.playing is not None:  # once the battle has begun, its screen takes everything, in order
            self.playing.heard(message)
            return
        if isinstance(message, Notice):
            self.notify(message.text, timeout=6)
            if isinstance(message, Rejoined):  # a host that came back numbers its views afresh: take the next one
                self._muster_at = -1
            if self.invite is not None and "sat down" in message.text:
                self.invite = None  # the other seat is taken: the battle (or army building) opens
                if self.seat.latest is not None:
                    self._route(self.seat.latest, opening=True)
                return
            if isinstance(self.screen, TableWaitScreen):
                self.screen.tell(message.text, self.invite)
            return
        if self.invite is not None:
            return  # held until the other seat sits down (the newest view is the seat's `latest`)
        if isinstance(message, BattleSeat):
            self._open_battle(message)
        elif isinstance(message, MusterSeat):
            self._muster_view(message, opening)
        elif isinstance(message, Over):
            who = f"the {message.conceded.value} conceded" if message.conceded is not None else "it ended"
            self.notify(f"The battle is over before it began: {who}.", timeout=8)
            self.leave_table()

    def _open_battle(self, message: BattleSeat) -> None:
        from officers_chess.net.remote_battle import RemoteController
        from officers_chess.tui.screens.battle_remote import RemoteBattleScreen

        assert self.seat is not None
        controller = RemoteController(message, self.seat.ask, self.seat.welcome.fingerprint)
        self.muster = None
        self.playing = RemoteBattleScreen(self.table_loaded, controller)
        self._show(self.playing)

    def _muster_view(self, message: MusterSeat, opening: bool) -> None:
        from officers_chess.net.remote_muster import RemoteMuster
        from officers_chess.tui.screens.table_wait import TableWaitScreen

        if message.at <= self._muster_at and not opening:
            return
        self._muster_at = message.at
        session = self.muster if isinstance(self.muster, RemoteMuster) else None
        if session is not None:
            session.update(message)  # a screen open on it reads the host's newest word (lower after a host resumed)
        view = message.view
        if message.yours:
            if session is None or opening or not self._on_muster_step(message):
                self._open_remote_muster(message)
            return
        whose = view.whose.value if view.whose is not None else "other side"
        words = f"The {whose} is {view.phase.value} (step {min(view.step + 1, view.steps)} of {view.steps})."
        current = self.screen if self.screen_stack else None
        if isinstance(current, TableWaitScreen):
            current.tell(words, self.invite)
        else:
            self._show(TableWaitScreen(self.table_loaded.scenario.name, view.side, words, self.invite))

    def _on_muster_step(self, message: MusterSeat) -> bool:
        """Whether the screen on top is already this seat's step of army building (a draft's answer, or the same
        step sent again on a rejoin): then it stays, and nothing is opened twice."""
        from officers_chess.tui.screens.muster_step import MusterStepScreen

        screen = self.screen
        return (isinstance(screen, MusterStepScreen) and getattr(screen, "session", None) is self.muster
                and self.muster.current() == (message.view.phase, message.view.whose))

    def _open_remote_muster(self, message: MusterSeat) -> None:
        """The seat's own army-building step, on the same screens as a local one (net/remote_muster.py)."""
        from officers_chess.net.remote_muster import RemoteMuster
        from officers_chess.rules.muster.phases import Phase
        from officers_chess.tui.screens.deployment import DeploymentScreen
        from officers_chess.tui.screens.hiring import HiringScreen
        from officers_chess.tui.screens.scouting import ScoutingScreen

        assert self.seat is not None
        session = RemoteMuster(message, self.seat.ask)
        self.muster = session  # the muster screens end their step through the app (next_muster_step)
        side, phase = message.view.side, message.view.phase
        screens = {
            Phase.HIRING: lambda: HiringScreen(session, side),
            Phase.SCOUTING: lambda: ScoutingScreen(session, side),
            Phase.OUTFITTING: lambda: HiringScreen(session, side, outfitting=True),
            Phase.DEPLOYING: lambda: DeploymentScreen(session, side),
        }
        self._show(screens[phase]())

    def remote_step_done(self) -> None:
        """A muster screen finished its step at the host: the host's answer opens what comes next."""
        session = self.muster
        answer = getattr(session, "answer", None)
        if answer is not None:
            session.answer = None
            self._route(answer, opening=True)

    def table_words(self, quitting: bool = False) -> str:
        """The question before leaving the table (or quitting): what becomes of the battle, in this seat's case."""
        go = "quit Officer's Chess" if quitting else "go back to the title screen"
        if self.hosting is not None:
            against = ("the computer's seat closes with it" if self.hosting.computer
                       else "the other player waits for it")
            return (f"Stop hosting and {go}? The battle is autosaved ({against}): officers-chess host --resume "
                    "serves it again, with the same join line.")
        address = self.seat.address if self.seat is not None else "the host"
        leave = "Quit Officer's Chess" if quitting else "Leave the table for the title screen"
        return f"{leave}? The host keeps your seat: join {address} again with the same code to go on."

    def leave_table(self) -> None:
        """Back to the title: the seat closes (the host keeps it for a rejoin), and a host here stops serving (its
        autosave and note remain for `host --resume`)."""
        self.show_title()  # (which closes the seat)

    # --- from the title screen ----------------------------------------------------------------------------------

    def host_here(self, loaded: LoadedScenario, own: Side, computer: str | None, bind: str = "127.0.0.1",
                  port: int = 0, seed: int | None = None) -> None:
        """Host `loaded` on this machine and sit at `own`'s seat; the other seat is the computer at `computer`'s
        level, or a join line to give a friend."""
        from officers_chess.net.host import Host
        from officers_chess.net.host_thread import open_table
        from officers_chess.net.greeting import LostHost, SeatRefused
        from officers_chess.net.table import Table

        dice = seed if seed is not None else secrets.randbelow(2**31)
        try:
            hosting, seat, invite = open_table(lambda: Host(Table(loaded, dice)), bind, port, own,
                                               (computer, dice + 1) if computer else None)
        except OSError as exc:
            self.notify(f"Cannot host on {bind}:{port}: {exc.strerror or exc}", severity="error", timeout=10)
            return
        except (LostHost, SeatRefused) as exc:
            self.notify(f"The host here would not seat you: {exc}", severity="error", timeout=10)
            return
        self.hosting = hosting
        self.sit(seat, invite)

    def join_here(self, address: str, code: str) -> str | None:
        """Take a seat at another machine's table; the reason in one line when it cannot be taken."""
        from officers_chess.net.greeting import LostHost, SeatRefused
        from officers_chess.net.remote import RemoteSeat

        seat = RemoteSeat(address, code)
        try:
            seat.open()
        except SeatRefused as refused:
            return f"refused: {refused}"
        except LostHost as lost:
            return str(lost)
        self.sit(seat)
        return None
