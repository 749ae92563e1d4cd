"""The Textual application: title → army building (when a side hires) → battle → result, with quit and help reachable from anywhere."""

from __future__ import annotations

import secrets

from textual.app import App
from textual.binding import Binding

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.ai.play import make_policy
from officers_chess.rules.ai.policy import Policy
from officers_chess.rules.events import Event
from officers_chess.rules.game import GameState
from officers_chess.rules.models import Side
from officers_chess.rules.muster import Phase
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.help import HelpScreen
from officers_chess.tui.muster_session import MusterSession, hires_any
from officers_chess.tui.players import check_levels
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.muster_step import MusterStepScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.scouting import ScoutingScreen
from officers_chess.tui.screens.title import TitleScreen


class OfficersChessApp(App):
    """Officer's Chess in the terminal."""

    TITLE = "Officer's Chess"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True)]

    def __init__(
        self, scenario: LoadedScenario | None = None, seed: int | None = None, computer: dict[Side, str] | None = None
    ) -> None:
        """`computer` gives the sides the computer plays, each with its level (a name in LEVELS; ValueError if
        unknown): with a scenario they play without asking, else the title screen starts with that choice."""
        super().__init__()
        check_levels(computer or {})
        self.first_scenario = scenario
        self.seed = seed
        self.computer: dict[Side, str] = dict(computer or {})  # the last choice, kept for the next battle
        self.policies: dict[Side, Policy] = {}
        self.game_seed = 0
        self.muster: MusterSession | None = None

    def on_mount(self) -> None:
        if self.first_scenario is not None:
            self.begin(self.first_scenario)
        else:
            self.push_screen(TitleScreen(self.computer))

    def _show(self, screen) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def begin(self, loaded: LoadedScenario, computer: dict[Side, str] | None = None) -> None:
        """Start a scenario: army building first when a side hires its army, else straight to the battle.
        `computer` (side → level) replaces the sides the computer plays."""
        if computer is not None:
            check_levels(computer)
            self.computer = dict(computer)
        # A fresh seed per battle unless one was asked for (then battles replay exactly, the computer's too).
        self.game_seed = self.seed if self.seed is not None else secrets.randbits(32)
        self.policies = {side: make_policy(level, self.game_seed + 1 + index)
                         for index, side in enumerate(Side) if (level := self.computer.get(side))}
        if hires_any(loaded):
            self.muster = MusterSession(loaded)
            self.next_muster_step()
        else:
            self.start_battle(loaded)

    def start_battle(self, loaded: LoadedScenario) -> None:
        seed = self.game_seed
        state = self.muster.new_battle(seed) if self.muster is not None and self.muster.loaded is loaded else loaded.new_battle(seed)
        self.muster = None
        self._show(BattleScreen(loaded, state, computer=self.policies))

    def next_muster_step(self) -> None:
        """After a step is confirmed: the computer takes its own steps at once; then the hand-over to the
        player who is next (only needed when two share the keyboard), or the battle once both armies stand."""
        assert self.muster is not None
        while True:
            _, side = self.muster.current()
            if side is None:
                self.start_battle(self.muster.loaded)
                return
            if side not in self.policies:
                break
            self.muster.computer_step(self.policies[side])
        if self.policies:  # one person at the keyboard: nobody to look away
            self.open_muster_step()
        else:
            self._show(HandOverScreen(self.muster, side))

    def open_muster_step(self) -> None:
        """The hand-over was accepted: the private screen of the current step."""
        assert self.muster is not None
        phase, side = self.muster.current()
        assert side is not None
        screens = {
            Phase.HIRING: lambda: HiringScreen(self.muster, side),
            Phase.SCOUTING: lambda: ScoutingScreen(self.muster, side),
            Phase.OUTFITTING: lambda: HiringScreen(self.muster, side, outfitting=True),
            Phase.DEPLOYING: lambda: DeploymentScreen(self.muster, side),
        }
        self._show(screens[phase]())

    def show_result(self, state: GameState, last_events: list[Event]) -> None:
        self.switch_screen(ResultScreen(state, last_events))

    def show_title(self) -> None:
        self.muster = None
        self.switch_screen(TitleScreen(self.computer))

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
        mustering = any(isinstance(screen, MusterStepScreen) for screen in self.screen_stack)
        question = ("Quit Officer's Chess? The battle in progress will be lost." if in_battle else
                    "Quit Officer's Chess? The armies being built will be lost." if mustering else "Quit Officer's Chess?")
        self.push_screen(ConfirmDialog(question), answered)
