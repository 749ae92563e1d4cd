"""The waiting screen of a hosted battle: whose step it is at the other machine, and the join line to give a friend."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.rules.pieces.models import Side
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette


def this_machine_only(invite: str) -> bool:
    """Whether a join line names this machine's loopback address (a friend elsewhere cannot reach it as it is)."""
    words = invite.split()
    address = words[2] if len(words) > 2 else ""
    host = address.rpartition(":")[0].strip("[]")
    return host in ("127.0.0.1", "localhost", "::1")


class TableWaitScreen(Screen):
    """Says what the table waits for; Esc leaves it (after a question that says what becomes of the battle)."""

    DEFAULT_CSS = """
    TableWaitScreen { align: center middle; }
    TableWaitScreen > Vertical { width: 76; max-width: 100%; height: auto; border: thick $accent; padding: 1 2; }
    TableWaitScreen #invite { margin-top: 1; }
    TableWaitScreen .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "leave", "Leave the table")]

    def __init__(self, scenario: str, side: Side, words: str, invite: str | None) -> None:
        super().__init__()
        self.scenario, self.side = scenario, side
        self.words, self.invite = words, invite

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"{self.scenario} · across two machines"
            yield Static(Text.assemble("You play the ", (f" {self.side.title.upper()} ", palette().side_banner(self.side)),
                                       "."))
            yield Static(id="words")
            yield Static(id="invite")
            yield Static("Esc leaves the table.", classes="keys")
        yield compact_footer()

    def on_mount(self) -> None:
        self.tell(self.words, self.invite)

    def tell(self, words: str, invite: str | None) -> None:
        """Show the latest word from the table, and the join line while the other seat is open."""
        self.words, self.invite = words, invite
        self.query_one("#words", Static).update(Text(f"\n{words}", "bold"))
        shown = Text("")
        if invite and this_machine_only(invite):
            shown = Text.assemble(("The host listens on this machine only. A friend elsewhere first opens an SSH "
                                   "tunnel to it (see the README), then types:\n", "grey70"), (invite, "bold"),
                                  ("\nOr host with officers-chess host --bind 0.0.0.0 on a network you trust.",
                                   "grey62"))
        elif invite:
            shown = Text.assemble(("Give the other player this line to type at their terminal:\n", "grey70"),
                                  (invite, "bold"), ("\nAcross the internet: see the README (an SSH tunnel).",
                                                     "grey62"))
        self.query_one("#invite", Static).update(shown)

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.leave_table()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog(self.app.leaving_words(quitting=False)), answered)  # type: ignore[attr-defined]
