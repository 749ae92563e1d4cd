"""Every chapter's briefing map shows the whole map, its goals included, at 80 columns and on a wide terminal: a
play-test at 80×24 met The Salt Road's third chapter with its east edge cut off, and with it every exit the legend
promised ("◆ goal")."""

from __future__ import annotations

import pytest

from officers_chess.content.campaigns import bundled_campaigns, load_campaign
from officers_chess.rules.pieces.models import Side
from officers_chess.session.chapter_brief import OBJECTIVE, objective_tiles
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.chapter_briefing import MARK, ChapterBriefing, map_room

from pilot_helpers import widget_rows

CHAPTERS = [(path.stem, chapter.id) for path in bundled_campaigns() for chapter in load_campaign(path).campaign.chapters]


@pytest.mark.parametrize(("campaign", "chapter"), CHAPTERS)
async def test_the_briefing_map_is_whole_with_every_goal_marked(campaign, chapter):
    loaded = next(load_campaign(p) for p in bundled_campaigns() if p.stem == campaign).scenarios[chapter]
    battle_map, goals = loaded.battle_map, objective_tiles(loaded.scenario)
    for size in ((80, 24), (132, 24), (200, 50)):  # 132×24: two cells a tile, and a map taller than its box
        app = OfficersChessApp(seed=1)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await app.push_screen(ChapterBriefing(loaded, Side.ATTACKER, 1, "Test Company"))
            await pilot.pause()
            box = app.screen.query_one("#map-box")
            rows = [row[1:-1] for row in widget_rows(app, box)[1:-1]]  # inside the border
            shown = rows[: min(len(rows), battle_map.height)]  # a map taller than the room scrolls (its rows cut)
            marked = "".join(shown).count(MARK[OBJECTIVE])
            assert marked == sum(1 for _, y in goals if y < len(shown)), (size, marked, shown)
            # Every tile of every row shown, to the east edge: two cells a tile (its glyph first), or one.
            wide = 2 * battle_map.width <= map_room(*size, battle_map.height)
            # The room the box leaves its map, scroll bar and border taken off, holds the whole row.
            assert box.scrollable_content_region.width >= (2 if wide else 1) * battle_map.width, size
            for y, row in enumerate(shown):
                glyphs = row[: 2 * battle_map.width : 2] if wide else row[: battle_map.width]
                expected = "".join(MARK[OBJECTIVE] if (x, y) in goals and not wide else battle_map.rows[y][x]
                                   for x in range(battle_map.width))
                assert glyphs == expected, (size, y, row)
