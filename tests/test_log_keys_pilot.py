"""PgUp/PgDn scroll the battle log: named under the log once it holds more than it shows, and in the footer where it has room."""

from __future__ import annotations

from textual.widgets import Footer, RichLog
from textual.widgets._footer import FooterKey
from pilot_helpers import walk_cursor

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen

LOG_ENTRY = "PgUp/Dn Log"


def _footer(screen) -> list[str]:
    return [f"{key.key_display} {key.description}" for key in screen.query_one(Footer).query(FooterKey)]


def _fits(screen) -> bool:
    """Every key of the footer is on screen: none pushed off its right edge."""
    keys = list(screen.query_one(Footer).query(FooterKey))
    return max(key.region.right for key in keys) <= screen.size.width


async def test_the_log_keys_show_once_the_log_overflows_without_pushing_other_keys_out():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        c, log = screen.controller, screen.query_one(RichLog)
        assert LOG_ENTRY not in _footer(screen) and not log.border_subtitle  # a short log: nothing to scroll
        for n in range(15):
            screen.logs.note(f"Line {n} of a long battle.")
        screen._sync_log()
        screen.refresh_view()
        await pilot.pause()
        # Browsing, the footer is full at 80 columns: the log's border names the keys instead.
        assert c.mode is Mode.BROWSE
        browse = _footer(screen)
        assert LOG_ENTRY not in browse and "F1 Rules" in browse and _fits(screen)
        assert "PgUp/PgDn" in str(log.border_subtitle)
        # The unit's action menu leaves room: the footer names them too, every other key still in sight.
        bram = next(u for u in c.state.units if u.name == "Bram")
        await walk_cursor(pilot, screen, bram.pos)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert c.mode is Mode.ACTING
        acting = _footer(screen)
        assert LOG_ENTRY in acting and "F1 Rules" in acting and "? Help" in acting and _fits(screen)
        # The keys scroll the log whether or not the footer shows them.
        for mode_keys in (("escape", "escape"), ()):
            bottom = log.scroll_y
            await pilot.press("pageup")
            await pilot.pause()
            assert log.scroll_y < bottom
            await pilot.press("pagedown")
            await pilot.pause()
            assert log.scroll_y == bottom
            await pilot.press(*mode_keys)
            await pilot.pause()
        assert c.mode is Mode.BROWSE
