"""The wait while the computer takes its own army-building steps: the work runs in a thread, the screen stays live."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import LoadingIndicator, Static
from textual.worker import Worker, WorkerState

from officers_chess.ai.player import Policy
from officers_chess.rules.muster.phases import Muster, MusterError, Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.muster_session import MusterSession
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.screens.muster_step import MusterStepScreen

DOING = {
    Phase.HIRING: "hiring its army",
    Phase.SCOUTING: "reading the scouts' report",
    Phase.OUTFITTING: "outfitting its units",
    Phase.DEPLOYING: "deploying its army",
}


class ComputerMusterScreen(MusterStepScreen):
    """Says which side the computer is building, while it does (half a second, or more for `hard`); then the
    app moves on to the person's step or the battle. Says only what both players may know: side and step."""

    holds_edits = False  # the person changes nothing here: the save was written before the computer began

    DEFAULT_CSS = """
    ComputerMusterScreen { align: center middle; }
    ComputerMusterScreen > Vertical { width: 60; max-width: 100%; height: auto; border: thick $accent; padding: 1 2; }
    ComputerMusterScreen LoadingIndicator { height: 1; margin-top: 1; }
    """

    def __init__(self, session: MusterSession, policies: dict[Side, Policy]) -> None:
        side = session.current()[1]
        assert side is not None and side in policies, "only a step the computer takes"
        super().__init__(session, side)
        self.policies = policies
        self._done: Muster | None = None  # the steps taken, while a dialog (help, quit) still covers the screen

    def compose(self) -> ComposeResult:
        phase, side = self.session.current()
        assert side is not None
        with Vertical() as box:
            box.border_title = f"Army building · {self.session.step_label()}"
            yield Static(self._doing(phase, side), id="doing")
            yield LoadingIndicator()
        yield compact_footer()

    def _doing(self, phase: Phase, side: Side) -> Text:
        return Text(f"The computer ({self.policies[side].name}) is {DOING[phase]} for the {side.title}.", style="bold")

    def on_mount(self) -> None:
        # A failure comes back as a state change (below), told in words: the worker must not end the app itself.
        self.run_worker(self._steps, thread=True, exclusive=True, group="computer-musters",
                        description="the computer builds its army", exit_on_error=False)

    def _steps(self) -> Muster:
        """In the thread: each step as it begins is named on the screen (when it plays both sides, or one side
        takes two steps in a row)."""
        return self.session.computer_steps(self.policies, lambda phase, side: self.app.call_from_thread(
            self._say, phase, side))

    def _say(self, phase: Phase, side: Side) -> None:
        if self.is_attached:
            self.query_one("#doing", Static).update(self._doing(phase, side))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "computer-musters" or not self.is_attached:
            return
        if event.state is WorkerState.SUCCESS:
            self._done = event.worker.result
            self._go_on()
        elif event.state is WorkerState.ERROR:
            error = event.worker.error
            if not isinstance(error, MusterError):
                raise error  # a bug, not a scenario the computer cannot build for: let it be seen
            self.app.notify(f"Army building cannot go on: {error}.", severity="error", timeout=12)
            self.app.show_title()  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        self._go_on()

    def _go_on(self) -> None:
        """On to the next screen once the steps are taken, but never from under a dialog the player has open."""
        if self._done is None or self.app.screen is not self:
            return
        self.session.muster, self._done = self._done, None
        self.step_done()
