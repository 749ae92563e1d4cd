"""Keys typed faster than the screen answers (a quick typist, key repeat, a paste into the terminal) act in the order typed."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.trade import TradeDialog
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.hiring import HiringScreen

from pilot_helpers import burst, computer_mustered, open_trade, painted, wait_until

async def test_down_down_enter_on_the_title_screen_starts_the_scenario_the_highlight_reached():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        wanted = app.screen.scenarios[3][1].scenario.name
        await pilot.press("down", "enter")  # open Battles: the first is highlighted
        await pilot.pause()
        burst(app, "down", "down", "down", "enter")
        def battle():  # under fog with two people the battle opens under a hand-over: it is the screen beneath
            return next((s for s in reversed(app.screen_stack) if isinstance(s, BattleScreen) and s.is_mounted), None)

        # Pushed is not yet built: leaving the test while the battle mounts would tear it down mid-mount.
        await wait_until(pilot, lambda: battle() is not None or app.muster is not None)
        assert battle() is not None or app.muster is not None
        name = battle().loaded.scenario.name if battle() is not None else app.muster.loaded.scenario.name
        assert name == wanted


async def test_a_burst_of_arrows_then_enter_hires_the_class_the_highlight_reached():
    loaded = load_scenario(find_scenario("storm_the_saltmarsh"))
    app = OfficersChessApp(scenario=loaded, seed=4, computer={Side.DEFENDER: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_mustered(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        shop = screen.query_one("#shop")
        wanted = shop.get_option_at_index(8).id.partition(":")[2]
        burst(app, *["down"] * 8, "enter")
        await wait_until(pilot, lambda: bool(screen.draft.units))
        assert [r.unit_class for r in screen.draft.units] == [wanted]
        assert "⏎ Hire" in await painted(pilot, "⏎ Hire")  # the footer still names Enter


async def test_ticks_typed_just_before_enter_are_in_the_trade():
    loaded = load_scenario(find_scenario("greyhollow_vault"))
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        rhea, bronn = await open_trade(pilot, screen, "Rhea", "Bronn")
        assert isinstance(app.screen, TradeDialog)
        burst(app, "space", "enter")  # Rhea gives her first item, and the trade is made at once
        await wait_until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert isinstance(app.screen, BattleScreen)
        assert [i.name for i in c.state.unit(bronn.id).inventory][-1] == "Steel Sword"
