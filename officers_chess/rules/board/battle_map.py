"""The battle map: the tile grid, read with one edition's terrain table, and the distance between two tiles."""

from __future__ import annotations

from pydantic import ConfigDict, Field, model_validator

from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.board.terrain import Terrain, known_glyph, terrain_table

Pos = tuple[int, int]


class BattleMap(Sparse):
    """The tile grid: rows of terrain glyphs, top row first, read with one edition's terrain table."""

    model_config = ConfigDict(extra="forbid")
    _sparse = ("edition",)

    name: str
    rows: list[str] = Field(min_length=1)
    edition: str = Field("v0.6", max_length=20)  # whose terrain table gives each glyph its meaning

    @model_validator(mode="after")
    def _rectangular_and_known(self) -> BattleMap:
        width = len(self.rows[0])
        for y, row in enumerate(self.rows):
            if len(row) != width:
                raise ValueError(f"row {y + 1} has {len(row)} tiles but row 1 has {width}")
            for x, glyph in enumerate(row):
                if not known_glyph(glyph):
                    raise ValueError(f"row {y + 1}, column {x + 1}: unknown terrain glyph {glyph!r}")
        return self

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def contains(self, pos: Pos) -> bool:
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height

    @property
    def terrain_table(self) -> dict[str, Terrain]:
        """This map's edition's terrain, by glyph."""
        return terrain_table(self.edition)

    def terrain_at(self, pos: Pos) -> Terrain:
        x, y = pos
        return terrain_table(self.edition)[self.rows[y][x]]


def distance(a: Pos, b: Pos) -> int:
    """Tiles between two positions, counted orthogonally as movement and ranges are."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
