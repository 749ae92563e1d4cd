"""The scenario editor's screen and `officers-chess edit SCENARIO`: units and zones by keys, undo, checks, saving."""

from __future__ import annotations

import shutil
from pathlib import Path

from officers_chess.commands.edit import _scenario_named
from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.loaders import load_scenario
from officers_chess.content.user_data import data_dir
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen
from officers_chess.tui.footer_room import footer_width

ROOT = Path(__file__).resolve().parents[1]


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def copy_of(tmp_path: Path, name: str = "training_yard") -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


async def go(pilot, x: int, y: int) -> None:
    """The cursor to tile (x, y), from 0: one arrow key, then straight there (the arrows' own test is the map
    editor's; a key for every step would make this test slow)."""
    await pilot.press("right")
    pilot.app.screen._move_cursor((x, y))


def test_edit_finds_a_scenario_by_file_title_or_bundled_name(tmp_path):
    yard = copy_of(tmp_path)
    assert _scenario_named(str(yard)) == yard
    assert _scenario_named("ford_skirmish") == ROOT / "scenarios" / "ford_skirmish.yaml"
    assert _scenario_named("Skirmish at Millbrook Ford") == ROOT / "scenarios" / "ford_skirmish.yaml"
    assert _scenario_named(str(ROOT / "maps" / "ashby.yaml")) is None  # a map
    assert _scenario_named(str(tmp_path / "new.yaml")) is None  # a new map's file


async def test_move_add_remove_a_unit_and_a_zone_by_keys_with_undo_and_redo(tmp_path):
    path = copy_of(tmp_path)
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ScenarioEditorScreen)
        assert footer_width(screen) <= 80  # every key the footer shows fits at 80 columns
        hale = screen.draft.units[0]  # Hale, at 1,4
        await go(pilot, *hale.at)
        await pilot.press("enter")
        await go(pilot, 1, 2)
        await pilot.press("enter")
        assert screen.draft.units[0].at == (1, 2) and "Moved Hale to 2,3" in status(app)
        assert screen.canvas.units[(1, 2)][0] == "M"  # a Mercenary of the attacker: a capital
        await pilot.press("a")  # on Hale's tile: refused
        assert "Hale stands here" in status(app) and isinstance(app.screen, ScenarioEditorScreen)
        await pilot.press("down", "a")
        await pilot.press(*"Newt", "tab", *"fighter", "enter", *"Vulnerary", "enter", "ctrl+s")  # the unit dialog
        newt = screen.draft.unit_at((1, 3))
        assert (newt.name, newt.unit_class, newt.items) == ("Newt", "Fighter", ("Vulnerary",))
        assert screen.problems == []
        await pilot.press("up", "x")
        assert [u.name for u in screen.draft.units if u.side == "attacker"] == ["Wren", "Newt"]
        await pilot.press("tab")  # the defender's side
        await go(pilot, 6, 0)
        await pilot.press("d")
        await go(pilot, 7, 1)
        await pilot.press("d")
        assert [(z.side, z.corner, z.other) for z in screen.draft.zones] == [("defender", (6, 0), (7, 1))]
        assert screen.canvas.zones[(7, 0)].value == "defender"
        await pilot.press("D")
        assert screen.draft.zones == ()
        await pilot.press("u", "u", "u", "u")
        assert [u.name for u in screen.draft.units if u.side == "attacker"] == ["Hale", "Wren"]
        await pilot.press("U")
        assert [u.name for u in screen.draft.units if u.side == "attacker"] == ["Hale", "Wren", "Newt"]


async def test_a_bundled_scenario_from_the_title_a_unit_on_a_wall_e_and_the_players_copy_saved(tmp_path):
    bundled = ROOT / "scenarios" / "ashby_raid.yaml"
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        chooser = app.screen
        chooser.answer(str(bundled))  # the list is long: the choice itself is the map editor's test
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScenarioEditorScreen) and screen.file.path is None
        ketil = next(u for u in screen.draft.units if u.name == "Ketil")
        await go(pilot, *ketil.at)
        await pilot.press("enter")
        await go(pilot, 4, 1)  # the palisade
        await pilot.press("enter")
        assert screen.problems and screen.problems[0].error and screen.problems[0].tile == (4, 1)
        assert screen.canvas.problems == {(4, 1): True}
        await go(pilot, 0, 0)
        await pilot.press("e")
        assert screen.canvas.cursor == (4, 1) and "Wall" in status(app)
        await pilot.press("enter")  # picked up again, and put down on open ground
        await go(pilot, 1, 0)
        await pilot.press("enter", "w")
        await pilot.pause()
        await pilot.press("enter")  # the suggested name, in the data folder's scenarios/
        await pilot.pause()
        assert screen.problems == [] and "Saved to" in status(app), status(app)
    saved = data_dir() / "scenarios" / "ashby_raid_2.yaml"
    assert next(u for u in load_scenario(saved).scenario.armies["attacker"] if u.name == "Ketil").at == (2, 1)
    assert "{name: Ketil, class: Thief, items: [Iron Sword], at: [2, 1]}" in saved.read_text()
    assert "{name: Ketil, class: Thief, items: [Iron Sword], at: [3, 1]}" in bundled.read_text()  # as it was


async def test_a_new_scenario_its_settings_and_a_unit_per_side_by_keys_then_saved(tmp_path):
    from officers_chess.content.editing.scenario_settings import new_scenario_file
    from officers_chess.tui.dialogs.scenario_settings import SettingsDialog

    path = new_scenario_file(data_dir() / "scenarios" / "drill.yaml", "training_yard", "Drill")
    app = OfficersChessApp(editor=(*ScenarioFile.open(path), False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("s")
        dialog = app.screen
        assert isinstance(dialog, SettingsDialog)
        for field, typed in (("rounds", "5"), ("reason", "Dusk"), ("victory-attacker", "rout")):
            dialog.query_one(f"#{field}").focus()
            await pilot.press(*typed)
        await pilot.press("enter")
        assert app.screen is screen and "Changed the settings" in status(app)
        for side_key, (x, y), cls in ((None, (0, 3), "Fighter"), ("tab", (9, 3), "Soldier")):
            if side_key:
                await pilot.press(side_key)
            await go(pilot, x, y)
            await pilot.press("a", *f"U{x}", "tab", *cls, "enter", "ctrl+s")  # no items: fewer keys, a faster test
        assert len(screen.draft.units) == 2 and not any(p.error for p in screen.problems)
        await pilot.press("w")
    scenario = load_scenario(path).scenario
    assert (scenario.time_limit.rounds, scenario.time_limit.reason, scenario.time_limit.winner) == (5, "Dusk", "defender")
    assert [(c.kind, c.tier) for c in scenario.sides["attacker"].victory] == [("rout", "victory")]
    assert [u.name for side in scenario.armies.values() for u in side] == ["U0", "U9"]
