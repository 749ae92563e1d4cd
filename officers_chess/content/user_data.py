"""Where the game keeps the player's own files (autosaves): the platform's user data folder, or $OFFICERS_CHESS_DATA."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DATA_VARIABLE = "OFFICERS_CHESS_DATA"
APP_FOLDER = "officers-chess"


def data_dir(environ: dict[str, str] | None = None, platform: str | None = None) -> Path:
    """The folder for the player's files (not created here).

    $OFFICERS_CHESS_DATA wins (tests, portable installs, a second profile); else the platform's own
    place: $XDG_DATA_HOME or ~/.local/share on Linux and the BSDs, ~/Library/Application Support on
    macOS, %APPDATA% on Windows.
    """
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if env.get(DATA_VARIABLE):
        return Path(env[DATA_VARIABLE]).expanduser()
    home = Path(env.get("HOME") or Path.home())
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    if platform.startswith("win"):
        return Path(env.get("APPDATA") or home / "AppData" / "Roaming") / APP_FOLDER
    return Path(env.get("XDG_DATA_HOME") or home / ".local" / "share") / APP_FOLDER


def autosave_dir(environ: dict[str, str] | None = None) -> Path:
    return data_dir(environ) / "autosaves"


def saves_dir(environ: dict[str, str] | None = None) -> Path:
    """Where battles saved by hand go (kept until the player deletes them)."""
    return data_dir(environ) / "saves"
