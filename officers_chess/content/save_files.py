"""The autosave folder: a new battle's file name, the saves in it newest first, and pruning old battles and copies."""

from __future__ import annotations

import json
import time
from pathlib import Path

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.safe_read import read_text
from officers_chess.content.saves import MAX_SAVE_BYTES
from officers_chess.rules.history.record import SAVE_FORMAT


KEEP_BATTLES = 10  # autosaves of older battles are removed when a new battle starts


SUFFIX = ".json"


def prune_quietly(folder: Path, spare: Path) -> None:
    try:
        prune(folder, keep=KEEP_BATTLES, spare=spare)
    except OSError:
        pass  # pruning is housekeeping: the next battle tries again


def new_save_path(folder: Path, loaded: LoadedScenario) -> Path:
    """A fresh file name for a battle in the autosave folder, by date and the scenario's file name (both public:
    nothing in a save's name tells what either side has). The folder is made when the save is written."""
    return fresh_path(folder, loaded.path.stem)


def fresh_path(folder: Path, name: str) -> Path:
    """`DATE-TIME-name.json` in `folder`, numbered when a file of that name is there already (two battles in the
    same second)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{name}{SUFFIX}"
    for n in range(2, 1000):
        if not path.exists():
            break
        path = folder / f"{stamp}-{name}-{n}{SUFFIX}"
    return path


def retire_copies(folder: Path, record, keep: Path) -> list[Path]:
    """Once a battle is over, remove the other autosaves of the same battle that stopped earlier (left behind
    when a kept save or a checkpoint was resumed into a new file), so Continue never offers a battle already
    won. Only files whose actions are a beginning of this record's are removed."""
    removed = []
    for path in saves_in(folder):
        if path == keep:
            continue
        try:
            data = json.loads(read_text(path, MAX_SAVE_BYTES))
            if data.get("format") != SAVE_FORMAT:
                continue
            same = (data.get("seed") == record.seed and data.get("initial_state") == record.initial_state)
            states = [a["state"] for a in data.get("actions", [])]
        except (ContentError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            continue
        if same and states == [a.state for a in record.actions[: len(states)]]:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def saves_in(folder: Path) -> list[Path]:
    """The autosaves in a folder, newest first (by the time each was last written)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        if path.suffix != SUFFIX or path.name.startswith("."):
            continue
        try:
            if path.is_file():
                found.append((path.stat().st_mtime, path.name, path))
        except OSError:  # removed meanwhile
            continue
    return [path for *_, path in sorted(found, reverse=True)]


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
