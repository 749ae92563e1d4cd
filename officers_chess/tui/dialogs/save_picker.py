"""The load dialog: saved and autosaved battles, campaigns and their chapters' battles, newest first; a damaged one is listed with its problem, not offered."""

from __future__ import annotations

import time
from pathlib import Path

from officers_chess.content.campaign_listing import CampaignFile, ChapterBattle, campaign_files
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
    """The saves in the folders, and the campaigns under `campaigns` (under way or over) with their chapters'
    finished battles, newest first, each with its summary: public facts only (scenario or campaign, round or
    chapter, side to act, when), read from the first and last few bytes of each file. One that will not load says
    why and is not offered; anything else wrong shows when it is loaded (and replayed)."""
    paths = [path for folder in folders for path in saves_in(folder)]
    # A campaign comes read; a chapter's battle with its campaign's title; a battle save bare.
    dated: list[tuple[float, Path, CampaignFile | tuple[str, ChapterBattle] | None]] = []
    for path in paths:
        try:
            dated.append((path.stat().st_mtime, path, None))
        except OSError:
            continue
    if campaigns is not None:
        for found in campaign_files(campaigns):
            dated.append((found.mtime, found.path, found))
            dated += [(battle.mtime, battle.path, (found.title, battle)) for battle in found.battles]
    infos = []
    for _, path, campaign in sorted(dated, key=lambda entry: entry[0], reverse=True)[:MAX_LISTED]:
        if isinstance(campaign, CampaignFile):
            infos.append(SaveInfo(path, fitted(f"Campaign {campaign.title}", campaign_rest(campaign))))
            continue
        summary = save_summary(path)
        if isinstance(campaign, tuple):  # a chapter's battle, over: Enter replays it
            title, battle = campaign
            # A closed chapter's battle has ended; one that has not in its save would go on cut off from its
            # campaign's books, so it is named with the reason and never offered.
            problem = summary.problem or ("its battle never ended in this save" if summary.unfinished else "")
            if problem:
                infos.append(SaveInfo(path, fitted(f"Campaign {title}", f" · chapter {battle.chapter}  (will not load)"),
                                      f"Will not load: {problem}."))
            else:
                infos.append(SaveInfo(path, fitted(f"Campaign {title}",
                                                   f" · chapter {battle.chapter} battle · replay · {summary.when}")))
            continue
        name = visible(path.name)  # a file's name is anyone's: shown, never obeyed (ruling X6)
        if summary.problem:
            rest = "  (will not load)" if summary.title == name else f" · {name}  (will not load)"
            infos.append(SaveInfo(path, fitted(summary.title, rest), f"Will not load: {summary.problem}."))
            continue
        kind = "autosave" if path.parent.name == "autosaves" else visible(path.stem)
        infos.append(SaveInfo(path, fitted(summary.title, f" · {summary.where} · {kind} · {summary.when}")))
    return infos


def campaign_rest(campaign: CampaignFile) -> str:
    """The rest of a campaign's row after its title: where it stands and when it was saved."""
    when = time.strftime("%d %b %H:%M", time.localtime(campaign.mtime))
    if campaign.over:
        return f", over after {campaign.played} chapter{'s' if campaign.played != 1 else ''}, saved {when}"
    return f", chapter {campaign.played + 1}, saved {when}"


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
