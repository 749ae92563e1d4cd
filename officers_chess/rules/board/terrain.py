"""Terrain tables: what each kind of tile costs to enter per movement type and what it grants (v0.6's here, the
other editions register theirs)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable


class MoveType(str, Enum):
    """The columns of the terrain table."""

    FOOT = "foot"
    ARMORED = "armored"
    CAVALRY = "cavalry"
    FLYING = "flying"


@dataclass(frozen=True)
class Terrain:
    """One row of the terrain table. A cost of None means the tile cannot be entered."""

    id: str
    name: str
    glyph: str
    defense: int
    foot: int | None
    armored: int | None
    cavalry: int | None
    flying: int | None
    heal: int = 0  # HP healed at the end of a turn on it (at the start with heal_at_start)
    avoid: int = 0  # the d100 edition's Avo bonus
    heal_at_start: bool = False
    burn: int = 0  # damage taken at the start of a turn on it, ignoring reduction
    vein: bool = False  # Vein(Terrain) may create it
    hp: int | None = None  # a wall, snag, door or ice that blows can break, and its HP
    becomes: str | None = None  # what a broken one turns into

    def cost(self, move_type: MoveType) -> int | None:
        """Movement needed to enter this tile for the given movement type."""
        return getattr(self, move_type.value)


def _open(id: str, name: str, glyph: str) -> Terrain:
    # Every tile the table does not list costs 1 for everyone and gives no bonus.
    return Terrain(id, name, glyph, 0, 1, 1, 1, 1)


# Glyphs are plain ASCII and never letters, because letters mark units on the map.
TERRAIN: dict[str, Terrain] = {
    t.id: t
    for t in (
        _open("plains", "Plains", "."),
        _open("sand", "Sand", ","),
        _open("building", "Building", "["),
        _open("ruins", "Ruins", ";"),
        _open("floor", "Floor", "_"),
        _open("stairs", "Stairs", "/"),
        _open("bridge", "Bridge", "="),
        _open("village_gate", "Village gate", "'"),
        Terrain("sea", "Sea or lake", "}", 0, None, None, None, 1),
        Terrain("river", "River", "~", 0, 5, None, None, 1),
        Terrain("mountain", "Mountain", "^", 1, 4, None, None, 1),
        Terrain("desert", "Desert", ":", 0, 2, 3, 2, 1),
        Terrain("forest", "Forest", '"', 1, 2, 2, 3, 1),
        Terrain("pillars", "Pillars", "|", 1, 2, 2, 3, 1),
        Terrain("snag", "Snag", "!", 0, None, None, None, None, hp=30, becomes="bridge"),
        Terrain("wall", "Wall", "#", 0, None, None, None, None, hp=30, becomes="floor"),
        Terrain("door", "Door", "+", 0, None, None, None, None),
        Terrain("fort", "Fort", "*", 2, 2, 2, 2, 1, heal=2),
        Terrain("castle_gate", "Castle gate", "&", 2, 1, 1, 1, 1, heal=2),
        Terrain("throne", "Throne", "\\", 2, 1, 1, 1, 1, heal=2),
    )
}

TERRAIN_BY_GLYPH: dict[str, Terrain] = {t.glyph: t for t in TERRAIN.values()}

# Every edition's table by glyph; the editions package plugs in the others (`register_table`) when the rules load.
_TABLES: dict[str, dict[str, Terrain]] = {"v0.6": TERRAIN_BY_GLYPH}


def register_table(edition: str, table: dict[str, Terrain]) -> None:
    """Make an edition's terrain table (by id) the one maps of that edition are read with."""
    _TABLES[edition] = {t.glyph: t for t in table.values()}


def terrain_table(edition: str) -> dict[str, Terrain]:
    """An edition's terrain by glyph (KeyError for an edition the game does not know)."""
    return _TABLES[edition]


def known_glyph(glyph: str) -> bool:
    """Whether some edition's table gives the glyph a meaning (a map's own edition is checked when a
    scenario sets it up)."""
    if glyph in TERRAIN_BY_GLYPH:
        return True
    return any(glyph in table for table in _TABLES.values())


def vein_made(name: str, tiles: Iterable[Terrain]) -> Terrain | None:
    """The terrain Vein(Name) makes among `tiles` (an edition's table): by name or id, any case; None when none can."""
    wanted = name.strip().lower().replace("_", " ")
    return next((t for t in tiles if t.vein and wanted in (t.name.lower(), t.id.replace("_", " "))), None)
