"""The hand-over between the two players of a campaign at one keyboard: whose eyes the next screen is for."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.tui.footer_room import compact_footer


class CampaignHandOver(Screen):
    """Asks the other player to look away; Enter goes on to the private screen."""

    DEFAULT_CSS = """
    CampaignHandOver { align: center middle; }
    CampaignHandOver > Vertical { width: 60; max-width: 100%; height: auto; border: thick $accent; padding: 1 2; }
    CampaignHandOver .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter", "ready", "Ready"), Binding("escape", "app.show_title", "Title", show=False),
                Binding("q", "app.request_quit", "Quit", show=False)]

    def __init__(self, who: str, what: str, then: Callable[[], None]) -> None:
        super().__init__()
        self.who, self.what, self.then = who, what, then

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Campaign"
            yield Static(Text.assemble(("Pass the keyboard to ", "bold"), (f" {self.who} ", "bold reverse"), (".", "bold")))
            yield Static(Text(f"\n{self.what} What comes next is for {self.who}'s eyes only: the other player "
                              "should look away."))
            yield Static(f"Press Enter when {self.who} is ready.", classes="keys")
        yield compact_footer()

    def on_mount(self) -> None:
        self.app.clear_notifications()  # nothing the last player was told stays on the screen for the next

    def action_ready(self) -> None:
        self.then()
