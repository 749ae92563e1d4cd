"""Autosaves: every committed action written at once (atomically) to the battle's save; what the title screen and
the load list show of a save, read cheaply; and resuming, which trusts nothing in a save that replaying it does
not confirm. The folder itself (names, listing, pruning) is save_files.py."""

from __future__ import annotations

import errno
import hashlib
import json
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import MUSTER_FORMAT, SavedMuster, open_muster
from officers_chess.content.safe_read import read_bytes
from officers_chess.content.save_files import KEEP_BATTLES, prune_quietly, new_save_path, retire_copies, saves_in
from officers_chess.content.save_head import read_part, top_level
from officers_chess.content.save_replay import replay_checked
from officers_chess.content.saves import (
    MAX_SAVE_BYTES, SavedBattle, SaveProblem, TooLongToSave, open_save, public_reason, scenario_ref, write_save,
)
from officers_chess.content.user_data import autosave_dir
from officers_chess.content.yaml_source import MAX_FILE_BYTES
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import (
    READABLE_VERSIONS, SAVE_FORMAT, Checkpoint, Recorder, opening_digest, rules_changed_note,
)
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup

# How much of a save a list reads: its first bytes (a version-3 save has all a list shows, and its opening,
# in its first few kilobytes) and its last few (a save cut off by a full disk does not end as a save ends).
HEAD_BYTES = 64 * 1024
TAIL_BYTES = 64
OLD_SAVE_WHOLE_BYTES = 1_000_000  # an older save (no summary at its top) is read whole for its round up to this


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
            self.too_long, self.failing = True, _reason(exc)
            return f"Autosave stopped: {self.failing}."
        except OSError as exc:
            first = self.failing is None
            self.failing = _reason(exc)
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


def _reason(exc: OSError) -> str:
    """An OSError in a few words: "No space left on device", "Read-only file system"..."""
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return (exc.strerror or str(exc) or type(exc).__name__).rstrip(".")


# --- what a list shows of a save, read cheaply -------------------------------------------------------------


@lru_cache(maxsize=64)
def _sha256_of(path: str, size: int, mtime_ns: int) -> str:
    try:
        return hashlib.sha256(read_bytes(path, MAX_FILE_BYTES)).hexdigest()
    except ContentError:
        return ""  # too big or unreadable: no match, and the full load says why


def _file_sha256(path: Path) -> str:
    """A content file's sha256, worked out once per version of the file (the list asks for the same few)."""
    status = path.stat()
    return _sha256_of(str(path), status.st_size, status.st_mtime_ns)


def _content_problem(path: Path, fields: dict) -> str:
    """Whether the scenario and rules a save was played on are still those of this installation, from the
    sha256 its opening records (the map is checked when the save is loaded)."""
    ref = fields.get("scenario")
    if not isinstance(ref, dict) or not isinstance(ref.get("sha256"), dict):
        return "it names no scenario"
    bundled, file = ref.get("bundled"), ref.get("file")
    try:
        if isinstance(bundled, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", bundled):
            scenario = bundled_dir("scenarios") / f"{bundled}.yaml"
            if not scenario.is_file():
                return f"this version of the game has no scenario {bundled}"
        elif isinstance(file, str) and file:
            scenario = Path(file) if Path(file).is_absolute() else path.parent / file
            if not scenario.is_file():
                return "its scenario file is not there"
        else:
            return "it names no scenario"
        if _file_sha256(scenario) != ref["sha256"].get("scenario"):
            return "its scenario has changed since the battle was saved"
        edition = fields.get("edition")
        catalogue = catalogue_path(edition) if isinstance(edition, str) and re.fullmatch(r"[\w.-]{1,20}", edition) else None
        if catalogue is None or not catalogue.is_file():
            return f"this version of the game has no rules {edition!r}"
        if _file_sha256(catalogue) != ref["sha256"].get("catalogue"):
            return "the rules' catalogue has changed since the battle was saved"
    except (OSError, FileNotFoundError):
        return "its scenario cannot be read"
    return ""


@dataclass(frozen=True)
class SaveSummary:
    """What a list shows of a save: public facts only (the scenario, the round, the side to act, when it was
    written), read from its first and last few bytes. `problem` ("" when none) says in a line why it will not
    load, when a cheap look shows it; a full load (and a replay) comes when the player picks it."""

    title: str
    where: str  # "army building", "round 3" or "finished"
    unfinished: bool
    when: str  # when it was last written, as people read it
    problem: str = ""
    to_act: str = ""  # "attacker" or "defender" (a version-3 battle save)
    muster: bool = False  # army building in progress, not a battle


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.0f} MB"


