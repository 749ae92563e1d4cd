"""A scenario's autosave: its text after every edit, in the editor's folder beside the maps' autosaves."""

from __future__ import annotations

import json

from officers_chess.content.editing.autosave import EditorAutosave
from officers_chess.content.editing.scenario_file import ScenarioDraft
from officers_chess.content.errors import ContentError


class ScenarioAutosave(EditorAutosave):
    """One file per scenario being edited, named from the scenario file's path."""

    PREFIX = "scenario"

    def write(self, draft: ScenarioDraft) -> str | None:  # type: ignore[override]
        return self._keep({"source": str(self.source) if self.source else None, "text": draft.text})

    def recover(self) -> ScenarioDraft | None:  # type: ignore[override]
        """The text left by an editor that did not close cleanly, or None (none, or not readable)."""
        try:
            return ScenarioDraft.read(str(json.loads(self.path.read_text(encoding="utf-8"))["text"]))
        except (OSError, ValueError, KeyError, TypeError, ContentError):
            return None
