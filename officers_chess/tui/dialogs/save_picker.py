"""The load dialog: saved and autosaved battles, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.autosave import saves_in
from officers_chess.content.errors import ContentError
from officers_chess.content.muster_saves import MusterRecord, is_muster_file
from officers_chess.content.saves import read_save
from officers_chess.tui.dialogs.army_file import DIALOG_CSS

MAX_LISTED = 40


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    label: str
    problem: str = ""


def list_saves(*folders: Path) -> list[SaveInfo]:
    """The saves in the folders, newest first, each with a label (or the problem that stops it loading)."""
    paths = sorted((p for folder in folders for p in saves_in(folder)), key=lambda p: p.stat().st_mtime, reverse=True)
    infos = []
    for path in paths[:MAX_LISTED]:
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
        if is_muster_file(path):
            try:
                muster = MusterRecord.model_validate_json(path.read_text(encoding="utf-8"))
            except (ValueError, OSError) as exc:
                infos.append(SaveInfo(path, f"{path.name} · {when}", f"not a readable army building: {exc}"[:200]))
                continue
            infos.append(SaveInfo(path, f"{muster.scenario.title} · army building · {when}"))
            continue
        try:
            record = read_save(path)
        except ContentError as exc:
            infos.append(SaveInfo(path, f"{path.name} · {when}", exc.message))
            continue
        last = record.checkpoints[-1].round if record.checkpoints else 1
        state = "finished" if record.finished else f"round {last}"
        kind = "autosave" if path.parent.name == "autosaves" else path.stem
        infos.append(SaveInfo(path, f"{record.scenario.title} · {state} · {kind} · {when}"))
    return infos


class SavePicker(ModalScreen[Path | None]):
    """Enter on a save returns its file (an unfinished battle goes on, a finished one is replayed)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SavePicker") + "SavePicker OptionList { max-height: 14; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, saves: list[SaveInfo], where: str) -> None:
        super().__init__()
        self.saves, self.where = saves, where

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Load a battle"
            if self.saves:
                yield OptionList(*[Option(Text(s.label, "grey50" if s.problem else ""), id=str(i))
                                   for i, s in enumerate(self.saves)])
            else:
                yield Static(f"No saved battles yet. Every battle autosaves to {self.where}.")
            yield Static("", classes="error")
            yield Static("↑↓ Enter load · Esc cancel", classes="keys")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one(".error", Static).update(self.saves[int(event.option.id or 0)].problem)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.saves[int(event.option.id or 0)]
        if not info.problem:
            self.dismiss(info.path)

    def action_cancel(self) -> None:
        self.dismiss(None)
