"""The load dialog: saved and autosaved battles, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

from pathlib import Path


from officers_chess.content.autosave import save_summary, saves_in
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick

MAX_LISTED = 40


SaveInfo = Pick  # a save in the list


def list_saves(*folders: Path) -> list[SaveInfo]:
    """The saves in the folders, newest first, each with its summary (a file that is no save says so; any
    other problem shows when it is loaded)."""
    paths = sorted((p for folder in folders for p in saves_in(folder)), key=lambda p: p.stat().st_mtime, reverse=True)
    infos = []
    for path in paths[:MAX_LISTED]:
        summary = save_summary(path)
        if summary is None:
            infos.append(SaveInfo(path, f"{path.name}  (damaged)", "not a readable save"))
            continue
        kind = "autosave" if path.parent.name == "autosaves" else path.stem
        infos.append(SaveInfo(path, f"{summary.title} · {summary.where} · {kind} · {summary.when}"))
    return infos


class SavePicker(FilePicker):
    """Enter on a save returns its file (an unfinished battle goes on, a finished one is replayed)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SavePicker") + "SavePicker OptionList { max-height: 14; }"
    TITLE_TEXT = "Load a battle"

    def __init__(self, saves: list[Pick], where: str) -> None:
        super().__init__(saves, f"No saved battles yet. Every battle autosaves to {where}.")
        self.saves = saves
