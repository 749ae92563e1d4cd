"""Undo and redo without limit: every version of the draft, each with the words of the stroke that made it."""

from __future__ import annotations

from dataclasses import dataclass, field

from officers_chess.content.editing.draft import MapDraft


@dataclass
class History:
    """The draft now, the versions before it (undo) and those undone (redo). A new stroke clears redo."""

    present: MapDraft
    _before: list[tuple[MapDraft, str]] = field(default_factory=list)  # (version, the stroke that left it)
    _after: list[tuple[MapDraft, str]] = field(default_factory=list)
    saved: MapDraft | None = None  # the version last written to the file (None: never saved)

    def do(self, draft: MapDraft, words: str) -> bool:
        """Make `draft` the present one, `words` naming the stroke; False (nothing kept) when it changes nothing."""
        if draft == self.present:
            return False
        self._before.append((self.present, words))
        self._after.clear()
        self.present = draft
        return True

    def undo(self) -> str | None:
        """Go back one stroke; its words, or None when there is nothing to undo."""
        if not self._before:
            return None
        draft, words = self._before.pop()
        self._after.append((self.present, words))
        self.present = draft
        return words

    def redo(self) -> str | None:
        """Do again the last stroke undone; its words, or None when there is nothing to redo."""
        if not self._after:
            return None
        draft, words = self._after.pop()
        self._before.append((self.present, words))
        self.present = draft
        return words

    @property
    def can_undo(self) -> bool:
        return bool(self._before)

    @property
    def can_redo(self) -> bool:
        return bool(self._after)

    @property
    def unsaved(self) -> bool:
        return self.present != self.saved