def save_summary(path: Path) -> SaveSummary:
    """A save's summary, never reading more than HEAD_BYTES + TAIL_BYTES of it (an older save of up to
    OLD_SAVE_WHOLE_BYTES is read whole), and the cheap checks: its size, that it is a save of a version this
    program reads, that it is whole, that its content is this installation's, and its opening's seal."""
    title = path.name

    def bad(problem: str, when: str = "") -> SaveSummary:
        return SaveSummary(title, "", False, when, problem)

    try:
        status = path.stat()
        when = time.strftime("%d %b %H:%M", time.localtime(status.st_mtime))
        if status.st_size > MAX_SAVE_BYTES:
            return bad(f"too large to be a save ({_megabytes(status.st_size)}; at most {_megabytes(MAX_SAVE_BYTES)})",
                       when)
        head = read_part(path, 0, HEAD_BYTES)
        whole = len(head) >= status.st_size
        tail = head[-TAIL_BYTES:] if whole else read_part(path, max(0, status.st_size - TAIL_BYTES), TAIL_BYTES)
    except OSError as exc:
        return bad(f"it cannot be read ({_reason(exc)})")
    try:
        fields = top_level(head.decode("utf-8", errors="replace"), whole)
    except (ValueError, RecursionError):
        return bad("it is not a save (not a JSON object)", when)
    kind = fields.get("format")
    scenario = fields.get("scenario")
    if isinstance(scenario, dict) and isinstance(scenario.get("title"), str):
        title = " ".join(scenario["title"].split())[:60] or title
    if kind not in (SAVE_FORMAT, MUSTER_FORMAT):
        return bad("it is not an Officer's Chess save", when)
    readable = READABLE_VERSIONS if kind == SAVE_FORMAT else (1,)
    if fields.get("version") not in readable:
        return bad(f"save version {fields.get('version')!r} is not one this program reads", when)
    if not tail.rstrip().endswith(b"}"):
        return bad("it is cut off (a full disk, or a crash while it was written or copied)", when)
    problem = _content_problem(path, fields)
    if problem:
        return bad(problem, when)
    if kind == MUSTER_FORMAT:
        return SaveSummary(title, "army building", True, when, muster=True)
    if fields.get("version", 0) >= 3:
        if "opening" in fields and opening_digest(fields) != fields["opening"]:
            return bad("the save was edited: its opening (scenario, seed, armies, players or dice) does not match "
                       "the seal written with it", when)
        summary = fields.get("summary")
        if not isinstance(summary, dict) or not isinstance(summary.get("round"), int):
            return bad("it has no summary", when)
        finished = fields.get("finished") is True
        to_act = summary.get("to_act") if summary.get("to_act") in (Side.ATTACKER.value, Side.DEFENDER.value) else ""
        return SaveSummary(title, "finished" if finished else f"round {summary['round']}", not finished, when,
                           to_act=to_act)
    return _older_summary(path, status.st_size, head if whole else None, title, when)


def _older_summary(path: Path, size: int, text: bytes | None, title: str, when: str) -> SaveSummary:
    """A version 1 or 2 save keeps `finished` and its round checkpoints at its end: read whole when small."""
    if size > OLD_SAVE_WHOLE_BYTES:
        return SaveSummary(title, "round ?", True, when)
    try:
        data = json.loads(text if text is not None else read_part(path, 0, OLD_SAVE_WHOLE_BYTES))
        rounds = [c.get("round") for c in data.get("checkpoints") or [] if isinstance(c, dict)]
    except (OSError, ValueError, AttributeError, RecursionError):
        return SaveSummary(title, "", False, when, "it is not valid JSON")
    if data.get("finished") is True:
        return SaveSummary(title, "finished", False, when)
    last = rounds[-1] if rounds and isinstance(rounds[-1], int) else 1
    return SaveSummary(title, f"round {last}", True, when)


# Saves found this session not to load when fully read and replayed, by (path, size, time written): the title
# screen's Continue line passes over them without reading them again.
_REFUSED: dict[tuple[str, int, int], str] = {}


def _key(path: Path) -> tuple[str, int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return str(path), status.st_size, status.st_mtime_ns


def remember_refused(path: Path, reason: str) -> None:
    """Note that a save did not load (the title screen then never offers it again this session)."""
    key = _key(path)
    if key is not None:
        _REFUSED[key] = reason


def _problem(path: Path, summary: SaveSummary) -> str:
    key = _key(path)
    return (_REFUSED.get(key, "") if key is not None else "") or summary.problem


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
        problem = _problem(path, summary)
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
        problem = _problem(path, summary)
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
