"""The whole battle log on one screen: everything the reader's side was told, the computer's turns included."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog


class RecapScreen(ModalScreen[None]):
    """The reader's log, tall and scrollable (at 80×24 the battle screen's log shows four lines); Esc or r closes."""

    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen > RichLog {
        width: 96%; max-width: 110; height: 94%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,r,q", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines  # the reader's own log (under fog, only what its side saw)

    def compose(self) -> ComposeResult:
        # min_width: RichLog wraps at 78 columns at least by default, and crops what its box cannot show: the
        # dialog is narrower than that at 80 columns, and the ends of long lines were lost.
        log = RichLog(wrap=True, markup=False, auto_scroll=True, min_width=20)
        log.border_title = "Battle log · ↑↓ PgUp PgDn scroll · Esc closes"
        yield log

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(Text(line))  # names and notes as written: no markup
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
