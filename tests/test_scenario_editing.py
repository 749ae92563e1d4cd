"""The scenario editor's core: a bundled scenario saved unedited is the same file, edits touch only their lines,
undo over versions, and the game's validator as live checks pointing at the unit's tile."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from officers_chess.content.editing.history import History
from officers_chess.content.editing.scenario_file import ScenarioDraft, ScenarioFile
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_scenario

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_scenario_saved_unedited_is_the_same_file(path: Path, tmp_path: Path) -> None:
    file, draft = ScenarioFile.open(path)
    target = tmp_path / path.name
    file.save(draft, target)
    assert target.read_bytes() == path.read_bytes()


def _copy(tmp_path: Path, name: str = "ashby_raid") -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


def _changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b) if x != y]


def test_a_moved_unit_changes_its_own_line_only_and_loads_where_it_was_put(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    file, draft = ScenarioFile.open(path)
    hrolf = next(u for u in draft.units if u.name == "Hrolf")
    moved = draft.moved(hrolf, (4, 4))
    changed = _changed_lines(draft.text, moved.text)
    assert changed == [(changed[0][0], changed[0][0].replace("at: [3, 5]", "at: [5, 5]"))]
    assert "# The ways off the field" not in draft.text or "# The ways off the field" in moved.text
    assert "  A hard winter is coming" in moved.text  # the briefing's block as written
    file.save(moved)
    loaded = load_scenario(path)
    assert next(u for u in loaded.scenario.armies["attacker"] if u.name == "Hrolf").at == (5, 5)


def test_a_comment_is_kept_through_edits(tmp_path: Path) -> None:
    path = _copy(tmp_path, "wolves_of_ashby")
    file, draft = ScenarioFile.open(path)
    edited = draft.moved(draft.units[0], (1, 1)).zone_added("attacker", (0, 0), (1, 1))
    edited = edited.added("defender", "Newt", "Fighter", ["Iron Axe"], (7, 4))
    assert "# The ways off the field for a side that breaks" in edited.text
    file.save(edited)
    assert "# The ways off the field for a side that breaks" in path.read_text()
    load_scenario(path)


def test_add_change_remove_a_unit_and_zones(tmp_path: Path) -> None:
    file, draft = ScenarioFile.open(_copy(tmp_path))
    added = draft.added("defender", "Newt", "Fighter", ["Iron Axe", "Vulnerary"], (6, 3))
    newt = next(u for u in added.units if u.name == "Newt")
    assert (newt.side, newt.unit_class, newt.items, newt.at) == ("defender", "Fighter", ("Iron Axe", "Vulnerary"),
                                                                 (6, 3))
    assert len(added.text.splitlines()) == len(draft.text.splitlines()) + 1
    changed = added.changed(newt, "Newt Ash", "Soldier", ["Iron Lance"])
    assert '{name: Newt Ash, class: Soldier, items: [Iron Lance], at: [7, 4]}' in changed.text
    removed = changed.removed(next(u for u in changed.units if u.name == "Newt Ash"))
    assert removed.text == draft.text
    zoned = draft.zone_added("defender", (0, 0), (1, 2))
    assert [(z.corner, z.other) for z in zoned.zones if z.side == "defender"] == [((5, 2), (8, 7)), ((0, 0), (1, 2))]
    assert zoned.zone_removed(zoned.zones_at((1, 1), "defender")[0]).text == draft.text
    overlap = file.check(zoned)
    assert len(overlap) == 1 and overlap[0].error and overlap[0].tile == (0, 0)
    assert file.check(draft.zone_added("defender", (9, 0), (10, 1))) == []


def test_undo_and_redo_go_over_the_versions_of_the_text(tmp_path: Path) -> None:
    file, draft = ScenarioFile.open(_copy(tmp_path))
    history = History(draft, saved=draft)
    history.do(draft.moved(draft.units[0], (0, 1)), "moved Hrolf")
    history.do(history.present.removed(history.present.units[1]), "removed Sigga")
    assert history.undo() == "removed Sigga" and history.undo() == "moved Hrolf"
    assert history.present.text == draft.text and not history.unsaved
    assert history.redo() == "moved Hrolf"
    assert history.present.units[0].at == (0, 1)


def test_the_live_checks_name_the_line_and_the_tile_of_the_unit(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    file, draft = ScenarioFile.open(path)
    hrolf, sigga = draft.units[0], draft.units[1]
    problems = file.check(draft.moved(sigga, hrolf.at))
    assert len(problems) == 1 and problems[0].error and problems[0].tile == hrolf.at
    assert f"line {sigga.line}: " in problems[0].message and "same tile" in problems[0].message
    wall = next((x, y) for y, row in enumerate(file.battle_map.rows) for x, g in enumerate(row) if g == "#")
    problems = file.check(draft.moved(sigga, wall))
    assert len(problems) == 1 and problems[0].error and problems[0].tile == wall and "Wall" in problems[0].message
    problems = file.check(draft.moved(sigga, (20, 3)))  # off the map: no tile to point at, the words say where
    assert len(problems) == 1 and problems[0].tile is None and "[21, 4]" in problems[0].message
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # the checks' own file is gone


def test_a_file_the_game_refuses_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    path.write_text(path.read_text().replace("class: Brigand", "class: Nobody", 1))
    with pytest.raises(ContentError) as refused:
        ScenarioFile.open(path)
    assert refused.value.line == 40


def test_a_side_with_no_army_yet_gets_one(tmp_path: Path) -> None:
    file, draft = ScenarioFile.open(_copy(tmp_path, "practice_muster"))
    added = draft.added("defender", "Newt", "Fighter", ["Iron Axe"], (8, 2))
    assert added.text.startswith(draft.text) and added.units[0].name == "Newt"
    assert ScenarioDraft.read(added.text).units == added.units


def test_a_copy_saved_in_another_folder_still_finds_its_map(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(ROOT / "maps" / "training_yard.yaml", home / "yard_map.yaml")
    source = home / "yard.yaml"
    source.write_text((ROOT / "scenarios" / "training_yard.yaml").read_text().replace(
        "map: training_yard", "map: yard_map.yaml"))
    file, draft = ScenarioFile.open(source)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    file.save(draft.moved(draft.units[0], (0, 1)), elsewhere / "yard.yaml")
    assert (elsewhere / "yard_map.yaml").read_bytes() == (home / "yard_map.yaml").read_bytes()
    assert load_scenario(elsewhere / "yard.yaml").scenario.armies["attacker"][0].at == (1, 2)
    assert file.source == elsewhere / "yard.yaml"  # the checks now run where the game will read it


def test_the_checks_run_in_the_data_folder_when_the_scenarios_own_refuses(tmp_path: Path, monkeypatch) -> None:
    file, draft = ScenarioFile.open(_copy(tmp_path))
    real_write = Path.write_text

    def refuse_beside(self, *args, **kwargs):
        if self.parent == tmp_path:
            raise PermissionError(13, "Permission denied")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", refuse_beside)
    problems = file.check(draft.moved(draft.units[1], draft.units[0].at))
    assert len(problems) == 1 and "same tile" in problems[0].message


def test_the_autosave_keeps_the_text_and_gives_it_back(tmp_path: Path) -> None:
    from officers_chess.content.editing.scenario_autosave import ScenarioAutosave

    path = _copy(tmp_path)
    file, draft = ScenarioFile.open(path)
    autosave = ScenarioAutosave(tmp_path / "editor", path)
    assert autosave.path.name.startswith("scenario-") and autosave.recover() is None
    moved = draft.moved(draft.units[0], (0, 1))
    assert autosave.write(moved) is None
    assert autosave.recover() == moved and autosave.recover().units[0].at == (0, 1)
    autosave.clear()
    assert autosave.recover() is None


def test_the_validators_warning_is_a_warning_at_the_units_tile(tmp_path: Path) -> None:
    file, draft = ScenarioFile.open(_copy(tmp_path, "training_yard"))
    text = draft.text.replace("at: [1, 4]}", "at: [1, 4], orders: [{when: round >= 99, do: pursue nearest}]}")
    problems = file.check(ScenarioDraft.read(text))
    assert len(problems) == 1 and not problems[0].error and problems[0].tile == (0, 3)
    assert problems[0].message.startswith("line 20: line 1 (`round >= 99`) can never hold")


def test_zones_drawn_and_all_taken_away_leave_the_file_as_it_was():
    """No zone left is the default: the key goes, and the side's block and `sides:` once empty (an author rebuilding
    Training Yard was left with `sides: {attacker: {deploy: []}, ...}` that no key could take out)."""
    text = (ROOT / "scenarios" / "training_yard.yaml").read_text(encoding="utf-8")
    drawn = ScenarioDraft.read(text).zone_added("attacker", (0, 0), (1, 7)).zone_added("defender", (8, 0), (9, 7))
    assert "sides:" in drawn.text
    for side in ("attacker", "defender"):
        drawn = drawn.zone_removed(next(z for z in drawn.zones if z.side == side))
    assert drawn.text == text


@pytest.mark.parametrize("sides", [
    "sides: {}\n",
    "sides:\n  attacker: {}\n",
    "sides:\n  attacker:\n    war_chest: 300\n",
    "sides: {defender: {war_chest: 300}}\n",
    "sides:\n  attacker: {war_chest: 300, deploy: [{from: [1, 1], to: [2, 8]}]}\n",
])
def test_a_zone_drawn_in_any_layout_of_sides_is_written_or_refused_never_garbled(sides: str):
    """Zones go through the one splicer of a side's keys (`set_side`): in every way an author may lay out `sides:`
    a zone is drawn and taken away again, leaving the file as it was; a side written on one line is refused in
    words (it was rewritten as a bare `deploy:` under `sides:`, its war chest lost)."""
    text = (ROOT / "scenarios" / "training_yard.yaml").read_text(encoding="utf-8") + sides
    draft = ScenarioDraft.read(text)
    if "{war_chest" in sides:
        with pytest.raises(ValueError, match="written on one line"):
            draft.zone_added("attacker", (4, 0), (4, 1))
        return
    drawn = draft.zone_added("attacker", (4, 0), (4, 1))
    assert [(z.side, z.corner, z.other) for z in drawn.zones][-1] == ("attacker", (4, 0), (4, 1))
    back = drawn.zone_removed(drawn.zones[-1])
    assert back.text == (text if "war_chest" in sides else text[:-len(sides)])
