"""How big to draw a map in the room a screen gives it: two cells a tile, one, or two map rows to a line."""

from __future__ import annotations

from dataclasses import dataclass

FRAME = 2  # the map's frame takes a cell on each side and a row above and below


@dataclass(frozen=True)
class Scale:
    """A drawing scale: cells a tile takes across (2: glyph and mark; 1: the glyph alone, its colour the terrain's)
    and map rows a terminal line holds (2: the overview, upper and lower half of a cell)."""

    name: str
    across: int
    rows_per_line: int

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The cells and lines a `width` × `height` map takes at this scale, frame left out."""
        return width * self.across, -(-height // self.rows_per_line)


WIDE = Scale("wide", 2, 1)
COMPACT = Scale("compact", 1, 1)
OVERVIEW = Scale("overview", 1, 2)
SCALES = (WIDE, COMPACT, OVERVIEW)


def fits(scale: Scale, width: int, height: int, room: tuple[int, int]) -> bool:
    """Whether the whole map and its frame fit in `room` (cells across, lines down) at this scale."""
    cells, lines = scale.size(width, height)
    return cells + FRAME <= room[0] and lines + FRAME <= room[1]


def best_scale(width: int, height: int, room: tuple[int, int]) -> Scale:
    """The largest scale that shows the whole map in `room`; the overview when none does (it then scrolls,
    on a terminal too small for any map)."""
    return next((scale for scale in SCALES if fits(scale, width, height, room)), OVERVIEW)
