"""The scenario editor's places by keys: an area drawn with `r` and named in the side pane, `o` and its undo, a chest
picked from the catalogue with `C`, and the map's terrain edited with `m` and checked again on return."""

from __future__ import annotations

import shutil
from pathlib import Path

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.map_editor import MapEditorScreen
from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

ROOT = Path(__file__).resolve().parents[1]


def text_of(app, widget: str) -> str:
    return str(app.screen.query_one(widget).render())


async def test_an_area_by_keys_shows_in_the_side_pane_and_o_cycles_a_tile_with_undo(tmp_path):
    path = tmp_path / "training_yard.yaml"
    shutil.copy(ROOT / "scenarios" / "training_yard.yaml", path)
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("r", "right", "right", "down", "r")  # corners 1,1 and 3,2
        await pilot.press(*"Bad name", "enter")  # refused, the dialog stays
        assert "cannot name an area" in text_of(app, ".error")
        await pilot.press(*["backspace"] * 8, *"gate", "tab", *"the way in", "enter")
        assert isinstance(app.screen, ScenarioEditorScreen)
        assert [(a.name, a.corner, a.other, a.about) for a in screen.places.areas] == [
            ("gate", (0, 0), (2, 1), "the way in")]
        assert (1, 1) in screen.canvas.areas and (3, 1) not in screen.canvas.areas
        assert "gate: the way in" in text_of(app, "#here")  # the cursor stands in it
        assert "gate 1,1 to 3,2" in text_of(app, "#places")
        await pilot.press("o", "o")
        assert screen.places.objectives == {(2, 1): "escape"} and screen.canvas.objectives == {(2, 1): "escape"}
        await pilot.press("u")
        assert screen.places.objectives == {(2, 1): "seize"}
        await pilot.press("u", "u")
        assert screen.places.objectives == {} and screen.places.areas == ()
        await pilot.press("C", *"elixir", "enter")
        assert [(c.at, c.item) for c in screen.places.chests] == [((2, 1), "Elixir")]
        assert (2, 1) in screen.canvas.chests


async def test_m_edits_the_map_and_the_scenario_is_checked_on_it_again(tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "maps").mkdir()
    path = tmp_path / "scenarios" / "training_yard.yaml"
    shutil.copy(ROOT / "scenarios" / "training_yard.yaml", path)
    shutil.copy(ROOT / "maps" / "training_yard.yaml", tmp_path / "maps" / "training_yard.yaml")
    file, draft = ScenarioFile.open(path)
    assert file.map_path == tmp_path / "maps" / "training_yard.yaml"  # the author's own, edited in place
    app = OfficersChessApp(editor=(file, draft))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        unit = screen.draft.units[0]
        await pilot.press("m")
        editor = app.screen
        assert isinstance(editor, MapEditorScreen) and editor.file.path == file.map_path
        editor.canvas.cursor = unit.at
        assert editor.terrains[8].id == "sea"
        await pilot.press("9", "space", "w", "q")  # sea under the unit, saved, left
        await pilot.pause()
        assert app.screen is screen
        assert screen.map.rows[unit.at[1]][unit.at[0]] == "}"
        assert any(p.error and p.tile == unit.at for p in screen.problems)  # a unit on water, at once
