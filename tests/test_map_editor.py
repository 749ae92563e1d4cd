"""The map editor's screen and `officers-chess edit`: painting with keys and the mouse, undo, live checks, saving."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.commands.console import main
from officers_chess.content.editing.autosave import EditorAutosave
from officers_chess.content.editing.draft import MapDraft
from officers_chess.content.editing.roundtrip import MapFile
from officers_chess.content.loaders import load_map
from officers_chess.session.map_fit import COMPACT, LARGE, WIDE
from officers_chess.session.map_start import map_name, parse_size, terrain_glyph
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.footer_room import footer_width
from officers_chess.tui.screens import map_editor_file
from officers_chess.tui.screens.map_editor import MapEditorScreen
from officers_chess.tui.screens.map_editor_file import editor_folder, refusal, target_path
from officers_chess.tui.widgets.editor_canvas import EditorCanvas

ROOT = Path(__file__).resolve().parents[1]


def editor_app(path: Path | None, draft: MapDraft) -> OfficersChessApp:
    return OfficersChessApp(editor=(MapFile(path, None), draft))


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def tile_offset(canvas: EditorCanvas, x: int, y: int, lower: bool = False) -> tuple[int, int]:
    """Where tile (x, y) is inside the canvas widget at its scale: past its border, on the tile's first line (or its
    last: a large block's lower line is the tile's too)."""
    lines = canvas.scale.lines_of(y)
    return 1 + canvas.across * x, 1 + (lines[-1] if lower else lines[0])


# --- without a screen -------------------------------------------------------------------------------------------

def test_a_new_maps_size_and_ground_are_read_from_words():
    assert parse_size("20x15") == (20, 15) and parse_size(" 8 × 4 ") == (8, 4)
    for bad in ("20", "0x5", "65x3", "axb"):
        with pytest.raises(ValueError):
            parse_size(bad)
    assert terrain_glyph("forest", "v0.6") == '"' and terrain_glyph("#", "v0.6") == "#"
    assert terrain_glyph("Village Gate", "v0.6") == "'"
    with pytest.raises(ValueError, match="no terrain of the v0.6 edition"):
        terrain_glyph("lava", "v0.6")
    assert map_name(Path("grey_moor.yaml")) == "Grey Moor" and map_name(None) == "New map"


def test_the_save_dialog_refuses_a_folder_not_there_or_not_writable_and_another_file(tmp_path, monkeypatch):
    assert target_path(str(tmp_path / "moor")) == tmp_path / "moor.yaml"
    assert refusal(str(tmp_path / "moor.yaml"), None) is None
    assert "no folder" in refusal(str(tmp_path / "nowhere" / "moor.yaml"), None)
    locked = tmp_path / "locked"
    locked.mkdir()
    # (as the permission check itself says: root may write anywhere, so the folder's answer is set here)
    with monkeypatch.context() as patch:
        patch.setattr(map_editor_file.os, "access", lambda path, mode: Path(path) != locked)
        assert "not a folder you can write to" in refusal(str(locked / "moor.yaml"), None)
    taken = tmp_path / "taken.yaml"
    taken.write_text("x")
    assert "there already" in refusal(str(taken), None)
    assert refusal(str(taken), taken) is None  # its own file: saved over
    assert refusal("  ", None) == "Give the file a name."


def test_edit_refuses_a_bad_map_and_a_bad_scenario_with_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ntiles: |\n  ..\n  .Q\n", encoding="utf-8")
    assert main(["edit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}:4:" in err and "Traceback" not in err
    scenario = tmp_path / "yard.yaml"  # scenarios open in the editor now (ED9): one the game refuses is refused
    scenario.write_text((ROOT / "scenarios" / "training_yard.yaml").read_text().replace("class: Archer", "class: Nobody"))
    assert main(["edit", str(scenario)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{scenario}:" in err and "Nobody" in err
    assert main(["edit", str(tmp_path / "new.yaml"), "--new", "99x2"]) == 2
    assert "width is 1 to 64" in capsys.readouterr().err


# --- the screen -------------------------------------------------------------------------------------------------

async def test_keys_paint_fill_and_undo_with_their_words_at_80_by_24(tmp_path):
    app = editor_app(tmp_path / "k.yaml", MapDraft.blank("Keys", 6, 4, "."))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MapEditorScreen)
        assert footer_width(screen) <= 80  # every key the footer shows fits at 80 columns
        await pilot.press("2", "space")  # sand at 1,1
        assert screen.draft.rows[0] == ",....."
        await pilot.press("right", "right", "]", "r", "down", "down", "right", "r")  # building, 3,1 to 4,3
        assert screen.draft.rows[:4] == (",.[[..", "..[[..", "..[[..", "......")
        assert status(app) == "Filled 3,1 to 4,3 with Building."
        await pilot.press("9", "down", "l", "f")  # water floods the plains joined to 5,4
        assert screen.draft.rows == (",}[[}}", "}}[[}}", "}}[[}}", "}}}}}}")
        await pilot.press("u")
        assert status(app).startswith("Undone: flood-filled 17 tiles")
        assert screen.draft.rows[3] == "......"
        await pilot.press("ctrl+z", "ctrl+y")
        assert status(app).startswith("Redone: filled 3,1 to 4,3")
        await pilot.press("U")
        assert screen.draft.rows[3] == "}}}}}}" and status(app).startswith("Redone: flood-filled")
        await pilot.press("m")  # foot costs: water cannot be entered
        canvas = screen.query_one(EditorCanvas)
        assert canvas.costs[(0, 3)] is None and canvas.costs[(0, 0)] == 1
        assert canvas.scale is LARGE  # 6×4 fits in blocks at 80×24: each tile four cells by two lines
        assert canvas.render_line(6).text == " }x " * 6  # row 4, all water
        assert canvas.render_line(7).text == " " * 24  # the block's lower line: the colours alone
        await pilot.resize_terminal(140, 30)  # room for every key in the footer
        await pilot.pause()
        shown = {b.description for _, b, enabled, _ in screen.active_bindings.values() if b.show and enabled}
        assert {"Brush", "Redo", "Costs", "Sight", "Problem", "Resize", "Name", "Save", "Leave"} <= shown
        assert footer_width(screen) <= 140
        await pilot.press("m")  # the footer's twin of the key does the same
        assert canvas.costs[(0, 3)] is None and canvas.costs[(0, 0)] == 1 and screen.overlay == 1


async def test_a_click_paints_and_a_drag_is_one_stroke(tmp_path):
    app = editor_app(tmp_path / "m.yaml", MapDraft.blank("Mouse", 8, 5, "."))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        canvas = screen.query_one(EditorCanvas)
        assert canvas.scale is LARGE
        await pilot.press("5")  # floor
        await pilot.click(EditorCanvas, offset=tile_offset(canvas, 2, 1, lower=True))
        assert screen.draft.rows[1] == ".._....." and canvas.cursor == (2, 1)
        await pilot.mouse_down(EditorCanvas, offset=tile_offset(canvas, 0, 3))
        for x in (1, 2, 3):
            await pilot.hover(EditorCanvas, offset=tile_offset(canvas, x, 3))
        await pilot.mouse_up(EditorCanvas, offset=tile_offset(canvas, 3, 3))
        await pilot.pause()
        assert screen.draft.rows[3] == "____...."
        assert "4 tiles" in status(app)
        await pilot.press("u")  # the whole drag at once
        assert screen.draft.rows[3] == "........" and screen.draft.rows[1] == ".._....."


async def test_live_checks_list_each_problem_and_e_goes_to_its_tile(tmp_path):
    app = editor_app(tmp_path / "c.yaml", MapDraft.blank("Checks", 7, 3, "."))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        checks = screen.query_one("#checks")
        assert "0 errors, 0 warnings" in str(checks.render())
        wall = next(i for i, t in enumerate(screen.terrains) if t.id == "sea")
        screen.brush = wall
        await pilot.press("right", "right", "r", "down", "down", "r")  # a column of water across the map
        text = str(checks.render())
        assert "1 warning" in text and "warning: tile 1,1: 6 tiles cut off" in text
        await pilot.press("e")
        assert screen.query_one(EditorCanvas).cursor == (0, 0)
        assert status(app).startswith("warning: tile 1,1")
        await pilot.press("n")
        await pilot.press(*["backspace"] * 6, "enter")  # no name: the checks say so
        assert "name: the map has no name" in str(checks.render())
        await pilot.press("r", *["right"] * 6, "down", "down", "r")  # all water: nowhere to stand, an error
        assert screen.draft.rows == ("}}}}}}}",) * 3
        assert "error: tiles: no tile a unit on foot can stand on" in str(checks.render())
        await pilot.press("w")
        await pilot.pause()
        assert "Saved as a draft" in status(app) and "fix it before a battle is fought on it" in status(app)
        assert (tmp_path / "c.yaml").exists()


async def test_save_writes_what_the_game_reads_and_clears_the_autosave_offered_back_on_open(tmp_path):
    path = tmp_path / "moor.yaml"
    MapFile(None, None).save(MapDraft.blank("Moor", 5, 3, "."), path)
    before = load_map(path)
    kept = MapDraft("Moor", "", ("^....", ".....", "....."), "v0.6")
    EditorAutosave(editor_folder(), path).write(kept)  # left by an editor that did not close cleanly
    file, draft = MapFile.open(path)
    app = OfficersChessApp(editor=(file, draft))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # restore
        screen = app.screen
        assert isinstance(screen, MapEditorScreen) and screen.draft.rows == kept.rows
        await pilot.press("right", "]", "space")  # sand beside the restored mountain
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert status(app).startswith(f"Saved to {path}")
        assert not EditorAutosave(editor_folder(), path).path.exists()
        again = load_map(path)
        assert again.rows == ["^,...", ".....", "....."] and again.name == before.name
        assert MapFile.open(path)[1] == screen.draft  # loaded again: identical
        autosave = EditorAutosave(editor_folder(), path).path
        await pilot.press("down", "space")
        assert autosave.exists()  # every stroke kept
        await pilot.press("u")
        assert not autosave.exists()  # undone back to the file: nothing to offer after a crash
        await pilot.press("q")  # nothing unsaved: out at once (from the command line, out of the program)
        await pilot.pause()
    assert app.return_code in (0, None)


@pytest.mark.parametrize(("width", "height", "scale"), [(10, 9, LARGE), (11, 9, WIDE), (10, 10, WIDE), (22, 8, COMPACT)])
async def test_the_canvas_takes_the_largest_scale_the_whole_draft_fits_at_80_by_24(tmp_path, width, height, scale):
    app = editor_app(tmp_path / "s.yaml", MapDraft.blank("Scale", width, height, "."))
    async with app.run_test(size=(80, 24)) as pilot:
        canvas = app.screen.query_one(EditorCanvas)
        room = canvas.scrollable_content_region.size
        assert room == (42, 20)  # the canvas's room at 80×24, beside the brushes and the checks
        # Blocks only where the whole draft fits in them with the status line at its two lines (19 rows), else as
        # before: a message that wraps must not flip the map between scales.
        assert canvas.scale is scale
        assert canvas.virtual_size == (width * scale.across, height * scale.lines_per_row)
        await pilot.press(*["right"] * (width - 1), *["down"] * (height - 1))  # the far corner, scrolled to
        await pilot.pause()
        assert canvas.cursor == (width - 1, height - 1)
        x, y = tile_offset(canvas, width - 1, height - 1, lower=True)
        assert canvas.tile_at(x - 1, y - 1) == (width - 1, height - 1)  # (the offset counts the border)
        await pilot.click(EditorCanvas, offset=tile_offset(canvas, 0, 0, lower=True))
        assert canvas.cursor == (0, 0)


@pytest.mark.parametrize(("size", "width", "height", "scale", "side"), [
    ((120, 36), 12, 8, LARGE, 120 - (4 * 12 + 3)),  # blocks: the side pane takes what they leave
    ((120, 36), 12, 16, WIDE, 120 - 44),  # 16 rows in blocks are 32 lines, more than the pane has
    ((100, 30), 18, 8, WIDE, 100 - 44),  # 18 tiles in blocks would leave the side pane under its 36 columns
    ((80, 24), 10, 8, LARGE, 36),  # under 100 columns the side pane keeps its 36 and the map the rest
])
async def test_from_100_columns_the_map_pane_takes_the_blocks_room_where_the_whole_map_fits(
        tmp_path, size, width, height, scale, side):
    app = editor_app(tmp_path / "w.yaml", MapDraft.blank("Wide", width, height, "."))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#side").outer_size.width == side
        assert screen.query_one(EditorCanvas).scale is scale


async def test_a_status_message_that_wraps_does_not_flip_the_maps_scale(tmp_path):
    """The status line under the panes grows to two lines for a long message; the canvas lost a line, and a map
    that just fitted in blocks went to two cells a tile and back with each message (a review found it)."""
    app = editor_app(tmp_path / "w.yaml", MapDraft.blank("Wrap", 10, 9, "."))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen, canvas = app.screen, app.screen.query_one(EditorCanvas)
        assert canvas.scale is LARGE
        for words in ("word " * 40, "short", "word " * 40):
            screen.say(words)
            await pilot.pause()
            assert canvas.scale is LARGE, words


async def test_the_canvas_takes_its_scale_again_as_the_terminal_grows_and_shrinks(tmp_path):
    app = editor_app(tmp_path / "g.yaml", MapDraft.blank("Grow", 10, 12, "."))  # blocks need 24 lines, from 29 rows
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        canvas = app.screen.query_one(EditorCanvas)
        for size, scale in (((100, 30), LARGE), ((100, 28), WIDE), ((100, 29), LARGE), ((80, 24), WIDE)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert canvas.scale is scale, size
