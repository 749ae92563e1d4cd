"""The editor's autosave: the draft written after every stroke, so a crash or a closed terminal loses nothing."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from officers_chess.content.editing.draft import MapDraft

NEW_MAP = "new map"


class EditorAutosave:
    """One file per map being edited, in `folder`, named from the map file's path (or for a new map)."""

    PREFIX = "map"  # the start of its file's name: a scenario's autosave has its own (scenario_autosave.py)

    def __init__(self, folder: Path, source: Path | None) -> None:
        self.folder = folder
        self.source = source.resolve() if source is not None else None
        key = str(self.source) if self.source is not None else NEW_MAP
        self.path = folder / f"{self.PREFIX}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.json"

    def write(self, draft: MapDraft) -> str | None:
        """Keep `draft`; the reason in words when the disk refused (the edit itself goes on)."""
        return self._keep({"source": str(self.source) if self.source else None, "name": draft.name,
                           "description": draft.description, "rows": list(draft.rows), "edition": draft.edition})

    def _keep(self, record: dict) -> str | None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_suffix(".saving")
            temporary.write_text(json.dumps(record), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as exc:
            return f"the editor's autosave could not be written ({exc.strerror or exc})"
        return None

    def recover(self) -> MapDraft | None:
        """The draft left by an editor that did not close cleanly, or None (none, or not readable)."""
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
            rows = tuple(str(r) for r in record["rows"])
            if not rows or any(len(r) != len(rows[0]) for r in rows):
                return None
            return MapDraft(str(record["name"]), str(record.get("description") or ""), rows,
                            str(record.get("edition") or "v0.6"))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def clear(self) -> None:
        """Forget the autosave (the map was saved, or the author chose to discard it)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
