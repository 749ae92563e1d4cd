"""On the hiring screen a key that can do nothing now says why, on screen, instead of nothing (rulings L48)."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from textual.widgets import Static

from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.hiring_keys import KEY_ACTIONS, idle_hiring_hint

from muster_keys import hand_over, press


def test_every_silent_case_of_a_key_has_its_words():
    # From the shop with nothing hired, every key but i (the shop's own) and c/a (already shown) needs a word.
    for key in KEY_ACTIONS:
        hint = idle_hiring_hint(key, "shop", False, "classes", on_unit=False, on_item=False, roles=True)
        assert (hint is None) == (key == "c"), (key, hint)
    # At Outfitting, names, roles and classes are fixed: said so, whatever is focused.
    for key in ("n", "r", "c"):
        assert "fixed at Outfitting" in idle_hiring_hint(key, "army", True, "items", True, False, True)
    assert "no roles" in idle_hiring_hint("r", "army", False, "classes", True, False, roles=False)


def notes(screen: HiringScreen) -> str:
    """The notes line under the lists, where the screen answers a key."""
    return screen.query_one("#notes", Static).content.plain


async def test_keys_that_cannot_work_yet_say_why_and_then_work():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.focused.id == "shop"
        await press(pilot, "x")
        assert "Nothing to remove yet: hire a unit first" in notes(screen)
        await press(pilot, "enter", "n")  # hired; n from the shop
        assert len(screen.draft.units) == 1
        assert "n names the unit your army list highlights: Tab to your army first." in notes(screen)
        await press(pilot, "tab", "n")  # where it works, it works, and says nothing of the kind
        assert isinstance(app.screen, TextPrompt)
