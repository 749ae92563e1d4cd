"""The danger zone answers the same key in deployment and in battle: z there (d is Done), so z here as well as d."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.session.lookout import Danger
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen


async def test_z_marks_the_danger_zone_in_battle_as_in_deployment():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        seen = []
        for key in ("z", "z", "z", "d"):
            await pilot.press(key)
            await pilot.pause()
            seen.append(screen.lookout.danger)
        assert seen == [Danger.ALL, Danger.ONE, Danger.OFF, Danger.ALL]
