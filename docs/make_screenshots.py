"""Regenerate the README's screenshots: `python docs/make_screenshots.py` (writes docs/*.svg)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from pilot_helpers import play_activation, walk_cursor  # noqa: E402

from officers_chess.content.editing.roundtrip import MapFile  # noqa: E402
from officers_chess.content.editing.scenario_file import ScenarioFile  # noqa: E402
from officers_chess.content.loaders import find_scenario, load_scenario  # noqa: E402
from officers_chess.tui.app import OfficersChessApp  # noqa: E402


async def main() -> None:
    # A data folder of its own: the pictures never show this machine's saves (a Continue line, a settings file).
    os.environ["OFFICERS_CHESS_DATA"] = tempfile.mkdtemp(prefix="officers-chess-shots-")
    app = OfficersChessApp(seed=11, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.save_screenshot("title.svg", path=str(HERE))
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=11, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the hand-over: the Defender's Hiring
        for key in ["down"] * 11 + ["enter", "i", "enter", "c", "up", "up", "enter", "i"]:
            await pilot.press(key)  # a Mercenary with an Iron Sword, then a Soldier choosing a lance
        await pilot.pause()
        app.save_screenshot("hiring.svg", path=str(HERE))
    loaded = load_scenario(find_scenario("ford_skirmish"))
    app = OfficersChessApp(scenario=loaded, seed=11, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        # The side to act's most mobile unit heads for the middle of the map, towards the enemy.
        mover = max(c.state.waiting(c.state.to_act), key=lambda u: (u.movement, u.name))
        middle = (c.state.map.width // 2, c.state.map.height // 2)
        goal = min(c.state.reach(mover).costs, key=lambda p: (abs(p[0] - middle[0]) + abs(p[1] - middle[1]), p))
        await walk_cursor(pilot, screen, mover.pos)
        await pilot.press("enter")
        await walk_cursor(pilot, screen, goal)
        await pilot.pause()
        app.save_screenshot("battle-move.svg", path=str(HERE))
        await pilot.press("escape")
        # Play on until some unit can strike, then stop at its forecast.
        while True:
            unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
            spots = [p for p in c.state.reach(unit).costs if c.state.targets_from(unit, p)]
            if spots:
                break
            await play_activation(pilot, screen)
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter")
        await walk_cursor(pilot, screen, spots[0])
        await pilot.press("enter", "a")
        await pilot.pause()
        app.save_screenshot("battle-forecast.svg", path=str(HERE))
    await editor_shot()
    await scenario_editor_shot()
    await orders_shot()


async def editor_shot() -> None:
    """The map editor on a copy of Ashby: one tile of the palisade painted as bridge, the foot costs shown."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "ashby.yaml"
        copy.write_text((HERE.parent / "maps" / "ashby.yaml").read_text(encoding="utf-8"), encoding="utf-8")
        app = OfficersChessApp(editor=MapFile.open(copy), autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("7", *["right"] * 9, "down", "down", "space")  # a stretch of palisade made a walkway
            await pilot.press("m", "3")  # the foot costs, and Building in the brush
            await pilot.pause()
            app.save_screenshot("map-editor.svg", path=str(HERE))


async def scenario_editor_shot() -> None:
    """The scenario editor on a copy of Fire at Ashby: a raider picked up to be moved, the army and checks beside."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "ashby_raid.yaml"
        copy.write_text((HERE.parent / "scenarios" / "ashby_raid.yaml").read_text(encoding="utf-8"), encoding="utf-8")
        app = OfficersChessApp(editor=ScenarioFile.open(copy), autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down", "down", "down", "right", "right", "enter", "right")  # Vigi picked up, carried
            await pilot.pause()
            app.save_screenshot("scenario-editor.svg", path=str(HERE))


async def orders_shot() -> None:
    """The orders dialog on a copy of The Lantern Patrol: a unit's script half written, the help narrowed to guards."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "lantern_patrol.yaml"
        copy.write_text((HERE.parent / "scenarios" / "lantern_patrol.yaml").read_text(encoding="utf-8"), encoding="utf-8")
        app = OfficersChessApp(editor=ScenarioFile.open(copy), autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in ["down"] * 5 + ["right"] * 2:  # to Rask, who has no orders yet
                await pilot.press(key)
            await pilot.press("O")
            await pilot.pause()
            await pilot.press(*"enemy within 3", "tab", *"guard ar")
            await pilot.pause()
            app.save_screenshot("scenario-orders.svg", path=str(HERE))


if __name__ == "__main__":
    asyncio.run(main())
