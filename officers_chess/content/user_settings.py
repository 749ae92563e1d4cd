"""The player setup the title remembers between launches (who plays each side, whose dice, the battle last begun),
kept in settings.json."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.errors import ContentError, os_reason
from officers_chess.content.safe_read import NO_SUCH_FILE, read_text
from officers_chess.content.user_data import data_dir

SETTINGS_NAME = "settings.json"
LIMIT = 16 * 1024  # a few lines; anything larger is not a file the game wrote
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class PlayerSetup:
    """Who plays each side (None: a person; else a computer level's name) and whether the players roll their own
    dice. The level names are checked by the title against the levels there are (session/players.py)."""

    players: dict[str, str | None]
    own_dice: bool = False
    last_battle: str | None = None  # the bundled battle last begun, by its file's name: the title highlights it


def battle_name_ok(name: object) -> bool:
    """A bundled battle's file name as the game writes it (a short word of letters, digits, _ and -)."""
    return (isinstance(name, str) and 0 < len(name) <= 64 and name.isascii()
            and all(ch.isalnum() or ch in "_-" for ch in name))


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


class BadSettings(ValueError):
    """Why a settings file was not taken (one line for the player)."""


def parse_setup(text: str) -> PlayerSetup:
    """The setup a settings file holds, or BadSettings saying in a few words what is wrong with it."""
    try:
        data = json.loads(text)
    except ValueError:
        raise BadSettings("not JSON") from None
    if not isinstance(data, dict):
        raise BadSettings("not a JSON object")
    players = data.get("players")
    if not isinstance(players, dict) or set(players) != set(SIDES):
        raise BadSettings('"players" must name the attacker and the defender')
    for side, player in players.items():
        # A level's name is a short word: anything else is not what the game wrote.
        if player is not None and not (isinstance(player, str) and player.isascii() and player.isalnum()
                                       and len(player) <= 20):
            raise BadSettings(f'the {side} must be null (a person) or a computer level\'s name')
    own_dice = data.get("own_dice", False)
    if not isinstance(own_dice, bool):
        raise BadSettings('"own_dice" must be true or false')
    last = data.get("last_battle")
    if last is not None and not battle_name_ok(last):
        raise BadSettings('"last_battle" must be a battle\'s file name')
    return PlayerSetup({side: players[side] for side in SIDES}, own_dice, last)


def read_setup(path: Path | None = None) -> tuple[PlayerSetup | None, str | None]:
    """The remembered setup and a one-line notice for the player: (None, None) when nothing is remembered yet,
    (None, why) when the file is there but will not do (it is then ignored, never fatal)."""
    path = settings_path() if path is None else path
    try:
        text = read_text(path, LIMIT)
    except ContentError as exc:
        if exc.message == NO_SUCH_FILE:
            return None, None
        return None, f"Your player setup was not read: {path.name} {exc.message}. The title starts afresh."
    try:
        return parse_setup(text), None
    except BadSettings as exc:
        return None, f"Your player setup was not read: {path.name}: {exc}. The title starts afresh."


def write_setup(setup: PlayerSetup, path: Path | None = None) -> str | None:
    """Keep the setup for the next launch; the reason it could not be written (one line), or None. Written whole to
    a temporary file first, so a crash mid-write never leaves half a file."""
    path = settings_path() if path is None else path
    data: dict[str, object] = {"players": setup.players, "own_dice": setup.own_dice}
    if setup.last_battle is not None:
        data["last_battle"] = setup.last_battle
    text = json.dumps(data, indent=1) + "\n"
    temporary = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        return f"Your player setup was not kept for next time: {os_reason(exc)}."
    return None
