"""Workarounds for Textual bugs the game's keys can reach (Textual 8.2; check them again on upgrading).

PageUp and PageDown in an OptionList that has options but no room to show them (squeezed to no height, or
just filled and not yet laid out, as the Ctrl+P search list is for a moment after each letter typed) look up
the highlighted option's line before any line is known, and stop the app with `KeyError`. The lists' own
line cache is only built for a list with room (Textual issue #5794 is the same early return). With no
lines there is no page to move by: the key does nothing, as it would on an empty list. SelectionList (the
trade dialog) and the search's CommandList are OptionLists too, so the fix is made on OptionList itself.

The Ctrl+P search starts a search (a worker) for every change to what is typed. Esc typed just before
Ctrl+P closes the new search as it comes back up to the app (a key is bound on its way back up), while the
letter typed just after is still on its way to the search's input: that letter then starts a search in a
search already closed, which finds no list to fill and stops the app (`NoMatches`). SearchPalette starts
none once it is closed.
"""

from __future__ import annotations

import functools

from textual.command import CommandPalette
from textual.widgets import OptionList


def _guarded(move_page):
    @functools.wraps(move_page)
    def move_page_when_laid_out(self: OptionList, direction) -> None:
        if not self.scrollable_content_region:  # no room at all: Textual keeps no lines
            return
        highlighted = self.highlighted or 0
        if self.options and highlighted not in self._index_to_line:  # lines not worked out yet
            return
        move_page(self, direction)

    move_page_when_laid_out.officers_chess_fix = True  # type: ignore[attr-defined]
    return move_page_when_laid_out


def apply() -> None:
    """Guard OptionList's page moves (once; the tests check the method is still there to guard)."""
    move_page = OptionList._move_page
    if not getattr(move_page, "officers_chess_fix", False):
        OptionList._move_page = _guarded(move_page)  # type: ignore[method-assign]


class SearchPalette(CommandPalette):
    """Textual's command palette, which starts no search once it is closed (see above)."""

    def _gather_commands(self, search_value: str):
        if not self.is_attached or self.app.screen is not self:
            return None
        return super()._gather_commands(search_value)
