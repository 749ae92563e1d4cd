"""The trade dialog: tick what to give and what to take, then confirm (one trade per turn)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import SelectionList, Static

from officers_chess.rules.pieces.models import Unit


class TradeList(SelectionList[int]):
    """One side's items; Enter trades. Bound here, not as a priority key of the dialog, so the ticks typed
    just before Enter (they come back up to the app to be bound) are in before the trade is made."""

    BINDINGS = [Binding("space", "tick", "Tick", show=False), Binding("enter", "screen.confirm", "Trade")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The inherited "select" is bound to both Space and Enter: off, so Space ticks and Enter trades.
        return False if action == "select" else super().check_action(action, parameters)

    def action_tick(self) -> None:
        # At once, not through the OptionSelected message the inherited Space sends: an Enter right
        # behind it would trade before that message was read.
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted).value)


class TradeDialog(ModalScreen[tuple[tuple[int, ...], tuple[int, ...]] | None]):
    """Returns (give, take) inventory indexes, or None when cancelled."""

    DEFAULT_CSS = """
    TradeDialog { align: center middle; }
    TradeDialog > Vertical { width: 70; max-width: 100%; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    TradeDialog SelectionList { width: 1fr; height: auto; max-height: 6; }
    TradeDialog .keys { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "confirm", "Trade"),
        Binding("escape", "cancel", "Cancel"),
        Binding("tab", "app.focus_next", "Other side", show=False),
    ]

    def __init__(self, me: Unit, partner: Unit) -> None:
        super().__init__()
        self.me, self.partner = me, partner

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Text(f"Trade: {self.me.name} ⇄ {self.partner.name}")  # names as written
            with Horizontal():
                give = TradeList(*[(_named(item), i) for i, item in enumerate(self.me.inventory)], id="give")
                give.border_title = Text(f"{self.me.name} gives")
                yield give
                take = TradeList(*[(_named(item), i) for i, item in enumerate(self.partner.inventory)], id="take")
                take.border_title = Text(f"{self.partner.name} gives")
                yield take
            yield Static(id="summary")  # what is ticked, in words: the ticks' colour alone is easy to miss
            yield Static("Space ticks an item · Tab switches side · Enter trades · Esc cancels. Each may carry three items.", classes="keys")

    def on_mount(self) -> None:
        self._summarise()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        self._summarise()

    def _summarise(self) -> None:
        give = [self.me.inventory[i].name for i in sorted(self.query_one("#give", SelectionList).selected)]
        take = [self.partner.inventory[i].name for i in sorted(self.query_one("#take", SelectionList).selected)]
        if not give and not take:
            line = Text("Nothing ticked yet.")
        else:
            line = Text.assemble((f"{self.me.name} gives ", "bold"), ", ".join(give) or "nothing",
                                 (f" · {self.partner.name} gives ", "bold"), ", ".join(take) or "nothing")
        self.query_one("#summary", Static).update(line)  # names as written: no markup

    def action_confirm(self) -> None:
        give = tuple(sorted(self.query_one("#give", SelectionList).selected))
        take = tuple(sorted(self.query_one("#take", SelectionList).selected))
        self.dismiss((give, take))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _named(item) -> Text:
    """An item in the trade's lists: its name, and the uses it has left when it wears out (ruling L25)."""
    left = item.uses_left
    return Text.assemble(item.name, (f" ({left} left)" if left is not None else "", "grey70"))
