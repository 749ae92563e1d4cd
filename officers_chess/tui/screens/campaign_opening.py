"""The wait while the computer's companies muster for a campaign chapter: the work runs in a thread, the screen stays live."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import LoadingIndicator, Static
from textual.worker import Worker, WorkerState

from officers_chess.tui.footer_room import compact_footer

if TYPE_CHECKING:
    from officers_chess.session.campaign_run import CampaignRun


class CampaignOpeningScreen(Screen):
    """Says which company the computer is mustering for the next chapter while it does (a practice fight per
    army it weighs at `hard`, some seconds); then `then` goes on to the person's muster or the battle. Says only
    what both players may know: whose company, at what level, for which chapter."""

    DEFAULT_CSS = """
    CampaignOpeningScreen { align: center middle; }
    CampaignOpeningScreen > Vertical { width: 64; max-width: 100%; height: auto; border: thick $accent; padding: 1 2; }
    CampaignOpeningScreen LoadingIndicator { height: 1; margin-top: 1; }
    """

    def __init__(self, run: CampaignRun, then: Callable[[], None]) -> None:
        super().__init__()
        self.run = run
        self.then = then
        self._opened = False  # the musters are done, while a dialog (help, quit) still covers the screen

    def compose(self) -> ComposeResult:
        run = self.run
        chapter = run.chapter
        with Vertical() as box:
            box.border_title = f"Chapter {run.number}" + (f": {run.scenario().scenario.name}" if chapter else "")
            names = [f"{run.campaign.players[p].name} ({run.data.players[p]})" for p in run.data.players
                     if run.data.players[p] != "human"]
            yield Static(Text(f"The computer musters {' and '.join(names)} for the chapter.", style="bold"))
            yield LoadingIndicator()
        yield compact_footer()

    def on_mount(self) -> None:
        # The computer's musters (open_chapter) may run practice fights: never on the screen's thread.
        self.run_worker(self.run.open_chapter, thread=True, exclusive=True, group="campaign-opens",
                        description="the computer's companies muster", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "campaign-opens" or not self.is_attached:
            return
        if event.state is WorkerState.SUCCESS:
            self._opened = True
            self._go_on()
        elif event.state is WorkerState.ERROR:
            raise event.worker.error  # type: ignore[misc]  # open_chapter answers a muster it cannot make itself: a bug

    def on_screen_resume(self) -> None:
        self._go_on()

    def _go_on(self) -> None:
        """On once the musters are done, but never from under a dialog the player has open."""
        if self._opened and self.app.screen is self:
            self._opened = False
            self.then()
