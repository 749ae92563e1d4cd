"""The v0.6 terrain table: what each kind of tile costs to enter per movement type, and what it grants."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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
    heal: int = 0

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
        Terrain("snag", "Snag", "!", 0, None, None, None, None),
        Terrain("wall", "Wall", "#", 0, None, None, None, None),
        Terrain("door", "Door", "+", 0, None, None, None, None),
        Terrain("fort", "Fort", "*", 2, 2, 2, 2, 1, heal=2),
        Terrain("castle_gate", "Castle gate", "&", 2, 1, 1, 1, 1, heal=2),
        Terrain("throne", "Throne", "\\", 2, 1, 1, 1, 1, heal=2),
    )
}

TERRAIN_BY_GLYPH: dict[str, Terrain] = {t.glyph: t for t in TERRAIN.values()}
