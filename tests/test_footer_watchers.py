"""The footer's old keys are let go: a battle of many steps does not keep every key the footer ever showed."""

from __future__ import annotations

from textual.widgets import Footer

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode

from pilot_helpers import footer_filled


async def test_the_footer_keeps_no_watcher_of_a_key_it_no_longer_shows():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_filled(pilot)
        controller = app.screen.controller
        controller.jump_to_next_unit(from_start=True)
        for _ in range(12):  # select a unit and put it down again: the footer builds its keys anew each time
            await pilot.press("enter")
            await footer_filled(pilot)
            assert controller.mode is Mode.MOVING
            await pilot.press("escape")
            await footer_filled(pilot)
            assert controller.mode is Mode.BROWSE
        footer = app.screen.query_one(Footer)
        watchers = getattr(footer, "__watchers")["compact"]  # each key is bound to the footer's `compact`
        assert [node for node, _ in watchers if node._closed or node._closing] == []
        assert len(watchers) <= len(footer.children)
