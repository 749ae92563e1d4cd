"""Saving the battle from its screen: the autosave after each action and a named copy (mixed into BattleScreen)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.user_data import saves_dir
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.file_names import file_name_problem


class BattleSaves:
    """Saving from the battle screen: each action autosaved as it is made (a failing disk told, never fatal), and
    Ctrl+S for a named copy."""

    def _save_notice(self, words: str, failing: bool) -> None:
        """The autosave failed, or works again (the session writes each action: BattleController.record_with)."""
        self.app.notify(words, severity="error" if failing else "information", timeout=10 if failing else 6)

    def action_save_copy(self) -> None:
        """Ctrl+S: keep the battle as it stands under a name of the player's (the autosave goes on too)."""
        if self.autosaver is None:
            self.app.notify("Saving is off for this battle (see the message when it started).", severity="warning")
            return
        default = f"{self.loaded.path.stem}-round-{self.controller.view.round}"

        def check(name: str) -> str | None:
            return file_name_problem(name, 60)

        def write(path: Path) -> None:
            try:
                self.autosaver.write_copy(path)
            except OSError as exc:
                self.app.notify(f"Could not save to {path}: {exc.strerror or exc}", severity="error", timeout=8)
                return
            # Short, and the path once: a toast stays over whatever screen comes next until it times out.
            self.app.notify(f"Saved {path.name} in {path.parent}; l on the title screen loads it.", timeout=5)

        def named(name: str | None) -> None:
            if name is None:
                return
            path = saves_dir() / f"{name.strip()}.json"
            if not path.exists():
                write(path)
                return
            self.app.push_screen(ConfirmDialog(f"A save named \"{name.strip()}\" exists already. Replace it?"),
                                 lambda yes: write(path) if yes else None)

        self.app.push_screen(TextPrompt("Save this battle", f"A name for the save (kept in {saves_dir()}):",
                                        default, check, max_length=60), named)
