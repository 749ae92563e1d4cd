"""The map editor's small dialogs: a few fields to fill in (size, name, file), and a choice of a few keys."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

class Field(Input):
    """An editor dialog's line of text: it opens with the cursor after its text and nothing selected, so typing adds
    to the text (Textual's Input selects it all on focus, and the first key typed replaced it)."""

    def __init__(self, value: str | None = None, *args, **kwargs) -> None:
        kwargs.setdefault("select_on_focus", False)
        super().__init__(value, *args, **kwargs)


class TickBox(Checkbox):
    """A checkbox whose box holds a tick only when ticked: Textual's shows an X either way, the colour alone telling."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = "✓" if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "✓" if self.value else " "
        super().watch_value()


class Answered:
    """A dialog answers once: a second key typed before it closes would answer it again (Textual refuses that)."""

    is_answered = False

    def answer(self, value) -> None:
        if not self.is_answered:
            self.is_answered = True
            self.dismiss(value)  # type: ignore[attr-defined]


# A compact field has no border, so it gets a background of its own: on the dialog's, an empty field could not be
# seen at all (the hiring rules' role counts read as labels with nothing to type into).
DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 64; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
                    border: thick $accent; background: $surface; }}
{name} .keys {{ color: $text-muted; margin-top: 1; }}
{name} .error {{ color: $error; height: auto; }}
{name} .-textual-compact {{ border-left: blank !important; }}
{name} Input.-textual-compact, {name} TextArea.-textual-compact {{ background: $panel; }}
{name} .-textual-compact:focus {{ border-left: thick $accent !important;
                                  background-tint: $accent 20%; }}
"""


class FieldsDialog(Answered, ModalScreen[list[str] | None]):
    """A few labelled fields; Enter answers them (when `check` finds nothing wrong: else its words stay on the
    dialog), Esc answers None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="FieldsDialog")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, fields: list[tuple[str, str]],
                 check: Callable[[list[str]], str | None] | None = None, note: str = "") -> None:
        super().__init__()
        self.title_text, self.fields, self.check, self.note = title, fields, check, note

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            if self.note:
                yield Static(Text(self.note))
            for i, (label, value) in enumerate(self.fields):
                yield Label(label)
                yield Field(value, id=f"field-{i}")
            yield Static("", classes="error")
            yield Static("Tab next field · Enter done · Esc cancel", classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        values = [self.query_one(f"#field-{i}", Input).value for i in range(len(self.fields))]
        problem = self.check(values) if self.check is not None else None
        if problem:
            self.query_one(".error", Static).update(Text(problem))
            return
        self.answer(values)

    def action_cancel(self) -> None:
        self.answer(None)


def shown_key(key: str) -> str:
    """A key as the footers show it: Ctrl+S as ^s."""
    return "^" + key.removeprefix("ctrl+") if key.startswith("ctrl+") else key


class ChoiceDialog(Answered, ModalScreen[str | None]):
    """A question answered by one of a few keys (each with its words); Esc answers `escape` (None: Esc is no answer,
    the question must be answered)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ChoiceDialog")

    def __init__(self, question: str, choices: list[tuple[str, str, str]], escape: str | None = None) -> None:
        """`choices`: (key, what the key is shown as, the answer)."""
        super().__init__()
        self.question, self.choices, self.escape = question, choices, escape

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))
            back = "    [b]Esc[/b]: back" if self.escape is not None else ""
            yield Static("    ".join(f"[b]{shown_key(key)}[/b]: {words}" for key, words, _ in self.choices) + back,
                         classes="keys")

    def on_key(self, event) -> None:
        if self.is_answered:  # keys typed before it closes answer nothing more
            event.stop()
            return
        answer = next((value for key, _, value in self.choices if key in (event.character, event.key)), None)
        if answer is not None:
            event.stop()
            self.answer(answer)
        elif event.key == "escape":
            event.stop()
            if self.escape is not None:
                self.answer(self.escape)
