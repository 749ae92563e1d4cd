"""The load dialog: saved and autosaved battles, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

import time
from pathlib import Path


from officers_chess.content.autosave import saves_in
from officers_chess.content.errors import ContentError
from officers_chess.content.muster_saves import MusterRecord, is_muster_file
from officers_chess.content.saves import read_save
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick

MAX_LISTED = 40


SaveInfo = Pick  # a save in the list


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


class SavePicker(FilePicker):
    """Enter on a save returns its file (an unfinished battle goes on, a finished one is replayed)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SavePicker") + "SavePicker OptionList { max-height: 14; }"
    TITLE_TEXT = "Load a battle"

    def __init__(self, saves: list[Pick], where: str) -> None:
        super().__init__(saves, f"No saved battles yet. Every battle autosaves to {where}.")
        self.saves = saves
