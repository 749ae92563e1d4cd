"""A campaign chapter's computer musters run off the screen's thread: the screen says so and stays live meanwhile."""

from __future__ import annotations

import threading
from pathlib import Path

from textual.widgets import Static

from officers_chess.rules.pieces.models import Side
from officers_chess.session import campaign_run
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.campaign_opening import CampaignOpeningScreen
from officers_chess.tui.screens.chapter_briefing import ChapterBriefing

from pilot_helpers import computer_mustered, screen_text, wait_until
from test_campaign_pilot import write_campaign


async def test_the_computer_musters_its_company_in_a_thread_while_the_screen_answers(tmp_path, monkeypatch):
    real = campaign_run.company_army
    release = threading.Event()
    threads: list[threading.Thread] = []

    def held(*args, **kwargs):
        threads.append(threading.current_thread())
        # Held until the test has seen the screen live; on the screen's own thread this would stall the app,
        # so it gives up after a while rather than hang the test, and the thread check below fails.
        release.wait(timeout=5)
        return real(*args, **kwargs)

    monkeypatch.setattr(campaign_run, "company_army", held)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.begin_campaign(write_campaign(tmp_path), {"p1": "human", "p2": "normal"})
        await wait_until(pilot, lambda: bool(threads))
        assert isinstance(app.screen, CampaignOpeningScreen)
        said = str(app.screen.query_one(Static).content)
        assert said == "The computer musters The Red Company (normal) for the chapter."
        assert "The computer musters" in screen_text(app)  # and it is on the screen
        await pilot.press("f1")  # a key answered while the company musters: the rules open
        await wait_until(pilot, lambda: not isinstance(app.screen, CampaignOpeningScreen))
        assert not isinstance(app.screen, CampaignOpeningScreen) and not app.campaign.data.pending.armies
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, CampaignOpeningScreen))
        assert isinstance(app.screen, CampaignOpeningScreen)
        release.set()
        await computer_mustered(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, ChapterBriefing))
        assert isinstance(app.screen, ChapterBriefing)  # then on to the person's muster, under its briefing
        assert "p2" in app.campaign.data.pending.armies
    assert threads and all(t is not threading.main_thread() for t in threads)


def test_the_briefing_maps_marks_are_no_terrains_glyph_in_any_edition():
    """The briefing marked a goal with "*", the fort's own glyph: a newcomer took every fort for a goal."""
    from officers_chess.rules.board.terrain import terrain_table
    from officers_chess.tui.screens.chapter_briefing import MARK

    for edition in ("v0.6", "d100", "ratings"):
        glyphs = set(terrain_table(edition))
        assert not glyphs & set(MARK.values()), edition


def test_the_briefing_marks_as_goals_only_tiles_a_side_wins_by_reaching():
    """The Hollow Road's exits are where a broken side flees, and no side wins by reaching them: the briefing
    marked both map edges "goal" (a newcomer's play-test). An escape battle's exits are goals."""
    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.session.chapter_brief import OBJECTIVE, map_marks

    hollow = load_scenario(Path(__file__).resolve().parents[1] / "campaigns" / "wool_tithe" / "tithe_takers.yaml")
    assert hollow.scenario.tiles.escape  # the flight's exits
    assert OBJECTIVE not in map_marks(hollow.scenario, Side.DEFENDER).values()
    cut = load_scenario(find_scenario("ravens_cut")).scenario
    assert any(c.kind == "escape" for side in Side for c in cut.rules(side).victory)
    goals = {pos for pos, mark in map_marks(cut, Side.ATTACKER).items() if mark == OBJECTIVE}
    assert goals == {(x - 1, y - 1) for x, y in cut.tiles.escape}
