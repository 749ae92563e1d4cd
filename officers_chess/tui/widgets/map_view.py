"""The tile grid, drawn line by line (Textual's line API) so large maps stay fast, at the scale that shows it whole."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.battle.victory import goal_tile_kinds
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.board_view import Overlays
from officers_chess.session.lookout import HOLD_MARK, PATH_MARK, Marks, count_mark
from officers_chess.session.map_fit import WIDE, Scale
from officers_chess.tui.palette import Palette, palette

TILE_WIDTH = 2  # at the wide scale each tile is two cells: a glyph (unit letter or terrain) and a mark or a space
BLOCK_PAD = " "  # at the large scale the two cells sit in the middle of the tile's four, the line under them blank
HELD = Style(dim=True)  # a tile only enemies at their posts could reach (the mark says so without colour)
AREA = Style(underline=True)  # a scenario's area the players are meant to know (objectives are bold as well)
HALVES = "▀"  # the overview's cell: the upper map row in the glyph's colour, the lower one in the background's

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


class MarkSource(Protocol):
    """What draws its marks over the tints: the battle's lookout, the replay's trail."""

    def marks(self) -> Marks: ...


class MapView(ScrollView, can_focus=False):
    """Draws the map from a BattleController and reports clicked tiles.

    The screen picks the scale (`fit`): on a big terminal a block of four cells by two lines a tile (the two
    cells of the wide scale in its middle), else two cells a tile when the map fits so, else one cell a tile (the
    glyph alone, or the mark that would have gone beside it, the colours carrying the terrain), else the overview
    (two map rows to a line, each a half cell, a unit's letter filling its cell, two units its halves)."""

    DEFAULT_CSS = """
    MapView { scrollbar-size: 1 1; }
    """

    class TileClicked(Message):
        """The player clicked a tile."""

        def __init__(self, pos: Pos) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, controller: MapSource, lookout: MarkSource | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.lookout = lookout  # the danger zone, path and heatmap marks, when the screen has them
        self.areas: frozenset[Pos] = frozenset()  # the tiles of the scenario's areas the players are told of
        self.scale: Scale = WIDE
        self._rows: dict[int, Strip] = {}
        self._board: tuple[dict, set, set] | None = None
        self._size_content()

    def fit(self, scale: Scale, whole: bool = False) -> None:
        """Draw at `scale` from now on (the screen chooses it from the room it gives the map); `whole` says the map
        fits the room at it, so the view never scrolls (nor shows a scrollbar a passing narrower layout raised)."""
        overflow = "hidden" if whole else "auto"
        self.styles.overflow_x = self.styles.overflow_y = overflow
        if scale == self.scale:
            return
        self.scale = scale
        self._rows.clear()
        self._size_content()
        self.refresh(layout=True)
        self.call_after_refresh(self.follow_cursor)

    def _size_content(self) -> None:
        # Where the map is wider than the view, spare columns up to a whole tile, so the far right scroll position
        # still starts on a tile boundary. None where it fits: the width it asks for is then its own.
        battle_map = self.controller.view.map
        cells, lines = self.scale.size(battle_map.width, battle_map.height)
        shown = self.scrollable_content_region.width if self.is_mounted else cells
        spare = shown % self.scale.across if shown < cells else 0
        self.virtual_size = Size(cells + spare, lines)

    def redraw(self) -> None:
        """Forget cached rows and repaint; call after anything in the controller changed."""
        self._rows.clear()
        self._board = None
        self.refresh()
        self.follow_cursor()

    def redraw_rows(self, *rows: int) -> None:
        """Repaint only the given map rows (a plain cursor move touches two)."""
        for line in {line for row in rows for line in self.scale.lines_of(row)}:
            self._rows.pop(line, None)
            self.refresh_line(line)
        self.follow_cursor()

    def follow_cursor(self) -> None:
        """Scroll, in whole tiles, just far enough to keep the cursor in view (only where the map does not fit)."""
        view = self.scrollable_content_region.size
        if not view.width or not view.height:
            return
        across = self.scale.across
        x, row = self.controller.cursor
        lines = self.scale.lines_of(row)
        left, top = round(self.scroll_x), round(self.scroll_y)
        cell = x * across
        if cell < left:
            left = cell
        elif cell + across > left + view.width:
            left = cell + across - view.width
            left += left % across  # never stop half-way through a tile
        if lines.start < top:
            top = lines.start
        elif lines.stop > top + view.height:
            top = lines.stop - view.height
        self.scroll_to(left, top, animate=False)

    def on_resize(self) -> None:
        self._size_content()
        self.follow_cursor()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        line = y + scroll_y
        if line >= self.virtual_size.height:
            return Strip.blank(self.size.width)
        strip = self._rows.get(line)
        if strip is None:
            strip = self._rows[line] = self._render_line(line)
        return strip.crop(scroll_x, scroll_x + self.size.width)

    def _render_line(self, line: int) -> Strip:
        """One line of the map at the current scale."""
        if self.scale.rows_per_line == 2:
            return self._overview_line(line)
        if self.scale.lines_per_row == 2:
            return self._block_line(line)
        if self.scale.across == 1:
            return Strip([Segment(cell.single, cell.style) for cell in self._row_cells(line)], self.controller.view.map.width)
        return self._render_row(line)

    def _overview_line(self, line: int) -> Strip:
        """Two map rows in one line: each cell's upper half the upper tile's colour, its lower half the lower
        tile's; a unit's letter takes the whole cell (the one under the cursor first, else the upper one), and two
        units not under the cursor take a half each, in their sides' colours."""
        height = self.controller.view.map.height
        upper = self._row_cells(2 * line)
        lower = self._row_cells(2 * line + 1) if 2 * line + 1 < height else [None] * len(upper)
        cursor = self.controller.cursor
        segments: list[Segment] = []
        for x, (top, bottom) in enumerate(zip(upper, lower)):
            lettered = [cell for cell in (top, bottom) if cell is not None and cell.unit]
            if len(lettered) == 2 and cursor not in (c.pos for c in lettered):
                # Two units in one cell: a letter would hide one of them, so each half takes its unit's colour; the
                # cursor on either tile shows that unit's letter (a play-test lost a unit under its neighbour).
                above, below = lettered
                segments.append(Segment(HALVES, Style(color=above.style.bgcolor, bgcolor=below.style.bgcolor)))
                continue
            if lettered:
                cell = next((c for c in lettered if c.pos == cursor), lettered[0])
                style = cell.style
                if cell.pos != cursor and any(c is not None and c.pos == cursor for c in (top, bottom)):
                    style += palette().cursor  # the cursor is on the letter's empty half-tile: it shows on the letter
                segments.append(Segment(cell.text[0], style))
                continue
            colour = Style(color=top.colour, bgcolor=bottom.colour if bottom is not None else None)
            segments.append(Segment(HALVES, colour))
        return Strip(segments, len(segments))

    def _block_line(self, line: int) -> Strip:
        """One line of the large scale: the upper line of a map row holds each tile's two cells between blanks,
        the lower one its colour alone, so each tile is a block of its colours (and the cursor's, a tint's). Both
        lines come of one pass over the row: the other is kept for its own turn (the two are forgotten together)."""
        cells = self._row_cells(self.scale.row_at(line))
        width = len(cells) * self.scale.across
        upper = Strip([Segment(BLOCK_PAD + cell.text + BLOCK_PAD, cell.style) for cell in cells], width)
        lower = Strip([Segment(" " * self.scale.across, cell.style) for cell in cells], width)
        top = line - line % 2
        self._rows[top], self._rows[top + 1] = upper, lower
        return lower if line % 2 else upper

    def _render_row(self, row: int) -> Strip:
        """One map row at two cells a tile."""
        return Strip([Segment(cell.text, cell.style) for cell in self._row_cells(row)],
                     self.controller.view.map.width * TILE_WIDTH)

    def _row_cells(self, row: int) -> list[Cell]:
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
                _objective_tiles(state),
            )
        units, chests, objectives = self._board
        focus = c.focus_unit
        focus_side = focus.side if focus else None
        marks = self.lookout.marks() if self.lookout else NO_MARKS
        colours = palette()
        cells: list[Cell] = []
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
            base = style
            if pos in self.areas:
                style += AREA
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
            style, text = self._tile_mark(pos, unit is not None, style, text)
            cursor = pos == c.cursor
            if cursor:
                style += colours.cursor
            cells.append(Cell(pos, style, text, unit is not None, _colour(style, base, cursor)))
        return cells

    def _tile_mark(self, pos: Pos, occupied: bool, style: Style, text: str) -> tuple[Style, str]:
        """A screen's own mark on a tile (the deployment zone's); the battle has none beyond the lookout's."""
        return style, text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:  # a click on the border or a scrollbar
            return
        scroll_x, scroll_y = self.scroll_offset
        x = (offset.x + scroll_x) // self.scale.across
        y = self.scale.row_at(offset.y + scroll_y)
        view = self.controller.view
        if self.scale.rows_per_line == 2 and view.unit_at((x, y)) is None and view.unit_at((x, y + 1)) is not None:
            y += 1  # the overview's cell shows the lower tile's unit: the click means it
        if view.map.contains((x, y)):
            self.post_message(self.TileClicked((x, y)))


