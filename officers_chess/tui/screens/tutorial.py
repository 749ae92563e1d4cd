"""The guided first battle: the real battle screen with a box under the map that says what to do now."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from officers_chess.session.lookout import Danger
from officers_chess.session.modes import Mode
from officers_chess.session.seat_requests import Told
from officers_chess.session.tutorial import LEAVE_PROMISE, LESSONS, Guide, turn_told, watch_over
from officers_chess.session.tutorial_progress import remember
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.explain import what_to_explain, worked_for
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.title_briefing import WHAT_IT_IS
from officers_chess.tui.screens.tutorial_box import TutorialBox

WELCOME = (
    f"{WHAT_IT_IS} on Mill Meadow: Corin and Hesk against two thieves. The box under the map "
    "says what to do next and waits until you have done it, one step at a time; about ten minutes in all.\n\n"
    f"Leave whenever you like (Esc, or Ctrl+Q): {LEAVE_PROMISE}. "
    "x skips the rest of the tutorial at any time."
)

BETWEEN = (Mode.BROWSE, Mode.COMPUTER, Mode.OVER)  # no unit's turn half done: what the autosave holds is all there is


class TutorialScreen(BattleScreen):
    """A battle screen whose guide watches the controller's step and the battle, and moves on when a lesson is done."""

    DEFAULT_CSS = """
    #guide { height: auto; max-height: 9; border: round $accent; padding: 0 1; }
    """

    BINDINGS = [Binding("x", "skip_tutorial", "Skip tutorial", show=False)]

    def __init__(self, *args, step: int = 0, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.guide = Guide(self.controller, step)
        self._kept = step  # the step the progress file holds
        self._shown: tuple[str, tuple[str, str]] | None = None  # the box's title and words as last drawn
        self._welcomed = step > 0 or self.resumed
        self._enemy_did: str | None = None  # the log's lines of the enemy's turn the watch step waits on
        self._enemy_turn: list[str] = []  # the log's lines of the computer's steps since the player's last one

    def on_mount(self) -> None:
        guide = Static(id="guide")
        guide.border_subtitle = "x: skip the tutorial"
        # Textual runs BattleScreen's own on_mount after this one (handlers run down the class tree).
        self.query_one("#left").mount(guide, after="#map-row")
        after_refresh(self, self._guide_update)
        after_refresh(self, self._welcome)

    def on_screen_suspend(self) -> None:
        """A dialog over the battle (the welcome, e's menu, a rule card, a question): the step box hides rather than
        show through the dialog in fragments at 80×24, and comes back whole when it closes (rulings L88)."""
        for box in self.query("#guide"):
            box.display = False

    def on_screen_resume(self) -> None:
        for box in self.query("#guide"):
            box.display = True

    def _welcome(self) -> None:
        if self._welcomed:
            return
        self._welcomed = True

        def answered(choice: str | None) -> None:
            if choice == "skip":
                self.app.tutorial_skipped()  # type: ignore[attr-defined]

        self.app.push_screen(TutorialBox("Learn to play", WELCOME, [("enter", "Begin", "begin"),
                                                                    ("x", "Skip the tutorial", "skip")]), answered)

    # --- watching the player --------------------------------------------------------

    def repaint_colours(self) -> None:
        self._shown = None  # the word for a player who strayed is drawn in the palette's own colour
        super().repaint_colours()

    def refresh_view(self, full: bool = True, rows: tuple[int, ...] = ()) -> None:
        super().refresh_view(full, rows)
        self._guide_update()

    def _guide_update(self) -> None:
        if not self.query("#guide"):  # (BattleScreen's on_mount draws before the box is in)
            return
        self.guide.check(self.lookout.danger is not Danger.OFF)
        if self.autosaver is not None and self.controller.mode in BETWEEN and self.guide.step != self._kept:
            # Kept only between activations, where the autosave stands too: a step reached in the middle of a unit's
            # turn belongs to moves that are taken back if the player leaves then.
            self._kept = self.guide.step
            remember(self._kept)
        lesson = self.guide.lesson
        if lesson is None:
            title = "Learn to play: done"
            shown = ("", "Well fought. Enter on the result goes on." if self.guide.won() else
                     "The thieves held the meadow. Enter on the result, and try again.")
        else:
            title = f"Step {self.guide.step + 1}/{len(LESSONS)}: {lesson.title}"
            words = self._watch_over() or self.guide.text(self.lookout.danger)
            shown = (self.guide.nudge() or "", words)
        self.draw_guide(title, shown)

    def _watch_over(self) -> str | None:
        """Once the enemy's turn of the watch step is over: what it did (kept from the log as it ended), until Enter."""
        if not self.guide.enemy_turn_over():
            self._enemy_did = None
            return None
        if self._enemy_did is None:
            # The whole of the thief's activation (its move and what it did there), not only its last step.
            # (A battle taken up again at this step has no such lines: the log under the map still tells them.)
            self._enemy_did = turn_told(self._enemy_turn, self.controller.view) or "The log says what it did."
        return watch_over(self.controller, self._enemy_did)

    def draw_guide(self, title: str, shown: tuple[str, str]) -> None:
        """The box's title, and its words: the way back while the player is off the path, else the step's text
        (never both: at 80×24 the box has room for one of them whole)."""
        if (title, shown) == self._shown:
            return  # as on most cursor steps: no new text, no layout pass
        self._shown = (title, shown)
        box = self.query_one("#guide", Static)
        box.border_title = Text(title, "bold")
        box.update(Text(shown[0], palette().hint) if shown[0] else Text(shown[1]))

    def action_select(self) -> None:
        """Enter goes on from a step's words to read (the enemy's turn over, the danger zone); elsewhere it selects."""
        if self.guide.waiting_to_go_on():
            self.guide.go_on()
            self._guide_update()
            return
        super().action_select()

    def _after(self, told: Told) -> None:
        if told.exchange:  # a blow of the player's own (the computer's turn never comes through here)
            self.guide.saw_strike()
        self._enemy_turn = []
        super()._after(told)

    async def _computer_applies(self, action, policy) -> Told:
        told = await super()._computer_applies(action, policy)
        self._enemy_turn += told.lines
        return told

    def action_explain(self) -> None:
        """e, as in any battle, and the guide told when a rule card is chosen from its menu."""
        self.app.explain_choices(*what_to_explain(self.controller, self.loaded.catalogue),  # type: ignore[attr-defined]
                                 worked=worked_for(self.controller), then=self.card_opened)

    def card_opened(self, key: str) -> None:
        """A rule card chosen from e's menu: the forecast step asked for that, not for the menu (rulings L85)."""
        self.guide.saw_explain()
        self._guide_update()

    # --- leaving ----------------------------------------------------------------------

    def action_skip_tutorial(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.tutorial_skipped()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog("Skip the rest of the tutorial? Its battle ends here; Learn to play "
                                           "on the title starts it again from the beginning."), answered)

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.tutorial_left()  # type: ignore[attr-defined]

        kept = self.autosaver is not None
        question = (f"Leave the tutorial for the title screen? {LEAVE_PROMISE}." if kept
                    else "Leave the tutorial for the title screen? Autosave is off: it will start again.")
        self.app.push_screen(ConfirmDialog(question), answered)

    def quit_question(self) -> str:
        """What Ctrl+Q asks here (the app asks the screen): the tutorial keeps its own place, not Continue's."""
        if self.autosaver is not None:
            return f"Quit Officer's Chess? {LEAVE_PROMISE}."
        return "Quit Officer's Chess? Autosave is off: the tutorial will start again."
