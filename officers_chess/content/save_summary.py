"""What a list shows of a save, read cheaply from its first and last bytes (the title's Continue line, the load
list), and the saves found this session not to load."""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.decoded_text import find_unsafe_text
from officers_chess.content.errors import ContentError, os_reason
from officers_chess.content.muster_saves import MUSTER_FORMAT
from officers_chess.content.safe_read import read_bytes
from officers_chess.content.save_head import read_part, top_level
from officers_chess.content.saves import MAX_SAVE_BYTES
from officers_chess.content.yaml_source import MAX_FILE_BYTES
from officers_chess.rules.history.record import READABLE_VERSIONS, SAVE_FORMAT, opening_digest
from officers_chess.rules.basics.plain_text import visible
from officers_chess.rules.pieces.models import Side

# How much of a save a list reads: its first bytes (a version-3 save has all a list shows, and its opening,
# in its first few kilobytes) and its last few (a save cut off by a full disk does not end as a save ends).
HEAD_BYTES = 64 * 1024
TAIL_BYTES = 64
OLD_SAVE_WHOLE_BYTES = 1_000_000  # an older save (no summary at its top) is read whole for its round up to this


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
    title = visible(path.name)  # a file's name is anyone's: shown, never obeyed

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
        return bad(f"it cannot be read ({os_reason(exc)})")
    try:
        fields = top_level(head.decode("utf-8", errors="replace"), whole)
    except (ValueError, RecursionError):
        return bad("it is not a save (not a JSON object)", when)
    unsafe = find_unsafe_text(fields)  # before a word of it is shown: its title is the scenario's
    if unsafe is not None:
        return bad(f"{unsafe.field}: {unsafe.problem}", when)
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


def problem_of(path: Path, summary: SaveSummary) -> str:
    """Why a save will not load: what a full load found this session (`remember_refused`), else its summary's."""
    key = _key(path)
    return (_REFUSED.get(key, "") if key is not None else "") or summary.problem
