"""Autosaves: every committed action written at once (atomically) to the battle's save; the Continue line; and
resuming, which trusts nothing in a save that replaying it does not confirm. What a list shows of a save is
save_summary.py; the folder itself (names, listing, pruning) is save_files.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.errors import ContentError, os_reason
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import SavedMuster, open_muster
from officers_chess.content.save_files import KEEP_BATTLES, prune_quietly, new_save_path, retire_copies, saves_in
from officers_chess.content.save_replay import replay_checked
from officers_chess.content.save_summary import problem_of, remember_refused, save_summary
from officers_chess.content.saves import (
    SavedBattle, SaveProblem, TooLongToSave, open_save, public_reason, scenario_ref, write_save,
)
from officers_chess.content.user_data import autosave_dir
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import (
    Checkpoint, Recorder, rules_changed_note,
)
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup



class Autosaver:
    """Keeps one battle's save up to date: `add` after each action that can no longer be taken back.

    A write that fails (a full disk, a folder removed or made read-only) never stops the battle: the action
    stays recorded in memory, and the next action tries again, folder and all. `add` and `save` return what
    the player should be told when saving stops and when it works again, once each; `failing` is why it
    stopped (None while it works). A battle longer than a save holds (TooLongToSave) stops it for good: the
    save on disk keeps the battle as it was then, and nothing more is written."""

    def __init__(self, path: Path, recorder: Recorder) -> None:
        self.path = path
        self.recorder = recorder
        self.failing: str | None = None
        self.too_long = False

    @classmethod
    def start(cls, loaded: LoadedScenario, seed: int, armies: dict[Side, list[UnitSetup]], start: GameState,
              players: dict[Side, str], folder: Path | None = None, path: Path | None = None,
              chapter: ChapterTerms | None = None) -> Autosaver:
        """A new battle's save in the autosave folder (created if need be), or at `path` (the army building's
        autosave, which the battle's replaces); the oldest battles beyond KEEP_BATTLES go. The first state
        is written at once, so even round 1 can be resumed (if that write fails, `failing` says why)."""
        folder = autosave_dir() if folder is None else folder
        path = new_save_path(folder, loaded) if path is None else path
        recorder = Recorder(loaded.scenario.edition, scenario_ref(loaded), seed, armies, start, players, chapter)
        saver = cls(path, recorder)
        saver.save()
        prune_quietly(folder, spare=path)
        return saver

    @classmethod
    def carry_on(cls, saved: SavedBattle, upto: int | None = None, folder: Path | None = None,
                 resumed: Resumed | None = None, elsewhere: Path | None = None) -> Autosaver:
        """Go on saving a resumed battle, as of its first `upto` recorded actions (or where `resumed` stands,
        with the round checkpoints its replay rebuilt). An autosave goes on in its own file; a save kept by
        name stays as it was kept, and a save that did not hold to its end is never overwritten: the battle
        then goes on in a new autosave, or at `elsewhere` when given (a campaign's chapter, whose folder is the
        campaign's and is never pruned)."""
        folder = autosave_dir() if folder is None else folder
        if resumed is not None:
            recorder = Recorder.carry_on(saved.record, resumed.actions, resumed.state, list(resumed.checkpoints))
        else:
            recorder = Recorder.carry_on(saved.record, upto)
        in_place = (saved.path.parent.resolve() == folder.resolve() and recorder.count == len(saved.record.actions)
                    and not (resumed is not None and resumed.note))
        path = saved.path if in_place else elsewhere or new_save_path(folder, saved.loaded)
        saver = cls(path, recorder)
        if not in_place:
            saver.save()
            if elsewhere is None:
                prune_quietly(folder, spare=path)
        return saver

    def write_copy(self, path: Path) -> None:
        """Write the battle as recorded so far to another file too (a named copy; OSError when the disk says no)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        write_save(path, self.recorder.record())

    def add(self, action: Action, after: GameState, rolls: list[int] | None = None) -> str | None:
        """Record the action and write the save; what to tell the player, if anything (see `save`)."""
        self.recorder.add(action, after, rolls)
        return self.save()

    def save(self) -> str | None:
        """Write everything recorded so far. Returns "Autosave failed: <reason>; will retry" when a write
        fails after writes that worked, a line saying it works again on the first write after a failure,
        else None. Only `write` raises."""
        if self.too_long:
            return None  # it only grows: no use trying again
        try:
            self.write()
        except TooLongToSave as exc:
            self.too_long, self.failing = True, os_reason(exc)
            return f"Autosave stopped: {self.failing}."
        except OSError as exc:
            first = self.failing is None
            self.failing = os_reason(exc)
            return f"Autosave failed: {self.failing}; will retry after the next action." if first else None
        told = None
        if self.failing is not None:
            self.failing = None
            told = "Autosave works again: the battle is saved up to its last action."
        if self.recorder.finished:
            try:
                retire_copies(self.path.parent, self.recorder.record(), keep=self.path)
            except OSError:
                pass  # an old copy left behind is listed as finished-or-not by its own save; no harm
        return told

    def write(self) -> None:
        """Write the save now (its folder made again if it was removed); OSError when it cannot be written."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_save(self.path, self.recorder.record())




@dataclass(frozen=True)
class ContinueHint:
    """What the title screen's Continue line says: the save Continue takes, and the newest that will not load."""

    line: str | None  # "Training Yard, round 3, saved 12 May 10:02", or None when there is nothing to continue
    path: Path | None
    passed_over: str | None  # one line: why a newer save is passed over, or None


def continue_hint(folder: Path | None = None) -> ContinueHint:
    """The newest autosave of an unfinished battle (or army building) that looks loadable, from the cheap
    summaries (the title asks this at start-up: nothing is replayed here; `newest_unfinished` does that when
    the player asks to continue, and skips what does not hold). A newer save that will not load is named,
    with why, in `passed_over`."""
    folder = autosave_dir() if folder is None else folder
    passed_over = None
    for path in saves_in(folder)[:KEEP_BATTLES]:
        summary = save_summary(path)
        problem = problem_of(path, summary)
        if problem:
            if passed_over is None:
                passed_over = f"Passed over the newest save ({summary.title}, {summary.when}): {problem}."
            continue
        if summary.unfinished:
            return ContinueHint(f"{summary.title}, {summary.where}, saved {summary.when}", path, passed_over)
    return ContinueHint(None, None, passed_over)


def unfinished_hint(folder: Path | None = None) -> str | None:
    """The Continue line's words: the save Continue takes (see continue_hint), or None."""
    return continue_hint(folder).line


@dataclass(frozen=True)
class Resumed:
    """Where a resumed battle stands, and how it got there."""

    state: GameState
    actions: int  # how many recorded actions the state includes
    note: str  # "" when the whole save held; else what failed to check, and where the battle goes on
    told: tuple[str, ...] = ()  # the battle log's lines of the last actions, to show where things stand
    checkpoints: tuple[Checkpoint, ...] = ()  # the round checkpoints up to the state, rebuilt by the replay


def resume_state(saved: SavedBattle) -> Resumed:
    """The battle as of its last recorded action, replayed from the seed with every recorded state, round
    checkpoint and the opening's seal checked (`replay_checked`). The battle never goes on from anything the
    replay did not rebuild: when a part of the save does not hold, it goes on from the start of the last round
    before it, and the note says what and where. SaveProblem (a line both players may read) when round 1
    itself is not the recorded one, or the opening was edited: nothing in the save can be trusted then."""
    checked = replay_checked(saved)
    note = ""
    if checked.problem:
        older = rules_changed_note(saved.record.version)
        why = (f"The save no longer plays as recorded: {older}. {checked.problem[0].upper()}{checked.problem[1:]}"
               if older else
               f"The save was edited or damaged, or this program has changed since it was written: {checked.problem}")
        note = f"{why}. The battle goes on from the start of round {checked.state.round}, in a new autosave."
    return Resumed(checked.state, checked.actions, note, checked.told, checked.rounds)


@dataclass(frozen=True)
class Unfinished:
    """A battle that can be resumed: its save, where it stands (a battle's), and the saves skipped on the way."""

    saved: SavedBattle | SavedMuster  # a battle, or its army building still going on
    skipped: list[ContentError]
    resumed: Resumed | None = None  # the battle replayed and checked (None for army building)


def newest_unfinished(folder: Path | None = None, skipped: list[ContentError] | None = None) -> Unfinished | None:
    """The newest autosave of a battle that has not ended and that loads and holds when replayed (or of army
    building that loads). A save that does not is skipped (and reported in the result's `skipped`, and in
    `skipped` when given, even when nothing is found; its words are for `public_reason`), so a damaged or
    edited newest save falls back to the one before it. Every save skipped is remembered for the session, so
    the Continue line passes over it too."""
    folder = autosave_dir() if folder is None else folder
    skipped = [] if skipped is None else skipped
    for path in saves_in(folder):
        summary = save_summary(path)
        problem = problem_of(path, summary)
        if problem:
            skipped.append(SaveProblem(path, problem))
            continue
        if not summary.unfinished:
            continue
        try:
            if summary.muster:
                return Unfinished(open_muster(path), skipped)
            saved = open_save(path)
            resumed = resume_state(saved)
        except ContentError as exc:
            remember_refused(path, public_reason(exc))
            skipped.append(exc)
            continue
        if saved.record.finished or resumed.state.is_over:
            continue
        return Unfinished(saved, skipped, resumed)
    return None
