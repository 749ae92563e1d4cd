"""Every campaign save under the campaigns folder for the load list, over or not, with its chapters' finished battles.

Read as cheaply as the list of unfinished campaigns (`campaign_saves.unfinished_campaigns`): each campaign file once,
only its title, progress and the names of its chapters' battle saves; public facts only, a full load checks the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.campaign_saves import campaign_save_paths
from officers_chess.content.decoded_text import find_unsafe_text
from officers_chess.content.errors import ContentError
from officers_chess.content.safe_read import read_text
from officers_chess.content.saves import MAX_SAVE_BYTES

BATTLE_NAME = re.compile(r"^chapter-([0-9]{2})(-[0-9]{1,2})?\.json$")  # as CampaignSave spells its battles


@dataclass(frozen=True)
class ChapterBattle:
    """The battle save of one chapter played, beside its campaign's save."""

    path: Path
    chapter: int
    mtime: float


@dataclass(frozen=True)
class CampaignFile:
    """A campaign save as the load list shows it."""

    path: Path
    mtime: float
    title: str
    over: bool
    played: int  # chapters played so far
    battles: tuple[ChapterBattle, ...]  # the chapters' battle saves that are over, oldest first


def campaign_files(folder: Path) -> Iterator[CampaignFile]:
    """The campaign saves in the folders under `folder`, over or not, in no order; one that cannot be read as a
    campaign is left out (loading it by name says why)."""
    for path, mtime in campaign_save_paths(folder):
        try:
            data = json.loads(read_text(path, MAX_SAVE_BYTES))
            if find_unsafe_text(data) is not None:
                continue  # the full load refuses it, saying why
            title = " ".join(str(data["campaign"]["title"]).split())[:60]
            records = data["progress"]["records"]
            over = data["progress"].get("next") is None  # left out of the file once it is over (sparse JSON)
            pending = (data.get("pending") or {}).get("battle")
            names = [n for n in data.get("battles", []) if isinstance(n, str) and n != pending]
        except (ContentError, OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        yield CampaignFile(path, mtime, title, over, len(records), tuple(_battles(path.parent, names)))


def _battles(folder: Path, names: list[str]) -> Iterator[ChapterBattle]:
    """The chapters' battle saves named by the campaign that are there; the one under way is the campaign's own."""
    for name in names:
        found = BATTLE_NAME.match(name)
        battle = folder / name
        try:
            if found and battle.is_file():
                yield ChapterBattle(battle, int(found.group(1)), battle.stat().st_mtime)
        except OSError:
            continue
