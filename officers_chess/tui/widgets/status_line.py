"""The status line: the round (of the time limit), whose activation it is, and how many units each side still has to activate."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from officers_chess.rules.game import GameState
from officers_chess.rules.models import Side
from officers_chess.tui.palette import palette



def status_text(state: GameState, computer: frozenset[Side] = frozenset()) -> Text:
    """The line; `computer` are the sides the computer plays (its level is in the side panel: 80 columns are tight)."""
    side = state.to_act
    of = f" of {state.time_limit.rounds}" if state.time_limit else ""
    text = Text.assemble(
        (f" Round {state.round}{of} ", "bold"),
        " · ",
        (f" {side.title.upper()} to act ", palette().side_banner(side)),
        (" computer", "italic") if side in computer else "",
        " · still to act: ",
        f"Attacker {len(state.waiting(Side.ATTACKER))} · Defender {len(state.waiting(Side.DEFENDER))}",
    )
    return text


class StatusLine(Static):
    """One line at the top of the battle screen."""

    def show(self, state: GameState, computer: frozenset[Side] = frozenset()) -> None:
        self.update(status_text(state, computer), layout=False)  # one line, always
