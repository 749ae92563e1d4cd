"""Every screen's footer fits 80 columns whole: a play-test read "⏎ Swap  x Take off  d Done  F▏^p Search" at
deployment, where Textual's roomy footer and its palette key pushed "F1 Rules" off the edge. A sweep over every
screen the random-keys test opens, plus the campaign's own screens, each in the state its stage leaves it."""

from __future__ import annotations

import pytest
from textual.widgets import Footer

from officers_chess.content.campaigns import load_campaign
from officers_chess.session.campaign_run import CampaignRun
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.footer_room import footer_width
from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen
from officers_chess.tui.screens.chapter_briefing import ChapterBriefing

from muster_keys import press
from pilot_helpers import footer_filled
from test_campaign_muster_pilot import CAMPAIGN
from test_random_keys import STAGES

WIDTH = 80


def _fits(app) -> None:
    screen = app.screen
    for footer in screen.query(Footer):
        assert footer.compact and not footer.show_command_palette, type(screen).__name__  # the room it is measured in
        assert footer_width(screen) <= WIDTH, (type(screen).__name__, footer_width(screen))


@pytest.mark.parametrize("name", sorted(STAGES))
async def test_the_footer_of_every_screen_fits_80_columns(name, tmp_path):
    stage = STAGES[name]
    app = stage.make(tmp_path)
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        await pilot.pause()
        await stage.reach(pilot)
        await footer_filled(pilot)
        assert isinstance(app.screen, stage.screen), type(app.screen)
        _fits(app)


async def test_the_campaigns_screens_footers_fit_80_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path / "data"))
    (tmp_path / "two_yards.yaml").write_text(CAMPAIGN)
    run = CampaignRun.new(load_campaign(tmp_path / "two_yards.yaml"), {"p1": "human", "p2": "random"}, seed=1)
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(WIDTH, 24)) as pilot:
        await pilot.pause()
        app.campaign, app._to_read = run, []
        app.campaign_step()
        await footer_filled(pilot)
        assert isinstance(app.screen, ChapterBriefing)
        _fits(app)
        await press(pilot, "enter")
        await footer_filled(pilot)
        assert isinstance(app.screen, CampaignMusterScreen)
        _fits(app)
