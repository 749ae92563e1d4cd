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
        await pilot.press("ctrl+o")  # the unit dialog's lists, then placed on the map
        await pilot.press(*"Bram", "tab", *"fighter", "enter", "ctrl+s")  # now placed: the dialog's fields out of reach
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


def _footer_actions(screen) -> set[str]:
    """The actions the footer shows a key for (a wide twin counted as the action it stands for)."""
    from textual.widgets._footer import FooterKey

    shown = set()
    for key in screen.query(FooterKey):
        action = key.action
        if action.startswith("wide("):
            action = action[len("wide('"):].split("'")[0]
        shown.add(action.split("(")[0])
    return shown


async def test_every_key_in_the_footer_when_wide_and_a_waiting_corner_belongs_to_its_key(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(160, 48)) as pilot:
        editor = app.screen
        await pilot.pause()
        wanted = {b.action.split("(")[0] for b in editor.BINDINGS if not b.action.startswith("wide(")}
        assert wanted - _footer_actions(editor) == set()
        footer = " ".join(str(w.render()) for w in editor.query("Footer *") if not w.children)
        assert "s Setup" in footer and "setup:" in str(editor.query_one("#keys").render())  # README's word too
        editor._move_cursor((8, 9))
        await pilot.press("r", "enter")  # Enter on the first corner's own tile: still waiting, and said so
        status = str(editor.query_one("#status").render())
        assert editor.canvas.anchor == (8, 9) and "corner 1 at 9,10" in status and "Esc: cancel" in status
        await pilot.press("d")  # the area's corner is not a zone's
        assert editor.canvas.anchor == (8, 9) and "is the area's" in str(editor.query_one("#status").render())
        await pilot.press("l", "l")
        assert "the other at 11,10 (3×1)" in str(editor.query_one("#status").render())
        await pilot.press("space")  # the other corner: the new area's dialog
        title = str(app.screen.query_one("Vertical").border_title)
        assert type(app.screen).__name__ == "AreaDialog" and "9,10 to 11,10" in title
        await pilot.press("escape")
        assert editor.canvas.anchor is None and editor.corner_of is None
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = _footer_actions(app.screen)  # at 80 columns the side pane lists the rest (ruling ED8)
        assert shown >= {"add", "undo", "settings", "play_test", "save"} and not shown & {"change", "zone", "orders"}


async def test_a_long_scenario_name_cut_in_the_maps_title_says_so(tmp_path):
    """At 80×24 the map pane's title read "Skirmish at Millbroo · 4,4 · not saved": cut mid-word with no mark."""
    target = tmp_path / "ford_skirmish.yaml"
    shutil.copy(ROOT / "scenarios" / "ford_skirmish.yaml", target)
    app = OfficersChessApp(editor=ScenarioFile.open(target))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        editor = app.screen
        editor._move_cursor((1, 3))  # Osric, at 2,4: picked up and put down a tile east, the draft not saved
        await pilot.press("enter", "l", "enter")
        await pilot.pause()
        title = str(editor.canvas.border_title)
        name, tail = editor.scenario_name, " · 3,4 · not saved"
        assert title.endswith(tail) and len(title) <= editor.canvas.size.width - 4, title
        shown = title[: -len(tail)]
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1])), title
        assert shown != name  # this name does not fit at 80 columns beside the cursor


async def test_the_leave_question_saves_with_the_editors_own_save_key_not_its_setup_key(tmp_path):
    """In the scenario editor s opens the setup and ^s saves; its leave question said "s: save, then leave", and a
    play-test mixed the two up. The question now takes ^s, as the editor does, and s there does nothing."""
    from officers_chess.tui.dialogs.editor_dialogs import ChoiceDialog

    target = tmp_path / "ford_skirmish.yaml"
    shutil.copy(ROOT / "scenarios" / "ford_skirmish.yaml", target)
    before = target.read_text()
    app = OfficersChessApp(editor=ScenarioFile.open(target))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        editor = app.screen
        editor._move_cursor((1, 3))  # Osric, picked up and put down a tile east: a change not saved
        await pilot.press("enter", "l", "enter", "q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        keys = str(app.screen.query_one(".keys").render())
        assert "^s: save, then leave" in keys and "l: leave without saving" in keys
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and target.read_text() == before  # neither setup nor a save
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.return_code == 0  # saved, then left: from the command line, out of the program
    assert target.read_text() != before
    assert ScenarioFile.open(target)  # what it wrote opens again
