"""Hiring at 80×24: the details pane describes the class the shop highlights, and that row stays in sight when a
taller description shortens the list (rulings L40)."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.hiring import HiringScreen

from muster_keys import hand_over, press


def row_in_sight(shop: OptionList) -> bool:
    """Whether the highlighted row (one line each: the shop does not wrap) is inside the list's visible rows."""
    top, room = shop.scroll_offset.y, shop.scrollable_content_region.height
    return top <= shop.highlighted < top + room


async def test_the_details_follow_the_highlight_and_the_row_stays_in_sight():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        shop = screen.query_one("#shop", OptionList)
        # Past the rows that fit beside the shortest details: at 80×24, around row 10, taller descriptions start
        # shortening the list.
        await pilot.press(*["down"] * 7)
        for _ in range(6):
            await press(pilot, "down")
            name = (shop.highlighted_option.id or "").partition(":")[2]
            described = screen.query_one("#details", Static).content.renderables[0].plain
            assert described.startswith(f"{name} ("), (name, described)
            assert row_in_sight(shop), f"{name} is highlighted but scrolled out of sight"
