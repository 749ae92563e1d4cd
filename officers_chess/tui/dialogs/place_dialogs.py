"""The scenario editor's dialogs for places: an area's name, words and whether it is hidden; a chest's item."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered


class AreaDialog(Answered, ModalScreen[tuple[str, str, bool] | None]):
    """An area's name, the words the players read on the map, and whether it is hidden from them. Enter in a field
    answers (name, words, hidden) when `check` finds nothing wrong, else its words stay on the dialog."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AreaDialog")
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
            yield Label("Name (scripts and triggers use it)")
            yield Input(name, id="area-name")
            yield Label("Words on the map (what it means to the players)")
            yield Input(about, id="area-about")
            yield Checkbox("Hidden: only the scripts know it", hidden, id="area-hidden")
            yield Static("", classes="error")
            yield Static("Tab next · Space ticks · Enter in a field: done · Esc cancel", classes="keys")

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
    """One of the catalogue's items: typing narrows the list, ↑↓ choose, Enter takes the highlighted one."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ItemPicker") + "ItemPicker OptionList { height: auto; max-height: 12; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("up", "move(-1)", show=False),
                Binding("down", "move(1)", show=False)]

    def __init__(self, title: str, items: list[tuple[str, str]]) -> None:
        """`items`: each item's name and a few words on it (its kind)."""
        super().__init__()
        self.title_text, self.items = title, items

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Input(placeholder="type to narrow the list", id="item-filter")
            yield OptionList(id="item-list")
            yield Static("", classes="error")
            yield Static("type to narrow · ↑↓ choose · Enter take it · Esc cancel", classes="keys")

    def on_mount(self) -> None:
        self._fill("")

    def shown(self) -> list[str]:
        """The names the list shows now, in order."""
        options = self.query_one(OptionList)
        return [str(options.get_option_at_index(i).id) for i in range(options.option_count)]

    def _fill(self, wanted: str) -> None:
        words = wanted.lower().split()
        options = self.query_one(OptionList)
        options.clear_options()
        for name, about in self.items:
            if all(word in f"{name} {about}".lower() for word in words):
                label = Text(name)
                label.append(f"  {about}", "dim")
                options.add_option(Option(label, id=name))
        options.highlighted = 0 if options.option_count else None
        self.query_one(".error", Static).update("" if options.option_count else Text("No item has those words."))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def action_move(self, step: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count

    def on_input_submitted(self, event: Input.Submitted) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is not None and options.option_count:
            self.answer(str(options.get_option_at_index(options.highlighted).id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.answer(str(event.option.id))

    def action_cancel(self) -> None:
        self.answer(None)
