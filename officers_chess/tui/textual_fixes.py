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

A widget bound to a reactive of its parent (`data_bind`, as each key of the Footer is bound to the footer's
`compact`) leaves a watcher on the parent, and Textual drops the watchers of removed widgets only when that
reactive changes. The footer's `compact` never changes, while the footer builds its keys again at every change
of step: every key ever shown stayed alive, with its rendered lines, and the heap grew by thousands of objects
per step. The garbage collector's full passes grew with it, to pauses of 100-200 ms after a few dozen steps
(the slow tail of `ui_forecast_open`). The watchers of closed widgets are now dropped whenever a new one is
added to the same reactive.
"""

from __future__ import annotations

import functools

import textual.dom
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


def _pruning(watch):
    @functools.wraps(watch)
    def watch_without_the_closed(node, obj, attribute_name, callback, *, init=True) -> None:
        watchers = getattr(obj, "__watchers", {}).get(attribute_name)
        if watchers:
            watchers[:] = [(n, c) for n, c in watchers if not (n._closing or n._closed)]
        watch(node, obj, attribute_name, callback, init=init)

    watch_without_the_closed.officers_chess_fix = True  # type: ignore[attr-defined]
    return watch_without_the_closed


def apply() -> None:
    """Guard OptionList's page moves and prune the watchers of closed widgets (once each; the tests check
    that the functions are still there to wrap)."""
    move_page = OptionList._move_page
    if not getattr(move_page, "officers_chess_fix", False):
        OptionList._move_page = _guarded(move_page)  # type: ignore[method-assign]
    if not getattr(textual.dom._watch, "officers_chess_fix", False):
        textual.dom._watch = _pruning(textual.dom._watch)


class SearchPalette(CommandPalette):
    """Textual's command palette, which starts no search once it is closed (see above)."""

    def _gather_commands(self, search_value: str):
        if not self.is_attached or self.app.screen is not self:
            return None
        return super()._gather_commands(search_value)
