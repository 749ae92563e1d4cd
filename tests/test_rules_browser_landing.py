"""Enter on a rule card opened from the explain list shows the rules browser at that entry in its very first frame:
no frame shows the top of another section, or of the entry's own section, on the way (the real app, by keys)."""

from __future__ import annotations

from pathlib import Path

from pilot_helpers import wait_until, walk_cursor

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.rule_card import RuleCard
from officers_chess.tui.screens.rules_browser import RulesBrowser

CONTACT = Path(__file__).resolve().parents[1] / "benchmarks" / "fixtures" / "long_march_contact.yaml"


async def test_the_browser_opened_from_a_rule_card_shows_the_entry_in_its_first_frame():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        c = screen.controller
        aurelie = next(u for u in c.state.living(Side.ATTACKER) if u.name == "Aurelie")
        await walk_cursor(pilot, screen, aurelie.pos)
        await pilot.press("enter")
        await walk_cursor(pilot, screen, (14, 10))
        await pilot.press("enter", "a")
        await pilot.pause()
        assert c.mode is Mode.TARGETING
        await pilot.press("e")
        await pilot.pause()
        entries = app.reference()
        # A tag: its section is not the first one, where the browser opened before turning to it.
        n = next(i for i, (_, key) in enumerate(app.screen.choices, 1) if entries[key].kind == "tag")
        await pilot.press(str(n))
        await pilot.pause()
        card = app.screen
        assert isinstance(card, RuleCard)
        key = card.entry.key
        frames: list[tuple[str | None, str | None]] = []  # what each frame painted of the browser's page
        paint = app._display

        def display(shown, renderable) -> None:
            if isinstance(shown, RulesBrowser) and shown.query_one("#page").styles.opacity > 0:
                frames.append((shown.kind, shown.entry_on_top))
            paint(shown, renderable)

        app._display = display
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(frames))
        await pilot.pause(0.1)
        assert isinstance(app.screen, RulesBrowser)
        assert frames and set(frames) == {("tag", key)}, frames
