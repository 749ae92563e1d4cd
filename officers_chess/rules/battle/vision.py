"""Fog of war: which tiles a side can see, and the view of the battle its player is allowed to have.

The UI draws from `player_view`, never from the full state, so under fog it cannot show what
the side does not see (STYLE: what a player may see is a view computed from the state).
"""

from __future__ import annotations

from officers_chess.rules.battle.state import VISION, GameState, diamond
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side

__all__ = ["VISION", "diamond", "player_view", "visible_tiles"]  # the sight rule itself lives with the state


def visible_tiles(state: GameState, side: Side) -> set[Pos]:
    """Tiles `side` sees: within VISION of any of its units on the field, and every torch-lit tile."""
    return state.seen_by(side)


def player_view(state: GameState, side: Side) -> GameState:
    """The battle as `side` may see it: without fog, all of it; with fog, enemies and chests
    outside its sight are left out, and so is the enemy's morale (the terrain itself is known:
    players have the map)."""
    if not state.fog:
        return state
    seen = visible_tiles(state, side)
    view = state.model_copy(deep=True)
    view.units = [u for u in view.units if u.side is side or not u.on_field or u.pos in seen]
    view.chests = [c for c in view.chests if c.at in seen]
    # The enemy's morale would tell of routs out of sight: under fog a side knows only its own.
    view.morale = {s: value for s, value in view.morale.items() if s is side}
    return view
