"""Saving the battle from its screen: the autosave after each action and a named copy (mixed into BattleScreen)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.saves import write_save
from officers_chess.content.user_data import saves_dir
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.game import GameState
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.file_names import file_name_problem


class BattleSaves:
    """Saving from the battle screen: each action autosaved as it is made (a failing disk told, never fatal), and
    Ctrl+S for a named copy."""

    def _autosave(self, action: Action, after: GameState, rolls: list[int] | None) -> None:
        """Write the action to the battle's save at once. A failing disk never stops the battle: the player is
        told once when saving fails and once when it works again; each action tries again (Autosaver.save)."""
        if self.autosaver is None:
            return
        told = self.autosaver.add(action, after, rolls)
        if told is not None:
            failing = self.autosaver.failing is not None
            self.app.notify(told, severity="error" if failing else "information", timeout=10 if failing else 6)

    def action_save_copy(self) -> None:
        """Ctrl+S: keep the battle as it stands under a name of the player's (the autosave goes on too)."""
        if self.autosaver is None:
            self.app.notify("Saving is off for this battle (see the message when it started).", severity="warning")
            return
        state = self.controller.state
        default = f"{self.loaded.path.stem}-round-{state.round}"

        def check(name: str) -> str | None:
            return file_name_problem(name, 60)

        def write(path: Path) -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_save(path, self.autosaver.recorder.record())
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