@dataclass(frozen=True)
class Cell:
    """One tile as drawn: its style, its two cells of text (glyph or letter, then mark or space), whether a unit
    stands on it, and the one colour the overview paints it with."""

    pos: Pos
    style: Style
    text: str
    unit: bool
    colour: str | None

    @property
    def single(self) -> str:
        """The tile in one cell: a unit's letter; else the mark, when there is one (the tint still says the
        terrain); else the terrain's glyph."""
        if self.unit or self.text[1] == " ":
            return self.text[0]
        return self.text[1]


CURSOR_COLOUR = "#ffffff"


def _colour(style: Style, base: Style, cursor: bool) -> str | None:
    """A tile's colour in the overview: white under the cursor; a tint's (move, strike, danger, fog ...) where one
    changed the background; else the terrain glyph's colour, which tells plains from forest from water."""
    if cursor:
        return CURSOR_COLOUR
    chosen = style.bgcolor if style.bgcolor != base.bgcolor else style.color
    return chosen.name if chosen is not None else None


NO_MARKS = Marks()


def _objective_tiles(state: Known) -> set[Pos]:
    """The tiles drawn bold and underlined: those a side wins by reaching or holding, and the exits (an exit no side
    wins by is where a broken side flees; the tile panel says which). A throne or target no side wins by is plain."""
    goals = goal_tile_kinds(state.victory)
    return (set(state.escape_tiles) | (set(state.seize_tiles) if "seize" in goals else set())
            | (set(state.raze_tiles) if "raze" in goals else set()) | held_tiles(state))


