"""Resume from the title screen (c) and from the command line (`officers-chess resume [SAVE]`)."""

from __future__ import annotations

import os

import pytest
from pilot_helpers import computer_mustered, screen_text

from officers_chess.commands import console
from officers_chess.content.autosave import Autosaver, resume_state
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save
from officers_chess.content.user_data import autosave_dir
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.tui import app as app_module
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.title import TitleScreen


def _unfinished(actions: int = 5, seed: int = 4) -> Autosaver:
    """An autosave of Training Yard, two people at the keyboard, `actions` actions in."""
    loaded = load_scenario(find_scenario("training_yard"))
    state = loaded.new_battle(seed=seed)
    saver = Autosaver.start(loaded, seed, {}, state, {"attacker": "human", "defender": "human"})
    for _ in range(actions):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        saver.add(action, state)
    return saver


async def test_with_continue_offered_every_title_key_fits_80_columns():
    """The title's footer ended "q Quit F1" at 80 columns once c Continue joined it: a newcomer saw Rules cut off."""
    from officers_chess.tui.footer_room import footer_width

    _unfinished()
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TitleScreen) and screen.check_action("continue_battle", ())
        for _ in range(len(screen.scenarios) + 6):  # every battle and campaign highlighted: the keys change with it
            assert footer_width(screen) <= 80, screen_text(app).splitlines()[-1]
            assert screen_text(app).splitlines()[-1].rstrip().endswith("F1  Rules")
            await pilot.press("down")
            await pilot.pause()


async def test_the_title_offers_the_unfinished_battle_and_c_goes_on_with_it():
    saver = _unfinished()
    expected = resume_state(open_save(saver.path)).state
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        text = " ".join(screen_text(app).split())
        assert "Continue: Training Yard, round" in text and "c Continue" in text
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.state == expected
        logged = " ".join(str(line.text) for line in screen.query_one("RichLog").lines)
        assert "Training Yard goes on: round" in logged
        assert resume_state(open_save(saver.path)).told[-1] in logged  # where things stood, told again
        # It was saved in the middle of a turn: that unit goes on, and what it does is saved on.
        c = screen.controller
        assert c.selected == expected.active.unit
        before = len(open_save(saver.path).record.actions)
        await pilot.press("w")
        await pilot.pause()
        assert len(open_save(saver.path).record.actions) == before + 1
        assert open_save(saver.path).record.actions[-1].action == Wait()


async def test_without_a_save_the_title_has_no_continue_line():
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Continue" not in str(app.screen.query_one("#continue").content)
        await pilot.press("c")  # nothing to continue: nothing happens
        assert isinstance(app.screen, TitleScreen)


@pytest.fixture
def started(monkeypatch) -> list[OfficersChessApp]:
    apps: list[OfficersChessApp] = []
    monkeypatch.setattr(app_module.OfficersChessApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def test_resume_without_a_save_takes_the_newest_unfinished_autosave(started):
    older = _unfinished(3, seed=1)
    newer = _unfinished(6, seed=2)
    os.utime(older.path, (1000, 1000))
    assert console.main(["resume"]) == 0
    (app,) = started
    assert app.first_resume.path == newer.path


def test_resume_names_a_save_and_refuses_bad_ones(started, tmp_path, capsys):
    saver = _unfinished(2)
    assert console.main(["resume", str(saver.path)]) == 0
    assert started[0].first_resume.path == saver.path
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "officers-chess-battle", "version": 2,\n "seed": "x"}')
    assert console.main(["resume", str(broken)]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_resume_with_nothing_to_resume_says_where_it_looked(started, capsys):
    assert console.main(["resume"]) == 2
    assert str(autosave_dir()) in capsys.readouterr().err and started == []


def test_a_battle_resumed_in_the_middle_of_a_turn_goes_on_with_that_unit():
    from officers_chess.session.controller import BattleController
    from officers_chess.session.modes import Mode

    saver = _unfinished(5)  # Move, Wait, Move, Wait, Move: the fifth unit has moved and not acted
    state = resume_state(open_save(saver.path)).state
    assert state.active is not None
    c = BattleController(state)
    assert c.mode is Mode.ACTING and c.selected == state.active.unit and c.cursor == state.active_unit.pos
    assert c.cancel() is None and c.state == state  # the move was committed: it cannot be taken back
    assert c.take_back_line() is not None and "no undo" in c.take_back_line()


async def test_two_players_see_the_dice_fingerprint_first_and_the_seed_at_the_end():
    from officers_chess.rules.basics.dice import seed_fingerprint
    from officers_chess.session import dice_words
    from officers_chess.tui.screens.result import summary

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=77)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = " ".join(str(line.text) for line in app.screen.query_one("RichLog").lines)
        assert f"fingerprint {seed_fingerprint(77)}" in log and "77" not in log.replace(seed_fingerprint(77), "")
        # Where the dice come from, said as the battle starts in one line with the fingerprint, never the seed (L83).
        assert " ".join(dice_words.start_line(seed_fingerprint(77)).split()) in " ".join(log.split())
        assert log.count(seed_fingerprint(77)) == 1 and log.count("Dice") == 1
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=77)
    from rich.console import Console

    console = Console(width=120, record=True, file=open(os.devnull, "w"))
    console.print(summary(state))
    assert f"Dice seed 77 (fingerprint {seed_fingerprint(77)})" in console.export_text()


