"""A yes/no question over the current screen (used to confirm quitting)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmDialog(ModalScreen[bool]):
    """Asks a question; Y or Enter answers yes, N or Escape answers no."""

    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Vertical {
        width: 50; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    ConfirmDialog .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            yield Static("[b]Y[/b]/Enter: yes    [b]N[/b]/Esc: no", classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
