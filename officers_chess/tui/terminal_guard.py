"""The app's one way out to the terminal: no line Textual draws carries a character the terminal would obey.

Rich and Textual drop only BEL, backspace, vertical tab, form feed and carriage return from what they are
given: an ESC, a C1 control or a bidi override in a name would reach the terminal and be acted on. Content
never holds one (the files are refused where they are read, ruling X1), and the text the player types is
checked as it is typed; this is the backstop for the rest (a file's name, an error of the system's), made where
every line of every screen is turned into what the terminal is sent, `Strip.render`. There those characters
are taken out, not spelled out: the line's layout is already made, and each of them takes no cell.
"""

from __future__ import annotations

import functools

from rich.segment import Segment
from textual.strip import Strip

from officers_chess.rules.basics.plain_text import NOT_SHOWN


def shown(text: str) -> str:
    """`text` without the characters of NOT_SHOWN; a lone surrogate (one cell wide to Rich) becomes U+FFFD."""
    return NOT_SHOWN.sub(lambda m: "\ufffd" if "\ud800" <= m.group() <= "\udfff" else "", text)


def _guarded(render):
    @functools.wraps(render)
    def render_shown(self: Strip, console) -> str:
        if self._render_cache is None and any(NOT_SHOWN.search(text) for text, _, control in self._segments
                                              if not control):
            self._segments = [segment if segment.control else Segment(shown(segment.text), segment.style)
                              for segment in self._segments]
        return render(self, console)

    render_shown.officers_chess_guard = True  # type: ignore[attr-defined]
    return render_shown


def apply() -> None:
    """Guard Strip.render (once)."""
    if not getattr(Strip.render, "officers_chess_guard", False):
        Strip.render = _guarded(Strip.render)  # type: ignore[method-assign]
