"""The Scouting screen: the classes the other side hired (never its items) beside the player's own army."""

from __future__ import annotations

from collections import Counter

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from officers_chess.rules.muster.phases import MusterError
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.muster_step import MusterStepScreen, header
from officers_chess.tui.widgets.army_text import StatPairs, army_rows, movement, stat_line


class ScoutingScreen(MusterStepScreen):
    """One side's private Scouting step; Enter moves on."""

    holds_edits = False  # it only shows: leaving loses nothing of it

    DEFAULT_CSS = """
    ScoutingScreen { layout: vertical; }
    ScoutingScreen #header { height: 1; background: $boost; }
    ScoutingScreen #main { height: 1fr; }
    ScoutingScreen VerticalScroll { width: 1fr; height: 100%; border: round $panel; padding: 0 1; }
    ScoutingScreen #note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "continue", "Continue")]

    def compose(self) -> ComposeResult:
        foe = self.side.other
        yield Static(header(self.session, self.side), id="header")
        with Horizontal(id="main"):
            with VerticalScroll(id="foe") as scouted:
                scouted.border_title = f"The {foe.title} brought"
                yield Static(self._report())
            with VerticalScroll(id="own") as own:
                own.border_title = "Your army"
                yield Static(self._own())
        later = (" You may change your items at Outfitting." if self.session.scenario.rules(self.side).outfit
                 else "")  # (a campaign's chapter has no Outfitting: the kit was bought at the muster)
        yield Static(f"Scouts see classes only: the {foe.title}'s items stay secret, as yours do.{later}", id="note")
        yield compact_footer()

    def _report(self) -> Group:
        classes = self.session.scouting_report(self.side)
        lines = [Text(f"{len(classes)} unit{'s' if len(classes) != 1 else ''}", "bold")]
        catalogue = self.session.catalogue
        for name, count in sorted(Counter(classes).items()):
            unit_class = catalogue.classes.get(name)
            lines.append(Text.assemble(f"{count}× ", (name, "bold"),
                                       (f" ({unit_class.letter})" if unit_class else "", "grey70")))
            if unit_class is None:
                continue
            wields = "/".join(w.value for w in unit_class.wields)
            lines.append(Text(f"   {wields} · {movement(unit_class)}", "grey70"))
            lines.append(StatPairs(stat_line(unit_class.stats, compact=True, edition=unit_class.edition), 3, "grey70"))
            if unit_class.tags:
                lines.append(Text("   " + " ".join(unit_class.tags), palette().tag))
        return Group(*lines)

    def _own(self) -> Group:
        army = self.session.army(self.side)
        costs = [self.session.recruit_cost(r) for r in army.units]
        return Group(*(text for _, _, text in army_rows(army, costs, self.session.catalogue.items)))

    def action_continue(self) -> None:
        try:
            self.session.finish()
        except MusterError as exc:  # only a network seat's host refuses a Scouting step (a view since replaced)
            self.notify(f"Not yet: {exc}.", severity="error")
            return
        self.step_done()
