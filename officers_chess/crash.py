"""When the game stops on an error nobody foresaw: the traceback goes to a file in the player's data folder and
the player reads one line that names it (and says whether the battle can be taken up again)."""

from __future__ import annotations

import platform
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from officers_chess import __version__
from officers_chess.content.user_data import data_dir

CRASH_LOG = "crash.log"  # the last crash's details (each crash replaces the one before)


@dataclass(frozen=True)
class Crash:
    """An error that stopped the game, as the player is told of it."""

    error: str  # "KeyError: 0", one line
    log: Path | None  # the file with the traceback, None if it could not be written
    kept: str = ""  # what can be taken up again ("The battle is autosaved: ..."), or ""

    def line(self) -> str:
        """One line for the terminal, once the game's screen is gone."""
        where = f"details in {self.log}" if self.log else "the details could not be written to the data folder"
        kept = f" {self.kept}" if self.kept else ""
        return f"officers-chess: stopped by an unexpected error ({self.error}).{kept} Please report it; {where}."


def error_words(error: BaseException) -> str:
    """The error's type and message on one short line."""
    message = " ".join(str(error).split())
    if len(message) > 80:
        message = message[:79] + "…"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def record_crash(error: BaseException, kept: str = "", folder: Path | None = None) -> Crash:
    """Write the error's traceback to CRASH_LOG in the data folder (or `folder`); never raises."""
    try:
        words = error_words(error)
    except Exception:  # an error whose str() fails in turn
        words = type(error).__name__
    try:
        folder = data_dir() if folder is None else folder
        path = folder / CRASH_LOG
        head = (f"Officer's Chess {__version__} stopped on {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
                f"Python {platform.python_version()} on {sys.platform}\n\n")
        body = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(head + body, encoding="utf-8")
    except Exception:
        path = None
    return Crash(words, path, kept)
