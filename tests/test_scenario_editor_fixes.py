"""The scenario editor as an author met it (issue 39): an arriving unit placed with h j k l and moved again, the
editor's cursor back after a pick, a corner waiting for its own key, every key in a wide footer."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Input

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.event_dialog import EventDialog

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "lantern_patrol.yaml"
    shutil.copy(ROOT / "scenarios" / "lantern_patrol.yaml", target)
    return target


async def test_an_arriving_unit_is_placed_with_hjkl_as_a_pick_is_and_moved_again(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        editor._move_cursor((2, 5))
        await pilot.press("E", "end", "enter")  # + Add an event
        dialog = app.screen
        assert isinstance(dialog, EventDialog)
        await pilot.press("ctrl+o")
        for i, value in enumerate(("Bram", "Fighter", "")):
            app.screen.query_one(f"#field-{i}").value = value
        await pilot.press("enter")  # named: now placed on the map, the dialog's fields out of reach
        assert app.screen is dialog and dialog.placing is not None
        await pilot.press(*"llljk")
        assert dialog.query_one("#moment", Input).value == "" and editor.canvas.cursor == (5, 5)
        await pilot.press("enter")
        assert dialog.arriving["units"][0]["at"] == [6, 6]
        assert editor.canvas.cursor == (2, 5)  # back where it was before the placing
        listing = dialog.query_one("#arriving")
        listing.focus()
        listing.highlighted = 0
        await pilot.press("enter")  # picked up again: the cursor starts on its tile
        assert dialog.placing is not None and editor.canvas.cursor == (5, 5)
        await pilot.press("h", "enter")
        assert dialog.arriving["units"][0]["at"] == [5, 6] and editor.canvas.cursor == (2, 5)
        assert "Bram now arrives at 5,6" in str(dialog.query_one(".error").render())
