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
from officers_chess.session.map_fit import COMPACT, LARGE, WIDE, Scale
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.map_view import BLOCK_PAD

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
    """Draws a draft in large blocks where the whole of it fits so (four cells by two lines a tile, as the battle
    draws a map on a big terminal), else two cells a tile when its width fits, else one, scrolling to keep the cursor
    in view.

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
        self.scale: Scale = WIDE
        # The most lines the large blocks may take: the screen's room with its status line at its tallest (set by the
        # screen), so a message that wraps to a second line does not flip the map between scales.
        self.block_lines: int | None = None
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

    @property
    def across(self) -> int:
        """Cells a tile takes across at the current scale."""
        return self.scale.across

    def _fit(self) -> None:
        room = self.scrollable_content_region.size if self.is_mounted else Size(0, 0)
        width, height = self.draft.width, self.draft.height
        if not room.width:
            self.scale = WIDE
        elif width * LARGE.across <= room.width and height * LARGE.lines_per_row <= min(
                room.height, self.block_lines if self.block_lines is not None else room.height):
            self.scale = LARGE  # only for the whole draft: a block map that scrolls shows too little of it
        else:
            self.scale = WIDE if width * WIDE.across <= room.width else COMPACT
        self.virtual_size = Size(*self.scale.size(width, height))

    def on_resize(self) -> None:
        self._fit()
        self.follow_cursor()

    def follow_cursor(self) -> None:
        """Scroll just far enough, in whole tiles, to keep the cursor in view."""
        view = self.scrollable_content_region.size
        if not view.width or not view.height:
            return
        x, y = self.cursor
        across, lines = self.across, self.scale.lines_of(y)
        left, top = round(self.scroll_x), round(self.scroll_y)
        cell = x * across
        if cell < left:
            left = cell
        elif cell + across > left + view.width:
            left = cell + across - view.width
            left += -left % across  # on to the next tile's edge, whatever its width
        if lines.start < top:
            top = lines.start
        elif lines.stop > top + view.height:
            top = lines.stop - view.height
        self.scroll_to(left, top, animate=False)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        row = self.scale.row_at(line)
        if row >= self.draft.height:  # below the map: the canvas's own background, as beside a short row
            return Strip.blank(self.size.width, self.rich_style)
        cells = self._cells(row)
        width = self.draft.width * self.across
        if self.scale is LARGE:  # the glyph and mark in the middle of the block's upper line, its lower line colour
            lower = line % LARGE.lines_per_row
            strip = Strip([Segment(" " * LARGE.across if lower else BLOCK_PAD + text + BLOCK_PAD, style)
                           for text, style in cells], width)
        elif self.scale is WIDE:
            strip = Strip([Segment(text, style) for text, style in cells], width)
        else:  # one cell: the mark when there is one (the colours still say the terrain), else the glyph
            strip = Strip([Segment(text[0] if text[1] == " " else text[1], style) for text, style in cells], width)
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def _cells(self, row: int) -> list[tuple[str, Style]]:
        """Each tile of map row `row` as its two cells (glyph or letter, then mark or a space) and its style."""
        colours = palette()
        table = terrain_table(self.draft.edition)
        cells = []
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
            cells.append((glyph + mark, style))
        return cells

    def tile_at(self, x: int, y: int) -> Pos | None:
        """The tile drawn at cell `x`, line `y` of the canvas's content (scrolled as it is), if any."""
        scroll_x, scroll_y = self.scroll_offset
        pos = ((x + scroll_x) // self.across, self.scale.row_at(y + scroll_y))
        return pos if self.draft.contains(pos) else None

    def _tile(self, event: events.MouseEvent) -> Pos | None:
        offset = event.get_content_offset(self)
        return None if offset is None else self.tile_at(offset.x, offset.y)

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
