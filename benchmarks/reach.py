"""The `reach_*` benchmarks: reachable() for one unit on a mixed-terrain map, against networkx's Dijkstra."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.loaders import load_catalogue, load_map
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.movement import STEPS, Reach, reachable

MAP_SEED = 100


@dataclass(frozen=True)
class ReachCase:
    """One unit about to move, the map, and everyone else on it."""

    label: str
    mover: Unit
    battle_map: BattleMap
    units: list[Unit]


def _unit(uid: str, side: Side, class_name: str, pos: Pos, extra_tags: tuple[str, ...] = ()) -> Unit:
    catalogue = load_catalogue("v0.6")
    unit_class = catalogue.classes[class_name]
    if extra_tags:
        unit_class = unit_class.model_copy(update={"tags": [*unit_class.tags, *extra_tags]})
    weapon = next(w for w in catalogue.weapons() if w.type in unit_class.wields)
    return Unit(id=uid, name=uid, side=side, unit_class=unit_class, inventory=[weapon], weapon=0, hp=20, pos=pos)


def long_march_case() -> ReachCase:
    """A Cavalier (Cavalry, Fast(1): 6 movement) by the middle bridge of The Long March (32×24).

    Forest, river and bridges surround it; two allies (walked through, never stopped on)
    and two enemies (blocking) stand within its reach.
    """
    battle_map = load_map(bundled_dir("maps") / "long_march.yaml")
    mover = _unit("cav", Side.ATTACKER, "Cavalier", (14, 12))
    others = [
        _unit("ally1", Side.ATTACKER, "Soldier", (13, 12)),
        _unit("ally2", Side.ATTACKER, "Archer", (14, 14)),
        _unit("foe1", Side.DEFENDER, "Fighter", (19, 12)),
        _unit("foe2", Side.DEFENDER, "Knight", (12, 9)),
    ]
    return ReachCase("Cavalier, movement 6, on The Long March (32×24)", mover, battle_map, [mover, *others])


def generated_map(width: int, height: int, seed: int = MAP_SEED) -> BattleMap:
    """A seeded mixed-terrain map: plains with woods, hills, dunes, lakes, a river with bridges, forts and ruins."""
    rng = random.Random(seed)
    grid = [["."] * width for _ in range(height)]

    def put(x: int, y: int, glyph: str) -> None:
        if 0 <= x < width and 0 <= y < height:
            grid[y][x] = glyph

    def blob(glyph: str, size: int) -> None:
        x, y = rng.randrange(width), rng.randrange(height)
        for _ in range(size):
            put(x, y, glyph)
            dx, dy = rng.choice(STEPS)
            x, y = min(width - 1, max(0, x + dx)), min(height - 1, max(0, y + dy))

    area = width * height
    for glyph, count, size in (
        (TERRAIN["forest"].glyph, area // 250, 40),
        (TERRAIN["mountain"].glyph, area // 600, 30),
        (TERRAIN["desert"].glyph, area // 900, 40),
        (TERRAIN["sand"].glyph, area // 1200, 25),
        (TERRAIN["sea"].glyph, area // 2500, 30),
    ):
        for _ in range(count):
            blob(glyph, size)
    # A river winding from top to bottom, bridged every dozen rows or so.
    x = width // 3
    for y in range(height):
        bridge = y % 12 == 6
        put(x, y, TERRAIN["bridge"].glyph if bridge else TERRAIN["river"].glyph)
        if not bridge and rng.random() < 0.4:
            x = min(width - 2, max(1, x + rng.choice((-1, 1))))
            put(x, y, TERRAIN["river"].glyph)
    # Walled ruins with a gap, and a scattering of forts.
    for _ in range(max(1, area // 2000)):
        left, top = rng.randrange(width - 8), rng.randrange(height - 8)
        for i in range(8):
            for wx, wy in ((left + i, top), (left + i, top + 7), (left, top + i), (left + 7, top + i)):
                put(wx, wy, TERRAIN["wall"].glyph)
        put(left + 3, top + 7, TERRAIN["floor"].glyph)
    for _ in range(max(1, area // 800)):
        put(rng.randrange(width), rng.randrange(height), TERRAIN["fort"].glyph)
    return BattleMap(name=f"generated {width}×{height} (seed {seed})", rows=["".join(row) for row in grid])


def generated_case(width: int = 100, height: int = 100) -> ReachCase:
    """A foot unit with Fast(15) (movement 20) in the middle of a generated map, among a few other units.

    Foot is the movement type that can enter the most kinds of terrain at the most
    different costs (1, 2, 4, 5), so its search is the busiest.
    """
    battle_map = generated_map(width, height)
    centre = (width // 2, height // 2)
    rng = random.Random(MAP_SEED + 1)

    def free_tile_near(spread: int) -> Pos:
        while True:
            pos = (centre[0] + rng.randint(-spread, spread), centre[1] + rng.randint(-spread, spread))
            if battle_map.contains(pos) and battle_map.terrain_at(pos).foot is not None and pos != centre:
                return pos

    battle_map = _clear(battle_map, centre)
    mover = _unit("runner", Side.ATTACKER, "Mercenary", centre, ("Fast(15)",))
    others = [_unit(f"ally{i}", Side.ATTACKER, "Soldier", free_tile_near(10)) for i in range(4)]
    others += [_unit(f"foe{i}", Side.DEFENDER, "Fighter", free_tile_near(15)) for i in range(6)]
    others = list({u.pos: u for u in others}.values())  # one unit per tile
    return ReachCase(f"Mercenary with Fast(15), movement 20, on a generated {width}×{height} map", mover, battle_map, [mover, *others])


def _clear(battle_map: BattleMap, pos: Pos) -> BattleMap:
    x, y = pos
    rows = list(battle_map.rows)
    rows[y] = rows[y][:x] + TERRAIN["plains"].glyph + rows[y][x + 1 :]
    return BattleMap(name=battle_map.name, rows=rows)


def ours(case: ReachCase) -> Callable[[], Reach]:
    return lambda: reachable(case.mover, case.battle_map, case.units)


def networkx_graph(case: ReachCase) -> Any:
    """The map as a directed graph for this unit: an edge into each tile it may enter, weighted by the entry cost.

    Enemy tiles are left out, as they block. A user would build this once and cache it
    (until the units move), so it is built outside the timed region.
    """
    import networkx as nx

    mover = case.mover
    enemies = {u.pos for u in case.units if u.side is not mover.side}  # every unit in a case is on the field
    graph = nx.DiGraph()
    for y in range(case.battle_map.height):
        for x in range(case.battle_map.width):
            graph.add_node((x, y))
    for y in range(case.battle_map.height):
        for x in range(case.battle_map.width):
            for dx, dy in STEPS:
                nxt = (x + dx, y + dy)
                if not case.battle_map.contains(nxt) or nxt in enemies:
                    continue
                cost = mover.entry_cost(case.battle_map.terrain_at(nxt))
                if cost is not None:
                    graph.add_edge((x, y), nxt, weight=cost)
    return graph


def baseline(case: ReachCase, graph: Any) -> Callable[[], dict[Pos, int]]:
    """networkx single-source Dijkstra with a cutoff at the unit's movement, keeping paths as reachable() does.

    Tiles where another unit stands are dropped afterwards (allies may be walked through, not stopped on).
    """
    import networkx as nx

    occupied = {u.pos for u in case.units if u.id != case.mover.id}
    source, budget = case.mover.pos, case.mover.movement

    def run() -> dict[Pos, int]:
        lengths, _paths = nx.single_source_dijkstra(graph, source, cutoff=budget, weight="weight")
        return {pos: cost for pos, cost in lengths.items() if pos not in occupied}

    return run


def disagreements(our_reach: Reach, theirs: dict[Pos, int]) -> list[str]:
    """Tiles (or costs) on which reachable() and the baseline differ."""
    problems = []
    only_ours = sorted(set(our_reach.costs) - set(theirs))
    only_theirs = sorted(set(theirs) - set(our_reach.costs))
    if only_ours:
        problems.append(f"only reachable() reaches {only_ours[:5]}{' …' if len(only_ours) > 5 else ''}")
    if only_theirs:
        problems.append(f"only the baseline reaches {only_theirs[:5]}{' …' if len(only_theirs) > 5 else ''}")
    costs = sorted(p for p in set(our_reach.costs) & set(theirs) if our_reach.costs[p] != theirs[p])
    if costs:
        problems.append(f"different costs at {costs[:5]}")
    return problems
