"""The map editor's drawing of a draft: the battle map's glyphs and colours, the cursor, the overlays, and the mouse."""

from __future__ import annotations

from collections.abc import Mapping

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from officers_chess.content.editing.draft import MapDraft
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import terrain_table
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.palette import palette

IMPASSABLE = "x"  # a tile the overlay's movement type cannot enter
PROBLEM_MARK = "!"  # a tile a live check points at
ZONE_MARK = "·"  # a deploy zone's tile with no other mark: the zone reads without colour, as the tint with it
CHEST_GLYPH = "$"  # as the battle map draws a chest
# Beside the glyph (the battle's bold says only "objective"): symbols, never letters, which read as units (ruling ED44).
OBJECTIVE_MARKS = {"seize": "◆", "escape": "↑", "raze": "×"}
AREA = Style(underline=True)  # a named area, underlined as the battle map underlines one (map_view.AREA)


def cost_mark(cost: int | None) -> str:
    """A movement cost in one cell: its digit, `+` past 9, `x` where the tile cannot be entered."""
    if cost is None:
        return IMPASSABLE
    return str(cost) if cost < 10 else "+"


class EditorCanvas(ScrollView, can_focus=False):
    """Draws a draft two cells a tile when it fits (one cell a tile when not), scrolling to keep the cursor in view.

    A press on a tile posts `Pressed`; moving over tiles with the button held posts `Dragged`; letting go posts
    `Released`, so the screen makes one stroke of a whole drag."""

    DEFAULT_CSS = """
    EditorCanvas { scrollbar-size: 1 1; }
    """

    class Pressed(Message):
        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    class Dragged(Message):
        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    class Released(Message):
        pass

    def __init__(self, draft: MapDraft, **kwargs) -> None:
        super().__init__(**kwargs)
        self.draft = draft
        self.cursor: Pos = (0, 0)
        self.across = 2  # cells a tile
        self.costs: Mapping[Pos, int | None] | None = None  # the movement-cost overlay, when on
        self.seen: set[Pos] | None = None  # the sight overlay, when on
        self.problems: dict[Pos, bool] = {}  # tiles the checks point at: True for an error
        self.anchor: Pos | None = None  # a rectangle's first corner, once marked
        self.units: dict[Pos, tuple[str, Side]] = {}  # a scenario's units: each tile's letter and side
        self.zones: dict[Pos, Side] = {}  # a scenario's deploy zones: each tile's side (the current side's wins)
        self.areas: set[Pos] = set()  # a scenario's named areas' tiles
        self.objectives: dict[Pos, str] = {}  # a scenario's seize, escape and raze tiles
        self.chests: set[Pos] = set()  # a scenario's chests' tiles
        self._dragging = False
        self._last_drag: Pos | None = None

    def show(self, draft: MapDraft) -> None:
        """Draw `draft` from now on (a stroke, an undo, a resize)."""
        self.draft = draft
        self._fit()
        self.refresh()

    def _fit(self) -> None:
        width = self.scrollable_content_region.width if self.is_mounted else 0
        self.across = 2 if not width or self.draft.width * 2 <= width else 1
        self.virtual_size = Size(self.draft.width * self.across, self.draft.height)

    def on_resize(self) -> None:
        self._fit()
        self.follow_cursor()

    def follow_cursor(self) -> None:
        """Scroll just far enough, in whole tiles, to keep the cursor in view."""
        view = self.scrollable_content_region.size
        if not view.width or not view.height:
            return
        x, y = self.cursor
        left, top = round(self.scroll_x), round(self.scroll_y)
        cell = x * self.across
        if cell < left:
            left = cell
        elif cell + self.across > left + view.width:
            left = cell + self.across - view.width
            left += left % self.across
        if y < top:
            top = y
        elif y >= top + view.height:
            top = y - view.height + 1
        self.scroll_to(left, top, animate=False)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if row >= self.draft.height:  # below the map: the canvas's own background, as beside a short row
            return Strip.blank(self.size.width, self.rich_style)
        return self._row(row).crop(scroll_x, scroll_x + self.size.width)

    def _row(self, row: int) -> Strip:
        colours = palette()
        table = terrain_table(self.draft.edition)
        segments = []
        for x, glyph in enumerate(self.draft.rows[row]):
            pos = (x, row)
            terrain = table.get(glyph)
            style = colours.tile(terrain.id if terrain is not None else "plains")
            mark = " "
            if self.costs is not None:
                mark = cost_mark(self.costs.get(pos))
            zone, unit = self.zones.get(pos), self.units.get(pos)
            if zone is not None:
                style += Style(bgcolor=colours.spent[zone].bgcolor)
                mark = ZONE_MARK if mark == " " and unit is None else mark
            if unit is not None:  # its letter in place of the ground's glyph, as the battle map draws it
                glyph = unit[0]
                style += colours.side[unit[1]]
            elif pos in self.chests:
                glyph = CHEST_GLYPH
                style += colours.chest
            if pos in self.objectives:
                style += colours.objective
                mark = OBJECTIVE_MARKS[self.objectives[pos]] if mark in (" ", ZONE_MARK) and unit is None else mark
            if pos in self.areas:
                style += AREA
            if pos in self.problems:
                mark = PROBLEM_MARK
                style += Style.parse(colours.error if self.problems[pos] else colours.warning)
            if self.seen is not None:
                style += colours.move if pos in self.seen else colours.fog
            if pos == self.anchor:
                style += colours.selected
            if pos == self.cursor:
                style += colours.cursor
            if self.across == 2:
                segments.append(Segment(glyph + mark, style))
            else:  # one cell: the mark when there is one (the colours still say the terrain), else the glyph
                segments.append(Segment(glyph if mark == " " else mark, style))
        return Strip(segments, self.draft.width * self.across)

    def _tile(self, event: events.MouseEvent) -> Pos | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        scroll_x, scroll_y = self.scroll_offset
        pos = ((offset.x + scroll_x) // self.across, offset.y + scroll_y)
        return pos if self.draft.contains(pos) else None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        pos = self._tile(event)
        if pos is None:
            return
        self._dragging, self._last_drag = True, pos
        self.capture_mouse()
        self.post_message(self.Pressed(pos))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if not self._dragging:
            return
        pos = self._tile(event)
        if pos is not None and pos != self._last_drag:
            self._last_drag = pos
            self.post_message(self.Dragged(pos))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._dragging:
            self._dragging = False
            self.capture_mouse(False)
            self.post_message(self.Released())
