"""Autosaves: every committed action written at once (atomically) to the battle's save, the last few battles kept."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import MUSTER_FORMAT, SavedMuster, is_muster_file, open_muster
from officers_chess.content.saves import SavedBattle, open_save, scenario_ref, write_save
from officers_chess.content.user_data import autosave_dir
from officers_chess.rules.actions import Action
from officers_chess.rules.models import Side
from officers_chess.rules.record import Recorder, replay, start_divergence
from officers_chess.rules.scenario import UnitSetup
from officers_chess.rules.state import GameState

TOLD_LINES = 12  # log lines of the last actions shown again when a battle is resumed
KEEP_BATTLES = 10  # autosaves of older battles are removed when a new battle starts
SUFFIX = ".json"


class Autosaver:
    """Keeps one battle's save up to date: `add` after each action that can no longer be taken back."""

    def __init__(self, path: Path, recorder: Recorder) -> None:
        self.path = path
        self.recorder = recorder

    @classmethod
    def start(cls, loaded: LoadedScenario, seed: int, armies: dict[Side, list[UnitSetup]], start: GameState,
              players: dict[Side, str], folder: Path | None = None, path: Path | None = None) -> Autosaver:
        """A new battle's save in the autosave folder (created if need be), or at `path` (the army building's
        autosave, which the battle's replaces); the oldest battles beyond KEEP_BATTLES go. The first state
        is written at once, so even round 1 can be resumed."""
        folder = autosave_dir() if folder is None else folder
        path = new_save_path(folder, loaded) if path is None else path
        recorder = Recorder(loaded.scenario.edition, scenario_ref(loaded), seed, armies, start, players)
        saver = cls(path, recorder)
        saver.write()
        prune(folder, keep=KEEP_BATTLES, spare=path)
        return saver

    @classmethod
    def carry_on(cls, saved: SavedBattle, upto: int | None = None, folder: Path | None = None) -> Autosaver:
        """Go on saving a resumed battle, as of its first `upto` recorded actions. An autosave goes on in its
        own file; a save kept by name stays as it was kept (and a save resumed from a checkpoint is never
        overwritten): the battle then goes on in a new autosave."""
        folder = autosave_dir() if folder is None else folder
        recorder = Recorder.carry_on(saved.record, upto)
        in_place = saved.path.parent.resolve() == folder.resolve() and recorder.count == len(saved.record.actions)
        path = saved.path if in_place else new_save_path(folder, saved.loaded)
        saver = cls(path, recorder)
        if not in_place:
            saver.write()
            prune(folder, keep=KEEP_BATTLES, spare=path)
        return saver

    def add(self, action: Action, after: GameState, rolls: list[int] | None = None) -> None:
        self.recorder.add(action, after, rolls)
        self.write()
        if self.recorder.finished:
            retire_copies(self.path.parent, self.recorder.record(), keep=self.path)

    def write(self) -> None:
        write_save(self.path, self.recorder.record())


def new_save_path(folder: Path, loaded: LoadedScenario) -> Path:
    """A fresh file name for a battle in the autosave folder (created if need be), by date and scenario."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{loaded.path.stem}{SUFFIX}"
    for n in range(2, 1000):  # two battles started in the same second
        if not path.exists():
            break
        path = folder / f"{stamp}-{loaded.path.stem}-{n}{SUFFIX}"
    return path


def retire_copies(folder: Path, record, keep: Path) -> list[Path]:
    """Once a battle is over, remove the other autosaves of the same battle that stopped earlier (left behind
    when a kept save or a checkpoint was resumed into a new file), so Continue never offers a battle already
    won. Only files whose actions are a beginning of this record's are removed."""
    removed = []
    for path in saves_in(folder):
        if path == keep or is_muster_file(path):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            same = (data.get("seed") == record.seed and data.get("initial_state") == record.initial_state)
            states = [a["state"] for a in data.get("actions", [])]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if same and states == [a.state for a in record.actions[: len(states)]]:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def saves_in(folder: Path) -> list[Path]:
    """The autosaves in a folder, newest first (by the time each was last written)."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file() and not p.name.startswith(".")]
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def prune(folder: Path, keep: int, spare: Path | None = None) -> list[Path]:
    """Remove all but the newest `keep` saves (never `spare`); returns what was removed."""
    removed = []
    for path in saves_in(folder)[keep:]:
        if path != spare:
            path.unlink(missing_ok=True)
            removed.append(path)
    for stray in folder.glob(f".*{SUFFIX}.*.tmp"):  # a temporary file left by a kill mid-write
        if time.time() - stray.stat().st_mtime > 60:
            stray.unlink(missing_ok=True)
    return removed


@dataclass(frozen=True)
class Unfinished:
    """A battle that can be resumed: its save, and the save's problems skipped on the way to it."""

    saved: SavedBattle | SavedMuster  # a battle, or its army building still going on
    skipped: list[ContentError]



