"""The ground each side remembers under fog: a tile that changes out of a side's sight keeps, for that side,
the terrain and wall HP it last showed, until one of the side's units sees it again (docs/rulings.md F31)."""

from __future__ import annotations

from officers_chess.rules.battle.state import GameState, Remembered, TerrainDamage
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.models import Side


def _looks(state: GameState, pos: Pos) -> tuple[str, int | None]:
    x, y = pos
    return state.map.rows[y][x], state.terrain_hp(pos)


def remember(before: GameState, after: GameState) -> None:
    """After one action: each tile whose terrain or HP changed where a side saw it neither before nor after
    is remembered by that side as it was (its oldest memory kept); tiles a side sees now are forgotten, since
    it sees them as they are."""
    if not after.fog:
        return
    width, height = after.map.width, after.map.height
    changed = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if before.map.rows[y][x] != after.map.rows[y][x] or before.terrain_hp((x, y)) != after.terrain_hp((x, y))
    ]
    memory: dict[Side, list[Remembered]] = {}
    for side in Side:
        sight_before, sight_now = before.seen_by(side), after.seen_by(side)
        kept = {tile.at: tile for tile in before.remembered.get(side, []) if tile.at not in sight_now}
        for pos in changed:
            if pos in sight_before or pos in sight_now or pos in kept:
                continue
            glyph, hp = _looks(before, pos)
            kept[pos] = Remembered(at=pos, glyph=glyph, hp=hp)
        if kept:
            memory[side] = sorted(kept.values(), key=lambda tile: (tile.at[1], tile.at[0]))
    after.remembered = memory


def known_map(state: GameState, side: Side) -> BattleMap:
    """The battle map as `side` believes it to be."""
    memory = state.remembered.get(side)
    if not memory:
        return state.map
    rows = list(state.map.rows)
    for tile in memory:
        x, y = tile.at
        rows[y] = rows[y][:x] + tile.glyph + rows[y][x + 1:]
    return state.map.model_copy(update={"rows": rows})


def known_damage(state: GameState, side: Side) -> list[TerrainDamage]:
    """The walls' lost HP as `side` believes it: what it saw of the tiles it remembers, the truth elsewhere."""
    memory = {tile.at: tile for tile in state.remembered.get(side, [])}
    if not memory:
        return list(state.terrain_damage)
    damage = [d for d in state.terrain_damage if d.at not in memory]
    full = state.map.terrain_table
    for tile in memory.values():
        top = full[tile.glyph].hp
        if tile.hp is not None and top is not None and tile.hp < top:
            damage.append(TerrainDamage(at=tile.at, hp=tile.hp))
    return damage
