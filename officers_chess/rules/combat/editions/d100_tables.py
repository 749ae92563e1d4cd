"""The "d100" edition's tables as facts: rating values, base damage, damage reduction, follow-ups and terrain."""

from __future__ import annotations

from officers_chess.rules.board.terrain import TERRAIN, Terrain

# Dexterity and Speed ratings as numbers (F to S).
DEX_SPEED: tuple[int, ...] = (-5, 0, 5, 10, 15, 20, 25)
# Base damage of a Strength (martial) or Magic (magic) rating, F to S.
BASE_DAMAGE: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9)
# Damage reduction of a Defense (martial) or Resistance (magic) rating, F to S.
DAMAGE_REDUCTION: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
# Follow-ups: the opponent ratings each Agility rating follows up on (F to S).
FOLLOWS_UP_ON: dict[str, str] = {"F": "", "E": "", "D": "F", "C": "FE", "B": "FED", "A": "FEDC", "S": "FEDCB"}

HIT_BASE = 70
CRIT_RANGE = 10
CRIT_MULTIPLIER = 2
FOLLOW_UP_LEAD = 10  # two ratings of Agility (5 a rating)
HP_RANGE = (14, 22)
MOVE = {False: 4, True: 5}
CAVALRY_MOVE = 1
EFFECTIVE = 5
BACKUP = 3
POISONED = 1
WEIGHTS = (0, -5, -10)
TILE_HEAL = 10
FLAMES = 5
BREAKABLE_HP = 15  # gates, doors and ice


def _tile(terrain_id: str, name: str, glyph: str, move: int | None, dr: int = 0, avo: int = 0, **extra: object) -> Terrain:
    # One Move column for every movement type; flyers cross anything passable for 1.
    return Terrain(terrain_id, name, glyph, dr, move, move, move, None if move is None else 1, avoid=avo, **extra)  # type: ignore[arg-type]


def _open(terrain_id: str) -> Terrain:
    base = TERRAIN[terrain_id]
    return _tile(base.id, base.name, base.glyph, 1)


# The terrain table. Tiles it does not list cost 1 and give nothing (plains, sand, buildings,
# ruins, floors, stairs, bridges, village gates); the v0.6 seas and rivers are its Water; walls
# and snags stay impassable as in v0.6 (docs/rulings.md E12).
TERRAIN_TABLE: dict[str, Terrain] = {
    **{t: _open(t) for t in ("plains", "sand", "building", "ruins", "floor", "stairs", "bridge", "village_gate",
                             "desert", "castle_gate", "throne")},
    "mountain": _tile("mountain", "Mountain", "^", 2, dr=1),
    "forest": _tile("forest", "Woods", '"', 2, avo=5),
    "pillars": _tile("pillars", "Pillar", "|", 2, avo=5),
    "thicket": _tile("thicket", "Thicket", "%", 2, avo=5),
    "fog": _tile("fog", "Fog", "?", 2, avo=5, vein=True),
    "fort": _tile("fort", "Fort", "*", 2, dr=2, avo=5, heal=TILE_HEAL, heal_at_start=True),
    "protection_tile": _tile("protection_tile", "Protection tile", "@", 1, dr=2, avo=5, heal=TILE_HEAL,
                             heal_at_start=True),
    "heal_tile": _tile("heal_tile", "Heal tile", "{", 1, heal=TILE_HEAL, heal_at_start=True, vein=True),
    "door": _tile("door", "Gate or door", "+", None, hp=BREAKABLE_HP, becomes="floor"),
    "sea": _tile("sea", "Water", "}", 1, avo=-5, vein=True),
    "river": _tile("river", "Water (river)", "~", 1, avo=-5, vein=True),
    "stone_pillars": _tile("stone_pillars", "Stone pillars", "(", 2, dr=2, vein=True),
    "vines": _tile("vines", "Vines", ")", 2, vein=True),
    "flames": _tile("flames", "Flames", ">", 1, burn=FLAMES, vein=True),
    "ice": _tile("ice", "Ice", "<", None, vein=True, hp=BREAKABLE_HP, becomes="plains"),
    "wall": _tile("wall", "Wall", "#", None, hp=30, becomes="floor"),
    "snag": _tile("snag", "Snag", "!", None, hp=30, becomes="bridge"),
}
