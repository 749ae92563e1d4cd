"""The help screen's text keeps clear of its scrollbar at 80×24 and larger (rulings L84)."""

from __future__ import annotations

import asyncio

from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Static

from officers_chess.tui.dialogs.help import HelpScreen


class _HelpOnly(App):
    def on_mount(self) -> None:
        self.push_screen(HelpScreen())


def test_the_help_text_leaves_room_before_the_scrollbar():
    async def gaps() -> list[int]:
        found = []
        for size in ((80, 24), (120, 40)):
            app = _HelpOnly()
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                scroll = app.screen.query_one(VerticalScroll)
                text = scroll.query_one(Static)
                assert scroll.show_vertical_scrollbar  # the help is taller than the box: the bar is there
                # The bar takes the columns right of the scrollable region; the text must stop two short of it.
                found.append(scroll.scrollable_content_region.right - text.region.right)
        return found

    assert all(gap >= 2 for gap in asyncio.run(gaps()))
