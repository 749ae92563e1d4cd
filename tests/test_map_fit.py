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
from officers_chess.session.map_fit import COMPACT, FRAME, OVERVIEW, WIDE, best_scale, fits
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


async def test_the_deployment_map_is_whole_at_80x24_too():
    loaded = load_scenario(find_scenario("ratings_harrow_tithe"))  # 20×14: two cells a tile would be 42 wide
    session = MusterSession(loaded)
    policies = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    while (step := session.current())[0] is not Phase.DEPLOYING:  # the computer hires for both sides
        session.muster = take_step(session.muster, loaded.scenario, loaded.catalogue, loaded.battle_map, policies[step[1]])
    app = DeployOnly(session, step[1])
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
                if here:
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
