"""The game the resume test kills: a seeded computer-against-computer battle in the real app, headless, autosaving.

Run as `python tests/kill_victim.py SCENARIO SEED`; it plays until the battle ends (or it is killed).
"""

from __future__ import annotations

import asyncio
import sys

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.result import ResultScreen

battle.BEAT_SECONDS.update(normal=0.002, fast=0.002)  # brisk, but each action still shown and saved


async def main(scenario: str, seed: int) -> None:
    app = OfficersChessApp(scenario=load_scenario(find_scenario(scenario)), seed=seed,
                           computer={Side.ATTACKER: "greedy", Side.DEFENDER: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, ResultScreen):
            await pilot.pause(0.05)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
