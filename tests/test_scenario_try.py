"""The scenario editor's "try it at once": a play-test against the computer and back, a quick balance in a thread."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Static

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.user_data import autosave_dir
from officers_chess.session.balance_rule import BalanceRow, quick_line
from officers_chess.session.batch_games import run_batch
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.quick_balance import QuickBalanceDialog
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

ROOT = Path(__file__).resolve().parents[1]


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def copy_of(tmp_path: Path, name: str) -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


async def test_play_test_plays_the_unsaved_draft_against_the_computer_and_comes_back_to_the_same_editor(tmp_path):
    path = copy_of(tmp_path, "training_yard")
    app = OfficersChessApp(seed=1, editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        assert isinstance(editor, ScenarioEditorScreen)
        hale = editor.draft.units[0]
        editor._move_cursor(hale.at)
        await pilot.press("enter")
        editor._move_cursor((1, 2))
        await pilot.press("enter", "tab")  # Hale moved (unsaved); the person takes the defender
        assert editor.history.unsaved and editor.draft.units[0].at == (1, 2)
        await pilot.press("p")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen), status(app)
        assert set(battle.computer) == {Side.ATTACKER} and battle.autosaver is None  # a throwaway: never saved
        assert app.computer == {Side.ATTACKER: "normal"}
        assert not [n for n in app._notifications if "utosave" in n.message]  # off on purpose: not told as a failure
        assert next(u for u in battle.loaded.scenario.armies["attacker"] if u.name == "Hale").at == (2, 3)  # (counted from 1)
        assert not list(tmp_path.glob(".*"))  # the hidden file it was loaded from is gone
        # The result's one Enter is named for where it leads: back to the editor, not the title.
        result = ResultScreen(battle.controller.view)
        await app.push_screen(result)
        await pilot.pause()
        assert result.check_action("editor", ()) and not result.check_action("title", ())
        app.pop_screen()
        await pilot.pause()
        await pilot.press("ctrl+q")  # quitting the whole game says the play-test's words, not the editor's under it
        await pilot.pause()
        assert "This play-test is not kept" in str(app.screen.query_one(Static).render())
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")  # in a play-test, q leaves for the editor rather than quitting the game
        await pilot.pause()
        assert "Leave the play-test for the editor?" in str(app.screen.query_one(Static).render())
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is editor and "Back from the play-test" in status(app)
        assert editor.history.unsaved and editor.draft.units[0].at == (1, 2) and editor.side == "defender"
        assert editor.canvas.cursor == (1, 2)
        assert app.computer == {}
        await pilot.press("u")  # the undo history is the one it had
        assert editor.draft.units[0].at == hale.at
    assert not autosave_dir().exists() or not list(autosave_dir().iterdir())


async def test_quick_balance_plays_balances_games_in_a_thread_and_says_the_share_and_verdict(tmp_path):
    path = copy_of(tmp_path, "training_yard")
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        editor.quick_games = 2
        await pilot.press("B")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, QuickBalanceDialog)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert dialog.query_one("ProgressBar").progress == 2
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is editor
        expected = quick_line(BalanceRow.of("", "", run_batch(path, 2, 1, ("normal", "normal"))))
        assert status(app) == expected
        assert expected.startswith("Attacker won 1, defender 1, draws 0: the attacker took 50% of decisive games (95%: ")
        assert "; a fair fight" in expected
        assert not list(tmp_path.glob(".*"))
        editor.quick_games = 500
        await pilot.press("B", "escape")  # stops after the game being played: never 500 games
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is editor and status(app) == "Quick balance stopped."
        assert not list(tmp_path.glob(".*"))


async def test_an_error_in_the_checks_refuses_both_with_a_message(tmp_path):
    path = copy_of(tmp_path, "ashby_raid")
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        ketil = next(u for u in editor.draft.units if u.name == "Ketil")
        editor._move_cursor(ketil.at)
        await pilot.press("enter")
        editor._move_cursor((4, 1))  # the palisade: an error
        await pilot.press("enter", "p")
        assert app.screen is editor and "No play-test while the checks find an error" in status(app)
        await pilot.press("B")
        assert app.screen is editor and "No quick balance while the checks find an error" in status(app)


def test_a_quick_line_says_no_decisive_game_and_not_fair():
    row = BalanceRow("", "", 0, 0, 3, 60.0)
    assert quick_line(row).startswith("Attacker won 0, defender 0, draws 3: no game had a winner; not a fair fight")
