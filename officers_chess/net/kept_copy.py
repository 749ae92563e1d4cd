"""A seat's own copy of a battle played at another machine's table: the host's save, kept in this player's saves."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.save_files import fresh_path
from officers_chess.content.saves import write_save
from officers_chess.content.user_data import saves_dir
from officers_chess.rules.history.record import BattleRecord


def keep_copy(record: BattleRecord, folder: Path | None = None) -> Path:
    """Write the host's save of a finished battle on a bundled scenario beside this player's own saves (the title's
    Load replays it, `replay --verify` checks it); the file's path. OSError when it cannot be written; ValueError
    for a record of a scenario file (the host sends none: its path is the host's, rulings N16)."""
    if record.scenario.bundled is None:
        raise ValueError("only a battle on a bundled scenario is kept: a scenario file's path is the host's")
    path = fresh_path(folder or saves_dir(), f"{record.scenario.bundled}-hosted")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, record)
    return path
