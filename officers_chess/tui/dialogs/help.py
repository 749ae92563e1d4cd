"""The help overlay: every key of the battle screen and how to read the map."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.rules.terrain import TERRAIN

KEYS = [
    ("Arrows / h j k l", "move the cursor (in menus and targeting: choose)"),
    ("Enter / Space", "select a unit · move there · choose · attack"),
    ("Esc", "step back (a move can be taken back until the unit acts)"),
    ("Tab", "jump to the next unit still to act"),
    ("a / w", "attack / wait, once the unit has moved"),
    ("Mouse click", "point at a tile (click again to confirm)"),
    ("?", "this help"),
    ("q", "quit (asks first)"),
]


def help_text() -> Table:
    keys = Table(box=None, show_header=False, pad_edge=False)
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    for key, meaning in KEYS:
        keys.add_row(key, meaning)
    keys.add_row("", "")
    keys.add_row("Units", Text("Attackers are CAPITAL letters (blue), defenders small letters (red). "
                               "The letter is the class (the unit sheet names it); the second cell is the terrain under the unit. "
                               "Dimmed units have acted this round."))
    keys.add_row("Overlays", "blue: where the selected unit can move · dark red: what it could strike · bright red: targets")
    keys.add_row("", "")
    for terrain in TERRAIN.values():
        bonus = f"+{terrain.defense} Def/Res" if terrain.defense else ""
        costs = "/".join("–" if c is None else str(c) for c in (terrain.foot, terrain.armored, terrain.cavalry, terrain.flying))
        keys.add_row(f"  {terrain.glyph}", f"{terrain.name}: move {costs} (foot/armored/cavalry/flying) {bonus}")
    return keys


class HelpScreen(ModalScreen[None]):
    """Key bindings and the map legend; any of Esc, ? or q closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Help · Esc to close"
            yield Static(help_text())

    def action_close(self) -> None:
        self.dismiss(None)
