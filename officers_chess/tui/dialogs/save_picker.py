"""The load dialog: saved and autosaved battles, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.save_summary import save_summary
from officers_chess.content.save_files import saves_in
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick

MAX_LISTED = 40

SaveInfo = Pick  # a save in the list


def list_saves(*folders: Path) -> list[SaveInfo]:
    """The saves in the folders, newest first, each with its summary: public facts only (scenario, round, side
    to act, when), read from the first and last few bytes of each file. One that will not load says why and is
    not offered; anything else wrong shows when it is loaded (and replayed)."""
    paths = [path for folder in folders for path in saves_in(folder)]
    dated = []
    for path in paths:
        try:
            dated.append((path.stat().st_mtime, path))
        except OSError:
            continue
    infos = []
    for _, path in sorted(dated, key=lambda entry: entry[0], reverse=True)[:MAX_LISTED]:
        summary = save_summary(path)
        if summary.problem:
            named = path.name if summary.title == path.name else f"{summary.title} · {path.name}"
            infos.append(SaveInfo(path, f"{named}  (will not load)", f"Will not load: {summary.problem}."))
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
