"""Maps that fit: at 80×24 the battle screen shows every bundled map whole, in a frame with no blank row or column.

The sweep opens the real battle screen at 80×24 (where a side hires, the computer hires for it). By default it opens
one scenario for each bundled map (scenarios on the same map draw it the same); every bundled scenario:

    OFFICERS_CHESS_MAP_FIT=all pytest tests/test_map_fit.py
"""

from __future__ import annotations

import os

import pytest
import yaml
from sweep_arena import open_battle, sweeping_app
from test_menu_sweep import scenario_battle
from textual.app import App

from officers_chess.ai.muster_ai import take_step
from officers_chess.ai.play import make_policy
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.muster.phases import Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.muster_session import MusterSession
from officers_chess.session.map_fit import COMPACT, FRAME, LARGE, OVERVIEW, WIDE, best_scale, fits
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import LARGE_LOG_SPARE
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.widgets.deploy_map import ZONE_MARK
from officers_chess.tui.widgets.map_view import CURSOR_COLOUR, HALVES, MapView, unit_letter

ALL = os.environ.get("OFFICERS_CHESS_MAP_FIT") == "all"


def one_per_map() -> list:
    """Every bundled scenario, or (the default) the first for each map, one with fixed armies where there is one."""
    paths = bundled_scenarios()
    if ALL:
        return paths
    by_map: dict[str, object] = {}
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        fixed = bool(data.get("armies"))
        kept = by_map.get(data["map"])
        if kept is None or (fixed and not kept[1]):
            by_map[data["map"]] = (path, fixed)
    return [path for path, _ in by_map.values()]


def test_the_largest_scale_that_shows_the_whole_map_is_chosen():
    room = (38, 18)  # the battle screen's room for the map at 80×24
    assert best_scale(18, 12, room) is WIDE  # 36 cells and a frame: 38
    assert best_scale(19, 12, room) is COMPACT  # 38 cells would leave no room for the frame
    assert best_scale(20, 16, room) is COMPACT  # 16 rows and a frame: 18
    assert best_scale(24, 18, room) is OVERVIEW  # 18 rows need 20 lines with the frame; 9 do
    assert best_scale(32, 24, room) is OVERVIEW
    assert fits(OVERVIEW, 32, 24, (34, 14)) and not fits(OVERVIEW, 32, 24, (34, 13))
    assert OVERVIEW.size(32, 23) == (32, 12)  # an odd last row takes a line of its own


def test_the_large_block_is_for_room_to_spare():
    assert LARGE.size(16, 12) == (64, 24)  # four cells by two lines a tile
    assert best_scale(16, 12, (66, 26)) is LARGE
    assert best_scale(16, 12, (65, 26)) is WIDE and best_scale(16, 12, (66, 25)) is WIDE
    assert best_scale(16, 12, (66, 26), spare=8) is WIDE  # the lines it must leave free come off the room first
    assert best_scale(16, 12, (66, 34), spare=8) is LARGE
    assert best_scale(18, 12, (38, 18), spare=8) is WIDE  # the spare is asked of the large block only
    # Which lines a map row takes, and which row a line draws, at every scale.
    assert list(LARGE.lines_of(5)) == [10, 11] and LARGE.row_at(10) == LARGE.row_at(11) == 5
    assert list(WIDE.lines_of(5)) == [5] and WIDE.row_at(5) == 5
    assert list(OVERVIEW.lines_of(5)) == [2] and OVERVIEW.row_at(2) == 4


async def test_a_big_terminal_draws_the_battle_map_in_large_blocks_and_a_click_finds_the_tile():
    loaded = load_scenario(find_scenario("ford_skirmish"))  # 16×12
    app = OfficersChessApp(seed=1, autosave=False)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        _, state = scenario_battle(next(p for p in bundled_scenarios() if p.stem == "ford_skirmish"))
        screen = await open_battle(app, pilot, loaded, state)
        await pilot.pause()
        view = screen.query_one(MapView)
        assert view.scale is LARGE
        assert view.outer_size == (16 * 4 + FRAME, 12 * 2 + FRAME)  # the frame exactly around it
        assert view.scroll_offset == (0, 0)
        assert screen.query_one("#map-row").region.contains_region(view.region)
        log = screen.query_one("#log")
        assert log.size.height >= LARGE_LOG_SPARE  # the log keeps its lines beside the big map
        units = {u.pos: u for u in screen.controller.view.living()}
        for row in range(12):
            upper, lower = view._render_line(2 * row), view._render_line(2 * row + 1)
            assert upper.cell_length == lower.cell_length == 64
            for x in range(16):
                block = upper.text[4 * x:4 * x + 4]
                if (x, row) in units:
                    assert block[1] == unit_letter(units[(x, row)]), (x, row)
                assert block[0] == block[3] == " " and lower.text[4 * x:4 * x + 4] == "    "
                # The block's two lines wear one style: the tile's colours (and a tint) fill it whole.
                assert list(lower)[x].style == list(upper)[x].style, (x, row)
        target = next(p for p in ((x, y) for y in range(11, 3, -1) for x in range(15, 3, -1)) if p not in units)
        # A tile far from the corner, clicked on its block's lower line, right-hand cell.
        await pilot.click(MapView, offset=(1 + 4 * target[0] + 3, 1 + 2 * target[1] + 1))
        await pilot.pause()
        assert screen.controller.cursor == target
        # A cursor move repaints both lines of each row it touches (the drawn lines are kept until then).
        for line in range(24):
            view.render_line(line)
        await pilot.press("up")
        await pilot.pause()
        x, row = screen.controller.cursor
        assert (x, row) == (target[0], target[1] - 1)
        for line in (2 * row, 2 * row + 1):
            assert list(view.render_line(line))[x].style.reverse, line
        for line in (2 * target[1], 2 * target[1] + 1):  # and the row it left no longer shows it
            assert not list(view.render_line(line))[target[0]].style.reverse, line


