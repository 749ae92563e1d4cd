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
from officers_chess.tui.app import OfficersChessApp  # applies list_habits, as the game does at start

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
    kept = {cls for cls in found if cls.__module__.startswith("officers_chess.") or cls in TEXTUAL_LISTS}
    return sorted(kept, key=lambda cls: (cls.__module__, cls.__qualname__))  # (the same order in every worker)


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


async def test_after_every_hire_the_shops_highlighted_row_is_in_sight():
    """A hire's message can take two lines, which takes a row from the shop just as its cursor moves to the new
    unit's kit: the highlighted row was left below the shop's last line (a play-test). Every class the shop of
    the first chapter offers is hired in turn at 80×24, and after each the highlighted row shows, and the shop's
    title for the new unit's class is whole."""
    from officers_chess.content.campaigns import bundled_campaigns, load_campaign
    from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen

    from pilot_helpers import computer_mustered, screen_text
    from test_campaign_pilot import to_muster

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.begin_campaign(load_campaign(bundled_campaigns()[0]), {"p1": "human", "p2": "normal"})
        await computer_mustered(pilot)
        muster = await to_muster(pilot)
        assert isinstance(muster, CampaignMusterScreen)
        shop = muster.query_one("#shop")
        # An empty company opens with the shop in hand: the hint said "Tab, then Enter", and Tab left the shop.
        assert muster.focused is shop
        from pilot_helpers import widget_rows

        box = " ".join(" ".join(widget_rows(app, muster.query_one("#unit"))).split())
        assert "No units yet: Enter hires this class; Tab goes between the lists." in box
        classes = [str(shop.get_option_at_index(i).id) for i in range(shop.option_count)
                   if str(shop.get_option_at_index(i).id).startswith("class:")]
        assert len(classes) >= 5
        two_lines = 0
        for hire in classes:
            shop.focus()
            ids = [str(shop.get_option_at_index(i).id) for i in range(shop.option_count)]
            shop.highlighted = ids.index(hire)
            await press(pilot, "enter")
            await pilot.pause(0.05)
            told = muster.query_one("#told")
            two_lines += told.size.height > 1
            row = " ".join(str(shop.get_option_at_index(shop.highlighted).prompt).split())
            shown = " ".join(screen_text(app).split())
            assert row in shown, (hire, row, shop.scroll_offset)
            assert str(shop.border_title) in shown  # whole: "items for a Wyvern Rid…" was cut at 80 columns
        assert two_lines, "no hire's message took two lines: the squeeze this test is about never happened"