def _marked(pos: Pos, movable: bool, style: Style, text: str, marks: Marks, colours: Palette,
            occupied: bool = False) -> tuple[Style, str]:
    """A tile with the lookout's marks: the heatmap on free reachable tiles, else the path, else the enemies'
    likely targets, else the danger zone.

    The mark goes in the tile's second cell, so each reads without colour: a digit (how many enemies
    could attack there; on the path too, where the path's colour shows the way), PATH_MARK on the way to the
    cursor where no enemy reaches, ONE_MARK in a single enemy's zone,
    AIMED_MARK on a unit an enemy is likely to attack and FROM_MARK where it would strike from.
    """
    # The heatmap covers every tile the unit may end on: free ones, and its own (the pane counts there too).
    heat = marks.heat.get(pos) if movable or occupied else None
    danger = marks.danger.get(pos)
    if heat is not None and occupied:  # the moving unit's own tile: its side's colour kept, the count beside it
        return style, text[0] + (count_mark(heat.threats) if heat.threats else " ")
    if heat is not None:
        level = 0 if heat.kill == 0 else 2 if heat.kill >= 0.5 else 1
        style += colours.heat[level]
        # The threat count wins the cell; a threat-free tile on the way still shows the path's dot.
        mark = count_mark(heat.threats) if heat.threats else PATH_MARK if pos in marks.path else " "
        if pos in marks.path:
            style += colours.path
        return (_checkered(pos, style) if heat.threats else style), text[0] + mark
    if pos in marks.path:
        # A danger mark wins the cell, as with the heatmap: the count is what says a tile on the way is watched,
        # and the path's colour still runs through it (rulings L95). The dot marks only the tiles no enemy reaches.
        mark = danger if danger is not None else PATH_MARK
        return style + colours.path, text[0] + mark
    intent = marks.intent.get(pos)
    if intent is not None:  # a unit keeps its side's colour (the mark says it); a free strike tile is tinted
        tint = colours.move_danger if movable else colours.danger
        return (style if occupied else style + tint), text[0] + intent
    if danger is not None and occupied:  # one of the viewer's units in danger: the digit, its side's colour kept
        return style, text[0] + danger
    if danger == HOLD_MARK:  # only enemies at their posts reach it, if something moves them: dimmer, no tint
        return style + HELD, text[0] + danger
    if danger is not None:
        return _checkered(pos, style + (colours.move_danger if movable else colours.danger)), text[0] + danger
    return style, text


CHECKER_SHADE = 0.35  # how much darker every other danger tile is


def _checkered(pos: Pos, style: Style) -> Style:
    """A danger tile's tint, darker on every other tile like a chessboard (rulings L72): in a row such as ".1.1M2.2"
    each tile's two cells share one shade and its neighbours' differ, so a digit is read with its own tile."""
    if (pos[0] + pos[1]) % 2 == 0 or style.bgcolor is None:
        return style
    return _darker(style)


@lru_cache(maxsize=64)
def _darker(style: Style) -> Style:
    """The style with its background `CHECKER_SHADE` darker, worked out once per style: it is on the repaint path."""
    red, green, blue = style.bgcolor.get_truecolor()  # type: ignore[union-attr]
    dark = 1 - CHECKER_SHADE
    return style + Style(bgcolor=Color.from_rgb(int(red * dark), int(green * dark), int(blue * dark)))


def held_tiles(state: Known) -> set[Pos]:
    """The tiles a side must hold or control to win: marked on the map like the other objectives' tiles."""
    return {tile for side in Side for cond in state.victory.get(side, ()) if cond.kind in ("hold", "control")
            for tile in cond.tiles}