async def test_every_bundled_map_is_visible_whole_at_80x24_in_a_frame_that_wastes_nothing():
    async with sweeping_app() as (app, pilot):
        for path in one_per_map():
            loaded, state = scenario_battle(path)
            screen = await open_battle(app, pilot, loaded, state)
            await pilot.pause()
            view = screen.query_one(MapView)
            width, height = loaded.battle_map.width, loaded.battle_map.height
            cells, lines = view.scale.size(width, height)
            shown = view.scrollable_content_region
            where = f"{path.stem} ({width}×{height}, {view.scale.name})"
            # Every column and row of the map is in the view, nothing scrolled away ...
            assert shown.width // view.scale.across >= width, where
            assert shown.height * view.scale.rows_per_line >= height, where
            assert view.scroll_offset == (0, 0), where
            # ... in a frame exactly around it (no scrollbar, no spare row or column) ...
            assert view.outer_size == (cells + FRAME, lines + FRAME), where
            # ... and the frame on the screen, in the map's own row, not cut by the log below it.
            assert screen.query_one("#map-row").region.contains_region(view.region), where
            assert app.screen.region.contains_region(view.region), where
            assert view.scale is best_scale(width, height, (80 - 42, 24 - 6)), where


@pytest.mark.parametrize("scale", [COMPACT, OVERVIEW])
async def test_the_cursor_follows_into_every_corner_without_scrolling_the_fitted_map(scale):
    path = next(p for p in bundled_scenarios() if p.stem == ("harrow_watch" if scale is COMPACT else "long_march"))
    async with sweeping_app() as (app, pilot):
        loaded, state = scenario_battle(path)
        screen = await open_battle(app, pilot, loaded, state)
        view = screen.query_one(MapView)
        assert view.scale is scale
        far = (loaded.battle_map.width - 1, loaded.battle_map.height - 1)
        screen.controller.cursor = far
        screen.refresh_view()
        await pilot.pause()
        assert view.scroll_offset == (0, 0)


class DeployOnly(App):
    """The deployment step alone, over nothing."""

    def __init__(self, session: MusterSession, side: Side) -> None:
        super().__init__()
        self.session, self.side = session, side

    def on_mount(self) -> None:
        self.push_screen(DeploymentScreen(self.session, self.side))


def deploying(loaded) -> DeployOnly:
    """The deployment step of `loaded` alone, the computer (greedy) having hired for both sides."""
    session = MusterSession(loaded)
    policies = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    while (step := session.current())[0] is not Phase.DEPLOYING:
        session.muster = take_step(session.muster, loaded.scenario, loaded.catalogue, loaded.battle_map, policies[step[1]])
    return DeployOnly(session, step[1])


async def test_the_deployment_map_is_whole_at_80x24_too():
    app = deploying(load_scenario(find_scenario("ratings_harrow_tithe")))  # 20×14: two cells a tile would be 42 wide
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(MapView)
        assert view.scale is COMPACT
        assert view.outer_size == (20 + FRAME, 14 + FRAME)
        assert app.screen.region.contains_region(view.region)
        zone = view.controller.zone
        free = next(p for p in sorted(zone) if view.controller.board.unit_at(p) is None)
        # One cell a tile: the zone's mark stands where the glyph would.
        assert view._render_line(free[1]).text[free[0]] == ZONE_MARK


async def test_the_deployment_map_takes_large_blocks_where_there_is_room_framed_without_a_scrollbar():
    app = deploying(load_scenario(find_scenario("practice_muster")))  # 10×8
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(MapView)
        assert view.scale is LARGE
        # The frame exactly around the map: a scrollbar a passing narrower layout raised would add a line.
        assert view.outer_size == (10 * 4 + FRAME, 8 * 2 + FRAME)
        assert not view.show_horizontal_scrollbar and not view.show_vertical_scrollbar


