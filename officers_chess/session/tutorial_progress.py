"""Where a guided battle left off: the lesson reached and the battle's own autosave, in the player's data folder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.autosave import Resumed, resume_state
from officers_chess.content.bundled import bundled_dir
from officers_chess.content.errors import ContentError
from officers_chess.content.saves import SavedBattle, open_save
from officers_chess.content.user_data import data_dir
from officers_chess.session.tutorial import LESSONS, TUTORIAL_SCENARIO


def tutorial_dir() -> Path:
    """The guided battle's own folder: apart from the autosaves, so Continue never opens it without its guide."""
    return data_dir() / "tutorial"


def battle_path() -> Path:
    return tutorial_dir() / "battle.json"


def progress_path() -> Path:
    return tutorial_dir() / "progress.json"


def finished_path() -> Path:
    return tutorial_dir() / "finished.json"


def scenario_path() -> Path:
    return bundled_dir("scenarios") / TUTORIAL_SCENARIO


@dataclass(frozen=True)
class Reached:
    """A guided battle left unfinished: its lesson, and the battle as its save replays."""

    step: int
    saved: SavedBattle
    resumed: Resumed

    @property
    def lesson_title(self) -> str:
        return LESSONS[self.step].title if self.step < len(LESSONS) else LESSONS[-1].title


def _note(path: Path, data: dict) -> None:
    """Write one of the guide's small notes; a write that fails is let go (the guide goes on without it)."""
    try:
        tutorial_dir().mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
    except OSError:
        pass


def remember(step: int) -> None:
    """Note the lesson reached (the battle saves itself beside it). A write that fails is let go: the guide
    goes on, and only a later resume would start from the beginning."""
    _note(progress_path(), {"step": step})


def mark_finished() -> None:
    """The guided battle was won: the title marks Learn to play done from now on. A write that fails is let go
    (only the mark is lost)."""
    _note(finished_path(), {"finished": True})


def finished() -> bool:
    """Whether the guided battle was ever won on this machine (starting it again does not take the mark away)."""
    try:
        return finished_path().is_file()
    except OSError:
        return False


def step_kept() -> int | None:
    """The step a guided battle under way was left at, read cheaply for the title's label (the battle's save is not
    replayed: Learn to play checks it when chosen); None when none is under way."""
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
        if not battle_path().is_file():
            return None
    except (OSError, ValueError):
        return None
    step = data.get("step") if isinstance(data, dict) else None
    if not isinstance(step, int) or isinstance(step, bool) or not 0 < step < len(LESSONS):
        return None  # (step 0 is a battle barely begun: nothing to go on with)
    return step


def forget() -> None:
    """The guided battle is over or skipped: nothing to go on with."""
    for path in (progress_path(), battle_path()):
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


def reached() -> Reached | None:
    """The guided battle to go on with, or None: never begun, finished, or its files do not load or hold."""
    try:
        data = json.loads(progress_path().read_text(encoding="utf-8"))
        step = data["step"] if isinstance(data, dict) else None
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(LESSONS):
            return None
        saved = open_save(battle_path())
        resumed = resume_state(saved)
    except (OSError, ValueError, KeyError, ContentError):
        return None
    if resumed.state.is_over or resumed.note or (step == 0 and resumed.actions == 0):
        return None  # over, not to be trusted, or never begun: nothing worth asking about
    return Reached(step, saved, resumed)
