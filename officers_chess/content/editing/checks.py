"""The live checks the editor runs after every stroke: each problem points at a tile or a field of the map."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.content.editing.draft import MapDraft
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import MoveType, terrain_table


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the draft: an error stops it being played, a warning does not."""

    message: str
    error: bool
    tile: Pos | None = None  # the tile it is about (0-based), or None
    field: str | None = None  # the field it is about ("name", "tiles"), or None

    def line(self) -> str:
        """The problem in one line, its tile as the battle screen counts them (from 1)."""
        where = f"tile {self.tile[0] + 1},{self.tile[1] + 1}: " if self.tile is not None else (
            f"{self.field}: " if self.field else "")
        return f"{'error' if self.error else 'warning'}: {where}{self.message}"


def check(draft: MapDraft) -> list[Problem]:
    """Everything the game would refuse (errors) and what would load but likely not play as meant (warnings)."""
    problems: list[Problem] = []
    if not draft.name.strip():
        # The game names a nameless map after its file, so this only warns.
        problems.append(Problem("the map has no name: battles on it will show the file's name", False, field="name"))
    table = terrain_table(draft.edition)
    unknown = [(x, y) for y, row in enumerate(draft.rows) for x, glyph in enumerate(row) if glyph not in table]
    for pos in unknown[:5]:
        problems.append(Problem(f"{draft.glyph_at(pos)!r} is no terrain of the {draft.edition} edition", True, tile=pos))
    if len(unknown) > 5:
        problems.append(Problem(f"and {len(unknown) - 5} more tiles of terrain the {draft.edition} edition lacks", True,
                                field="tiles"))
    if unknown:
        return problems
    regions = _foot_regions(draft)
    if not regions:
        problems.append(Problem("no tile a unit on foot can stand on", True, field="tiles"))
    # The largest piece is the battlefield (the top-left one of equals); each other piece is said once, at its
    # top-left tile.
    pieces = sorted(((min(r, key=_reading), r) for r in regions), key=lambda f: (-len(f[1]), _reading(f[0])))
    for first, region in pieces[1:]:
        problems.append(Problem(f"{len(region)} tile{'s' if len(region) > 1 else ''} cut off from the rest: units on "
                                f"foot there can never reach the others (fliers can)", False, tile=first))
    return problems


def _reading(pos: Pos) -> tuple[int, int]:
    """Reading order: row, then column."""
    return pos[1], pos[0]


def _foot_regions(draft: MapDraft) -> list[set[Pos]]:
    """The ground a unit on foot can walk, in pieces that do not join. A door opens and a wall or snag breaks, so
    they join what lies on either side."""
    table = terrain_table(draft.edition)
    open_ground = {(x, y) for y, row in enumerate(draft.rows) for x, glyph in enumerate(row)
                   if table[glyph].cost(MoveType.FOOT) is not None or table[glyph].hp is not None
                   or table[glyph].id == "door"}
    regions: list[set[Pos]] = []
    while open_ground:
        start = open_ground.pop()
        region, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in open_ground:
                    open_ground.discard(step)
                    region.add(step)
                    todo.append(step)
        regions.append(region)
    return regions
