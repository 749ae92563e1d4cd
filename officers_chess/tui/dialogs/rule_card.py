"""The rule card: one entry of the rules reference over the current screen, with the tags it carries."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.tui.reference import SECTIONS, Entry
from officers_chess.tui.palette import palette


def card_text(entry: Entry, entries: dict[str, Entry], worked: tuple[str, ...] = ()) -> Text:
    """The entry, then (opened from a forecast) this attack's numbers added up, then the tags it carries."""
    text = Text.assemble((entry.title, "bold"), "\n\n", entry.text)
    if worked:
        text.append("\n\nIn this attack:", "bold " + palette().note)
        for line in worked:
            text.append(f"\n{line}")
    for key in entry.tags:
        if key in entries:
            text.append("\n\n")
            text.append(entries[key].title, "bold " + palette().note)
            text.append(f": {entries[key].text}")
    return text


class RuleCard(ModalScreen[bool]):
    """Shows one entry; Esc (or a click outside) closes it, Enter answers True: open it in the rules browser."""

    DEFAULT_CSS = """
    RuleCard { align: center middle; }
    RuleCard > VerticalScroll {
        width: 60; max-width: 95%; height: auto; max-height: 80%; padding: 0 1;
        border: thick $accent; background: $surface;
    }
    RuleCard .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape,e,q", "answer(False)", "Close"),
        Binding("enter,f1", "answer(True)", "In the rules"),
    ]

    def __init__(self, entry: Entry, entries: dict[str, Entry], worked: tuple[str, ...] = ()) -> None:
        """`worked`: this attack's arithmetic (session/arithmetic.py) when the card is opened from a forecast."""
        super().__init__()
        self.entry = entry
        self.entries = entries
        self.worked = worked

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = SECTIONS[self.entry.kind]
            yield Static(card_text(self.entry, self.entries, self.worked), id="card")
            yield Static("[b]Esc[/b]: close    [b]Enter[/b]: show it in the rules browser", classes="keys")

    def on_click(self, event) -> None:
        if event.widget is self:  # a click outside the card
            self.dismiss(False)

    def action_answer(self, browse: bool) -> None:
        self.dismiss(browse)
