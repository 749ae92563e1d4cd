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


async def test_every_battle_mode_footer_fits_80_columns_with_the_threat_inspector_open_or_shut():
    """No key label is cut at 80 columns in any mode (rulings L69): with the inspector open, "esc Close" takes
    t's room (t still closes it), so "F1 Rules" is whole."""
    from officers_chess.tui.footer_room import footer_width
    from pilot_helpers import screen_text

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_filled(pilot)
        screen, seen = app.screen, []

        async def check(*keys: str) -> None:
            for key in keys:
                await pilot.press(key)
            await footer_filled(pilot)
            line = screen_text(app).splitlines()[-1].rstrip()
            seen.append((screen.controller.mode, screen.lookout.inspecting))
            assert footer_width(screen) <= 80 and line.endswith("F1  Rules"), (seen[-1], line)

        await check()
        await check("t")
        assert screen.lookout.inspecting and "esc  Close" in screen_text(app).splitlines()[-1]
        await check("t")  # t closes it too, unnamed
        assert not screen.lookout.inspecting
        screen.controller.jump_to_next_unit(from_start=True)
        await check("enter")
        await check("t")
        await check("escape")
        await check("enter")
        await check("a")
        assert {mode for mode, _ in seen} >= {Mode.BROWSE, Mode.MOVING, Mode.ACTING}
