"""The recap of the computer's turn in the real app: v after its turn opens the map of each activation, with the
path and the blows the rules' own record gives, stepped through with the arrows; before any turn v says why not."""

from __future__ import annotations

import pytest
from pilot_helpers import HANG, play_activation, screen_text, wait_until

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.pieces.models import Side
from officers_chess.session.lookout import AIMED_MARK, FROM_MARK, PATH_MARK
from officers_chess.session.map_fit import LARGE
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.turn_recap import TurnRecapScreen
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.map_view import MapView


@pytest.fixture
def no_pauses(monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)


async def persons_turn(pilot, screen) -> None:
    await wait_until(pilot, lambda: screen.controller.mode is not Mode.COMPUTER)
    assert screen.controller.mode is not Mode.COMPUTER, "the computer's turn never ended"


def cell_marks(screen) -> dict[tuple[int, int], str]:
    """The cell after the glyph of every tile the recap's map draws, at the scale it draws: where its marks are."""
    view = screen.query_one(MapView)
    scale = view.scale
    pad = (scale.across - 2) // 2  # the large block's blank before the glyph
    found = {}
    for y in range(screen.board.view.map.height):
        text = view._render_line(scale.lines_of(y)[0]).text
        for x in range(screen.board.view.map.width):
            found[(x, y)] = text[scale.across * x + pad + 1]
    return found


async def test_v_after_the_computers_turn_shows_each_activation_on_the_map_as_the_recap_recorded_it(no_pauses):
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3,
                           computer={Side.DEFENDER: "normal"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await persons_turn(pilot, screen)
        c = screen.controller
        if not c.recap.steps:  # the person acts first: v says there is nothing yet, then one activation
            await pilot.press("v")
            assert not isinstance(app.screen, TurnRecapScreen)
            assert c.hint == "No turn of the computer's to look back on yet." and c.hint in " ".join(screen_text(app).split())
            await play_activation(pilot, screen)
            await persons_turn(pilot, screen)
        steps = list(c.recap.steps)
        assert steps and all(step.side is Side.DEFENDER for step in steps)
        await pilot.press("v")
        await pilot.pause()
        recap = app.screen
        assert isinstance(recap, TurnRecapScreen)
        assert recap.query_one(MapView).scale is LARGE  # 10×8 fits in blocks beside the account (rulings L118)
        text = " ".join(screen_text(app).split())
        last = steps[-1]
        assert f"step {len(steps)} of {len(steps)}" in text and last.caption() in text
        marks = cell_marks(recap)
        for blow in last.blows:
            assert marks[blow.origin] == FROM_MARK and marks[blow.target] == AIMED_MARK
        struck = {b.origin for b in last.blows} | {b.target for b in last.blows}
        for pos in last.path:
            if pos not in struck:
                assert marks[pos] == PATH_MARK, pos
        assert len(last.path) < 2 or f"{tile_name(last.path[0])} → {tile_name(last.path[-1])}" in text
        if len(steps) > 1:
            await pilot.press("left")
            assert recap.board.index == len(steps) - 2
            assert steps[-2].caption() in " ".join(screen_text(app).split())
        await pilot.press("escape")
        assert app.screen is screen


async def test_after_a_skipped_turn_the_side_pane_says_what_each_unit_did_and_v_opens_it(monkeypatch):
    import asyncio

    from officers_chess.tui.widgets.forecast_pane import ForecastPane

    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 30)  # watched, this turn would take minutes
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 30)
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3,
                           computer={Side.DEFENDER: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: screen.controller.mode is Mode.COMPUTER)
        assert screen.controller.mode is Mode.COMPUTER
        await pilot.press("s")
        await asyncio.wait_for(app.workers.wait_for_complete(), timeout=HANG)
        await pilot.pause()
        c = screen.controller
        assert c.mode is Mode.BROWSE and c.recap.steps
        pane = screen.query_one(ForecastPane)
        shown = str(pane.content)
        assert pane.border_title == "Result"
        for step in c.recap.steps:
            assert step.caption() in shown
        assert "v shows it on the map" in shown
        await pilot.press("v")
        assert isinstance(app.screen, TurnRecapScreen)
