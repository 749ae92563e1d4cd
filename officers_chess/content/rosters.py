"""Named rosters: armies saved by name as JSON in the player's data folder (`user_data.roster_dir`), and read back
safely."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from officers_chess.content.decoded_text import find_unsafe_json
from officers_chess.content.errors import ContentError, quote, shorten
from officers_chess.content.json_source import JsonRefused, load_json
from officers_chess.content.safe_read import read_text
from officers_chess.content.save_json import json_line
from officers_chess.content.user_data import roster_dir  # the one data folder ($OFFICERS_CHESS_DATA, or the platform's)
from officers_chess.rules.basics.plain_text import visible
from officers_chess.rules.muster.army import Army

ROSTER_FORMAT = "officers-chess roster"
ROSTER_VERSION = 1
MAX_ROSTER_BYTES = 64_000  # a full army of 30 units is a few kilobytes
MAX_NAME = 40


class RosterError(ValueError):
    """A roster that cannot be saved or read; the message says why, in words for the player."""


@dataclass(frozen=True)
class RosterInfo:
    """One saved roster as the load dialog lists it: a name, how many units, or what is wrong with the file."""

    name: str
    path: Path
    units: int = 0
    problem: str = ""


def clean_name(name: str) -> str:
    """The roster name as it is stored: spaces collapsed; RosterError if nothing is left or it is too long."""
    name = " ".join(name.split())
    if not name:
        raise RosterError("give the roster a name")
    if len(name) > MAX_NAME:
        raise RosterError(f"a roster name is at most {MAX_NAME} characters")
    return name


def roster_path(name: str) -> Path:
    """Where a roster of this name lives: a file name made of its letters and digits only."""
    slug = re.sub(r"[^a-z0-9]+", "-", clean_name(name).lower()).strip("-")
    if not slug:
        raise RosterError("a roster name needs at least one letter or digit")
    return roster_dir() / f"{slug}.json"


def save_roster(name: str, army: Army, scenario: str = "") -> Path:
    """Write the army under this name (replacing a roster of the same name); returns the file."""
    name = clean_name(name)
    path = roster_path(name)
    body = {
        "format": ROSTER_FORMAT,
        "version": ROSTER_VERSION,
        "name": name,
        "scenario": scenario,
        "army": army.model_dump(mode="json", by_alias=True),
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".json.part")
        partial.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
        partial.replace(path)  # a crash mid-write never leaves half a roster behind
    except OSError as exc:
        raise RosterError(f"could not save to {path}: {exc.strerror or exc}") from None
    return path


def load_roster(name_or_path: str | Path) -> Army:
    """The army saved under a name (or in a file); RosterError with the file and the problem if it cannot be read."""
    path = Path(name_or_path) if isinstance(name_or_path, Path) else roster_path(name_or_path)
    return _read(path)[1]


def _read(path: Path) -> tuple[str, Army]:
    try:
        if path.stat().st_size > MAX_ROSTER_BYTES:
            raise RosterError(f"{path}: too big to be a roster")
    except FileNotFoundError:
        raise RosterError(f"no roster at {path}") from None
    except (OSError, ValueError) as exc:
        raise RosterError(f"{path}: cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:  # a regular file only (never a device or a pipe), and never more than the limit
        text = read_text(path, MAX_ROSTER_BYTES)
        data = load_json(text)
    except ContentError as exc:
        raise RosterError(str(exc)) from None
    except JsonRefused as exc:
        raise RosterError(str(exc.error(path, text))) from None
    except RecursionError:
        raise RosterError(f"{path}: not a roster: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise RosterError(f"{path}, line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise RosterError(f"{path}: not valid JSON ({shorten(str(exc))})") from None
    unsafe = find_unsafe_json(text, data)  # after decoding: "\u001b" is an escape all the same
    if unsafe is not None:
        raise RosterError(str(ContentError(path, f"{unsafe.field}: {unsafe.problem}", json_line(text, unsafe.loc))))
    if not isinstance(data, dict) or data.get("format") != ROSTER_FORMAT:
        raise RosterError(f"{path}: not an Officer's Chess roster")
    if data.get("version") != ROSTER_VERSION:
        raise RosterError(f"{path}: roster version {quote(data.get('version'))} is not one this game reads ({ROSTER_VERSION})")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RosterError(f"{path}: the roster has no name")
    try:
        army = Army.model_validate(data.get("army"))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "army"
        raise RosterError(f"{path}: army.{where}: {first['msg']}") from None
    return name.strip(), army


def list_rosters() -> list[RosterInfo]:
    """Every roster in the data folder, by name; a damaged file is listed with its problem, not hidden."""
    folder = roster_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            name, army = _read(path)
            found.append(RosterInfo(name, path, len(army.units)))
        except RosterError as exc:  # listed by its file's name, which is anyone's: shown, never obeyed
            found.append(RosterInfo(visible(path.stem), path, problem=visible(str(exc))))
    return sorted(found, key=lambda info: info.name.lower())


def delete_roster(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise RosterError(f"could not delete {path}: {exc.strerror or exc}") from None
