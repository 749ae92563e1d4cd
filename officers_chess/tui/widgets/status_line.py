"""The status line: the round (of the time limit), whose activation it is, and how many units each side still has to activate."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from officers_chess.rules.game import GameState
from officers_chess.rules.models import Side
from officers_chess.tui.palette import palette


def status_text(state: GameState, computer: frozenset[Side] = frozenset(), width: int | None = None) -> Text:
    """The line, in the longest of its forms that fits `width` cells (all of it when None); `computer` are the
    sides the computer plays (its level is in the side panel)."""
    side = state.to_act
    attackers, defenders = len(state.waiting(Side.ATTACKER)), len(state.waiting(Side.DEFENDER))
    limit = state.time_limit.rounds if state.time_limit else None
    by_computer = side in computer
    forms = [
        (f" Round {state.round}" + (f" of {limit} " if limit else " "), f" {side.title.upper()} to act ",
         " computer" if by_computer else "", f" · still to act: Attacker {attackers} · Defender {defenders}"),
        (f" Round {state.round}" + (f"/{limit} " if limit else " "), f" {side.title.upper()} to act ",
         " computer" if by_computer else "", f" · to act: attacker {attackers}, defender {defenders}"),
        (f" R{state.round}" + (f"/{limit} " if limit else " "), f" {side.title.upper()} ",
         " (cpu)" if by_computer else "", f" · to act: {attackers} v {defenders}"),
    ]
    for round_part, banner, who, waiting in forms:
        text = Text.assemble((round_part, "bold"), " · ", (banner, palette().side_banner(side)), (who, "italic"), waiting)
        if width is None or text.cell_len <= width:
            return text
    return text


class StatusLine(Static):
    """One line at the top of the battle screen."""

    def show(self, state: GameState, computer: frozenset[Side] = frozenset()) -> None:
        self._shown = (state, computer)
        self.update(status_text(state, computer, self.size.width or None), layout=False)  # one line, always

    def on_resize(self) -> None:
        if getattr(self, "_shown", None) is not None:
            self.show(*self._shown)
