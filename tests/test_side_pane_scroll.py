"""At 80×24 the side pane never cuts its text silently: a forecast taller than the pane scrolls with [ and ],
and its border says there is more (the real app, driven by keys)."""

from __future__ import annotations

from pathlib import Path

from pilot_helpers import walk_cursor, widget_rows

from officers_chess.content.loaders import load_scenario
from officers_chess.forecast_words import modifier_text
from officers_chess.rules.combat.exchange import Role
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.widgets.forecast_pane import ForecastPane

AXES = Path(__file__).parent / "fixtures" / "ratings_axe_contact.yaml"


def _flat(rows: list[str]) -> str:
    """The words inside a box's rows, without its side borders and its scrollbar's column."""
    return " ".join(" ".join(row[1:-2] for row in rows).split())


async def test_a_forecast_taller_than_the_pane_says_so_and_scrolls_to_its_last_line():
    app = OfficersChessApp(scenario=load_scenario(AXES), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, c = app.screen, app.screen.controller
        await walk_cursor(pilot, screen, (7, 5))
        await pilot.press("enter")
        await walk_cursor(pilot, screen, (8, 5))
        await pilot.press("enter", "a")
        await pilot.pause()
        assert c.mode is Mode.TARGETING
        pane = screen.query_one(ForecastPane)
        pages = [widget_rows(app, pane)]
        assert "↓ more" in pages[0][-1], pages[0][-1]  # the sign is on the border, where the text is cut
        for _ in range(10):
            if "↓" not in pages[-1][-1]:
                break
            await pilot.press("right_square_bracket")
            await pilot.pause()
            pages.append(widget_rows(app, pane))
        assert "↓" not in pages[-1][-1] and "↑ more" in pages[-1][-1]
        seen = " ".join(_flat(page[1:-1]) for page in pages)
        names = {Role.ATTACKER: c.selected_unit.name, Role.DEFENDER: c.hovered_unit.name}
        modifiers = c.forecast().plan.modifiers
        assert len(modifiers) > 8  # both Battle Axes' tags: more than 80×24 shows at once
        for mod in modifiers:
            assert f"{names[mod.role]}: {modifier_text(mod)}" in seen, (modifier_text(mod), seen)
        assert "…" not in seen  # no cell of the table ends in an ellipsis
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert "↓ more" in widget_rows(app, pane)[-1]
