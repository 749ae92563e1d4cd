"""What leaving or quitting keeps: the questions the app asks before either, and Ctrl+Q (mixed into the app)."""

from __future__ import annotations

from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.screens.too_small import TooSmallScreen


class Leaving:
    """The app's questions before a player leaves what is in progress, in words that say what is saved."""

    def _autosaved_what(self) -> str | None:
        """"the battle" or "the army building" when the one in progress is autosaved, else None."""
        from officers_chess.tui.screens.battle import BattleScreen

        if not self._autosaving():
            return None
        return "the battle" if any(isinstance(screen, BattleScreen) for screen in self.screen_stack) else "the army building"

    def _kept_note(self) -> str:
        """What the player can take up again after a crash (the autosave is written action by action)."""
        what = self._autosaved_what()
        return f"{what[0].upper()}{what[1:]} is autosaved: officers-chess resume goes on with it." if what else ""

    def _autosaving(self) -> bool:
        """The battle or army building in progress is being autosaved (and its last write worked: while the
        disk is full, quitting would lose what came since)."""
        if self.muster_path is not None and not self._muster_save_failing:
            return self.autosave
        run = self.campaign
        if run is not None and self.muster is not None:  # a chapter's army building is kept in the campaign's save
            return run.folder is not None and run.failing is None
        return self.autosave and any(getattr(screen, "autosaver", None) is not None and screen.autosaver.failing is None
                                     for screen in self.screen_stack)

    def _quitting_loses(self) -> str | None:
        """What quitting now would lose ("the battle in progress"), or None when nothing would be (autosaved)."""
        from officers_chess.tui.screens.battle import BattleScreen
        from officers_chess.tui.screens.muster_step import MusterStepScreen

        in_battle = any(isinstance(screen, BattleScreen) for screen in self.screen_stack)
        mustering = any(isinstance(screen, MusterStepScreen) for screen in self.screen_stack)
        if self._autosaving() or not (in_battle or mustering):
            return None
        return "the battle in progress" if in_battle else "the armies being built"

    def action_request_quit(self) -> None:
        if isinstance(self.screen, TooSmallScreen):  # no room for the question: the notice asks for a second press
            if self.screen.quit_pressed():
                self.exit()
            return
        if isinstance(self.screen, ConfirmDialog):
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        # A screen that keeps its own place (the guided battle) says what quitting keeps, even under its own dialog;
        # a play-test's battle has its own words, not those of the editor under it.
        asks = None if getattr(self, "trying_from", None) is not None else next(
            (screen.quit_question for screen in reversed(self.screen_stack) if hasattr(screen, "quit_question")), None)
        self.push_screen(ConfirmDialog(asks() if asks is not None else self.leaving_words(quitting=True)), answered)

    def leaving_words(self, quitting: bool) -> str:
        """The question for quitting (or leaving for the title): what is saved and what is not (ruling L23)."""
        from officers_chess.session.leave_words import leave_words
        from officers_chess.tui.screens.battle import BattleScreen
        from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen
        from officers_chess.tui.screens.muster_step import MusterStepScreen

        if self.seat is not None:  # at a host's table, its words: the host keeps the battle (N15)
            return self.table_words(quitting)
        if getattr(self, "trying_from", None) is not None:  # a play-test goes back to its editor (ED14)
            from officers_chess.session.leave_words import play_test_words
            return play_test_words(quitting)
        run = self.campaign
        campaign_saved = run is not None and run.folder is not None and run.failing is None
        step = next((s for s in reversed(self.screen_stack) if isinstance(s, MusterStepScreen)), None)
        if any(isinstance(screen, BattleScreen) for screen in self.screen_stack):
            return leave_words("battle", self._autosaving(), run is not None, quitting)
        if step is not None:
            return leave_words("step", self._autosaving(), run is not None, quitting, step.holds_edits)
        if any(isinstance(screen, CampaignMusterScreen) for screen in self.screen_stack):
            return leave_words("muster", campaign_saved, True, quitting)
        between = run is not None and not run.over  # a finished campaign has nothing to come back to
        return leave_words("between" if between else "title", campaign_saved, between, quitting)