async def test_the_overview_draws_two_rows_a_line_each_unit_by_its_letter_and_a_click_finds_it():
    path = next(p for p in bundled_scenarios() if p.stem == "long_march")
    async with sweeping_app() as (app, pilot):
        loaded, state = scenario_battle(path)
        screen = await open_battle(app, pilot, loaded, state)
        view = screen.query_one(MapView)
        assert view.scale is OVERVIEW
        units = {u.pos: u for u in screen.controller.view.living()}
        cursor = next((x, 1) for x in range(32) if (x, 0) not in units and (x, 1) not in units)
        screen.controller.cursor = cursor  # an empty tile, the lower one of its cell
        screen.refresh_view()
        await pilot.pause()
        assert view._render_line(0).text[cursor[0]] == HALVES
        assert list(view._render_line(0))[cursor[0]].style.bgcolor.name == CURSOR_COLOUR
        for line in range(12):
            strip = list(view._render_line(line))
            assert len(strip) == 32
            for x, segment in enumerate(strip):
                here = [units[p] for p in ((x, 2 * line), (x, 2 * line + 1)) if p in units]
                if len(here) == 2 and cursor not in (u.pos for u in here):
                    assert segment.text == HALVES, (x, line)  # two units: a half each (the next test)
                elif here:
                    assert segment.text in {unit_letter(u) for u in here}, (x, line)
                else:
                    assert segment.text == HALVES, (x, line)
                    top, bottom = segment.style.color.name, segment.style.bgcolor.name
                    if cursor in ((x, 2 * line), (x, 2 * line + 1)):  # the cursor's half is white
                        assert CURSOR_COLOUR in (top, bottom)
        lower = next(u for pos, u in sorted(units.items()) if pos[1] % 2 and (pos[0], pos[1] - 1) not in units
                     and pos != cursor)
        await pilot.click(MapView, offset=(1 + lower.pos[0], 1 + lower.pos[1] // 2))
        await pilot.pause()
        assert screen.controller.cursor == lower.pos  # the cell showed its letter: the click means that unit


async def test_two_units_in_one_overview_cell_each_show_and_the_cursor_reads_either():
    """A play-test lost a unit under the one below it: in the overview each cell holds two map rows, and a letter
    would hide one of two units. Both show as halves in their own sides' colours, until the cursor comes to one."""
    path = next(p for p in bundled_scenarios() if p.stem == "long_march")
    async with sweeping_app() as (app, pilot):
        loaded, state = scenario_battle(path)
        attacker, defender = state.living(Side.ATTACKER)[0], state.living(Side.DEFENDER)[0]
        free = next(x for x in range(state.map.width) if all(
            (x, y) not in {u.pos for u in state.living()} and state.map.terrain_at((x, y)).id == "plains"
            for y in (4, 5)))
        state.unit(attacker.id).pos, state.unit(defender.id).pos = (free, 4), (free, 5)  # one cell: line 2
        screen = await open_battle(app, pilot, loaded, state)
        view = screen.query_one(MapView)
        assert view.scale is OVERVIEW
        screen.controller.cursor = (free + 1, 0) if (free + 1, 0) != (free, 4) else (free + 2, 0)
        screen.refresh_view()
        await pilot.pause()
        cell = list(view._render_line(2))[free]
        shown = {u.id: u for u in screen.controller.view.living()}
        upper, lower = view._row_cells(4)[free], view._row_cells(5)[free]
        assert cell.text == HALVES
        assert (cell.style.color, cell.style.bgcolor) == (upper.style.bgcolor, lower.style.bgcolor)
        assert cell.style.color != cell.style.bgcolor  # the two sides' colours: each unit shows
        for pos, unit_id in (((free, 4), attacker.id), ((free, 5), defender.id)):
            screen.controller.cursor = pos
            screen.refresh_view()
            await pilot.pause()
            assert view._render_line(2).text[free] == unit_letter(shown[unit_id])


@pytest.mark.parametrize("path", [p for p in bundled_scenarios() if any(
    load_scenario(p).scenario.hires(side) for side in Side)], ids=lambda p: p.stem)
async def test_the_deployment_sheet_reads_every_tile_of_every_bundled_deployment(path):
    """The side sheet of the deployment step, with the cursor on every tile of the map (an objective's note read a
    field the deployment board does not have, and the screen fell over on a tile to control)."""
    app = deploying(load_scenario(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.controller.board
        for y in range(board.map.height):
            for x in range(board.map.width):
                screen.controller.cursor = (x, y)
                screen._sheet()
