"""The load dialog: saved and autosaved battles and unfinished campaigns, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.campaign_saves import UnfinishedCampaign, unfinished_campaigns
from officers_chess.content.save_summary import save_summary
from officers_chess.content.save_files import saves_in
from officers_chess.rules.basics.plain_text import visible
from officers_chess.tui.dialogs.file_picker import DIALOG_CSS, FilePicker, Pick

MAX_LISTED = 40
# What one row of the list holds at its narrowest (the dialog is 76 wide less its border, padding and scrollbar):
# a longer name is shortened, so the time a save was made always ends its row.
LABEL_WIDTH = 66

SaveInfo = Pick  # a save in the list


def list_saves(*folders: Path, campaigns: Path | None = None) -> list[SaveInfo]:
    """The saves in the folders, and the unfinished campaigns under `campaigns`, newest first, each with its
    summary: public facts only (scenario or campaign, round or chapter, side to act, when), read from the first
    and last few bytes of each file. One that will not load says why and is not offered; anything else wrong
    shows when it is loaded (and replayed)."""
    paths = [path for folder in folders for path in saves_in(folder)]
    dated: list[tuple[float, Path, UnfinishedCampaign | None]] = []  # a campaign comes read, a battle save not
    for path in paths:
        try:
            dated.append((path.stat().st_mtime, path, None))
        except OSError:
            continue
    if campaigns is not None:
        dated += [(found.mtime, found.path, found) for found in unfinished_campaigns(campaigns)]
    infos = []
    for _, path, campaign in sorted(dated, key=lambda entry: entry[0], reverse=True)[:MAX_LISTED]:
        if campaign is not None:
            infos.append(SaveInfo(path, fitted(f"Campaign {campaign.title}", campaign.saved)))
            continue
        summary = save_summary(path)
        name = visible(path.name)  # a file's name is anyone's: shown, never obeyed (ruling X6)
        if summary.problem:
            rest = "  (will not load)" if summary.title == name else f" · {name}  (will not load)"
            infos.append(SaveInfo(path, fitted(summary.title, rest), f"Will not load: {summary.problem}."))
            continue
        kind = "autosave" if path.parent.name == "autosaves" else visible(path.stem)
        infos.append(SaveInfo(path, fitted(summary.title, f" · {summary.where} · {kind} · {summary.when}")))
    return infos


def fitted(name: str, rest: str) -> str:
    """`name` then `rest` on one row of the list: the name shortened with an ellipsis when both do not fit."""
    room = LABEL_WIDTH - len(rest)
    if len(name) > room:
        name = name[:max(1, room - 1)].rstrip() + "…"
    return name + rest


class SavePicker(FilePicker):
    """Enter on a save returns its file (an unfinished battle goes on, a finished one is replayed)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SavePicker") + "SavePicker OptionList { max-height: 14; }"
    TITLE_TEXT = "Load a battle or campaign"

    def __init__(self, saves: list[Pick], where: str) -> None:
        super().__init__(saves, f"No saved battles yet. Every battle autosaves to {where}.")
        self.saves = saves
