"""The app's way into the guided first battle: start it, go on from the step reached, and what follows its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from officers_chess.rules.pieces.models import Side
from officers_chess.session.tutorial import LESSONS, PLAYER, TUTORIAL_LEVEL, TUTORIAL_SEED

if TYPE_CHECKING:
    from officers_chess.rules.battle.seat_view import Known
    from officers_chess.session.tutorial_progress import Reached

NEXT_BATTLE = "training_yard"  # suggested once the guided battle is won


class TutorialFlow:
    """Mixed into the app: `start_tutorial` (the title's Learn to play), and the hooks the tutorial's screens call."""

    tutorial_on = False  # the guided battle (or its result) is on screen: leaving the result comes back here
    title_suggests: str | None = None  # the battle the next title highlights, its group open (read once, there)

    def start_tutorial(self) -> None:
        """Learn to play: the guided battle, or, when one was left unfinished, the choice to go on with it."""
        from officers_chess.session import tutorial_progress as progress
        from officers_chess.tui.screens.tutorial_box import TutorialBox

        reached = progress.reached()
        if reached is None:
            self._tutorial_fresh()
            return

        def answered(choice: str | None) -> None:
            if choice == "on":
                self._tutorial_resume(reached)
            elif choice == "again":
                progress.forget()
                self._tutorial_fresh()

        body = (f"You left the guided battle at step {reached.step + 1} of {len(LESSONS)}: {reached.lesson_title}. "
                "Go on from there, or start it again?")
        self.push_screen(TutorialBox("Learn to play", body, [("enter", "Go on", "on"), ("n", "Start again", "again"),
                                                             ("escape", "Back", "")]), answered)

    def _tutorial_policies(self, actions: int = 0) -> dict:
        # Everything the guided battle needs loads when it is chosen, as the other screens do (test_startup_imports).
        from officers_chess.ai.play import make_policy

        # As app.begin seeds a computer side (the defender is the second side), so a resumed battle plays on alike.
        return {Side.DEFENDER: make_policy(TUTORIAL_LEVEL, TUTORIAL_SEED + 2 + actions)}

    def _tutorial_fresh(self) -> None:
        from officers_chess.content.autosave import Autosaver
        from officers_chess.content.errors import ContentError
        from officers_chess.content.loaders import load_scenario
        from officers_chess.session import tutorial_progress as progress
        from officers_chess.session.battle_start import new_battle
        from officers_chess.tui.screens.tutorial import TutorialScreen

        try:
            loaded = load_scenario(progress.scenario_path())
        except (ContentError, FileNotFoundError) as exc:  # an installation without its bundled files
            self.notify(f"The guided battle will not load: {exc}", severity="error", timeout=10)
            return
        state = new_battle(loaded, TUTORIAL_SEED, {}, False)
        players = {PLAYER: "human", PLAYER.other: TUTORIAL_LEVEL}
        saver = self._autosaver(lambda: Autosaver.start(loaded, TUTORIAL_SEED, {}, state, players,
                                                        folder=progress.tutorial_dir(), path=progress.battle_path()))
        if saver is not None:  # (with autosave off there is no battle to go on with, so no step either)
            progress.remember(0)
        self.tutorial_on = True
        self._show(TutorialScreen(loaded, state, computer=self._tutorial_policies(), autosaver=saver))

    def _tutorial_resume(self, reached: Reached) -> None:
        from officers_chess.content.autosave import Autosaver
        from officers_chess.session import tutorial_progress as progress
        from officers_chess.session.battle_start import resumed_battle
        from officers_chess.tui.screens.tutorial import TutorialScreen

        saver = self._autosaver(lambda: Autosaver.carry_on(reached.saved, resumed=reached.resumed,
                                                           folder=progress.tutorial_dir()))
        self.tutorial_on = True
        self._show(TutorialScreen(reached.saved.loaded, resumed_battle(reached.resumed),
                                  computer=self._tutorial_policies(reached.resumed.actions), autosaver=saver,
                                  resumed=True, told=reached.resumed.told, step=reached.step))

    # --- what the tutorial's screens call ---------------------------------------------

    def tutorial_left(self) -> None:
        """Esc: to the title; the step reached and the battle stay for Learn to play."""
        self.tutorial_on = False
        self.show_title()

    def tutorial_skipped(self) -> None:
        """x, or the welcome's skip: the guided battle is forgotten; the title says where to go instead."""
        from officers_chess.session import tutorial_progress as progress

        self.tutorial_on = False
        progress.forget()
        self._set_up_next_battle()
        self._title_on_next_battle()
        self.notify("Tutorial skipped. Training Yard is a small battle to begin with; ? shows the keys anywhere.",
                    timeout=8)

    def tutorial_result(self, final: Known, last_events: list, own: list[str] = (), player: Side | None = None) -> None:
        """The guided battle is over: the real result screen, whose Enter goes on to what comes next."""
        from officers_chess.tui.screens.tutorial_box import TutorialResult

        self.switch_screen(TutorialResult(final, last_events, guided=True, own=own, player=player))

    def tutorial_over(self, final: Known) -> None:
        """Enter on the guided battle's result: the next battle to play, or another try."""
        from officers_chess.content.loaders import find_scenario, load_scenario
        from officers_chess.session import tutorial_progress as progress
        from officers_chess.tui.screens.tutorial_box import TutorialBox

        self.tutorial_on = False
        progress.forget()
        won = final.winner is PLAYER
        level = ""
        if won:
            progress.mark_finished()
            self.title_suggests = NEXT_BATTLE
            level = self._set_up_next_battle()
        # The result closes first: each box after it opens alone over the title, never stacked on the result's own
        # (rulings L88).
        self.show_title()

        def answered(choice: str | None) -> None:
            if choice == "next":
                self._next_battle_briefing(load_scenario(find_scenario(NEXT_BATTLE)), level)
            elif choice == "again":
                self._tutorial_fresh()
            elif won:
                self._title_on_next_battle()
            else:
                self.show_title()

        if won:
            body = ("You won your first battle: you chose, moved, read the forecast, struck, used the ground, a free "
                    "action and the danger zone. Next, Training Yard: a small even fight of two against two, with "
                    "no guide. Press ? in any battle for the keys.")
            choices = [("enter", "Play Training Yard", "next"), ("escape", "Title screen", "")]
        else:
            body = "The thieves held the meadow this time. Try the guided battle again?"
            choices = [("enter", "Try again", "again"), ("escape", "Title screen", "")]
        self.push_screen(TutorialBox("Learn to play", body, choices), answered)

    def _set_up_next_battle(self) -> str:
        """The battle suggested after the guided one is played against the computer, whatever the players line said
        (two people at one keyboard was a trap for a newcomer alone, rulings L98): the player keeps the guided
        battle's side, the computer the other at the level last set for a computer side, else the default. The
        title shows that setup from now on, and the next launch's title too. Returns the computer's level."""
        from officers_chess.content.user_settings import PlayerSetup, read_setup, write_setup
        from officers_chess.session.players import default_level, player_cycle

        setup, _ = read_setup()
        kept = setup.players if setup is not None else {}
        levels = player_cycle()[1:]
        chosen = (self.computer.get(PLAYER.other), self.computer.get(PLAYER), kept.get(PLAYER.other.value),
                  kept.get(PLAYER.value))
        level = next((each for each in chosen if each in levels), None) or default_level()
        self.computer = {PLAYER.other: level}
        self.title_players = {PLAYER: None, PLAYER.other: level}  # (read by the next title, over its own setup)
        own_dice = bool(getattr(self, "own_dice", False))
        problem = write_setup(PlayerSetup({side.value: self.computer.get(side) for side in Side}, own_dice,
                                          getattr(self, "last_battle", None)))
        if problem is not None:
            self.notify(problem, severity="warning", timeout=10)
        return level

    def _title_on_next_battle(self) -> None:
        """To the title, its highlight on the battle suggested next (rulings L77), not back on Learn to play."""
        self.title_suggests = NEXT_BATTLE
        self.show_title()

    def _next_battle_briefing(self, loaded, level: str) -> None:
        """The battle after the guided one, briefed as the title briefs it, with who plays which side; Enter starts."""
        from rich.console import Group
        from rich.text import Text

        from officers_chess.tui.screens.title_briefing import briefing
        from officers_chess.tui.screens.tutorial_box import TutorialBox

        def answered(choice: str | None) -> None:
            if choice == "start":
                for screen in self.screen_stack:  # the title under the box (rulings L88) keeps the battle begun
                    remember = getattr(screen, "remember_battle", None)
                    if remember is not None:
                        remember(NEXT_BATTLE)
                self.begin(loaded, computer={PLAYER.other: level})
            else:
                self._title_on_next_battle()

        body = Group(Text(seats_line(level), "bold"), Text(""), briefing(loaded))
        self.push_screen(TutorialBox(loaded.scenario.name, body, [("enter", "Start the battle", "start"),
                                                                  ("escape", "Title screen", "")]), answered)


def seats_line(level: str) -> str:
    """Who plays which side of the battle after the guided one: the player keeps the guided battle's side."""
    return f"You: {PLAYER.value} · {PLAYER.other.title}: computer ({level})"
