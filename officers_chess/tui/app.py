"""The Textual application: title → army building (when a side hires) → battle → result, with quit, help and the rules reachable from anywhere."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette

from officers_chess.ai.player import Policy
from officers_chess.content.autosave import Autosaver, Resumed, resume_state
from officers_chess.content.campaign_saves import SavedCampaign
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import SavedMuster, write_muster
from officers_chess.content.save_files import new_save_path
from officers_chess.content.saves import SavedBattle, public_reason
from officers_chess.content.user_data import autosave_dir
from officers_chess.crash import Crash
from officers_chess.rules.battle.seat_view import Known
from officers_chess.session.battle_start import is_over, new_battle, resumed_battle
from officers_chess.rules.muster.phases import Phase
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import list_habits, terminal_guard, textual_fixes
from officers_chess.tui.app_campaign import CampaignFlow
from officers_chess.tui.app_collector import QuietCollection
from officers_chess.tui.app_guards import TerminalGuards
from officers_chess.tui.app_reference import RulesReference
from officers_chess.tui.app_leaving import Leaving
from officers_chess.tui.app_table import TableSeat
from officers_chess.tui.app_try import TryOut
from officers_chess.tui.app_tutorial import TutorialFlow
from officers_chess.tui.palette import CLASSIC, COLOUR_BLIND_THEME, next_palette, use
from officers_chess.session.players import check_levels
from officers_chess.tui.reference import Entry
from officers_chess.tui.rules_search import RulesSearch
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.too_small import TooSmallScreen

if TYPE_CHECKING:
    from officers_chess.content.editing.draft import MapDraft
    from officers_chess.content.editing.roundtrip import MapFile
    from officers_chess.session.muster_session import MusterSession
    from officers_chess.net.remote import RemoteSeat

textual_fixes.apply()  # PageUp/PageDown in a list with no room for its lines (see textual_fixes.py)
list_habits.apply()  # every list stops at its ends and keeps its highlight in sight (see list_habits.py)
terminal_guard.apply()  # no control character nor bidi override reaches the terminal (see terminal_guard.py)


class OfficersChessApp(Leaving, TryOut, TutorialFlow, TableSeat, CampaignFlow, QuietCollection, TerminalGuards, RulesReference, App):
    """Officer's Chess in the terminal."""

    TITLE = "Officer's Chess"
    # The palette searches the rules only: Textual's own commands include a quit that would skip the question.
    COMMANDS = {RulesSearch}
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("f1", "rules", "Rules", key_display="F1"),
        Binding("f2", "next_colours", "Colours", key_display="F2", show=False),
        # A screen with a help of its own (the battle, the title) binds ? itself; every other screen lists its keys.
        Binding("question_mark", "keys_help", "Keys", show=False),
        # The footer shows this one at its right end, as Textual's Footer does for the palette's key.
        Binding("ctrl+p", "command_palette", "Search", show=False, priority=True),
    ]

    def __init__(
        self, scenario: LoadedScenario | None = None, seed: int | None = None, computer: dict[Side, str] | None = None,
        own_dice: bool = False, colours: str = CLASSIC.name, resume: SavedBattle | None = None,
        autosave: bool = True, replay: SavedBattle | None = None, resumed: Resumed | None = None,
        campaign: SavedCampaign | None = None, seat: RemoteSeat | None = None, invite: str | None = None,
        editor: tuple | None = None,
    ) -> None:
        """`computer` gives the sides the computer plays, each with its level (a name in LEVELS; ValueError if
        unknown): with a scenario they play without asking, else the title screen starts with that choice.
        `own_dice`: the players roll real d20s and type each result in (the title screen can change it).
        `colours`: the palette's name (KeyError if unknown); F2 steps through them.
        `resume`: a saved battle to go on with at once (`resumed`: where it stands, when the caller has
        replayed and checked it already). `autosave`: write each battle's save as it is played
        (to the player's data folder, see content/user_data.py)."""
        super().__init__()
        self.register_theme(COLOUR_BLIND_THEME)
        self.theme = use(colours).textual_theme
        check_levels(computer or {})
        self.first_scenario = scenario
        self.first_resume = resume
        self.first_resumed = resumed
        self.first_campaign = campaign  # a campaign to go on with at once
        self.first_seat = (seat, invite)  # a seat at a hosted battle, already joined (`join`, `host`)
        self.muster_path: Path | None = None  # army building's autosave, while armies are being built
        self._muster_save_failing = False  # its last write failed (the player was told; the next step retries)
        self.replay = replay  # a saved battle to step through, and nothing else
        self.editor = editor  # a map or scenario file (or a new map), its draft (and as_copy) to edit, nothing else
        self.autosave = autosave
        self.seed = seed
        self.own_dice = own_dice
        self.computer: dict[Side, str] = dict(computer or {})  # the last choice, kept for the next battle
        self.policies: dict[Side, Policy] = {}
        self.game_seed = 0
        self.muster: MusterSession | None = None
        self._references: dict[int, tuple[Catalogue, dict[str, Entry]]] = {}
        self._bundled_catalogue: Catalogue | None = None
        self.crash: Crash | None = None  # set when an unforeseen error stopped the game (commands/app_launch.py reports it)

    def on_mount(self) -> None:
        self.start_collector()
        if self.first_seat[0] is not None:
            self.push_screen(TitleScreen(self.computer))  # leaving the table leads somewhere
            self.sit(*self.first_seat)
        elif self.replay is not None:
            from officers_chess.tui.screens.replay_viewer import ReplayViewer  # (loaded only when it is needed)

            self.push_screen(ReplayViewer(self.replay))
        elif self.editor is not None:
            from officers_chess.tui.screens.map_editor import MapEditorScreen  # (loaded only when it is needed)
            from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

            from officers_chess.content.editing.scenario_file import ScenarioFile

            editing_scenario = isinstance(self.editor[0], ScenarioFile)
            self.push_screen((ScenarioEditorScreen if editing_scenario else MapEditorScreen)(*self.editor))
        elif self.first_campaign is not None:
            self.push_screen(TitleScreen(self.computer))  # Esc from the campaign leads somewhere
            self.resume_campaign(self.first_campaign)
        elif self.first_resume is not None:
            self.push_screen(TitleScreen(self.computer))  # Esc from the battle leads somewhere
            self.resume(self.first_resume, self.first_resumed)
        elif self.first_scenario is not None:
            self.begin(self.first_scenario)
        else:
            self.push_screen(TitleScreen(self.computer))
        self._fit_terminal()

    # --- what the app's own keys may do (the guards against a small terminal are in app_guards.py) -------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Under the too-small notice only Ctrl+Q works: the rules, the search or the colours would open unseen.
        if self.screen_stack and isinstance(self.screen, TooSmallScreen) and action not in ("request_quit", "help_quit"):
            return False
        return super().check_action(action, parameters)

    def _show(self, screen) -> None:
        if len(self.screen_stack) > 1 and self.screen is not self.trying_from:  # a play-test keeps its editor below
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def begin(self, loaded: LoadedScenario, computer: dict[Side, str] | None = None) -> None:
        """Start a scenario: army building first when a side hires its army, else straight to the battle.
        `computer` (side → level) replaces the sides the computer plays."""
        from officers_chess.ai.play import make_policy
        from officers_chess.session.muster_session import MusterSession, hires_any

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
        if self.campaign is not None and self.muster is not None:  # a chapter's: into the campaign's own save
            self.campaign.keep_muster(self.muster.muster)
            self._told_failure()
            return
        if self.muster is None or self.muster_path is None:
            return
        players = {side: self.computer.get(side, "human") for side in Side}
        try:
            self.muster_path.parent.mkdir(parents=True, exist_ok=True)  # the folder may have been removed
            write_muster(self.muster_path, self.muster.loaded, self.game_seed, players, self.own_dice, self.muster.muster)
        except OSError as exc:  # a full disk, a folder gone: told once, tried again after the next step
            if not self._muster_save_failing:
                self.notify(f"Autosave failed: {exc.strerror or exc}; will retry after the next step.",
                            severity="error", timeout=10)
            self._muster_save_failing = True
            return
        except ValueError as exc:
            self.muster_path = None
            self.notify(f"Autosave is off for this army building: {exc}", severity="warning", timeout=8)
            return
        if self._muster_save_failing:
            self._muster_save_failing = False
            self.notify("Autosave works again: the army building is saved up to its last step.", timeout=6)

    def start_battle(self, loaded: LoadedScenario) -> None:
        from officers_chess.tui.screens.battle import BattleScreen

        seed = self.game_seed
        mustered = self.muster is not None and self.muster.loaded is loaded
        armies = self.muster.battle_armies() if mustered else {}
        state = new_battle(loaded, seed, armies, self.own_dice)
        self.muster = None
        players = {side: self.computer.get(side, "human") for side in Side}
        muster_path = self.muster_path if mustered else None
        self.muster_path = None
        chapter = None
        if self.campaign is not None and mustered:  # a campaign's chapter: saved in the campaign's folder, with its terms
            muster_path, chapter = self.campaign.battle_path(), self.campaign.terms()
        saver = self._autosaver(lambda: Autosaver.start(loaded, seed, armies, state, players, path=muster_path,
                                                        chapter=chapter))
        self._show(BattleScreen(loaded, state, computer=self.policies, autosaver=saver))

    def resume(self, saved: SavedBattle | SavedMuster, resumed: Resumed | None = None) -> None:
        """Go on with a saved battle from its last recorded action (or its army building from its last
        confirmed step), with the players it had. `resumed`: the battle already replayed and checked
        (`resume_state`), when the caller has done it."""
        from officers_chess.ai.play import LEVELS, make_policy
        from officers_chess.session.muster_session import MusterSession
        from officers_chess.tui.screens.battle import BattleScreen

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
        if resumed is None:
            try:
                resumed = resume_state(saved)
            except ContentError as exc:
                self.notify(f"{saved.path.name} will not load: {public_reason(exc)}.", severity="error", timeout=10)
                return
        computer = {side: level for side, level in saved.record.players.items() if level in LEVELS}
        self.computer = computer
        self.game_seed = saved.record.seed
        self.policies = {side: make_policy(level, saved.record.seed + 1 + index + resumed.actions)
                         for index, side in enumerate(Side) if (level := computer.get(side))}
        # A campaign's chapter goes on saving in the campaign's folder, beside the campaign's own save (in a file of
        # its own, which the campaign then names, when the old one did not hold to its end).
        folder = saved.path.parent if self.campaign is not None else None
        elsewhere = self.campaign.next_battle_path() if self.campaign is not None else None
        saver = self._autosaver(lambda: Autosaver.carry_on(saved, resumed=resumed, folder=folder, elsewhere=elsewhere))
        if self.campaign is not None and saver is not None:
            self.campaign.battle_moved(saver.path)
        if resumed.note:
            self.notify(resumed.note, severity="warning", timeout=10)
        self._show(BattleScreen(saved.loaded, resumed_battle(resumed), computer=self.policies, autosaver=saver, resumed=True,
                                told=resumed.told))

    def _autosaver(self, make) -> Autosaver | None:
        """The battle's autosave, unless it is switched off. A first write that fails is told, and tried again
        after the next action (Autosaver); only a battle that cannot be saved at all goes on unsaved."""
        if not self.autosave or self.trying_from is not None:  # a play-test is a throwaway: never saved
            return None
        try:
            saver = make()
        except (OSError, ValueError) as exc:
            self.notify(f"Autosave is off for this battle: {exc}", severity="warning", timeout=8)
            return None
        if isinstance(saver, Autosaver) and saver.failing is not None:
            self.notify(f"Autosave failed: {saver.failing}; will retry after the next action.", severity="error",
                        timeout=10)
        return saver

    def next_muster_step(self) -> None:
        """After a step is confirmed: the computer's own steps next, in a thread behind a screen that says so
        (ComputerMusterScreen, which comes back here); then the hand-over to the player who is next (only needed
        when two share the keyboard), or the battle once both armies stand."""
        from officers_chess.tui.screens.computer_muster import ComputerMusterScreen
        from officers_chess.tui.screens.handover import HandOverScreen

        if self.seat is not None:  # a step finished at the host's table: its answer says what comes next
            self.remote_step_done()
            return
        assert self.muster is not None
        _, side = self.muster.current()
        if side is None:
            self.start_battle(self.muster.loaded)
            return
        self._save_muster()  # before the computer's steps too: a quit while it works resumes here
        if side in self.policies:  # in a thread, with a screen that says so: then back here
            self._show(ComputerMusterScreen(self.muster, self.policies))
            return
        if self.policies:  # one person at the keyboard: nobody to look away
            self.open_muster_step()
        else:
            self._show(HandOverScreen(self.muster, side))

    def open_muster_step(self) -> None:
        """The hand-over was accepted: the private screen of the current step."""
        from officers_chess.tui.screens.deployment import DeploymentScreen
        from officers_chess.tui.screens.hiring import HiringScreen
        from officers_chess.tui.screens.scouting import ScoutingScreen

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

    def show_result(self, final: Known, last_events: list, scenario: Path | None = None, own: list[str] = (),
                    player: Side | None = None, save: Path | None = None) -> None:
        """The battle is over: its result, for everyone to read (the fog lifts: rulings F5). `scenario`: the file
        a command can start this battle again from (None at a table's seat); `own`, `player`: the person's last
        exchange and side against the computer (`ResultScreen`); `save`: the battle's autosave, for its replay."""
        from officers_chess.session.dice_words import replay_command
        from officers_chess.tui.screens.result import ResultScreen

        if self.tutorial_on:  # the guided battle's result leads on to what to play next (app_tutorial.py)
            self.tutorial_result(final, last_events, own, player)
            return
        # A campaign's chapter (its veterans, its terms) is no one command (rulings L94); a play-test's file is gone.
        command = None if scenario is None or self.campaign is not None or self.trying_from is not None else \
            replay_command(scenario, final.dice.seed, self.computer)
        self.switch_screen(ResultScreen(final, last_events, campaign=self.campaign is not None, command=command,
                                        own=own, player=player, save=save))

    def leave_result(self, final: Known) -> None:
        """Enter on the result: a campaign's chapter closes and the campaign goes on; else the title."""
        if self.campaign is not None and is_over(final):
            self.chapter_over(final)
        else:
            self.show_title()

    def show_title(self) -> None:
        if self.back_to_editor():  # a play-test ends in the editor it came from, not the title
            return
        if self.seat is not None:  # the table is left (the host keeps the seat for a rejoin)
            seat, self.seat = self.seat, None
            seat.close()
        if self.hosting is not None:  # hosted here: the table closes with its player (host --resume reopens it)
            hosting, self.hosting = self.hosting, None
            hosting.stop()
        self.muster = None
        self.campaign = None
        self.switch_screen(TitleScreen(self.computer))

    def action_next_colours(self) -> None:
        """Draw with the next palette, and repaint every screen open."""
        chosen = use(next_palette().name)
        self.theme = chosen.textual_theme
        for screen in self.screen_stack:
            repaint = getattr(screen, "repaint_colours", None)
            if repaint is not None:
                repaint()
        self.notify(f"Colours: {chosen.title} (F2 for the next)", timeout=3)

    def action_command_palette(self) -> None:
        # Textual looks only at the top screen for an open search: with the quit question over the search,
        # Ctrl+P opened a second one under the same id, and Textual stopped on it (DuplicateIds).
        if self.use_command_palette and not any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.push_screen(textual_fixes.SearchPalette(id="--command-palette"))

    def action_keys_help(self) -> None:
        self.show_keys()

    def show_keys(self, first: list[tuple[str, str]] | None = None, last: list[tuple[str, str]] | None = None) -> None:
        """The keys of the screen on top (`screen_keys`), with a screen's own `first` and `last` rows around them."""
        from officers_chess.tui.dialogs.keys_help import KeysHelp, screen_keys

        if not isinstance(self.screen, KeysHelp):
            self.push_screen(KeysHelp([*(first or []), *screen_keys(self.screen), *(last or [])]))

    def action_help(self) -> None:
        from officers_chess.tui.dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.catalogue_in_play()))
