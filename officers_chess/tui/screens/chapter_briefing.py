"""A campaign chapter's briefing, shown at its muster before anything is hired: the story, what wins, and the map."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session.chapter_brief import ENEMY_ZONE, OBJECTIVE, ZONE, army_words, map_marks, zone_words
from officers_chess.session.objectives import reflow, time_limit_line, victory_line
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette

# A tile's second cell on the two-cell map: the marks read without colour, as the tints show them with colour.
MARK = {ZONE: "·", ENEMY_ZONE: "×", OBJECTIVE: "◆"}  # (not "*": that is the fort's glyph, and read as a goal)
MAP_SHARE = 2  # the map's box takes at most 1/MAP_SHARE of the screen's width (its CSS's max-width: 50%)
MAP_SCROLLBAR = 1  # the map box's scroll bar (its CSS), there only when the map is taller than the box
CHROME_ROWS = 4  # the rows around the map's: the title line, the footer and the box's two borders


def map_room(screen_width: int, screen_height: int, map_rows: int) -> int:
    """The cells a map row has in its box on a screen this size: the box's share of the width, less its two border
    cells, and less its scroll bar when the map is taller than the box (a review found the east edge cut so)."""
    room = screen_width // MAP_SHARE - 2
    return room - MAP_SCROLLBAR if map_rows > screen_height - CHROME_ROWS else room


def map_picture(loaded: LoadedScenario, side: Side, room: int) -> Text:
    """The chapter's map: each tile's glyph, with the zones and objectives marked; two cells a tile when that fits
    in `room` cells, else one (a play-test at 80 columns met a 20-tile map cropped, its exits on the cut edge)."""
    battle_map, colours = loaded.battle_map, palette()
    marks = map_marks(loaded.scenario, side)
    tint = {ZONE: colours.side[side], ENEMY_ZONE: colours.side[side.other], OBJECTIVE: colours.objective}
    wide = 2 * battle_map.width <= room
    picture = Text(no_wrap=True, overflow="crop")
    for y in range(battle_map.height):
        for x in range(battle_map.width):
            terrain = battle_map.terrain_at((x, y))
            mark = marks.get((x, y))
            style = colours.tile(terrain.id) + tint[mark] if mark else colours.tile(terrain.id)
            if wide:
                picture.append(terrain.glyph + (MARK[mark] if mark else " "), style)
            else:  # one cell a tile: an objective shows its mark in place of the ground, a zone only its tint
                picture.append(MARK[OBJECTIVE] if mark == OBJECTIVE else terrain.glyph, style)
        if y < battle_map.height - 1:
            picture.append("\n")
    return picture


def briefing_text(loaded: LoadedScenario, side: Side, chapter: int) -> Group:
    scenario = loaded.scenario
    first = scenario.first_to_act or scenario.first_deployer
    lines = [Text.assemble((f"Chapter {chapter}: {scenario.name}", "bold"), f" · you are the {side.value}")]
    if scenario.purpose:
        lines.append(Text(scenario.purpose, "italic"))
    lines.append(Text(f"You win: {victory_line(scenario, side)}", "#a0d0a0"))
    lines.append(Text(f"The {side.other.value} wins: {victory_line(scenario, side.other)}", "grey70"))
    if (limit := time_limit_line(scenario)) is not None:
        lines.append(Text(limit, "#e0c080"))
    lines += [Text(line) for line in army_words(scenario, side)]
    lines.append(Text(f"You deploy in {zone_words(scenario, side)}; the {side.other.value} in "
                      f"{zone_words(scenario, side.other)}.", "grey70"))
    lines.append(Text(f"The {scenario.first_deployer.value} deploys first; the {first.value} acts first."
                      + (" Fog of war: you see only what your units see." if scenario.fog else ""), "grey70"))
    if scenario.briefing:
        lines += [Text(""), Text(reflow(scenario.briefing))]
    return Group(*lines)


def legend(loaded: LoadedScenario, room: int) -> Text:
    """The marks in words: the zones' marks when the map is drawn two cells a tile, else their tints."""
    if 2 * loaded.battle_map.width <= room:
        return Text(f"{MARK[ZONE]} you {MARK[ENEMY_ZONE]} foe {MARK[OBJECTIVE]} goal")
    return Text(f"tint: zones {MARK[OBJECTIVE]} goal")


class ChapterBriefing(ModalScreen[None]):
    """Over the muster when it opens (and on b): the chapter's briefing beside its map. Enter or Esc: to the muster."""

    DEFAULT_CSS = """
    ChapterBriefing { background: $background; }
    ChapterBriefing #title { height: 1; background: $boost; }
    ChapterBriefing #panes { height: 1fr; }
    ChapterBriefing #map-box { width: auto; max-width: 50%; height: 100%; border: round $primary;
                               scrollbar-size-vertical: 1; }
    ChapterBriefing #map { width: auto; }
    ChapterBriefing #words { width: 1fr; height: 100%; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter,escape,b", "close", "To the muster"),
        Binding("pageup", "page(-1)", "Scroll", key_display="PgUp/PgDn"),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("up", "line(-1)", "Up", show=False),
        Binding("down", "line(1)", "Down", show=False),
        Binding("q", "app.request_quit", "Quit", show=False),
    ]

    def __init__(self, loaded: LoadedScenario, side: Side, chapter: int, company: str) -> None:
        super().__init__()
        self.loaded, self.side, self.chapter, self.company = loaded, side, chapter, company

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((" BRIEFING ", "bold reverse"), " ", (f" {self.side.title.upper()} ",
                                   palette().side_banner(self.side)), f" {self.company} · read before you hire"),
                     id="title")
        with Horizontal(id="panes"):
            with VerticalScroll(id="map-box") as box:
                box.border_title = self.loaded.battle_map.name
                room = map_room(self.app.size.width, self.app.size.height, self.loaded.battle_map.height)
                box.border_subtitle = legend(self.loaded, room)  # under the map, costing it no row
                yield Static(map_picture(self.loaded, self.side, room), id="map")
            with VerticalScroll(id="words") as words:
                words.border_title = "What this chapter asks · PgUp/PgDn"
                yield Static(briefing_text(self.loaded, self.side, self.chapter))
        yield compact_footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self, direction: int) -> None:
        words = self.query_one("#words", VerticalScroll)
        words.scroll_to(y=words.scroll_y + direction * max(1, words.size.height - 1), animate=False)

    def on_mount(self) -> None:
        after_refresh(self, self._say_scroll)  # (the room is known once laid out)

    def on_resize(self) -> None:
        """Two cells a tile or one, as the new width has room for."""
        room = map_room(self.size.width, self.size.height, self.loaded.battle_map.height)
        self.query_one("#map-box", VerticalScroll).border_subtitle = legend(self.loaded, room)
        self.query_one("#map", Static).update(map_picture(self.loaded, self.side, room))

    def _say_scroll(self) -> None:
        box = self.query_one("#map-box", VerticalScroll)
        if box.max_scroll_y > 0:  # a map taller than the terminal's room: the arrows scroll it, and say so
            box.border_title = f"{self.loaded.battle_map.name} · ↑↓"

    def action_line(self, direction: int) -> None:
        """Up and Down: the map when it does not fit, else the words."""
        box = self.query_one("#map-box", VerticalScroll)
        pane = box if box.max_scroll_y > 0 else self.query_one("#words", VerticalScroll)
        pane.scroll_to(y=pane.scroll_y + direction, animate=False)
