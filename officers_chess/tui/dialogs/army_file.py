"""Dialogs for moving an army in and out: its code to copy, a line of text to type or paste, a saved roster to load."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.rosters import RosterInfo
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick


# What the army-file menu offers: the key that does it on the hiring screen, and the words.
FILE_CHOICES = [
    ("e", "Show this army's code (to copy)"),
    ("p", "Paste an army code"),
    ("s", "Save this army as a roster"),
    ("l", "Load a saved roster"),
]


class ArmyFileMenu(ModalScreen[str | None]):
    """Asks what to do with the army's code or rosters; returns the chosen key."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ArmyFileMenu")
    BINDINGS = [Binding("escape", "cancel", "Cancel")] + [
        Binding(key, f"choose('{key}')", show=False) for key, _ in FILE_CHOICES
    ]

    def __init__(self, choices: list[tuple[str, str]] = FILE_CHOICES) -> None:
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Army code and rosters"
            yield OptionList(*[Option(f"{key}  {words}", id=key) for key, words in self.choices])
            yield Static("↑↓ Enter choose (or press the letter) · Esc cancel", classes="keys")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_choose(self, key: str) -> None:
        if any(key == k for k, _ in self.choices):
            self.dismiss(key)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CodeDialog(ModalScreen[None]):
    """Shows an army code, with a key that copies it to the clipboard."""

    DEFAULT_CSS = DIALOG_CSS.format(name="CodeDialog") + "CodeDialog #code { text-style: bold; }"
    BINDINGS = [
        Binding("c", "copy", "Copy"),
        Binding("enter,escape", "close", "Close"),
    ]

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Army code"
            yield Static("Anyone can load this army by pasting the code (p on the hiring screen).")
            yield Static(Text(self.code, overflow="fold"), id="code")
            yield Static("c copy to the clipboard (or select it with the mouse) · Enter close", classes="keys")

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.code)
        self.notify("Army code copied to the clipboard (where the terminal allows).", timeout=3)

    def action_close(self) -> None:
        self.dismiss(None)


class TextPrompt(ModalScreen[str | None]):
    """Asks for one line of text; `check` may refuse it with a reason shown in the dialog."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TextPrompt")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, question: str, value: str = "", check: Callable[[str], str | None] | None = None,
                 max_length: int = 0) -> None:
        super().__init__()
        self.title_text, self.question, self.value, self.check = title, question, value, check
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(Text(self.question))  # as written: it may name a folder or a class from a file
            yield Input(self.value, max_length=self.max_length, select_on_focus=True)
            yield Static("", classes="error")
            yield Static("Enter accept · Esc cancel", classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        problem = self.check(event.value) if self.check else None
        if problem:
            self.query_one(".error", Static).update(Text(problem))
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RosterPicker(FilePicker):
    """Lists the saved rosters; Enter returns the file of the highlighted one."""

    DEFAULT_CSS = DIALOG_CSS.format(name="RosterPicker") + "RosterPicker OptionList { max-height: 12; }"
    TITLE_TEXT = "Load a roster"

    def __init__(self, rosters: list[RosterInfo], folder: Path) -> None:
        super().__init__([Pick(r.path, _roster_label(r), r.problem) for r in rosters],
                         f"No saved rosters yet. Save one with s; they are kept in {folder}.")
        self.rosters, self.folder = rosters, folder


def _roster_label(info: RosterInfo) -> str:
    if info.problem:
        return f"{info.name}  (damaged)"
    return f"{info.name}  ({info.units} unit{'s' if info.units != 1 else ''})"
