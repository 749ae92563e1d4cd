"""What a terminal too small for the game shows instead of it: the size it has, the size it needs, and how to quit.

The app pushes this screen over whatever is open when the terminal shrinks below MIN_SIZE and pops it when the
terminal is large enough again; the screens underneath keep their state (and the computer waits to move).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

# From here on every screen works, if cramped: the hiring shop keeps a few rows, the battle its map and a
# narrower side pane, and the wider boxes shrink to the terminal. 80×24 is the size the screens are drawn for.
MIN_SIZE = Size(60, 16)


def too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


class TooSmallScreen(Screen[None]):
    """Covers the game while the terminal is too small; Ctrl+Q quits (twice when something would be lost)."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen > Static { width: 100%; height: auto; text-align: center; }
    """
    AUTO_FOCUS = None

    def __init__(self, size: Size, loses: str | None = None, kept: str | None = None) -> None:
        """`loses`: what quitting now would lose ("the battle in progress"), None when nothing would be;
        `kept`: what is autosaved, to say so ("the battle")."""
        super().__init__()
        self.size_now = size
        self.loses = loses
        self.kept = kept
        self.armed = False  # Ctrl+Q was pressed once while something would be lost

    def compose(self) -> ComposeResult:
        yield Static(self._text())

    def _text(self) -> Text:
        width, height = self.size_now
        text = Text("The terminal is too small\n", "bold")
        text.append(f"now {width}×{height}, need at least {MIN_SIZE.width}×{MIN_SIZE.height}\n")
        text.append("Make the window larger (or the font smaller) to go on.\n", "grey70")
        if self.armed:
            text.append(f"Quitting loses {self.loses}: Ctrl+Q again quits.", "bold")
        elif self.loses:
            text.append(f"Ctrl+Q quits ({self.loses} would be lost).", "grey70")
        elif self.kept:
            text.append(f"Ctrl+Q quits; {self.kept} is autosaved.", "grey70")
        else:
            text.append("Ctrl+Q quits.", "grey70")
        return text

    def on_screen_resume(self) -> None:
        # On top again after a screen opened over it has closed: the terminal may have grown meanwhile.
        if not too_small(self.app.size):
            self.app.call_later(self._leave)

    def _leave(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()

    def show_size(self, size: Size) -> None:
        self.size_now = size
        self._redraw()

    def quit_pressed(self) -> bool:
        """Ctrl+Q here: True to quit now; the first press only warns when something would be lost."""
        if self.loses is None or self.armed:
            return True
        self.armed = True
        self._redraw()
        return False

    def _redraw(self) -> None:
        if self.is_mounted:
            self.query_one(Static).update(self._text())
