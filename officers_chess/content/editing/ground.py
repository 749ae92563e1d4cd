"""What the editor shows over the map: each tile's movement cost for a movement type, and what a unit would see."""

from __future__ import annotations

from officers_chess.content.editing.draft import MapDraft
from officers_chess.rules.battle.state import VISION, diamond
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import MoveType, terrain_table


def costs(draft: MapDraft, move_type: MoveType) -> dict[Pos, int | None]:
    """The movement a unit of `move_type` spends to enter each tile (None: it cannot)."""
    table = terrain_table(draft.edition)
    return {(x, y): table[glyph].cost(move_type) if glyph in table else None
            for y, row in enumerate(draft.rows) for x, glyph in enumerate(row)}


def sight(draft: MapDraft, pos: Pos) -> set[Pos]:
    """The tiles a unit on `pos` sees under fog: within VISION tiles counted as movement is; terrain hides nothing
    (rulings F1), so this is the same on any ground."""
    return diamond(pos, VISION, draft.width, draft.height)
