"""The muster's move dialog: one unit's items, each to any other unit of the company that can take it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.session.campaign_form import FIELD, RESERVE, MusterForm

WHERE = {FIELD: "in the field", RESERVE: "in reserve"}


class MoveItemDialog(ModalScreen[tuple[int, int] | None]):
    """Enter moves the highlighted item to the unit the row names; a row that cannot be says why and is not offered.
    Answers (slot, index of the receiving unit), or None on Esc."""

    DEFAULT_CSS = """
    MoveItemDialog { align: center middle; }
    MoveItemDialog > Vertical { width: 74; height: auto; max-height: 90%; border: thick $primary; background: $surface; }
    MoveItemDialog #moves { height: auto; max-height: 16; }
    MoveItemDialog .keys { color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,m", "cancel", "Cancel")]

    def __init__(self, form: MusterForm, index: int) -> None:
        super().__init__()
        self.form, self.index = form, index

    def compose(self) -> ComposeResult:
        giver = self.form.members[self.index]
        options = []
        for slot, to, why in self.form.move_choices(self.index):
            name, spent, _ = giver.kit()[slot]
            left = self.form.uses_words(name, spent)
            other = self.form.members[to]
            row = Text.assemble((f"{slot + 1} ", "bold"), f"{name}{left}", " → ", (other.recruit.name, "bold"),
                                f" {other.recruit.unit_class}", (f" ({why})" if why else f" {WHERE.get(other.status, '')}",
                                                                 "grey50" if why else "grey70"))
            options.append(Option(row, id=f"{slot}:{to}", disabled=why is not None))
        with Vertical() as box:
            box.border_title = f"Move an item of {giver.recruit.name}"
            moves = OptionList(*options, id="moves")
            yield moves
            yield Static("Enter: move it (no gold; its uses stay as they are)   Esc: cancel", classes="keys")

    def on_mount(self) -> None:
        moves = self.query_one("#moves", OptionList)
        moves.focus()
        first = next((i for i in range(moves.option_count) if not moves.get_option_at_index(i).disabled), None)
        moves.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        slot, to = (int(part) for part in (event.option.id or "0:0").split(":"))
        self.dismiss((slot, to))

    def action_cancel(self) -> None:
        self.dismiss(None)
