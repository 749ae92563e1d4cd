"""The whole battle log on one screen: everything the reader's side was told, the computer's turns included."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog

from officers_chess.tui.closing import after_refresh


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
        self._write()
        self.query_one(RichLog).focus()

    def on_resize(self) -> None:
        # A RichLog keeps its lines as wrapped when written: once the new size is laid out, write them again.
        after_refresh(self, self._write)

    def _write(self) -> None:
        log = self.query_one(RichLog)
        log.clear()
        # Wrapped to the room beside the scrollbar, whether or not it shows yet: a line never runs under it.
        room = log.content_region.width - log.styles.scrollbar_size_vertical
        for line in self.lines:
            log.write(Text(line), width=max(room, log.min_width) if room > 0 else None)  # as written: no markup
        log.scroll_end(animate=False, immediate=True)

    def action_close(self) -> None:
        self.dismiss(None)
