"""Physical dice: asks for the die the players just rolled (a d20, or a d100 in the later editions), saying what
it decides; only what that die can show is taken."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


def read_roll(text: str, faces: int = 20) -> int | None:
    """The roll typed, or None when it is not a whole number from 1 to `faces`."""
    text = text.strip()
    if not text.isascii() or not text.isdigit():
        return None
    value = int(text)
    return value if 1 <= value <= faces else None


class RollPrompt(ModalScreen[int]):
    """Roll the die at the table and type what it shows; Enter takes it. There is no cancel: the rules
    need the roll to go on (quitting still works)."""

    DEFAULT_CSS = """
    RollPrompt { align: center middle; }
    RollPrompt > Vertical {
        width: 60; max-width: 100%; height: auto; padding: 1 2;
        border: thick $accent; background: $surface;
    }
    RollPrompt #why { text-style: bold; }
    RollPrompt #problem { color: $error; height: auto; }
    RollPrompt .keys { color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "take", "Take the roll", show=True)]

    def __init__(self, why: str, faces: int = 20) -> None:
        super().__init__()
        self.why = why
        self.faces = faces

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Roll a d{self.faces} for", classes="keys")
            yield Static(Text(self.why[:1].upper() + self.why[1:]), id="why")  # it names units
            yield Input(placeholder=f"1 to {self.faces}", max_length=len(str(self.faces)), id="roll")
            yield Static("", id="problem")
            yield Static("Type what the die shows, then [b]Enter[/b].", classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_take()

    def action_take(self) -> None:
        box = self.query_one("#roll", Input)
        if not box.value.strip():
            return  # an Enter left over from confirming the attack: nothing typed yet, nothing to refuse
        roll = read_roll(box.value, self.faces)
        if roll is None:
            self.query_one("#problem", Static).update(
                Text(f"A d{self.faces} shows 1 to {self.faces}; {box.value.strip()!r} is not a roll."))
            box.value = ""
            return
        self.dismiss(roll)
