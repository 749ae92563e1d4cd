"""Danger-zone digits read with their own tile: the zone's tint is checkered, tile by tile (rulings L72)."""

from __future__ import annotations

from rich.style import Style

from officers_chess.session.lookout import Marks
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.map_view import Cell, _colour, _marked


def test_neighbouring_danger_tiles_differ_in_shade_and_the_overview_keeps_it():
    colours = palette()
    marks = Marks(danger={(x, 0): "12"[x % 2] for x in range(4)})
    ground = Style(color="#888888", bgcolor="#202020")
    drawn = [_marked((x, 0), False, ground, ". ", marks, colours) for x in range(4)]
    assert [text for _, text in drawn] == [".1", ".2", ".1", ".2"]  # each digit in its own tile's second cell
    shades = [style.bgcolor for style, _ in drawn]
    assert all(shades[x] != shades[x + 1] for x in range(3))  # a tile's shade is never its neighbour's
    assert shades[0] == shades[2] and shades[1] == shades[3]  # a chessboard: two shades, alternating
    assert shades[0] == (ground + colours.danger).bgcolor  # the zone's own tint stays on half its tiles
    # The compact overview (one cell a tile) paints each tile with its shade, so it reads the same way.
    overview = [_colour(style, ground, False) for style, _ in drawn]
    assert overview[0] != overview[1] and Cell((0, 0), drawn[0][0], ".1", False, overview[0]).single == "1"
