"""The map editor's working parts: strokes, undo and redo, files that round-trip, live checks, autosave."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.content.editing.autosave import EditorAutosave
from officers_chess.content.editing.checks import check
from officers_chess.content.editing.draft import MapDraft, rectangle
from officers_chess.content.editing.ground import costs, sight
from officers_chess.content.editing.history import History
from officers_chess.content.editing.roundtrip import MapFile
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_map
from officers_chess.rules.board.terrain import MoveType

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.yaml"))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_bundled_map_saves_back_byte_for_byte(path: Path, tmp_path: Path) -> None:
    opened, draft = MapFile.open(path)
    saved = opened.save(draft, tmp_path / path.name)
    assert saved.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    again, redrawn = MapFile.open(saved)
    assert redrawn == draft
    assert load_map(saved).rows == load_map(path).rows


def test_a_painted_map_keeps_comments_order_and_every_untouched_line(tmp_path: Path) -> None:
    source = tmp_path / "yard.yaml"
    source.write_text(
        "# The drill ground east of the barracks.\n"
        "name: Drill Ground   # shown on the title\n"
        "tiles: |\n"
        "  ....\n"
        "  .##.\n"
        "  ....\n"
        "description: 'A yard, single-quoted on purpose.'\n",
        encoding="utf-8",
    )
    opened, draft = MapFile.open(source)
    opened.save(draft.painted([(0, 0), (3, 2)], "~"))
    text = source.read_text(encoding="utf-8")
    assert text == (
        "# The drill ground east of the barracks.\n"
        "name: Drill Ground   # shown on the title\n"
        "tiles: |\n"
        "  ~...\n"
        "  .##.\n"
        "  ...~\n"
        "description: 'A yard, single-quoted on purpose.'\n"
    )
    assert load_map(source).rows == ["~...", ".##.", "...~"]


def test_a_new_map_is_written_as_the_game_reads_maps(tmp_path: Path) -> None:
    draft = MapDraft.blank("Salt Flats", 5, 3, ",").painted(rectangle((1, 0), (2, 1)), "^")
    path = MapFile(None, None).save(draft, tmp_path / "flats.yaml")
    assert path.read_text(encoding="utf-8") == "name: Salt Flats\ntiles: |\n  ,^^,,\n  ,^^,,\n  ,,,,,\n"
    assert load_map(path).rows == [",^^,,", ",^^,,", ",,,,,"]
    assert MapFile.open(path)[1] == draft


def test_a_file_the_game_refuses_is_refused_naming_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ntiles: |\n  ...\n  .Q.\n", encoding="utf-8")
    with pytest.raises(ContentError) as refused:
        MapFile.open(bad)
    assert refused.value.line == 4 and "bad.yaml" in str(refused.value)


def test_the_edition_is_the_first_whose_terrain_has_every_glyph() -> None:
    thornmere = next(p for p in MAPS if p.stem == "thornmere_shrine")
    assert MapFile.open(thornmere)[1].edition == "d100"
    assert MapFile.open(MAPS[0])[1].edition == "v0.6"


def test_strokes_brush_rectangle_flood_and_resize() -> None:
    draft = MapDraft.blank("Field", 4, 3, ".")
    walled = draft.painted(rectangle((3, 0), (1, 1)), "#")
    assert walled.rows == (".###", ".###", "....")
    assert walled.flood((0, 0)) == [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2)]
    assert walled.painted(walled.flood((1, 0)), "~").rows == (".~~~", ".~~~", "....")
    assert walled.resized(2, 4, '"').rows == (".#", ".#", "..", '""')
    assert walled.painted([(9, 9)], "~") is walled  # off the map: nothing changes
    with pytest.raises(ValueError, match="1 to 64"):
        walled.resized(65, 4, ".")


def test_undo_and_redo_go_back_and_forth_without_limit() -> None:
    history = History(MapDraft.blank("Field", 3, 1, "."))
    first = history.present
    for x in range(3):
        assert history.do(history.present.painted([(x, 0)], "^"), f"mountain on {x + 1},1")
    assert not history.do(history.present, "nothing")  # a stroke that changes nothing is not kept
    assert history.present.rows == ("^^^",)
    assert [history.undo() for _ in range(3)] == ["mountain on 3,1", "mountain on 2,1", "mountain on 1,1"]
    assert history.present == first and history.undo() is None
    assert history.redo() == "mountain on 1,1" and history.present.rows == ("^..",)
    history.do(history.present.painted([(2, 0)], "~"), "river")
    assert history.redo() is None  # a new stroke after undoing forgets what was undone
    history.saved = history.present
    assert not history.unsaved
    history.undo()
    assert history.unsaved


def test_live_checks_point_at_the_tile_or_the_field() -> None:
    island = MapDraft.blank("", 5, 3, ".").painted([(2, 0), (2, 1), (2, 2)], "}")
    problems = check(island)
    assert [p.line() for p in problems] == [
        "warning: name: the map has no name: battles on it will show the file's name",
        "warning: tile 4,1: 6 tiles cut off from the rest: units on foot there can never reach the others (fliers can)",
    ]
    # A wall breaks and a door opens: what they shut in is not cut off.
    assert check(MapDraft.blank("Keep", 5, 3, ".").painted([(2, 0), (2, 1)], "#").painted([(2, 2)], "+")) == []
    foreign = MapDraft("Marsh", "", (".%.",), "v0.6")
    assert [p.line() for p in check(foreign)] == ["error: tile 2,1: '%' is no terrain of the v0.6 edition"]
    assert [p.line() for p in check(MapDraft("Sea", "", ("}}",), "v0.6"))] == [
        "error: tiles: no tile a unit on foot can stand on"]


def test_costs_per_movement_type_and_sight() -> None:
    draft = MapDraft("Ford", "", ('.~"^',), "v0.6")
    assert costs(draft, MoveType.FOOT) == {(0, 0): 1, (1, 0): 5, (2, 0): 2, (3, 0): 4}
    assert costs(draft, MoveType.CAVALRY) == {(0, 0): 1, (1, 0): None, (2, 0): 3, (3, 0): None}
    big = MapDraft.blank("Plain", 9, 9, ".")
    seen = sight(big, (4, 4))
    assert (4, 1) in seen and (4, 0) not in seen and (6, 5) in seen and (6, 6) not in seen


def test_the_autosave_brings_back_a_draft_and_is_cleared(tmp_path: Path) -> None:
    source = tmp_path / "maps" / "fen.yaml"
    keeper = EditorAutosave(tmp_path / "editor", source)
    assert keeper.recover() is None
    draft = MapDraft.blank("Fen", 3, 2, "}").painted([(1, 1)], "=")
    assert keeper.write(draft) is None
    assert EditorAutosave(tmp_path / "editor", source).recover() == draft
    assert EditorAutosave(tmp_path / "editor", tmp_path / "other.yaml").recover() is None  # one file per map
    keeper.path.write_text("{not json", encoding="utf-8")
    assert keeper.recover() is None  # a torn autosave is ignored, never a crash
    keeper.clear()
    assert not keeper.path.exists()


def test_a_copy_of_a_game_file_is_offered_a_name_of_its_own(tmp_path):
    """A copy never takes the bundled file's own name (it would stand in for the bundled map, ED7), nor a taken one."""
    from officers_chess.content.editing.folders import free_path

    assert free_path(tmp_path, "harrowdale") == tmp_path / "harrowdale.yaml"
    assert free_path(tmp_path, "harrowdale", renamed=True) == tmp_path / "harrowdale_2.yaml"
    (tmp_path / "harrowdale_2.yaml").write_text("")
    assert free_path(tmp_path, "harrowdale", renamed=True) == tmp_path / "harrowdale_3.yaml"
    (tmp_path / "harrowdale.yaml").write_text("")
    assert free_path(tmp_path, "harrowdale") == tmp_path / "harrowdale_3.yaml"
