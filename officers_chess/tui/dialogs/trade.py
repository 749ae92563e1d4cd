"""The trade dialog: tick what to give and what to take, then confirm (one trade per turn)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import SelectionList, Static

from officers_chess.rules.models import Unit


class TradeDialog(ModalScreen[tuple[tuple[int, ...], tuple[int, ...]] | None]):
    """Returns (give, take) inventory indexes, or None when cancelled."""

    DEFAULT_CSS = """
    TradeDialog { align: center middle; }
    TradeDialog > Vertical { width: 70; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    TradeDialog SelectionList { width: 1fr; height: auto; max-height: 6; }
    TradeDialog .keys { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "confirm", "Trade", priority=True),
        Binding("escape", "cancel", "Cancel"),
        Binding("tab", "app.focus_next", "Other side", show=False),
    ]

    def __init__(self, me: Unit, partner: Unit) -> None:
        super().__init__()
        self.me, self.partner = me, partner

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"Trade: {self.me.name} ⇄ {self.partner.name}"
            with Horizontal():
                give = SelectionList[int](*[(item.name, i) for i, item in enumerate(self.me.inventory)], id="give")
                give.border_title = f"{self.me.name} gives"
                yield give
                take = SelectionList[int](*[(item.name, i) for i, item in enumerate(self.partner.inventory)], id="take")
                take.border_title = f"{self.partner.name} gives"
                yield take
            yield Static("Space ticks an item · Tab switches side · Enter trades · Esc cancels. Each may carry three items.", classes="keys")

    def action_confirm(self) -> None:
        give = tuple(sorted(self.query_one("#give", SelectionList).selected))
        take = tuple(sorted(self.query_one("#take", SelectionList).selected))
        self.dismiss((give, take))

    def action_cancel(self) -> None:
        self.dismiss(None)
