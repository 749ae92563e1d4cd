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
    `viewer` sees, and says so ("in sight"); None counts everyone.

    The form is chosen for the battle, not for this moment: the one that fits whichever side is to act, the
    computer's mark and the most units each side could count, so the line keeps one format from the first round
    to the last instead of switching when the computer's turn or a two-digit count comes (rulings L47), and the
    same at a given width whether the computer plays or not (L103)."""
    counts = still_to_act(state, viewer)
    hidden = viewer.other if viewer is not None and state.fog else None
    widest = {side: max(counts[side], sum(1 for u in state.units if u.side is side)) for side in Side}
    last = max(state.round, state.time_limit.rounds if state.time_limit else 0)  # "Round 10 of 10" is the longest
    form = 0
    if width is not None:
        # Measured with the computer's mark on whichever side acts, whoever plays: the same width gets the same
        # words against the computer and between two people (rulings L103).
        form = next((f for f in range(len(FORMS) - 1)
                     if all(_line(state, f, side, True, widest, hidden, last).cell_len <= width for side in Side)),
                    len(FORMS) - 1)
    return _line(state, form, state.to_act, state.to_act in computer, counts, hidden)


# The round, whose activation, by whom, and who is still to act: from the longest form to the shortest. Each
# narrower form drops words from the one before and keeps its order, capitals and separators (rulings L81).
FORMS = (
    (" Round {round}{of_limit} ", " {side} to act ", " computer", " · still to act: Attacker {a} · Defender {d}"),
    (" Round {round}{slash_limit} ", " {side} to act ", " computer", " · to act: Attacker {a} · Defender {d}"),
    (" R{round}{slash_limit} ", " {side} ", " (cpu)", " · to act: A {a} · D {d}"),
)
# How the enemy's count reads under fog in each form: "1 in sight", "1 seen", "≥1".
HIDDEN_COUNT = ("{n} in sight", "{n} seen", "≥{n}")


def _line(state: Known, form: int, side: Side, by_computer: bool, counts: dict[Side, int], hidden: Side | None,
          round_: int | None = None) -> Text:
    limit = state.time_limit.rounds if state.time_limit else None

    def count(who: Side) -> str:
        n = counts[who]
        if who is hidden and n == 0 and form == len(FORMS) - 1:
            return "?"  # none in sight: "≥0" said nothing a newcomer could read (the longer forms say "0 in sight")
        return str(n) if who is not hidden else HIDDEN_COUNT[form].format(n=n)

    round_part, banner, who, waiting = FORMS[form]
    words = {"round": state.round if round_ is None else round_, "of_limit": f" of {limit}" if limit else "",
             "slash_limit": f"/{limit}" if limit else "", "side": side.title.upper(),
             "a": count(Side.ATTACKER), "d": count(Side.DEFENDER)}
    return Text.assemble((round_part.format(**words), "bold"), " · ",
                         (banner.format(**words), palette().side_banner(side)),
                         (who if by_computer else "", "italic"), waiting.format(**words))


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