@dataclass(frozen=True)
class SaveSummary:
    """What a list shows of a save, read from its JSON alone (no validation: that comes when it is loaded)."""

    title: str
    where: str  # "army building", "round 3" or "finished"
    unfinished: bool
    when: str  # when it was last written, as people read it


def save_summary(path: Path) -> SaveSummary | None:
    """A save's summary, or None when its JSON is not that of a save at all."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        title = str(data["scenario"]["title"])[:60]
        rounds = [c.get("round") for c in data.get("checkpoints") or [] if isinstance(c, dict)]
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if data.get("format") == MUSTER_FORMAT:
        return SaveSummary(title, "army building", True, when)
    if data.get("finished") is True:
        return SaveSummary(title, "finished", False, when)
    last = rounds[-1] if rounds and isinstance(rounds[-1], int) else 1
    return SaveSummary(title, f"round {last}", True, when)


def unfinished_hint(folder: Path | None = None) -> str | None:
    """A line naming the newest autosave of an unfinished battle (or army building), from its summary: the
    title screen asks on start-up, so no validation here (`newest_unfinished` does it all when the player
    asks to continue, and skips what does not load)."""
    folder = autosave_dir() if folder is None else folder
    for path in saves_in(folder)[:KEEP_BATTLES]:
        summary = save_summary(path)
        if summary is not None and summary.unfinished:
            return f"{summary.title}, {summary.where}, saved {summary.when}"
    return None


def newest_unfinished(folder: Path | None = None) -> Unfinished | None:
    """The newest autosave of a battle that has not ended and that loads cleanly; a save that does not
    load is skipped (and reported), so a damaged newest save falls back to the one before it."""
    folder = autosave_dir() if folder is None else folder
    skipped: list[ContentError] = []
    for path in saves_in(folder):
        try:
            if is_muster_file(path):
                return Unfinished(open_muster(path), skipped)
            saved = open_save(path)
        except ContentError as exc:
            skipped.append(exc)
            continue
        if not saved.record.finished:
            return Unfinished(saved, skipped)
    return None


@dataclass(frozen=True)
class Resumed:
    """Where a resumed battle stands, and how it got there."""

    state: GameState
    actions: int  # how many recorded actions the state includes
    note: str  # "" when every action replayed to its recorded state
    told: tuple[str, ...] = ()  # the battle log's lines of the last actions, to show where things stand


def resume_state(saved: SavedBattle) -> Resumed:
    """The battle as of its last recorded action: replayed from the seed, each state checked against its
    hash. If this program no longer replays an action to the recorded state, the battle goes on from the
    last round checkpoint before it, and the note says so."""
    state, done = saved.start, 0
    told: list[str] = []
    if start_divergence(saved.record, saved.start) is not None:
        return _from_checkpoint(saved, 1)
    for step in replay(saved.record, saved.start):
        if step.illegal is not None or step.found != step.recorded:
            return _from_checkpoint(saved, step.number)
        state, done = step.after, step.number
        told = (told + [event.text() for event in step.events])[-TOLD_LINES:]
    return Resumed(state, done, "", tuple(told))


def _from_checkpoint(saved: SavedBattle, parted_at: int) -> Resumed:
    usable = [c for c in saved.record.checkpoints if c.after < parted_at]
    if not usable:
        raise ContentError(saved.path, f"action {parted_at} no longer replays to its recorded state, and there is "
                                       "no round checkpoint before it to go on from")
    checkpoint = usable[-1]
    note = (f"action {parted_at} does not replay as recorded (the save was edited or damaged, or the program has "
            f"changed since): the battle goes on from the start of round {checkpoint.round}, in a new autosave")
    return Resumed(checkpoint.state, checkpoint.after, note)
