"""The "ratings" edition's tables as facts: To Hit (d100), Damage, Staff Range and its terrain table."""

from __future__ import annotations

from dataclasses import replace

from officers_chess.rules.board.terrain import TERRAIN, Terrain

# To Hit: the attacker's Skill rating (row, F to A) against the target's Speed rating in
# combat (column, F to S) gives the number a d100 must roll at or under. The draft has no
# S row; a Skill raised to S reads the A row (docs/rulings.md E3).
TO_HIT: dict[str, tuple[int, ...]] = {
    #      F    E    D   C   B   A   S   (target Speed)
    "F": (60, 50, 40, 30, 20, 10, 10),
    "E": (70, 60, 50, 50, 40, 30, 20),
    "D": (80, 70, 60, 60, 50, 40, 30),
    "C": (90, 80, 80, 60, 50, 50, 40),
    "B": (100, 90, 80, 70, 60, 50, 40),
    "A": (100, 100, 90, 80, 70, 60, 50),
}

# Damage: the attacker's Strength (martial) or Magic (magic) rating (row) against the
# target's Defense or Resistance rating (column), F to S both ways.
DAMAGE: dict[str, tuple[int, ...]] = {
    #     F  E  D  C  B  A  S   (target Defense or Resistance)
    "F": (3, 2, 1, 1, 0, 0, 0),
    "E": (3, 3, 2, 1, 0, 0, 0),
    "D": (4, 3, 3, 2, 1, 0, 0),
    "C": (5, 4, 3, 3, 2, 1, 1),
    "B": (6, 5, 4, 3, 3, 2, 1),
    "A": (6, 6, 5, 4, 3, 3, 2),
    "S": (7, 7, 6, 5, 4, 3, 3),
}

# Staff Range: how far a "Mag" staff reaches for each Magic rating, F to S.
STAFF_RANGE: tuple[int, ...] = (1, 2, 3, 4, 4, 5, 6)

CRIT_RANGE = 10  # a hit whose d100 shows 10 or less is critical
CRIT_MULTIPLIER = 3
FOLLOW_UP_STEPS = 2  # two ratings faster
FULL_HP = 20
MOVE = {False: 4, True: 5}  # unpromoted, promoted
CAVALRY_MOVE = 1
TRIANGLE = 1  # +1 damage and +1 Dexterity step with the advantage, -1 with the disadvantage
EFFECTIVE = 3
BACKUP = 1
POISONED = 1
WEIGHT_RANGE = (-2, 2)


def _same(terrain_id: str, defense: int | None = None, **changes: object) -> Terrain:
    base = TERRAIN[terrain_id]
    fields = {**base.__dict__, **changes}
    if defense is not None:
        fields["defense"] = defense
    return Terrain(**fields)  # type: ignore[arg-type]


# The terrain table: the same movement costs as v0.6; its Def/Res bonus is a rating step,
# forts, castle gates and thrones give one step (v0.6 gives 2 points), and ice stops everyone.
_TILES: dict[str, Terrain] = {
    **{t.id: t for t in TERRAIN.values()},
    "fort": _same("fort", 1),
    "castle_gate": _same("castle_gate", 1),
    "throne": _same("throne", 1),
    "ice": Terrain("ice", "Ice", "<", 0, None, None, None, None),
}
# The draft's Vein has no list of tiles it may make: any tile of the table but the walls, snags
# and doors a scenario builds (docs/rulings.md E30).
TERRAIN_TABLE: dict[str, Terrain] = {
    key: tile if key in ("wall", "snag", "door") else replace(tile, vein=True) for key, tile in _TILES.items()
}
