"""The status line: the round (of the time limit), whose activation it is, and how many units each side still has to activate
(under fog, of the enemy's only those in the viewer's sight)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.palette import palette


def still_to_act(state: Known, viewer: Side | None = None) -> dict[Side, int]:
    """How many units of each side still have to activate, as `viewer` may know it: under fog, its own all,
    the enemy's only those it sees (None: everyone's)."""
    counts = {side: len(state.waiting(side)) for side in Side}
    if viewer is not None and state.fog:
        seen = state.seen_by(viewer)
        counts[viewer.other] = sum(1 for unit in state.waiting(viewer.other) if unit.pos in seen)
    return counts


def status_text(state: Known, computer: frozenset[Side] = frozenset(), width: int | None = None,
                viewer: Side | None = None) -> Text:
    """The line, in the longest of its forms that fits `width` cells (all of it when None); `computer` are the
    sides the computer plays (its level is in the side panel). Under fog the enemy's count is of the units
    `viewer` sees, and says so ("in sight"); None counts everyone."""
    side = state.to_act
    counts = still_to_act(state, viewer)
    hidden = viewer.other if viewer is not None and state.fog else None

    def count(who: Side, form: int) -> str:  # the enemy's under fog: "1 in sight", "1 seen", "≥1"
        n = counts[who]
        return str(n) if who is not hidden else (f"{n} in sight", f"{n} seen", f"≥{n}")[form]

    attackers, defenders = ([count(s, form) for form in range(3)] for s in (Side.ATTACKER, Side.DEFENDER))
    limit = state.time_limit.rounds if state.time_limit else None
    by_computer = side in computer
    forms = [
        (f" Round {state.round}" + (f" of {limit} " if limit else " "), f" {side.title.upper()} to act ",
         " computer" if by_computer else "", f" · still to act: Attacker {attackers[0]} · Defender {defenders[0]}"),
        (f" Round {state.round}" + (f"/{limit} " if limit else " "), f" {side.title.upper()} to act ",
         " computer" if by_computer else "", f" · to act: attacker {attackers[1]}, defender {defenders[1]}"),
        (f" R{state.round}" + (f"/{limit} " if limit else " "), f" {side.title.upper()} ",
         " (cpu)" if by_computer else "", f" · to act: {attackers[2]} v {defenders[2]}"),
    ]
    for round_part, banner, who, waiting in forms:
        text = Text.assemble((round_part, "bold"), " · ", (banner, palette().side_banner(side)), (who, "italic"), waiting)
        if width is None or text.cell_len <= width:
            return text
    return text


class StatusLine(Static):
    """One line at the top of the battle screen."""

    def show(self, state: Known, computer: frozenset[Side] = frozenset(), viewer: Side | None = None) -> None:
        """`state`: the battle as `viewer` sees it (the controller's view); under fog the enemy's count is of
        those in sight."""
        self._shown = (state, computer, viewer)
        self.update(status_text(state, computer, self.size.width or None, viewer), layout=False)  # one line, always

    def on_resize(self) -> None:
        if getattr(self, "_shown", None) is not None:
            self.show(*self._shown)
