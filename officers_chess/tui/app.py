"""The Textual application: title → army building (when a side hires) → battle → result, with quit, help and the rules reachable from anywhere."""

from __future__ import annotations

import secrets
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from officers_chess.content.autosave import Autosaver, new_save_path, resume_state
from officers_chess.content.muster_saves import SavedMuster, write_muster
from officers_chess.content.user_data import autosave_dir
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_catalogue
from officers_chess.content.saves import SavedBattle
from officers_chess.rules.ai.play import LEVELS, make_policy
from officers_chess.rules.ai.policy import Policy
from officers_chess.rules.catalogue import Catalogue
from officers_chess.rules.events import Event
from officers_chess.rules.game import GameState
from officers_chess.rules.models import Side
from officers_chess.rules.muster import Phase
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.explain import ExplainChooser
from officers_chess.tui.dialogs.help import HelpScreen
from officers_chess.tui.dialogs.rule_card import RuleCard
from officers_chess.tui.muster_session import MusterSession, hires_any
from officers_chess.tui.palette import CLASSIC, COLOUR_BLIND_THEME, next_palette, use
from officers_chess.rules.physical import roll_your_own
from officers_chess.tui.players import check_levels
from officers_chess.tui.reference import Entry, reference
from officers_chess.tui.rules_search import RulesSearch
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.muster_step import MusterStepScreen
from officers_chess.tui.screens.replay_viewer import ReplayViewer
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.rules_browser import RulesBrowser
from officers_chess.tui.screens.scouting import ScoutingScreen
from officers_chess.tui.screens.title import TitleScreen


