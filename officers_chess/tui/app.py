"""The Textual application: title → battle → result, with quit and help reachable from anywhere."""

from __future__ import annotations

import secrets

from textual.app import App
from textual.binding import Binding

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.events import Event
from officers_chess.rules.game import GameState
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.help import HelpScreen
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.title import TitleScreen


class OfficersChessApp(App):
    """Officer's Chess in the terminal."""

    TITLE = "Officer's Chess"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True)]

    def __init__(self, scenario: LoadedScenario | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.first_scenario = scenario
        self.seed = seed

    def on_mount(self) -> None:
        if self.first_scenario is not None:
            self.start_battle(self.first_scenario)
        else:
            self.push_screen(TitleScreen())

    def start_battle(self, loaded: LoadedScenario) -> None:
        # A fresh seed per battle unless one was asked for (then battles replay exactly).
        seed = self.seed if self.seed is not None else secrets.randbits(32)
        screen = BattleScreen(loaded, loaded.new_battle(seed))
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_result(self, state: GameState, last_events: list[Event]) -> None:
        self.switch_screen(ResultScreen(state, last_events))

    def show_title(self) -> None:
        self.switch_screen(TitleScreen())

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmDialog):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        in_battle = any(isinstance(screen, BattleScreen) for screen in self.screen_stack)
        question = "Quit Officer's Chess? The battle in progress will be lost." if in_battle else "Quit Officer's Chess?"
        self.push_screen(ConfirmDialog(question), answered)
