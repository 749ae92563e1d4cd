"""A seat's own copy of a battle played at another machine's table: the host's save, kept in this player's saves."""

from __future__ import annotations

import re
import time
from pathlib import Path

from officers_chess.content.saves import write_save
from officers_chess.content.user_data import saves_dir
from officers_chess.rules.history.record import BattleRecord


def keep_copy(record: BattleRecord, folder: Path | None = None) -> Path:
    """Write the host's save of a finished battle beside this player's own saves (the title's Load lists it, and
    `replay --verify` checks it); the file's path. OSError when it cannot be written."""
    folder = folder or saves_dir()
    name = re.sub(r"[^a-z0-9_]+", "-", (record.scenario.bundled or record.scenario.title).lower()).strip("-")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{name or 'battle'}-hosted.json"
    for n in range(2, 1000):  # two battles ended in the same second
        if not path.exists():
            break
        path = folder / f"{stamp}-{name or 'battle'}-hosted-{n}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, record)
    return path
