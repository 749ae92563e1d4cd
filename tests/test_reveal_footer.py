"""After a move that showed something new (it stands, rulings F35) the footer no longer offers Esc: there is
nothing left for it to take back, where a move that showed nothing can still be taken back with it."""

from __future__ import annotations

import dataclasses

from pilot_helpers import screen_text

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp


async def _footer_after_bram_moves(to: tuple[int, int]) -> tuple[bool, str]:
    loaded = load_scenario(find_scenario("training_yard"))
    loaded = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"fog": True}))
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over: the defenders act first
        await pilot.pause()
        c = app.screen.controller
        c.cursor = c.state.unit(next(u.id for u in c.state.units if u.name == "Bram")).pos
        await pilot.press("enter")
        c.cursor = to
        await pilot.press("enter")
        await pilot.pause()
        assert c.mode is Mode.ACTING
        return c.undoable, screen_text(app)[-100:]  # the footer: the screen's last line


async def test_esc_leaves_the_footer_once_the_move_stands():
    undoable, footer = await _footer_after_bram_moves((6, 2))  # a step that brings nobody into sight
    assert undoable and "esc  Back" in footer
    undoable, footer = await _footer_after_bram_moves((3, 3))  # within sight of the attackers' Hale
    assert not undoable and "esc" not in footer and "Wait" in footer
