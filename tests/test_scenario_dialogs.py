"""The scenario editor's dialogs where an author tripped (issue 39): typing adds to a field's text, `tiles=` read in the
forms authors write, words that say what is picked and what the map shows, help for terrain changes and unit names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Input

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.editing.scenario_settings import parse_conditions
from officers_chess.content.editing.script_help import chosen, hints
from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.editor_dialogs import TickBox
from officers_chess.tui.dialogs.event_dialog import EventDialog
from officers_chess.tui.dialogs.place_dialogs import AreaDialog, ItemPicker
from officers_chess.tui.dialogs.quick_balance import played_words
from officers_chess.tui.dialogs.scenario_settings import SettingsDialog
from officers_chess.tui.dialogs.script_dialog import OrdersDialog
from officers_chess.tui.dialogs.side_rules_dialog import SideRulesDialog
from officers_chess.tui.dialogs.unit_dialog import kept
from officers_chess.tui.widgets.army_text import class_details, item_details

ROOT = Path(__file__).resolve().parents[1]
TERRAINS = {"forest": "Forest", "fort": "Fort", "plain": "Plain", "ruins": "Ruins"}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "lantern_patrol.yaml"
    shutil.copy(ROOT / "scenarios" / "lantern_patrol.yaml", target)
    return target


def _text(screen, widget: str) -> str:
    return str(screen.query_one(widget).render())


@pytest.mark.parametrize("written", ["tiles=15,5", "tiles=[15,5]", "tiles=[15, 5]", "tiles=[[15, 5]]"])
def test_one_tile_is_read_with_or_without_brackets_and_spaces(written):
    assert parse_conditions(f"hold {written} rounds=4") == [{"kind": "hold", "tiles": [[15, 5]], "rounds": 4,
                                                            "tier": "victory"}]


def test_several_tiles_are_read_and_a_tile_list_that_does_not_pair_says_the_forms():
    for written in ("tiles=3,4+5,6", "tiles=3,4 + 5,6", "tiles=[3, 4], [5, 6]", "tiles=[3,4]+[5,6]"):
        assert parse_conditions(f"control {written} count=1")[0]["tiles"] == [[3, 4], [5, 6]], written
    for written in ("tiles=15,5,3", "tiles=15+5", "tiles=[15,5]x", "tiles=3,4,5,6"):
        with pytest.raises(ValueError, match=r"write tiles= as 3,4 or \[3, 4\]"):
            parse_conditions(f"hold {written} rounds=2")


def test_a_terrain_change_is_helped_by_the_editions_terrains_and_keeps_its_tile():
    assert [(h.fill, h.words) for h in hints("terrain", "[3, 4] fo", terrains=TERRAINS)] == [
        ("forest", "Forest"), ("fort", "Fort")]
    assert len(hints("terrain", "[1, 1] ruins; ", terrains=TERRAINS)) == len(TERRAINS)  # a new change: every one
    fort = hints("terrain", "fo", terrains=TERRAINS)[1]
    assert chosen("terrain", "[3, 4] fo", fort) == "[3, 4] fort"
    assert chosen("terrain", "[1,1] ruins; fo", fort) == "[1,1] ruins; [X, Y] fort"  # Ctrl+T fills the tile
    assert [(h.fill, h.words) for h in hints("unit", "h", ["Ivo", "Hild", "Holt"], side_of={"Hild": "defender"})] == [
        ("Hild", "a unit of the defender"), ("Holt", "a unit of the scenario")]


def test_the_unit_details_wrap_between_figures_and_a_tick_reads_without_colour():
    catalogue = load_catalogue()
    console = Console(width=33, color_system=None)
    for unit_class in catalogue.classes.values():
        with console.capture() as shown:
            console.print(kept(class_details(unit_class, class_price(unit_class))))
        lines = shown.get().splitlines()
        assert not any(line.rstrip().endswith((" Str", " Skl", " Spd", " Def", " Res", " HP", "Mt", "Wt"))
                       for line in lines[:3]), lines
    with console.capture() as shown:
        console.print(kept(item_details(catalogue.items["Iron Sword"], item_price(catalogue.items["Iron Sword"]))))
    assert shown.get().splitlines()[:2] == ["Iron Sword · 30 gold · sword", "Mt 4  Wt 1  Rng 1  martial"]
    box = TickBox("Leader", False)
    assert box.BUTTON_INNER == " "
    box.value = True
    assert box.BUTTON_INNER == "✓"


def test_the_quick_balance_says_one_level_plays_both_sides():
    assert "alternating" not in played_words(8, ("normal", "normal"))
    assert played_words(8, ("normal", "normal")) == "Quick balance: 8 games, the computer at normal playing both sides."
    assert "changing sides" in played_words(8, ("easy", "hard"))


async def test_fields_open_for_adding_the_area_says_what_the_map_shows_and_the_picked_line_is_what_is_picked(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        await pilot.press("s")
        dialog = app.screen
        assert isinstance(dialog, SettingsDialog)
        await pilot.pause()
        name = dialog.query_one("#name", Input)
        assert name.selection.is_empty and name.cursor_position == len(name.value)
        assert dialog.query_one("VerticalScroll").scroll_y == 0  # the Name label is in sight
        await pilot.press(*" Ford")
        assert name.value == "The Lantern Patrol Ford"
        await pilot.press("escape")
        await pilot.press("r", "right", "r")
        assert isinstance(app.screen, AreaDialog)
        assert "one word: small letters, digits, _" in _text(app.screen, "Label")
        await pilot.press(*"ford", "tab", *"The Ford")
        assert _text(app.screen, "#area-shown").endswith("its tile panel reads: Ford: The Ford")
        await pilot.press("escape", "g")
        rules = app.screen
        assert isinstance(rules, SideRulesDialog) and _text(rules, "#picked").startswith("Picked: no class, so")
        await pilot.press("enter", "down", "enter")
        assert _text(rules, "#picked").startswith("Picked: 2 classes (Cleric, Mage); no item, so every item")
        await pilot.press("ctrl+s")
        assert app.screen is editor
        await pilot.press("g")
        assert _text(app.screen, "#picked").startswith("Picked: 2 classes (Cleric, Mage);")  # reopened: still so


async def test_an_error_goes_once_the_line_is_edited_and_terrain_changes_and_chests_have_their_own_help(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("O")
        orders = app.screen
        assert isinstance(orders, OrdersDialog)
        await pilot.press(*"xyz", "tab", *"hold", "enter")
        assert "unknown condition 'xyz'" in _text(orders, ".error")
        await pilot.press("backspace")
        assert _text(orders, ".error") == ""
        await pilot.press("escape", "E", "end", "enter")
        event = app.screen
        assert isinstance(event, EventDialog)
        await pilot.press("tab", "tab", *"fo")
        assert [(h.fill, h.words) for h in event.shown] == [("forest", "Forest"), ("fort", "Fort")]
        await pilot.press("escape", "escape", "C", *"kil")
        assert isinstance(app.screen, ItemPicker)
        console = Console(width=72, color_system=None)
        with console.capture() as shown:
            console.print(app.screen.query_one("#item-details").content)
        assert shown.get().startswith("Killing Edge · 55 gold · sword  Mt 4  Wt 2")  # the price and figures


async def test_the_settings_dialog_keeps_its_keys_and_its_refusal_in_sight_under_the_scrolling_fields(tmp_path):
    """The dialog's fields and the victory help are taller than the screen; the keys' line and the refusal were at
    the bottom of what scrolls, out of sight when it opened (a newcomer saw no way to keep or cancel it)."""
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SettingsDialog)
        keys, error = dialog.query_one(".keys"), dialog.query_one(".error")
        assert "Esc cancel" in _text(dialog, ".keys") and dialog.region.contains_region(keys.region)
        fields = dialog.query_one("#settings-fields")
        assert fields.scroll_y == 0 and fields.max_scroll_y > 0  # the fields scroll, the keys' line does not
        dialog.query_one("#rounds", Input).value = "many"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and _text(dialog, ".error")  # refused, and said where it can be read
        assert dialog.region.contains_region(error.region) and error.region.height > 0
        assert dialog.region.contains_region(keys.region)
