"""The load dialog: saved and autosaved battles and unfinished campaigns, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.campaign_saves import unfinished_campaigns
from officers_chess.content.save_summary import save_summary
from officers_chess.content.save_files import saves_in
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick

MAX_LISTED = 40

SaveInfo = Pick  # a save in the list


def list_saves(*folders: Path, campaigns: Path | None = None) -> list[SaveInfo]:
    """The saves in the folders, and the unfinished campaigns under `campaigns`, newest first, each with its
    summary: public facts only (scenario or campaign, round or chapter, side to act, when), read from the first
    and last few bytes of each file. One that will not load says why and is not offered; anything else wrong
    shows when it is loaded (and replayed)."""
    paths = [path for folder in folders for path in saves_in(folder)]
    dated: list[tuple[float, Path, str | None]] = []  # a campaign comes with its line, a battle save without
    for path in paths:
        try:
            dated.append((path.stat().st_mtime, path, None))
        except OSError:
            continue
    if campaigns is not None:
        dated += [(mtime, path, line) for path, mtime, line in unfinished_campaigns(campaigns)]
    infos = []
    for _, path, line in sorted(dated, key=lambda entry: entry[0], reverse=True)[:MAX_LISTED]:
        if line is not None:
            infos.append(SaveInfo(path, line[0].upper() + line[1:]))
            continue
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
    TITLE_TEXT = "Load a battle or campaign"

    def __init__(self, saves: list[Pick], where: str) -> None:
        super().__init__(saves, f"No saved battles yet. Every battle autosaves to {where}.")
        self.saves = saves
