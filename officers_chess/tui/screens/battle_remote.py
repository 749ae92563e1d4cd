"""The battle screen of a seat at another machine's table: the same screen, drawn from the seat's view; the other
seat's turn plays out at the chosen pace as the host's views arrive, and the end comes from the host."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual import work
from textual.binding import Binding

from officers_chess.net.kept_copy import keep_copy
from officers_chess.net.greeting import LostHost
from officers_chess.net.messages import BattleSeat, Notice, Over, Refusal
from officers_chess.session.modes import Mode
from officers_chess.net.remote import Rejoined
from officers_chess.net.remote_battle import RemoteController
from officers_chess.tui.closing import drawing_unless_going
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.battle import BattleScreen


class RemoteBattleScreen(BattleScreen):
    """A BattleScreen whose controller asks the host (RemoteController); `heard` takes what the host sends."""

    BINDINGS = [Binding("x", "concede", "Concede", show=False)]

    def __init__(self, loaded, controller: RemoteController) -> None:
        # Joined after the battle's first action (or again after a drop): the log so far comes first, and it
        # "goes on"; a battle that opens now says who acts first.
        known = controller.view
        begun = known.round > 1 or known.active is not None or any(u.activated for u in known.units)
        super().__init__(loaded, None, controller=controller, resumed=begun)
        self.table_note = ""  # the latest word about the table (the other seat left, came back)
        self._inbox: asyncio.Queue[BattleSeat | Over | Notice] = asyncio.Queue()
        self._kept = False  # the host's save has been kept (or was not sent)

    @property
    def hot_seat(self) -> bool:
        return False  # one person at this keyboard: the other is at their own machine

    def replay_path(self) -> None:
        return None  # the host's file: this machine has no command that starts the table's battle again

    def _told(self) -> dict:
        c: RemoteController = self.controller  # type: ignore[assignment]
        return {reader: list(c.joined_lines) for reader in self.logs.readers}

    def heard(self, message: BattleSeat | Over | Notice) -> None:
        """A message from the host (in the app's loop), taken in order by `follow` once the screen is up; the end's
        copy of the save is kept at once, whatever the screen does next (N16)."""
        if isinstance(message, Over) and not self._kept:
            self._kept = True
            self._keep_copy(message.record)
        self._inbox.put_nowait(message)

    def on_mount(self) -> None:
        # (BattleScreen's own on_mount runs first: Textual calls each class's handler.)
        self.follow()

    def shown_fingerprint(self) -> tuple[str | None, str]:
        """As at a local table, the host's dice: the result shows the seed behind the fingerprint."""
        return self.controller.fingerprint, "the host"

    def computer_plays(self) -> None:
        """The other seat's turn is played at its own machine: `follow` shows it as the host tells it."""
        self._nudge.set()

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        """Each view the host sends that this keyboard did not ask for, one beat apart while the other seat plays."""
        with drawing_unless_going(self):  # a word from the host may come as the app closes (the other seat left)
            await self._follow()

    async def _follow(self) -> None:
        c: RemoteController = self.controller  # type: ignore[assignment]
        while True:
            message = await self._inbox.get()
            if isinstance(message, Notice):  # about the table: the other seat left, or is back
                if isinstance(message, Rejoined):
                    c.rejoined()
                self.table_note = message.text
                self.app.notify(message.text, timeout=6)
                self.refresh_view(full=False)
                continue
            theirs = c.mode is Mode.COMPUTER  # a step of the other seat's (paced), not an answer to this keyboard
            told = c.hear(message)
            if told is None:
                continue
            self._sync_log()
            if told.exchange:
                self._reveal_result(told.lines)
            self.refresh_view()
            self._at_keyboard = c.view.to_act
            if c.mode is Mode.OVER:
                await self._on_top()
                self._ended()
                return
            if theirs and told.lines and not self._skipping():
                # Each of their steps stays a beat (two for an exchange) before the next is shown; the keys work
                # meanwhile, so a turn that has come back to this keyboard can be played at once.
                await self._linger(2.0 if told.exchange else 1.0)
            if c.mode is not Mode.COMPUTER:
                self._skip_round = None

    def _after(self, told) -> None:
        if self.controller.mode is Mode.OVER:
            self._sync_log()
            self.refresh_view()
            self._ended()
            return
        super()._after(told)

    def _ended(self) -> None:
        c: RemoteController = self.controller  # type: ignore[assignment]
        over = c.over
        if over is not None and over.final is not None:
            self.app.show_result(*c.final())  # type: ignore[attr-defined]
            return
        who = over.conceded.value if over is not None and over.conceded is not None else "other side"
        self.app.notify(f"The battle is over: the {who} conceded.", timeout=10)
        self.app.show_title()  # type: ignore[attr-defined]

    def _keep_copy(self, record) -> None:
        """The host's save of the finished battle, kept in this player's saves (a host here has it already)."""
        if record is None or getattr(self.app, "hosting", None) is not None:
            return
        try:
            path = keep_copy(record)
        except OSError as exc:
            self.app.notify(f"Could not keep a copy of the battle: {exc.strerror or exc}", severity="warning")
            return
        self.app.notify(f"The battle is saved as {path.name}: l on the title screen replays it.", timeout=8)

    def _computer_note(self) -> Text:
        c = self.controller
        body = Text(f"The {c.view.to_act.value} is thinking at their own machine…", "bold")
        if self.table_note:
            body.append(f"\n{self.table_note}", palette().hint)
        faster = "f: normal pace" if self.pace == "fast" else "f: faster"
        body.append(f"\n\nTheir moves play out here as they make them. {faster} · r: the whole log · "
                    "x: concede.", "grey62")
        return body

    def action_concede(self) -> None:
        def answered(yes: bool | None) -> None:
            if not yes:
                return
            c: RemoteController = self.controller  # type: ignore[assignment]
            try:
                c.concede()
            except (Refusal, LostHost) as exc:  # said, and the battle goes on
                self.app.notify(f"Could not concede: {exc}", severity="error")
                return
            if c.over is not None:
                self._ended()

        self.app.push_screen(ConfirmDialog("Concede this battle? The other side wins, and it ends for both of you."),
                             answered)

    def action_back(self) -> None:
        super().action_back()
        self._sync_log()  # a take-back's line is the host's, noted by the controller rather than returned

    def action_save_copy(self) -> None:
        self.app.notify("The host saves this battle, action by action; its save comes to you when the battle ends.",
                        timeout=6)

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.leave_table()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog(self.app.leaving_words(quitting=False)), answered)  # type: ignore[attr-defined]
