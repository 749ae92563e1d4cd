"""A stay taken back leaves nothing in the battle log; a move taken back still says so (the real app, by keys)."""

from __future__ import annotations

from pilot_helpers import walk_cursor, widget_rows
from textual.widgets import RichLog

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp


async def test_a_stay_taken_back_leaves_no_line_and_a_move_taken_back_says_so():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen, c = app.screen, app.screen.controller
        unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
        before = list(screen.logs.lines(None))
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter", "enter")  # select, then stay where it stands
        await pilot.pause()
        assert c.mode is Mode.ACTING
        assert screen.logs.lines(None)[-1].endswith(f"stays at {unit.pos[0] + 1},{unit.pos[1] + 1}.")
        await pilot.press("escape")
        await pilot.pause()
        assert c.mode is Mode.MOVING
        assert screen.logs.lines(None) == before
        shown = " ".join(widget_rows(app, screen.query_one(RichLog)))
        assert "stays at" not in shown and "taken back" not in shown
        # A real move taken back: the mover read where it went, and reads that it went back.
        spot = next(p for p in sorted(c.state.reach(c.state.unit(unit.id)).costs) if p != unit.pos)
        await walk_cursor(pilot, screen, spot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert screen.logs.lines(None)[-1] == f"{unit.name}'s move is taken back."
        assert screen.logs.lines(None)[-2].startswith(f"{unit.name} moves ")
