"""The result screen: who won, and the battle's numbers."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from officers_chess.rules.events import Attacked, Event
from officers_chess.rules.game import GameState
from officers_chess.rules.models import Side


def summary(state: GameState, last_events: list[Event] = ()) -> Group:
    winner = state.winner
    headline = Text(f"{winner.title} wins!" if winner else "The battle is undecided.", style="bold")
    reason = Text(f"Every {winner.other.value} unit was routed in round {state.round}." if winner else "")
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("")
    for side in Side:
        table.add_column(side.title, justify="right")
    fielded = {side: [u for u in state.units if u.side is side] for side in Side}
    table.add_row("Units fielded", *(str(len(fielded[s])) for s in Side))
    table.add_row("Units routed", *(str(sum(1 for u in fielded[s] if not u.on_field)) for s in Side))
    table.add_row("HP left", *(str(sum(u.hp for u in fielded[s])) for s in Side))
    survivors = [f"{u.name} ({u.unit_class.name}, {u.hp} HP)" for u in state.units if u.on_field]
    parts = [headline, reason, Text("")]
    final_blow = [e for e in last_events if isinstance(e, Attacked)]
    if final_blow:  # the last exchange, so nobody misses how it ended
        parts += [Text(final_blow[-1].text(), "grey85"), Text("")]
    parts += [table, Text(""), Text("Still standing: " + ", ".join(survivors), "grey70")]
    return Group(*parts)


class ResultScreen(Screen):
    """Shown when a battle ends; Enter returns to the title screen."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen > Vertical { width: 64; height: auto; border: thick $success; padding: 1 2; }
    """
    BINDINGS = [
        Binding("enter", "title", "Back to title"),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def __init__(self, state: GameState, last_events: list[Event] = ()) -> None:
        super().__init__()
        self.state = state
        self.last_events = list(last_events)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Battle over"
            yield Static(summary(self.state, self.last_events), id="summary")
        yield Footer()

    def action_title(self) -> None:
        self.app.show_title()  # type: ignore[attr-defined]
