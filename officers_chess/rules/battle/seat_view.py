"""A seat's view: what one player (or one computer player) may know of a battle, as a value of its own type.

It is made from the battle and never is the battle: code that needs the battle itself (applying an action, saving,
rolling) cannot be handed a view by mistake, and a screen handed a view cannot show what the view leaves out.
"""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.posts import holding
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import known_battle
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side

# The battle as one side knows it (vision.known_battle): shaped like the battle, so the rules' own questions
# (reach, forecasts, terrain) can be asked of it, but holding only what that side may know (rulings F33).
Known = GameState


@dataclass(frozen=True)
class SeatView:
    """What `side` may know now; `side` None is nobody's seat, which sees everything: a spectator of the computer
    playing both sides, or anyone once the battle is over and the fog lifts (rulings F5)."""

    side: Side | None
    known: Known
    sight: frozenset[Pos] | None  # tiles it sees under fog; None when it sees everything
    # The enemies it sees standing at their posts (posts.holding): what they do now is on the table, what would
    # move them stays their side's secret (rulings L32). Judged only for a seat, never sent over the network.
    holding: frozenset[str] = frozenset()

    @property
    def fog(self) -> bool:
        return self.sight is not None


def view(state: GameState, side: Side | None) -> SeatView:
    """The view of `side` (None: a spectator's, everything)."""
    if side is None:
        return SeatView(None, state, None)
    sight = frozenset(state.seen_by(side)) if state.fog else None
    known = known_battle(state, side)
    seen = {unit.id for unit in known.units}
    return SeatView(side, known, sight, frozenset(i for i in holding(state, side) if i in seen))
