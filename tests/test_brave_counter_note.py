"""d100: a Brave weapon swings once on a counter (rulings E42), and the forecast pane and its explain list say why
(the real app, driven by keys)."""

from __future__ import annotations

from pathlib import Path

from pilot_helpers import walk_cursor, widget_rows

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.combat.exchange import Role
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.widgets.forecast_pane import ForecastPane

FIXTURE = Path(__file__).parent / "fixtures" / "d100_brave_counter.yaml"


async def test_a_brave_counter_swings_once_and_the_forecast_says_why():
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen, c = app.screen, app.screen.controller
        hale = next(u for u in c.state.units if u.name == "Hale")
        await walk_cursor(pilot, screen, hale.pos)
        await pilot.press("enter", "enter", "a")  # stays beside Bram, then attacks him
        await pilot.pause()
        assert c.mode is Mode.TARGETING and c.hovered_unit.name == "Bram"
        assert c.forecast().plan.swings(Role.DEFENDER) == 1
        shown = " ".join(" ".join(widget_rows(app, screen.query_one(ForecastPane))).split())
        assert "Bram: once on a counter" in shown, shown
        await pilot.press("e")
        await pilot.pause()
        labels = [label for label, _ in app.screen.choices]
        assert any(label.startswith("Bram: once on a counter") for label in labels), labels
