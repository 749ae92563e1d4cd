"""Every list in the game stops at its ends: Up on its first row and Down on its last leave the highlight there."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandList
from textual.widgets import OptionList, SelectionList
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

import officers_chess.tui
from officers_chess.tui.app import OfficersChessApp  # applies list_ends, as the game does at start

from muster_keys import press
from test_campaign_pilot import second_muster


TEXTUAL_LISTS = (OptionList, SelectionList, CommandList)


def every_list_class() -> list[type[OptionList]]:
    """Every list the game shows: each OptionList subclass it defines (every tui module imported first), and the
    Textual lists it uses as they are (OptionList, SelectionList, the Ctrl+P search's CommandList)."""
    for info in pkgutil.walk_packages(officers_chess.tui.__path__, "officers_chess.tui."):
        importlib.import_module(info.name)
    found, todo = [], [OptionList]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.startswith("officers_chess.") or cls in TEXTUAL_LISTS]


def rows(cls: type[OptionList]) -> list:
    if issubclass(cls, SelectionList):
        return [Selection(f"row {i}", i) for i in range(4)]
    return [Option(f"row {i}", id=f"r{i}") for i in range(4)] + [Option("greyed", disabled=True)]


LISTS = every_list_class()


def test_the_sweep_finds_the_games_lists():
    names = {cls.__qualname__ for cls in LISTS}
    assert {"OptionList", "SelectionList", "ScenarioList", "ShopList", "ArmyList", "TradeList", "CommandList"} <= names


@pytest.mark.parametrize("cls", LISTS, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
async def test_up_at_the_top_and_down_at_the_bottom_stay(cls):
    """The last choosable row is an end too: a greyed row after it is stepped over, not landed on. A list that
    takes no focus (the Ctrl+P search's, moved by its input's keys) is moved by the same actions its keys call."""

    class OneList(App):
        def compose(self) -> ComposeResult:
            yield cls(*rows(cls))

    app = OneList()
    async with app.run_test(size=(60, 20)) as pilot:
        listing = app.query_one(cls)
        listing.focus()

        async def keys(*names: str) -> None:
            for name in names:
                if listing.can_focus:
                    await pilot.press(name)
                else:
                    getattr(listing, f"action_cursor_{name}")()
            await pilot.pause()

        listing.highlighted = 0
        await keys("up", "up")
        assert listing.highlighted == 0
        await keys("down")
        assert listing.highlighted == 1
        listing.highlighted = 3
        await keys("down", "down")
        assert listing.highlighted == 3
        listing.highlighted = None
        await keys("down")
        assert listing.highlighted == 0  # nothing highlighted: Down takes the first row, as Textual's lists do


async def test_up_on_the_shops_first_row_buys_nothing_it_did_not_show():
    """A play-test held Up in the campaign shop: the cursor went round to the last row, and Enter bought that."""
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        muster = await second_muster(pilot)
        shop = muster.query_one("#shop")
        shop.focus()
        await press(pilot, "home")
        first = shop.highlighted
        await press(pilot, "up", "up", "up")
        assert shop.highlighted == first
        await press(pilot, "end")
        last = shop.highlighted
        await press(pilot, "down", "down")
        assert shop.highlighted == last and last == shop.option_count - 1 or shop.get_option_at_index(last + 1).disabled
