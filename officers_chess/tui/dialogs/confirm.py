"""A yes/no question over the current screen (used to confirm quitting)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmDialog(ModalScreen[bool]):
    """Asks a question; Y answers yes, N or Escape answers no (Enter is not an answer: it confirms too much elsewhere)."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Vertical {
        width: 50; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    ConfirmDialog .keys { color: $text-muted; margin-top: 1; }
    """
    # Shown in capitals, as keys are named: Shift or Caps Lock still answers (a player pressed Shift+N and the
    # question stayed).
    BINDINGS = [
        Binding("y,Y", "answer(True)", "Yes"),
        Binding("n,N,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))  # as written: it may quote a name with brackets in it
            yield Static("[b]Y[/b]: yes    [b]N[/b] or [b]Esc[/b]: no", classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