class OfficersChessApp(App):
    """Officer's Chess in the terminal."""

    TITLE = "Officer's Chess"
    # The palette searches the rules only: Textual's own commands include a quit that would skip the question.
    COMMANDS = {RulesSearch}
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("f1", "rules", "Rules", key_display="F1"),
        Binding("f2", "next_colours", "Colours", key_display="F2", show=False),
        # The footer shows this one at its right end, as Textual's Footer does for the palette's key.
        Binding("ctrl+p", "command_palette", "Search", show=False, priority=True),
    ]

    def __init__(
        self, scenario: LoadedScenario | None = None, seed: int | None = None, computer: dict[Side, str] | None = None,
        own_dice: bool = False, colours: str = CLASSIC.name, resume: SavedBattle | None = None,
        autosave: bool = True, replay: SavedBattle | None = None,
    ) -> None:
        """`computer` gives the sides the computer plays, each with its level (a name in LEVELS; ValueError if
        unknown): with a scenario they play without asking, else the title screen starts with that choice.
        `own_dice`: the players roll real d20s and type each result in (the title screen can change it).
        `colours`: the palette's name (KeyError if unknown); F2 steps through them.
        `resume`: a saved battle to go on with at once. `autosave`: write each battle's save as it is played
        (to the player's data folder, see content/user_data.py)."""
        super().__init__()
        self.register_theme(COLOUR_BLIND_THEME)
        self.theme = use(colours).textual_theme
        check_levels(computer or {})
        self.first_scenario = scenario
        self.first_resume = resume
        self.muster_path: Path | None = None  # army building's autosave, while armies are being built
        self.replay = replay  # a saved battle to step through, and nothing else
        self.autosave = autosave
        self.seed = seed
        self.own_dice = own_dice
        self.computer: dict[Side, str] = dict(computer or {})  # the last choice, kept for the next battle
        self.policies: dict[Side, Policy] = {}
        self.game_seed = 0
        self.muster: MusterSession | None = None
        self._references: dict[int, tuple[Catalogue, dict[str, Entry]]] = {}
        self._bundled_catalogue: Catalogue | None = None

    def on_mount(self) -> None:
        if self.replay is not None:
            self.push_screen(ReplayViewer(self.replay))
        elif self.first_resume is not None:
            self.push_screen(TitleScreen(self.computer))  # Esc from the battle leads somewhere
            self.resume(self.first_resume)
        elif self.first_scenario is not None:
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
            self.muster_path = self._autosaver(lambda: new_save_path(autosave_dir(), loaded))
            self.next_muster_step()
        else:
            self.start_battle(loaded)

    def _save_muster(self) -> None:
        """Army building so far, to its autosave (replaced by the battle's when the battle begins)."""
        if self.muster is None or self.muster_path is None:
            return
        players = {side: self.computer.get(side, "human") for side in Side}
        try:
            write_muster(self.muster_path, self.muster.loaded, self.game_seed, players, self.own_dice, self.muster.muster)
        except (OSError, ValueError) as exc:
            self.muster_path = None
            self.notify(f"Autosave is off for this army building: {exc}", severity="warning", timeout=8)

    def start_battle(self, loaded: LoadedScenario) -> None:
        seed = self.game_seed
        mustered = self.muster is not None and self.muster.loaded is loaded
        armies = self.muster.battle_armies() if mustered else {}
        state = loaded.new_battle(seed, armies=armies or None)
        self.muster = None
        if self.own_dice:
            state = roll_your_own(state)
        players = {side: self.computer.get(side, "human") for side in Side}
        muster_path = self.muster_path if mustered else None
        self.muster_path = None
        saver = self._autosaver(lambda: Autosaver.start(loaded, seed, armies, state, players, path=muster_path))
        self._show(BattleScreen(loaded, state, computer=self.policies, autosaver=saver))

    def resume(self, saved: SavedBattle | SavedMuster) -> None:
        """Go on with a saved battle from its last recorded action (or its army building from its last
        confirmed step), with the players it had."""
        if isinstance(saved, SavedMuster):
            record = saved.record
            self.computer = {side: level for side, level in record.players.items() if level in LEVELS}
            self.game_seed, self.own_dice = record.seed, record.own_dice
            self.policies = {side: make_policy(level, record.seed + 1 + index)
                             for index, side in enumerate(Side) if (level := self.computer.get(side))}
            self.muster = MusterSession(saved.loaded)
            self.muster.muster = record.muster
            self.muster_path = saved.path if self.autosave else None
            self.next_muster_step()
            return
        try:
            resumed = resume_state(saved)
        except ContentError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        computer = {side: level for side, level in saved.record.players.items() if level in LEVELS}
        self.computer = computer
        self.game_seed = saved.record.seed
        self.policies = {side: make_policy(level, saved.record.seed + 1 + index + resumed.actions)
                         for index, side in enumerate(Side) if (level := computer.get(side))}
        saver = self._autosaver(lambda: Autosaver.carry_on(saved, resumed.actions))
        if resumed.note:
            self.notify(resumed.note, severity="warning", timeout=10)
        self._show(BattleScreen(saved.loaded, resumed.state, computer=self.policies, autosaver=saver, resumed=True,
                                told=resumed.told))

    def _autosaver(self, make) -> Autosaver | None:
        """The battle's autosave, unless it is switched off or cannot be written (then the battle goes on unsaved)."""
        if not self.autosave:
            return None
        try:
            return make()
        except (OSError, ValueError) as exc:
            self.notify(f"Autosave is off for this battle: {exc}", severity="warning", timeout=8)
            return None

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
        self._save_muster()
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

    # --- the rules reference ---------------------------------------------------------------

    def catalogue_in_play(self) -> Catalogue:
        """The catalogue of the scenario being built or fought, else the bundled one."""
        if self.muster is not None:
            return self.muster.loaded.catalogue
        for screen in reversed(self.screen_stack):
            loaded = getattr(screen, "loaded", None)
            if isinstance(loaded, LoadedScenario):
                return loaded.catalogue
        if self._bundled_catalogue is None:
            self._bundled_catalogue = load_catalogue()
        return self._bundled_catalogue

    def reference(self) -> dict[str, Entry]:
        """The rules reference with the classes and items in play (built once per catalogue)."""
        catalogue = self.catalogue_in_play()
        cached = self._references.get(id(catalogue))
        if cached is None or cached[0] is not catalogue:
            cached = self._references[id(catalogue)] = (catalogue, reference(catalogue))
        return cached[1]

    def _busy(self) -> bool:
        """A question is on screen: the rules wait until it is answered."""
        return isinstance(self.screen, (ConfirmDialog, RuleCard, ExplainChooser))

    def action_rules(self, key: str | None = None) -> None:
        """Open the rules browser (at `key` if given); if it is open already, turn to `key` there."""
        if self._busy():
            return
        if isinstance(self.screen, RulesBrowser):
            if key is not None:
                self.screen.show_entry(key)
            return
        self.push_screen(RulesBrowser(self.reference(), key))

    def explain(self, key: str) -> None:
        """The rule card of one entry; Enter on it opens the rules browser there."""
        entries = self.reference()
        if key not in entries:
            return

        def answered(browse: bool | None) -> None:
            if browse:
                self.action_rules(key)

        self.push_screen(RuleCard(entries[key], entries), answered)

    def explain_choices(self, title: str, choices: list[tuple[str, str]]) -> None:
        """Let the player pick one of `choices` ((label, key) pairs), then show its rule card."""
        if self._busy() or not choices:
            return

        def chosen(key: str | None) -> None:
            if key is not None:
                self.explain(key)

        self.push_screen(ExplainChooser(title, choices), chosen)

    def action_next_colours(self) -> None:
        """Draw with the next palette, and repaint every screen open."""
        chosen = use(next_palette().name)
        self.theme = chosen.textual_theme
        for screen in self.screen_stack:
            repaint = getattr(screen, "repaint_colours", None)
            if repaint is not None:
                repaint()
        self.notify(f"Colours: {chosen.title} (F2 for the next)", timeout=3)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.catalogue_in_play()))

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmDialog):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        in_battle = any(isinstance(screen, BattleScreen) for screen in self.screen_stack)
        mustering = any(isinstance(screen, MusterStepScreen) for screen in self.screen_stack)
        saving = self.autosave and (self.muster_path is not None or any(
            getattr(screen, "autosaver", None) is not None for screen in self.screen_stack))
        if saving and (in_battle or mustering):  # it is autosaved: say how to come back rather than "lost"
            question = "Quit Officer's Chess? This battle is autosaved: c Continue on the title screen brings it back."
        else:
            question = ("Quit Officer's Chess? The battle in progress will be lost." if in_battle else
                        "Quit Officer's Chess? The armies being built will be lost." if mustering else "Quit Officer's Chess?")
        self.push_screen(ConfirmDialog(question), answered)