async def test_ctrl_s_saves_a_named_copy_and_l_on_the_title_loads_it():
    from officers_chess.content.user_data import saves_dir
    from officers_chess.tui.dialogs.army_file import TextPrompt
    from officers_chess.tui.dialogs.save_picker import SavePicker

    from pilot_helpers import play_activation

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        battle = app.screen
        await play_activation(pilot, battle)
        await play_activation(pilot, battle)
        expected = battle.controller.state
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+a", "ctrl+k", *"my-game", "enter")  # clear the suggested name, type ours
        await pilot.pause()
        assert (saves_dir() / "my-game.json").is_file()
        kept = (saves_dir() / "my-game.json").read_text()
        await play_activation(pilot, battle)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"my-game", "enter")  # the same name again: asked first
        await pilot.pause()
        from officers_chess.tui.dialogs.confirm import ConfirmDialog

        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert (saves_dir() / "my-game.json").read_text() == kept
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SavePicker)
        names = [s.path.name for s in picker.saves]
        assert "my-game.json" in names
        for _ in range(names.index("my-game.json")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen) and app.screen.controller.state == expected


async def test_army_building_is_saved_after_each_step_and_resumes_there():
    from officers_chess.content.autosave import newest_unfinished, unfinished_hint
    from officers_chess.content.muster_saves import SavedMuster
    from officers_chess.rules.pieces.models import Side
    from officers_chess.tui.screens.hiring import HiringScreen
    from officers_chess.tui.screens.scouting import ScoutingScreen

    from muster_keys import confirm_step, hire

    loaded = load_scenario(find_scenario("practice_muster"))
    app = OfficersChessApp(scenario=loaded, seed=3, computer={Side.DEFENDER: "greedy"})
    async with app.run_test(size=(100, 30)) as pilot:
        await computer_mustered(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        await hire(pilot, screen, "Fighter", ["Iron Axe"])
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        await confirm_step(pilot)
        assert isinstance(app.screen, ScoutingScreen)
        hired = app.muster.muster.model_copy(deep=True)
    found = newest_unfinished()
    assert found is not None and isinstance(found.saved, SavedMuster)
    assert found.saved.record.muster == hired and found.saved.record.seed == 3
    assert unfinished_hint().startswith("Practice Muster, army building")
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoutingScreen)  # the step after the hiring that was confirmed
        assert app.muster.muster == hired and app.game_seed == 3 and app.computer == {Side.DEFENDER: "greedy"}


async def test_a_long_continue_line_puts_load_on_a_line_of_its_own_at_80_columns(monkeypatch):
    from officers_chess.content.autosave import ContinueHint
    from officers_chess.tui.screens import title_saves as title_module  # (the Continue line is drawn there)

    long_line = "The Long March, in contact, round 1, saved 25 Nov 14:26"
    monkeypatch.setattr(title_module, "continue_hint", lambda: ContinueHint(long_line, None, None))
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = str(app.screen.query_one("#continue").content).splitlines()
        assert lines == [f" c  Continue: {long_line}", " l  Load…"]  # never "l" on one line and "Load…" below
    async with OfficersChessApp().run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        lines = str(pilot.app.screen.query_one("#continue").content).splitlines()
        assert lines == [f" c  Continue: {long_line}    l  Load…"]  # room for both: side by side
