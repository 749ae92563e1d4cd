"""Fog of war: which tiles a side can see, and the view of the battle its player is allowed to have.

The UI draws from `player_view`, never from the full state, so under fog it cannot show what
the side does not see (STYLE: what a player may see is a view computed from the state).
"""

from __future__ import annotations

from officers_chess.rules.models import Pos, Side
from officers_chess.rules.state import GameState

VISION = 3  # every unit sees this many tiles around it, counted as movement is (docs/rulings.md F1)


def diamond(center: Pos, radius: int, width: int, height: int) -> set[Pos]:
    x0, y0 = center
    return {
        (x, y)
        for y in range(max(0, y0 - radius), min(height, y0 + radius + 1))
        for x in range(max(0, x0 - radius), min(width, x0 + radius + 1))
        if abs(x - x0) + abs(y - y0) <= radius
    }


def visible_tiles(state: GameState, side: Side) -> set[Pos]:
    """Tiles `side` sees: within VISION of any of its units on the field, and every torch-lit tile."""
    w, h = state.map.width, state.map.height
    seen: set[Pos] = set()
    for unit in state.living(side):
        seen |= diamond(unit.pos, VISION, w, h)
    for light in state.lights:  # a torch's light shows the ground to everyone
        seen |= diamond(light.at, light.radius, w, h)
    return seen


def player_view(state: GameState, side: Side) -> GameState:
    """The battle as `side` may see it: without fog, all of it; with fog, enemies and chests
    outside its sight are left out (the terrain itself is known: players have the map)."""
    if not state.fog:
        return state
    seen = visible_tiles(state, side)
    view = state.model_copy(deep=True)
    view.units = [u for u in view.units if u.side is side or not u.on_field or u.pos in seen]
    view.chests = [c for c in view.chests if c.at in seen]
    return view
