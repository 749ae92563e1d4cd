"""The guided battle's boxes between its steps (the welcome, going on from a step, what comes after) and its result."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.tui.screens.result import ResultScreen


class TutorialBox(ModalScreen[str]):
    """A few lines and the keys that answer them: each choice is (key, label, answer); Esc answers "" unless a
    choice takes it."""

    DEFAULT_CSS = """
    TutorialBox { align: center middle; }
    TutorialBox > Vertical {
        width: 60; max-width: 100%; height: auto; max-height: 100%; padding: 0 2;
        border: thick $accent; background: $surface;
    }
    TutorialBox #box-body { margin-top: 1; }
    TutorialBox #box-scroll { height: auto; max-height: 65vh; overflow-x: hidden; }
    TutorialBox #box-keys { margin: 1 0; }
    """

    def __init__(self, title: str, body: str | RenderableType, choices: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.choices = choices
        bindings = [Binding(key, f"answer({answer!r})", label, show=False) for key, label, answer in choices]
        if not any(key == "escape" for key, _, _ in choices):
            bindings.append(Binding("escape", "answer('')", "Back", show=False))
        for binding in bindings:
            self._bindings.bind(binding.key, binding.action, binding.description, show=False)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Text(self.title_text, "bold")
            body = Text(self.body) if isinstance(self.body, str) else self.body
            with VerticalScroll(id="box-scroll"):  # a long briefing scrolls (arrows, PgUp/PgDn); the keys stay put
                yield Static(body, id="box-body")
            keys = Text()
            for key, label, _ in self.choices:
                if keys:
                    keys.append("   ")
                keys.append(KEY_NAMES.get(key, key), "bold reverse")
                keys.append(f" {label}")
            yield Static(keys, id="box-keys")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


KEY_NAMES = {"enter": " Enter ", "escape": " Esc ", "x": " x ", "n": " n "}


class TutorialResult(ResultScreen):
    """The guided battle's result, as any battle's; Enter goes on to the next battle suggested, or another try."""

    BINDINGS = [Binding("enter", "title", "Go on")]

    def action_title(self) -> None:
        if self._settled():
            self.app.tutorial_over(self.final)  # type: ignore[attr-defined]
