"""Every key of the screen under it, with what it does: `?` on a screen that has no help of its own."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """(key, what it does) for each key of the game's own that works on `screen` now, footer or not, in the order
    they are bound: the screen's, the game's, and those of the game's own lists and boxes with the keys (the shop's
    Enter buys), since the ones the footer has no room for are the ones a newcomer cannot find. A key the footer
    shows for a group (1-3 sells the unit's first to third item) stands for the hidden keys of its group."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = {"keys_help"}  # (this list itself)
    grouped: set[str] = set()  # the actions a grouped key stands for (by name, without their arguments)
    for namespace, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.action not in _own_actions(namespace):
            continue  # Textual's own keys: a list's arrows and paging, focus and copy, known to everyone
        if not enabled or not binding.description or binding.action in seen:
            continue
        name = binding.action.partition("(")[0]
        if not binding.show and name in grouped:
            continue
        if binding.show and binding.key_display:
            grouped.add(name)
        seen.add(binding.action)
        rows.append((screen.app.get_key_display(binding), binding.description))
    return rows


def _own_actions(node: object) -> set[str]:
    """The actions the game's own classes bind on `node` (Textual's base classes left out)."""
    return {binding.action for cls in type(node).__mro__ if cls.__module__.startswith("officers_chess")
            for binding in vars(cls).get("BINDINGS", []) if isinstance(binding, Binding)}


class KeysHelp(ModalScreen[None]):
    """The keys of the screen it was opened over; Esc, ? or q closes it."""

    DEFAULT_CSS = """
    KeysHelp { align: center middle; }
    KeysHelp > VerticalScroll { width: 60; max-width: 100%; height: auto; max-height: 90%;
                                border: thick $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("key", style="bold", no_wrap=True)
        table.add_column("does")
        for key, words in self.rows:
            table.add_row(key, words)
        with VerticalScroll() as box:
            box.border_title = "Keys here · Esc to close"
            yield Static(table)

    def action_close(self) -> None:
        self.dismiss(None)
