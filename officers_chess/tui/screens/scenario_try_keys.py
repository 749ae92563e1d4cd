"""The scenario editor's "try it at once" keys (mixed into its screen): `p` play-tests the draft, `B` balances it."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.errors import ContentError
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.dialogs.quick_balance import QuickBalanceDialog
from officers_chess.tui.palette import palette


class TryItKeys:
    """Play-test and quick balance, each refused while the checks find an error (rulings ED13-ED15)."""

    def _refused(self, what: str) -> bool:
        """A draft the checks find an error in is saved as a draft but not played (ruling ED13): say so."""
        error = next((p for p in self.problems if p.error), None)
        if error is None:
            return False
        self.say(f"No {what} while the checks find an error (it can be saved as a draft): {error.line()}",
                 palette().error)
        return True

    def action_play_test(self) -> None:
        """The scenario as it is now, unsaved edits included: the person plays the side shown, the computer the other
        at normal; the battle over or left, this editor again as it was."""
        if self.carried is not None or self._refused("play-test"):
            if self.carried is not None:
                self.say(f"Put {self.carried.name} down first (Enter), or back (Esc).")
            return
        try:
            loaded = self.file.loaded(self.draft)
        except (ContentError, OSError) as exc:
            self.say(f"The play-test will not start: {exc}", palette().error)
            return
        other = next(side for side in Side if side.value != self.side)
        self.app.play_test(self, loaded, {other: "normal"})  # type: ignore[attr-defined]

    def action_quick_balance(self) -> None:
        if self._refused("quick balance"):
            return
        draft = self.draft

        def remove(path: Path) -> None:
            try:
                path.unlink()
            except OSError:
                pass

        def done(line: str | None) -> None:
            self.say(line or "Quick balance stopped.")

        self.app.push_screen(QuickBalanceDialog(lambda: self.file.written(draft, "balance"), remove, self.quick_games),
                             done)

