"""A list of files to load (rosters, saved battles): Enter returns the chosen one; a damaged one shows why and is not offered."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
                    border: thick $accent; background: $surface; }}
{name} .keys {{ color: $text-muted; margin-top: 1; }}
{name} .error {{ color: $error; height: auto; }}
"""


@dataclass(frozen=True)
class Pick:
    """One file in the list: what it says, and why it cannot be loaded ("" when it can)."""

    path: Path
    label: str
    problem: str = ""


class FilePicker(ModalScreen[Path | None]):
    """Subclasses give the title and the words for an empty list."""

    TITLE_TEXT = "Load"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, picks: list[Pick], empty: str) -> None:
        super().__init__()
        self.picks, self.empty = picks, empty

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.TITLE_TEXT
            if self.picks:
                yield OptionList(*[Option(Text(p.label, "grey50" if p.problem else ""), id=str(i))
                                   for i, p in enumerate(self.picks)])
            else:
                yield Static(Text(self.empty))  # it names a folder
            yield Static("", classes="error")
            yield Static("↑↓ Enter load · Esc cancel", classes="keys")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one(".error", Static).update(Text(self.picks[int(event.option.id or 0)].problem))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        pick = self.picks[int(event.option.id or 0)]
        if not pick.problem:
            self.dismiss(pick.path)

    def action_cancel(self) -> None:
        self.dismiss(None)
