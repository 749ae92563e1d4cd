"""The tile grid, drawn line by line (Textual's line API) so large maps stay fast."""

from __future__ import annotations

from typing import Protocol

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.board_view import Overlays
from officers_chess.session.lookout import PATH_MARK, Lookout, Marks, count_mark
from officers_chess.tui.palette import Palette, palette

TILE_WIDTH = 2  # each tile is two cells: a glyph (unit letter or terrain) and a space

def unit_letter(unit: Unit) -> str:
    """Attackers are capitals, defenders small letters, so sides read apart without colour."""
    letter = unit.unit_class.letter
    return letter.upper() if unit.side is Side.ATTACKER else letter.lower()


class MapSource(Protocol):
    """What the map reads from whoever drives it (the battle's turn controller, the deployment screen)."""

    cursor: Pos
    selected: str | None  # the unit marked as selected, if any

    @property
    def view(self) -> Known: ...  # what to draw: the map as the viewer knows it, the units and chests it sees

    @property
    def focus_unit(self) -> Unit | None: ...  # whose side the strike tint leaves alone

    def visible(self) -> set[Pos] | None: ...  # tiles seen under fog; None without fog

    def overlays(self) -> Overlays: ...  # move, strike and target tints


class MapView(ScrollView, can_focus=False):
    """Draws the map from a BattleController and reports clicked tiles."""

    DEFAULT_CSS = """
    MapView { scrollbar-size: 1 1; }
    """

    class TileClicked(Message):
        """The player clicked a tile."""

        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, controller: MapSource, lookout: Lookout | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.lookout = lookout  # the danger zone, path and heatmap marks, when the screen has them
        self._rows: dict[int, Strip] = {}
        self._board: tuple[dict, set, set] | None = None
        battle_map = controller.view.map
        self.virtual_size = Size(battle_map.width * TILE_WIDTH, battle_map.height)

    def redraw(self) -> None:
        """Forget cached rows and repaint; call after anything in the controller changed."""
        self._rows.clear()
        self._board = None
        self.refresh()
        self.follow_cursor()

    def redraw_rows(self, *rows: int) -> None:
        """Repaint only the given map rows (a plain cursor move touches two)."""
        for row in rows:
            self._rows.pop(row, None)
            self.refresh_line(row)
        self.follow_cursor()

    def follow_cursor(self) -> None:
        """Scroll, in whole tiles, just far enough to keep the cursor in view."""
        view = self.scrollable_content_region.size
        if not view.width or not view.height:
            return
        x, y = self.controller.cursor
        left, top = round(self.scroll_x), round(self.scroll_y)
        cell = x * TILE_WIDTH
        if cell < left:
            left = cell
        elif cell + TILE_WIDTH > left + view.width:
            left = cell + TILE_WIDTH - view.width
            left += left % TILE_WIDTH  # never stop half-way through a tile
        if y < top:
            top = y
        elif y >= top + view.height:
            top = y - view.height + 1
        self.scroll_to(left, top, animate=False)

    def on_resize(self) -> None:
        # One spare column when the view is an odd number of cells wide, so the far
        # right scroll position still starts on a tile boundary.
        battle_map = self.controller.view.map
        spare = self.scrollable_content_region.width % TILE_WIDTH
        self.virtual_size = Size(battle_map.width * TILE_WIDTH + spare, battle_map.height)
        self.follow_cursor()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if row >= self.controller.view.map.height:
            return Strip.blank(self.size.width)
        strip = self._rows.get(row)
        if strip is None:
            strip = self._rows[row] = self._render_row(row)
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def _render_row(self, row: int) -> Strip:
        c = self.controller
        # Under fog, only what the side to act sees, and the ground as it remembers it (rulings F31).
        state = view = c.view
        overlays = c.overlays()
        moves, strikes, targets = overlays.moves, overlays.strikes, overlays.targets
        seen = c.visible()
        if self._board is None:  # what stands where: built once per redraw, not once per row
            self._board = (
                {u.pos: u for u in view.living()},
                {chest.at for chest in view.chests},
                set(state.seize_tiles) | set(state.escape_tiles) | set(state.raze_tiles) | held_tiles(state),
            )
        units, chests, objectives = self._board
        focus = c.focus_unit
        focus_side = focus.side if focus else None
        marks = self.lookout.marks() if self.lookout else NO_MARKS
        colours = palette()
        segments: list[Segment] = []
        for x in range(state.map.width):
            pos = (x, row)
            terrain = state.map.terrain_at(pos)
            unit = units.get(pos)
            if unit is not None:
                style = (colours.spent if unit.activated else colours.side)[unit.side]
                text = unit_letter(unit) + " "
            elif pos in chests:
                style = colours.tile(terrain.id) + colours.chest
                text = "$ "
            else:
                style = colours.tile(terrain.id)
                text = terrain.glyph + " "
            if pos in objectives:
                style += colours.objective
            if seen is not None and pos not in seen:
                style += colours.fog
            if unit is not None and unit.id == c.selected:
                style += colours.selected
            elif pos in targets:
                style += colours.target
            elif pos in moves and unit is None:
                style += colours.move
            elif pos in strikes and (unit is None or unit.side is not focus_side):
                style += colours.attack
            style, text = _marked(pos, unit is None and pos in moves, style, text, marks, colours, unit is not None)
            if pos == c.cursor:
                style += colours.cursor
            segments.append(Segment(text, style))
        return Strip(segments, state.map.width * TILE_WIDTH)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:  # a click on the border or a scrollbar
            return
        scroll_x, scroll_y = self.scroll_offset
        x = (offset.x + scroll_x) // TILE_WIDTH
        y = offset.y + scroll_y
        if self.controller.view.map.contains((x, y)):
            self.post_message(self.TileClicked((x, y)))


