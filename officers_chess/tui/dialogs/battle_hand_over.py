"""The battle's hand-over under fog: covers the map while the keyboard passes to the other player (the muster has its own, screens/handover.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.rules.pieces.models import Side


class BattleHandOver(ModalScreen[None]):
    """An opaque screen naming who plays next; nothing of either side is on it. Enter continues."""

    DEFAULT_CSS = """
    BattleHandOver { align: center middle; background: $background; }
    BattleHandOver > Vertical { width: 56; height: auto; border: double $accent; padding: 1 2; }
    BattleHandOver .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter,space", "ready", "Ready", priority=True)]

    def __init__(self, side: Side, what: str = "") -> None:
        super().__init__()
        self.side = side
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]Pass the keyboard to the {self.side.title}.[/b]")
            if self.what:
                yield Static(Text(self.what))
            yield Static(f"{self.side.title}: press Enter when the other player cannot see the screen.", classes="keys")

    def action_ready(self) -> None:
        self.dismiss(None)
