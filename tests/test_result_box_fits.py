"""The result box keeps within a small terminal: above the footer, its last lines reached by scrolling."""

from __future__ import annotations

from pilot_helpers import screen_text
from textual.app import App
from textual.widgets import Footer

from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.events import Attacked
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.screens.result import ResultScreen


def _ended_by_a_blow():
    """A whole Training Yard battle between two computer sides, and the events of its last action (a blow)."""
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=4)
    policies = {Side.ATTACKER: make_policy("greedy", 1), Side.DEFENDER: make_policy("greedy", 2)}
    events = []
    while not state.is_over:
        outcome = apply_action(state, policies[state.to_act].choose(state))
        state, events = outcome.state, outcome.events
    assert any(isinstance(e, Attacked) for e in events), "the battle should end on a blow, quoted in the box"
    return state, events


def _showing(screen: ResultScreen) -> App:
    """An app that opens on the result screen alone."""

    class Shown(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    return Shown()


async def test_at_80_by_24_the_box_ends_above_the_footer_and_scrolls_to_its_last_line():
    state, events = _ended_by_a_blow()
    events = events * 3  # a long last action (Brave swings, follow-ups, statuses): more lines than the screen has

    app = _showing(ResultScreen(state, events))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#summary").parent
        footer = app.screen.query_one(Footer)
        assert box.region.y >= 0
        assert box.region.bottom <= footer.region.y, "the box's bottom border must not run under the footer"
        assert "PgUp/PgDn: scroll" in screen_text(app), "the box must say it scrolls while lines are out of sight"
        box.scroll_end(animate=False)
        await pilot.pause()
        assert "Dice seed" in screen_text(app), "the box's last line must be reachable"


async def test_a_box_that_fits_does_not_offer_to_scroll():
    state, events = _ended_by_a_blow()

    app = _showing(ResultScreen(state, events))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        assert "Dice seed" in screen_text(app)
        assert "scroll" not in screen_text(app)