NO_MARKS = Marks()


def _marked(pos: Pos, movable: bool, style: Style, text: str, marks: Marks, colours: Palette,
            occupied: bool = False) -> tuple[Style, str]:
    """A tile with the lookout's marks: the heatmap on free reachable tiles, else the path, else the enemies'
    likely targets, else the danger zone.

    The mark goes in the tile's second cell, so each reads without colour: a digit (how many enemies
    could attack there), PATH_MARK on the way to the cursor, ONE_MARK in a single enemy's zone,
    AIMED_MARK on a unit an enemy is likely to attack and FROM_MARK where it would strike from.
    """
    heat = marks.heat.get(pos) if movable else None
    danger = marks.danger.get(pos)
    if heat is not None:
        level = 0 if heat.kill == 0 else 2 if heat.kill >= 0.5 else 1
        style += colours.heat[level]
        # The threat count wins the cell; a threat-free tile on the way still shows the path's dot.
        mark = count_mark(heat.threats) if heat.threats else PATH_MARK if pos in marks.path else " "
        if pos in marks.path:
            style += colours.path
        return style, text[0] + mark
    if pos in marks.path:
        return style + colours.path, text[0] + PATH_MARK
    intent = marks.intent.get(pos)
    if intent is not None:  # a unit keeps its side's colour (the mark says it); a free strike tile is tinted
        tint = colours.move_danger if movable else colours.danger
        return (style if occupied else style + tint), text[0] + intent
    if danger is not None and occupied:  # one of the viewer's units in danger: the digit, its side's colour kept
        return style, text[0] + danger
    if danger is not None:
        return style + (colours.move_danger if movable else colours.danger), text[0] + danger
    return style, text


def held_tiles(state: Known) -> set[Pos]:
    """The tiles a side must hold or control to win: marked on the map like the other objectives' tiles."""
    return {tile for side in Side for cond in state.victory.get(side, ()) if cond.kind in ("hold", "control")
            for tile in cond.tiles}
