"""The deployment map: the battle map's drawing, with the deploying side's zone tinted and marked, and units as placed so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style

from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.board_view import Overlays
from officers_chess.tui.widgets.map_view import MapView

# A zone tile's second cell: the zone reads without colour, as the tint shows it with colour.
ZONE_MARK = "·"


@dataclass(frozen=True)
class ChestSpot:
    at: Pos


@dataclass
class DeployBoard:
    """What MapView draws while a side deploys (`controller.view`): the map, the units on it, chests and
    objective tiles."""

    map: BattleMap
    units: list[Unit] = field(default_factory=list)
    chests: list[ChestSpot] = field(default_factory=list)
    seize_tiles: list[Pos] = field(default_factory=list)
    escape_tiles: list[Pos] = field(default_factory=list)
    raze_tiles: list[Pos] = field(default_factory=list)
    victory: dict[Side, list[Condition]] = field(default_factory=dict)  # tiles to hold or control are marked too
    claims: list = field(default_factory=list)  # (no claim: before the battle nobody holds a tile to control)

    def living(self, side: Side | None = None) -> list[Unit]:
        return [u for u in self.units if side is None or u.side is side]

    def unit_at(self, pos: Pos) -> Unit | None:
        return next((u for u in self.units if u.pos == pos), None)

    def terrain_hp(self, pos: Pos) -> int | None:
        """Walls, snags (and the d100 draft's doors and ice) stand whole before the battle."""
        return self.map.terrain_at(pos).hp


class DeployController:
    """The cursor, the unit in hand and the zone, in the shape MapView draws from."""

    focus_unit = None  # no movement ranges while deploying

    def __init__(self, board: DeployBoard, zone: set[Pos]) -> None:
        self.board = board
        self.zone = zone
        self.selected: str | None = None  # id of the placed unit in hand, drawn highlighted
        ordered = sorted(zone, key=lambda p: (p[1], p[0]))
        centre = (sum(x for x, _ in zone) / len(zone), sum(y for _, y in zone) / len(zone)) if zone else (0, 0)
        self.cursor: Pos = min(ordered, key=lambda p: (abs(p[0] - centre[0]) + abs(p[1] - centre[1]), p[1], p[0])) if zone else (0, 0)
        self._overlays = Overlays(moves=frozenset(zone))

    def overlays(self) -> Overlays:
        return self._overlays

    @property
    def view(self) -> DeployBoard:
        """What the map draws units and chests from: the screen puts on it only the units its side may see
        (rules/muster/deploy_sight.py), so no fog needs drawing over it."""
        return self.board

    def visible(self) -> None:
        return None  # terrain is always known (F1); the enemy units the side may not see are never on the board

    def move_cursor(self, dx: int, dy: int) -> None:
        x, y = self.cursor[0] + dx, self.cursor[1] + dy
        if self.board.map.contains((x, y)):
            self.cursor = (x, y)


class DeployMapView(MapView):
    """MapView's tiles, with a mark on every free tile of the deployment zone."""

    def _tile_mark(self, pos: Pos, occupied: bool, style: Style, text: str) -> tuple[Style, str]:
        if pos in self.controller.zone and not occupied and text[1] == " ":
            return style, text[0] + ZONE_MARK
        return style, text
