"""How every list in the game behaves: it stops at its ends, and keeps its highlighted row in sight when squeezed."""

from __future__ import annotations

from textual.widgets import OptionList

# Why every OptionList and not one screen's: Textual's lists wrap round, and a held or repeated Up in the shop
# carried the cursor from its first row to its last, where the next Enter bought what nobody had read (a
# play-test). The title list had been mended alone (rulings L71); the house rule is now made once, on the class
# every list is (the shop, the company, the dialogs' lists, the trade's SelectionList, the Ctrl+P search's).


def _stepping(direction: int):
    def cursor(self: OptionList) -> None:
        if self.highlighted is None:  # nothing highlighted yet: the first (or last) row that can be chosen
            (self.action_first if direction > 0 else self.action_last)()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:  # headers and greyed rows are stepped over
                self.highlighted = index
                return
            index += direction

    cursor.officers_chess_ends = True  # type: ignore[attr-defined]
    return cursor


# Why a resize scrolls: Textual scrolls a list to its highlight when the highlight moves, not when the list
# shrinks under it. In the campaign muster a hire's two-line message took a row from the shop just after the
# cursor had moved to the new unit's kit, so the highlighted row was below the shop's last line, and Enter would
# buy an item nobody could see (a play-test).
def _keeping_in_sight(on_resize):
    def resized(self: OptionList) -> None:
        on_resize(self)
        self.call_after_refresh(self.scroll_to_highlight)  # once the new size has its lines

    resized.officers_chess_sight = True  # type: ignore[attr-defined]
    return resized


def apply() -> None:
    """Make Up and Down stop at a list's ends, and a resize keep the highlighted row in sight, for every OptionList
    (once)."""
    if not getattr(OptionList.action_cursor_up, "officers_chess_ends", False):
        OptionList.action_cursor_up = _stepping(-1)  # type: ignore[method-assign]
        OptionList.action_cursor_down = _stepping(1)  # type: ignore[method-assign]
    if not getattr(OptionList._on_resize, "officers_chess_sight", False):
        OptionList._on_resize = _keeping_in_sight(OptionList._on_resize)  # type: ignore[method-assign]
