"""What every army-building screen shares: its session and side, a header line, leaving (asks first) and moving on."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.muster_common import PHASE_TITLE, MusterCommon
from officers_chess.tui.palette import palette



def header(session: MusterCommon, side: Side, detail: Text | str = "") -> Text:
    """" HIRING · DEFENDER · step 1 of 8 · detail" for the top line of a step screen."""
    phase, _ = session.current()
    text = Text.assemble((f" {PHASE_TITLE.get(phase, '')} ", "bold"), " · ", (f" {side.title.upper()} ", palette().side_banner(side)),
                         (f" {session.step_label()}", "grey70"))
    if detail:
        text.append(" · ")
        text.append_text(detail if isinstance(detail, Text) else Text(detail))
    return text


class MusterStepScreen(Screen):
    """A screen of army building shown to one side (or, for the hand-over, to both)."""

    BINDINGS = [
        Binding("escape", "abandon", "Leave"),
        Binding("q", "app.request_quit", "Quit", show=False),
    ]

    holds_edits = True  # a screen whose changes are kept only when its step is confirmed (not a hand-over)

    def __init__(self, session: MusterCommon, side: Side) -> None:
        super().__init__()
        self.session = session
        self.side = side

    def action_abandon(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.show_title()  # type: ignore[attr-defined]

        words = getattr(self.app, "leaving_words", None)  # (an app hosting one screen for a test may lack it)
        question = words(quitting=False) if words else "Leave for the title screen?"  # (at a table: N15's words)
        self.app.push_screen(ConfirmDialog(question), answered)

    def repaint_colours(self) -> None:
        """The palette changed: build the screen again (these screens keep nothing that a rebuild loses)."""
        self.refresh(recompose=True)

    def step_done(self) -> None:
        """The session has moved on: show the next hand-over (or the battle). Should the computer's own
        step that follows fail (a scenario whose zone cannot hold its army), say why and go back to the title."""
        try:
            self.app.next_muster_step()  # type: ignore[attr-defined]
        except MusterError as exc:
            self.app.notify(f"Army building cannot go on: {exc}.", severity="error", timeout=12)
            self.app.show_title()  # type: ignore[attr-defined]
