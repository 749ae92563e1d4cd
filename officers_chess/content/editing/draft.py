"""A map being edited: its rows of terrain glyphs, and the strokes that change them (brush, rectangle, flood, resize)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from officers_chess.rules.board.battle_map import BattleMap, Pos

MAX_SIDE = 64  # the loader's limit (content/loaders.py MAX_MAP_SIDE): a bigger map would not load
MIN_SIDE = 1


@dataclass(frozen=True)
class MapDraft:
    """A map as the editor holds it: never changed in place, so undo keeps each version as it was."""

    name: str
    description: str
    rows: tuple[str, ...]
    edition: str = "v0.6"  # whose terrain table the palette offers and the overlays read

    @classmethod
    def blank(cls, name: str, width: int, height: int, glyph: str, edition: str = "v0.6") -> MapDraft:
        """A new map of one terrain."""
        width, height = _side(width, "width"), _side(height, "height")
        return cls(name, "", tuple(glyph * width for _ in range(height)), edition)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def contains(self, pos: Pos) -> bool:
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height

    def glyph_at(self, pos: Pos) -> str:
        x, y = pos
        return self.rows[y][x]

    def painted(self, tiles: Iterable[Pos], glyph: str) -> MapDraft:
        """The draft with each of `tiles` (those on the map) set to `glyph`."""
        rows = [list(row) for row in self.rows]
        for x, y in tiles:
            if self.contains((x, y)):
                rows[y][x] = glyph
        new = tuple("".join(row) for row in rows)
        return self if new == self.rows else replace(self, rows=new)

    def flood(self, start: Pos) -> list[Pos]:
        """The tiles a flood fill from `start` reaches: those of its glyph joined to it side by side (no diagonals)."""
        if not self.contains(start):
            return []
        glyph, found, todo = self.glyph_at(start), {start}, [start]
        while todo:
            x, y = todo.pop()
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step not in found and self.contains(step) and self.glyph_at(step) == glyph:
                    found.add(step)
                    todo.append(step)
        return sorted(found, key=lambda p: (p[1], p[0]))

    def resized(self, width: int, height: int, glyph: str) -> MapDraft:
        """The draft cut or grown to `width`×`height` from its top-left corner, new ground of `glyph`."""
        width, height = _side(width, "width"), _side(height, "height")
        rows = [row[:width].ljust(width, glyph) for row in self.rows[:height]]
        rows += [glyph * width] * (height - len(rows))
        return replace(self, rows=tuple(rows))

    def battle_map(self) -> BattleMap:
        """The map as the rules read it (ValueError for a glyph no edition knows)."""
        return BattleMap(name=self.name or "untitled", rows=list(self.rows), edition=self.edition)


def rectangle(a: Pos, b: Pos) -> list[Pos]:
    """Every tile of the rectangle with corners `a` and `b`, row by row."""
    (x1, y1), (x2, y2) = a, b
    return [(x, y) for y in range(min(y1, y2), max(y1, y2) + 1) for x in range(min(x1, x2), max(x1, x2) + 1)]


def _side(value: int, what: str) -> int:
    if not MIN_SIDE <= value <= MAX_SIDE:
        raise ValueError(f"a map's {what} is {MIN_SIDE} to {MAX_SIDE} tiles, not {value}")
    return value
