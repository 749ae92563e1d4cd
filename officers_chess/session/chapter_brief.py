"""What a campaign chapter asks of one side, in words and marks, for its muster's briefing (before hiring)."""

from __future__ import annotations

from officers_chess.rules.battle.victory import goal_tile_kinds
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario

ZONE, ENEMY_ZONE, OBJECTIVE = "zone", "enemy zone", "objective"


def zone_words(scenario: Scenario, side: Side) -> str:
    """Where the side deploys, as players count tiles: "columns 1–3, rows 2–9" (each rectangle, joined by "and")."""
    parts = []
    for zone in scenario.rules(side).deploy:
        (x1, y1), (x2, y2) = zone.corner, zone.to
        parts.append(f"{_span('column', x1, x2)}, {_span('row', y1, y2)}")
    return " and ".join(parts) if parts else "where the scenario places its units"


def _span(word: str, a: int, b: int) -> str:
    low, high = min(a, b), max(a, b)
    return f"{word} {low}" if low == high else f"{word}s {low}–{high}"


def objective_tiles(scenario: Scenario) -> set[Pos]:
    """Tiles a side wins by reaching (seize, escape, raze, hold, control), 0-based: all public. Exits no side wins
    by are left out: a broken side's flight runs for them (rulings L140), which is no goal."""
    victory = {side: scenario.rules(side).victory for side in Side}
    kinds = goal_tile_kinds(victory)
    placed = {"seize": scenario.tiles.seize, "escape": scenario.tiles.escape, "raze": scenario.tiles.raze}
    tiles = {(x - 1, y - 1) for kind in kinds for x, y in placed[kind]}
    for conditions in victory.values():
        for condition in conditions:
            if condition.kind in ("hold", "control"):
                tiles |= {(x - 1, y - 1) for x, y in condition.tiles}
    return tiles


def map_marks(scenario: Scenario, side: Side) -> dict[Pos, str]:
    """What the briefing's map marks on a tile: each side's deployment zone (both are the scenario's, known to both
    sides), and the objectives' tiles (these win over a zone)."""
    marks: dict[Pos, str] = {}
    for zone in scenario.rules(side.other).deploy:
        marks.update({pos: ENEMY_ZONE for pos in zone.tiles()})
    for zone in scenario.rules(side).deploy:
        marks.update({pos: ZONE for pos in zone.tiles()})
    marks.update({pos: OBJECTIVE for pos in objective_tiles(scenario)})
    return marks


def army_words(scenario: Scenario, side: Side) -> list[str]:
    """What the side may field: the army's size, the classes and items on offer when the chapter limits them, and
    the roles its units must carry."""
    rules = scenario.rules(side)
    lines = [f"Field {rules.army.min}–{rules.army.max} units."]
    if rules.classes is not None:
        lines.append("Classes for hire: " + ", ".join(rules.classes) + ".")
    if rules.items is not None:
        lines.append("Items for sale: " + ", ".join(rules.items) + ".")
    for role in rules.roles:
        who = "Every unit" if role.count == "all" else "One unit" if role.count == 1 else f"{role.count} units"
        lines.append(f"{who} {'carry' if role.count not in (1, 'all') else 'carries'} the {role.role} role.")
    return lines
