"""Where the game keeps the player's own files (autosaves, saves, rosters): one folder, the platform's user data
folder as platformdirs gives it, or $OFFICERS_CHESS_DATA."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from platformdirs.api import PlatformDirsABC

DATA_VARIABLE = "OFFICERS_CHESS_DATA"
APP_FOLDER = "officers-chess"


def _platform_dirs(platform: str) -> PlatformDirsABC:
    if platform == "darwin":
        from platformdirs.macos import MacOS as Dirs
    elif platform.startswith("win"):
        from platformdirs.windows import Windows as Dirs
    else:
        from platformdirs.unix import Unix as Dirs
    # Roaming on Windows (%APPDATA%): saves and rosters follow the player from machine to machine.
    return Dirs(APP_FOLDER, appauthor=False, roaming=True)


def data_dir(platform: str | None = None) -> Path:
    """The folder for every file of the player's (not created here): autosaves, saves and rosters.

    $OFFICERS_CHESS_DATA wins (tests, portable installs, a second profile); else the platform's own
    place, from platformdirs: $XDG_DATA_HOME/officers-chess or ~/.local/share/officers-chess on Linux
    and the BSDs, ~/Library/Application Support/officers-chess on macOS, %APPDATA%\\officers-chess on
    Windows. `platform` (a `sys.platform` value) is for tests.
    """
    override = os.environ.get(DATA_VARIABLE)
    if override:
        return Path(override).expanduser()
    return Path(_platform_dirs(sys.platform if platform is None else platform).user_data_dir)


def autosave_dir() -> Path:
    return data_dir() / "autosaves"


def campaigns_dir() -> Path:
    """Where each campaign played keeps its folder: its save and its chapters' battle saves."""
    return data_dir() / "campaigns"


def saves_dir() -> Path:
    """Where battles saved by hand go (kept until the player deletes them)."""
    return data_dir() / "saves"


def roster_dir() -> Path:
    """Where armies saved by name go."""
    return data_dir() / "rosters"
