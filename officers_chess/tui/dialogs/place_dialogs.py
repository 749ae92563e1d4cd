"""The scenario editor's dialogs for places: an area's name, words and whether it is hidden; a chest's item."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.session.map_areas import MarkedArea, area_title
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field, TickBox
from officers_chess.tui.widgets.army_text import item_details, item_row
from officers_chess.tui.widgets.pick_list import PickList


class AreaDialog(Answered, ModalScreen[tuple[str, str, bool] | None]):
    """An area's name, the words the players read on the map, and whether it is hidden from them. Enter in a field
    answers (name, words, hidden) when `check` finds nothing wrong, else its words stay on the dialog."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AreaDialog") + "AreaDialog Label { width: 100%; height: auto; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, name: str, about: str, hidden: bool,
                 check: Callable[[str, str], str | None], note: str = "") -> None:
        super().__init__()
        self.title_text, self.start, self.check, self.note = title, (name, about, hidden), check, note

    def compose(self) -> ComposeResult:
        name, about, hidden = self.start
        with Vertical() as box:
            box.border_title = self.title_text
            if self.note:
                yield Static(Text(self.note))
            yield Label("Name, one word: small letters, digits, _ (scripts use it)")
            yield Field(name, id="area-name")
            yield Label("Words on the map (what it means to the players)")
            yield Field(about, id="area-about")
            yield TickBox("Hidden: only the scripts know it", hidden, id="area-hidden")
            yield Static(id="area-shown")
            yield Static("", classes="error")
            yield Static("Tab next · Space ticks · Enter in a field: done · Esc cancel", classes="keys")

    def on_mount(self) -> None:
        self._show_map_words()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _show_map_words(self) -> None:
        """What the players will read of the area, from the fields as they are now."""
        name = self.query_one("#area-name", Input).value.strip()
        about = " ".join(self.query_one("#area-about", Input).value.split())
        if self.query_one("#area-hidden", Checkbox).value:
            shown = Text("The map will not show it: the players never read of it.", "dim")
        else:
            words = MarkedArea(area_title(name), about, frozenset()).words() if name else "(give it a name)"
            shown = Text.assemble(("The map will underline it; its tile panel reads: ", "dim"), words)
        self.query_one("#area-shown", Static).update(shown)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = self.query_one("#area-name", Input).value.strip()
        about = " ".join(self.query_one("#area-about", Input).value.split())
        problem = self.check(name, about)
        if problem:
            self.query_one(".error", Static).update(Text(problem))
            return
        self.answer((name, about, self.query_one("#area-hidden", Checkbox).value))

    def action_cancel(self) -> None:
        self.answer(None)


class ItemPicker(Answered, ModalScreen[str | None]):
    """One of the catalogue's items, in the unit dialog's list (each row its price, kind and figures) with the hiring
    screen's details of the highlighted one below: typing narrows the list, ↑↓ choose, Enter takes it."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ItemPicker") + """
    ItemPicker > Vertical { width: 78; }
    ItemPicker PickList > OptionList { height: 9; }
    ItemPicker #item-details { height: auto; min-height: 3; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, catalogue: Catalogue) -> None:
        super().__init__()
        self.title_text, self.catalogue = title, catalogue

    def compose(self) -> ComposeResult:
        items = sorted(self.catalogue.items.values(), key=lambda item: item.name)
        with Vertical() as box:
            box.border_title = self.title_text
            yield PickList([(item.name, item_row(item, item_price(item), None)) for item in items], [],
                           id="item-list")
            yield Static(id="item-details")
            yield Static("type to narrow · ↑↓ choose · Enter take it · Esc cancel", classes="keys")

    @on(PickList.Shown)
    def _shown(self, event: PickList.Shown) -> None:
        item = self.catalogue.items[event.name]
        self.query_one("#item-details", Static).update(item_details(item, item_price(item)))

    @on(PickList.Picked)
    def _picked(self, event: PickList.Picked) -> None:
        self.answer(event.picks[0])

    def action_cancel(self) -> None:
        self.answer(None)
