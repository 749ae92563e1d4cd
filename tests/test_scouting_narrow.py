"""The Scouting screen at 80×24 (a ratings muster): each class's letter ratings wrap as whole pairs into even lines,
never leaving a last pair ("Res C") alone on a line (the real app, driven by keys)."""

from __future__ import annotations

import re

from muster_keys import confirm_step, hire
from pilot_helpers import computer_mustered, widget_rows

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.scouting import ScoutingScreen


async def test_the_scouting_report_keeps_each_stat_pair_whole_at_80_columns():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("ratings_harrow_tithe")), seed=1,
                           computer={Side.DEFENDER: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_mustered(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        for _ in range(4):
            await hire(pilot, screen, "Fighter", ["Iron Axe"])
        await confirm_step(pilot)
        assert isinstance(app.screen, ScoutingScreen)
        rows = [row[2:-2].rstrip() for row in widget_rows(app, app.screen.query_one("#foe"))[1:-1]]
        stats = [row for row in rows if re.search(r"\b(Str|Spd|Res) [A-ES]\b", row)]
        assert stats, rows
        pairs = [re.findall(r"\b[A-Z][a-z]{2} [A-ES]\b", row) for row in stats]
        assert all(len(found) >= 2 for found in pairs), stats  # no pair alone on its line
        assert sum(len(found) for found in pairs) % 6 == 0  # every class's six ratings are there
