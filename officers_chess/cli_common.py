"""What every `officers-chess` command shares: exit statuses, limits of its numbers, and one-line failures."""

from __future__ import annotations

import sys

from officers_chess.ai.levels import LEVEL_NAMES

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a shell reports a program stopped by SIGPIPE; never 1, which means a mismatch
EXIT_CRASH = 70  # an error nobody foresaw (sysexits.h's EX_SOFTWARE); crash.py writes its details to a file
MAX_SEED = 2**64 - 1  # the dice draw from a 64-bit counter: seeds from 0 to here are all different
MAX_GAMES = 100_000  # games in one simulate batch: the win rate's 95% interval is then ±0.3 points at most
MAX_JOBS = 256


def fail(message: str) -> int:
    """Say what is wrong in one line on stderr; the status of bad input."""
    print(f"officers-chess: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def seed_problem(seed: int | None) -> str | None:
    if seed is None or 0 <= seed <= MAX_SEED:
        return None
    return f"--seed takes a whole number from 0 to {MAX_SEED}"


def level_names() -> list[str]:
    return list(LEVEL_NAMES)  # the names only: the computer players load when a command plays one


def unwritable(folder) -> str | None:
    """Why saves cannot be written into `folder` (made if need be), found out before the first battle; None when
    they can."""
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return f"{folder}: cannot write saves there ({exc.strerror})"
    return None
