"""The hand-over screen between two players' private steps: nothing secret, just whose turn it is."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from officers_chess.rules.muster.phases import Phase
from officers_chess.session.muster_common import PHASE_TITLE
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.muster_step import MusterStepScreen

WHAT_NEXT = {
    Phase.HIRING: "hires an army within the war chest",
    Phase.SCOUTING: "sees which classes the other side hired",
    Phase.OUTFITTING: "may change the items its units carry",
    Phase.DEPLOYING: "places its units in its deployment zone",
}


class HandOverScreen(MusterStepScreen):
    """Asks the other player to look away; Enter opens the private step."""

    holds_edits = False  # nothing is changed here: all of the army building is saved up to this step

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    HandOverScreen > Vertical { width: 60; max-width: 100%; height: auto; border: thick $accent; padding: 1 2; }
    HandOverScreen .keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter", "ready", "Ready")]

    def compose(self) -> ComposeResult:
        phase, _ = self.session.current()
        who = self.side.title
        with Vertical() as box:
            box.border_title = f"{PHASE_TITLE[phase]} · {self.session.step_label()}"
            yield Static(Text.assemble(("Pass the keyboard to the ", "bold"), (f" {who.upper()} ", palette().side_banner(self.side)),
                                       (".", "bold")))
            yield Static(Text(f"\nThe {who} {WHAT_NEXT[phase]}. What comes next is for the {who}'s eyes only: "
                              f"the {self.side.other.title} should look away."))
            yield Static(f"Press Enter when the {who} is ready.", classes="keys")
        yield compact_footer()

    def action_ready(self) -> None:
        self.app.open_muster_step()  # type: ignore[attr-defined]
