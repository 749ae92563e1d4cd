"""What every command shares: exit statuses, limits of its numbers, and the one way to refuse input (status 2)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

from officers_chess.ai.levels import LEVEL_NAMES
from officers_chess.content.errors import ContentError

if TYPE_CHECKING:
    from officers_chess.content.loaders import LoadedScenario

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a shell reports a program stopped by SIGPIPE; never 1, which means a mismatch
EXIT_CRASH = 70  # an error nobody foresaw (sysexits.h's EX_SOFTWARE); crash.py writes its details to a file
MAX_SEED = 2**64 - 1  # the dice draw from a 64-bit counter: seeds from 0 to here are all different
MAX_GAMES = 100_000  # games in one simulate batch: the win rate's 95% interval is then ±0.3 points at most
MAX_JOBS = 256

SCENARIO_HELP = "a bundled scenario (by file name or title) or a scenario .yaml file"
CAMPAIGN_HELP = "a bundled campaign (by file name) or a campaign .yaml file"
JSON_HELP = "print one JSON object"
VERIFY_HINT = "(check one with: officers-chess replay --verify SAVE)"

T = TypeVar("T")


class Refused(Exception):
    """Input a command will not take. Raised anywhere in a command; the console script says it in one line
    (`fail`) and exits with status 2."""


def fail(message: str) -> int:
    """Say what is wrong in one line on stderr; the status of bad input."""
    print(f"officers-chess: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def refuse(problem: str | None) -> None:
    """Refuse the command when a check found a problem (the checks below answer None when there is none)."""
    if problem is not None:
        raise Refused(problem)


def read(load: Callable[..., T], *args: object, say: Callable[[ContentError], str] = str) -> T:
    """`load(*args)`, a file that will not load refused in one line (`say` words its error)."""
    try:
        return load(*args)
    except ContentError as exc:
        raise Refused(say(exc)) from None


def read_scenario(name: str) -> tuple[Path, LoadedScenario]:
    """A bundled scenario (by file name or title) or a scenario file: its path and the scenario, loaded."""
    from officers_chess.content.loaders import find_scenario, load_scenario

    path = read(find_scenario, name)
    return path, read(load_scenario, path)


def seed_problem(seed: int | None) -> str | None:
    if seed is None or 0 <= seed <= MAX_SEED:
        return None
    return f"--seed takes a whole number from 0 to {MAX_SEED}"


def count_problem(option: str, value: int, most: int) -> str | None:
    """What is wrong with a count of games or of processes (None: nothing)."""
    if 1 <= value <= most:
        return None
    return f"{option} takes a number of at least 1 and at most {most:,}"


def checked_levels(text: str) -> tuple[str, str]:
    """`--levels A:B` as the two levels' names."""
    from officers_chess.commands.simulate_report import parse_levels  # loads the computer players

    try:
        return parse_levels(text)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def level_names() -> list[str]:
    return list(LEVEL_NAMES)  # the names only: the computer players load when a command plays one


def unwritable(folder: Path) -> str | None:
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
