"""The host's private note of the battle it serves (codes, save, address), so `host --resume` reopens it (N8)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from officers_chess.content.user_data import data_dir
from officers_chess.rules.pieces.models import Side


class Hosted(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: int = 1
    codes: dict[Side, str]
    save: str = Field(max_length=4096)
    bind: str = Field(max_length=255)
    port: int = Field(ge=1, le=65535)
    here: Side | None = None  # the seat played in the host's own app (None: a dedicated host)
    computer: dict[Side, tuple[Annotated[str, Field(max_length=20)], int]] = Field(default_factory=dict)


def hosted_dir() -> Path:
    return data_dir() / "hosted"


def note_path(save: Path) -> Path:
    return hosted_dir() / f"{save.stem}.json"


def write_note(note: Hosted) -> Path:
    """Write the note beside the others, atomically and readable by this user only (it holds the codes)."""
    path = note_path(Path(note.save))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(note.model_dump_json())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def newest_note() -> tuple[Path, Hosted] | None:
    """The most recently written note that reads, or None."""
    folder = hosted_dir()
    paths = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for path in paths:
        try:
            return path, Hosted.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, ValidationError):
            continue
    return None


def forget(save: Path) -> None:
    """The battle ended: its codes open nothing any more."""
    note_path(save).unlink(missing_ok=True)
