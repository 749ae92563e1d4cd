"""The scenario editor's `O` and `E`: a line written from the help, an area picked on the map, an event added; each
save one undo step."""

from __future__ import annotations

import shutil
from pathlib import Path

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.loaders import load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.event_dialog import EventDialog, EventsDialog
from officers_chess.tui.dialogs.script_dialog import OrdersDialog
from officers_chess.tui.dialogs.unit_dialog import UnitDialog
from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "lantern_patrol.yaml"
    shutil.copy(ROOT / "scenarios" / "lantern_patrol.yaml", target)
    return target


def _text(screen, widget: str) -> str:
    return str(screen.query_one(widget).render())


async def test_orders_from_the_help_with_an_area_picked_on_the_map_saved_and_undone(tmp_path):
    path = _copy(tmp_path)
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        assert isinstance(editor, ScenarioEditorScreen)
        before = editor.draft.text
        await pilot.press("right")
        editor._move_cursor((2, 5))  # Rask, with no orders yet
        await pilot.press("O")
        dialog = app.screen
        assert isinstance(dialog, OrdersDialog) and dialog.lines == []
        dialog.query_one("#when").value = "enemy withn 2"
        await pilot.press("tab", *"hold", "enter")  # a slip: the parser's words, nothing kept
        assert _text(dialog, ".error").startswith("unknown condition 'enemy withn 2'") and dialog.lines == []
        await pilot.press("ctrl+n", "tab", *"guard ar")
        assert [h.fill for h in dialog.shown] == ["guard area AREA", "guard area riverbank"]
        await pilot.press("tab", "down", "enter")  # the first form of the help, into the Do field
        assert dialog.query_one("#do").value == "guard area AREA"
        await pilot.press("enter")  # AREA not yet written in: refused
        assert "in place of AREA" in _text(dialog, ".error") and dialog.lines == []
        await pilot.press("ctrl+t")  # the dialog steps aside; the map's cursor picks the place
        assert dialog.picking_into is dialog.query_one("#do")
        await pilot.press("l", "enter")  # 4,6 lies in no area: said, still picking
        assert "No area holds this tile" in _text(dialog, "#pick-bar") and dialog.picking_into is not None
        region = editor.canvas.content_region  # a click on the map picks too: tile 13,6, two cells a tile
        await pilot.click(offset=(region.x + 12 * editor.canvas.across, region.y + 5))
        # the pick over, the editor's cursor is back on Rask (ruling ED41): O after the dialog opens Rask's orders
        assert editor.canvas.cursor == (2, 5) and dialog.query_one("#do").value == "guard area riverbank"
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        assert app.screen is editor and "Changed Rask's orders" in _text(editor, "#status")
        rask = next(line for line in editor.draft.text.splitlines() if "Rask" in line)
        assert rask.endswith("at: [3, 6], orders: [{do: guard area riverbank}]}")
        assert [a for a in before.splitlines() if a not in editor.draft.text.splitlines()] == [
            "    - {name: Rask, class: Brigand, items: [Iron Axe], at: [3, 6]}"]
        await pilot.press("u")
        assert editor.draft.text == before


async def test_an_event_from_the_trigger_help_with_new_orders_and_a_unit_placed_on_the_map_is_one_undo_step(tmp_path):
    path = _copy(tmp_path)
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        await pilot.press("E")
        assert isinstance(app.screen, EventsDialog)
        await pilot.press("end", "enter")  # the last entry, past the file's one event: + Add an event
        dialog = app.screen
        assert isinstance(dialog, EventDialog)
        await pilot.press(*"gerd hp")
        assert [h.fill for h in dialog.shown] == ["Gerd hp <= N"]
        await pilot.press("down", "enter", "backspace", "4", "tab")  # N written in
        dialog.query_one("#note").value = "Gerd calls for help."
        assert dialog.query_one("#moment").value == "Gerd hp <= 4"
        await pilot.press("tab", "tab", *"Ivo", "enter")  # new orders for Ivo: the orders dialog on top
        assert isinstance(app.screen, OrdersDialog)
        await pilot.press("tab", *"flee", "enter", "ctrl+s")
        assert app.screen is dialog and dialog.new_orders == [{"unit": "Ivo", "script": [{"do": "flee"}]}]
        await pilot.press("ctrl+o")  # a unit arriving: the unit dialog's lists, then placed on the map
        assert isinstance(app.screen, UnitDialog)
        await pilot.press(*"Bram", "tab", *"fighter", "enter", *"iron axe", "enter", "ctrl+s")
        assert app.screen is dialog and dialog.placing is not None
        editor._move_cursor((15, 3))
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, EventsDialog), _text(dialog, ".error")  # the list again, with the new event in it
        await pilot.press("escape")
        assert app.screen is editor and "Added an event" in _text(editor, "#status")
        assert editor.draft.text.endswith('  - when: "Gerd hp <= 4"\n    note: Gerd calls for help.\n'
                                          "    reinforcements:\n      side: attacker\n      units:\n"
                                          "        - {name: Bram, class: Fighter, items: [Iron Axe], at: [16, 4]}\n"
                                          "    orders:\n      - {unit: Ivo, script: [{do: flee}]}\n")
        editor.action_save()
        event = load_scenario(path).scenario.events[-1]
        assert event.orders[0].unit == "Ivo" and event.reinforcements.units[0].at == (16, 4)
        await pilot.press("u")  # the whole event, one step
        assert "Gerd calls" not in editor.draft.text
