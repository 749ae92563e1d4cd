"""Play-testing from the scenario editor (mixed into the app): the battle in play, then back to the same editor."""

from __future__ import annotations

from textual.screen import Screen

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side


class TryOut:
    """The scenario editor's play-test: a battle against the computer started as the title starts one (`begin`),
    unsaved (a throwaway), and over or left, the editor it came from, as it was (cursor, history, unsaved edits)."""

    trying_from: Screen | None = None  # the editor under the play-test's screens, while one is played
    _computer_before: dict[Side, str] = {}

    def play_test(self, editor: Screen, loaded: LoadedScenario, computer: dict[Side, str]) -> None:
        self.trying_from = editor
        self._computer_before = dict(self.computer)  # the title's choice of computer sides, given back after
        self.begin(loaded, computer=computer)

    def back_to_editor(self) -> bool:
        """Leaving a play-test: its screens go and the editor shows again (True); False when none is played."""
        editor, self.trying_from = self.trying_from, None
        if editor is None or editor not in self.screen_stack:
            return False
        self.muster = None
        self.computer = self._computer_before
        self.policies = {}
        while self.screen is not editor and len(self.screen_stack) > 1:
            self.pop_screen()
        say = getattr(editor, "say", None)
        if say is not None:
            say("Back from the play-test: the scenario as you left it.")
        return True
