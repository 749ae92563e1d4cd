"""How big to draw a map in the room a screen gives it: a block of four cells by two lines a tile, two cells, one,
or two map rows to a line."""

from __future__ import annotations

from dataclasses import dataclass

FRAME = 2  # the map's frame takes a cell on each side and a row above and below


@dataclass(frozen=True)
class Scale:
    """A drawing scale: cells a tile takes across (4: the large block; 2: glyph and mark; 1: the glyph alone, its
    colour the terrain's), map rows a terminal line holds (2: the overview, upper and lower half of a cell) and
    terminal lines a map row takes (2: the large block)."""

    name: str
    across: int
    rows_per_line: int
    lines_per_row: int = 1

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The cells and lines a `width` × `height` map takes at this scale, frame left out."""
        return width * self.across, -(-height // self.rows_per_line) * self.lines_per_row

    def lines_of(self, row: int) -> range:
        """The terminal lines map row `row` is drawn on (the overview shares one between two rows)."""
        first = row // self.rows_per_line * self.lines_per_row
        return range(first, first + self.lines_per_row)

    def row_at(self, line: int) -> int:
        """The map row terminal line `line` draws (the upper one of the overview's two)."""
        return line // self.lines_per_row * self.rows_per_line


LARGE = Scale("large", 4, 1, 2)
WIDE = Scale("wide", 2, 1)
COMPACT = Scale("compact", 1, 1)
OVERVIEW = Scale("overview", 1, 2)
SCALES = (LARGE, WIDE, COMPACT, OVERVIEW)


def fits(scale: Scale, width: int, height: int, room: tuple[int, int]) -> bool:
    """Whether the whole map and its frame fit in `room` (cells across, lines down) at this scale."""
    cells, lines = scale.size(width, height)
    return cells + FRAME <= room[0] and lines + FRAME <= room[1]


def best_scale(width: int, height: int, room: tuple[int, int], spare: int = 0) -> Scale:
    """The largest scale that shows the whole map in `room`; the overview when none does (it then scrolls,
    on a terminal too small for any map). The large block is only for room to spare: it must leave `spare`
    lines of `room` free (the battle keeps them for its log, which the large map would otherwise squeeze)."""
    roomy = (room[0], room[1] - spare)
    return next((scale for scale in SCALES if fits(scale, width, height, roomy if scale is LARGE else room)), OVERVIEW)
