"""Autosave: each action recorded once it can no longer be taken back, written atomically, resumed exactly."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from factories import A, D, game, plains, unit

from officers_chess.content.autosave import Autosaver, newest_unfinished, resume_state
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.save_files import prune, saves_in
from officers_chess.content.saves import open_save, read_save
from officers_chess.content.user_data import DATA_VARIABLE, autosave_dir, data_dir
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.history.record import state_hash
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode


def test_the_data_folder_follows_the_variable_then_the_platform(tmp_path, monkeypatch):
    # The platform's place comes from platformdirs, which reads the environment: set it, not a dict.
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path))
    assert data_dir() == tmp_path
    assert autosave_dir() == tmp_path / "autosaves"
    monkeypatch.delenv(DATA_VARIABLE)
    monkeypatch.setenv("HOME", "/h")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    plain = data_dir(platform="linux")
    monkeypatch.setenv("XDG_DATA_HOME", "")
    assert data_dir(platform="linux") == plain
    assert str(plain) == "/h/.local/share/officers-chess"
    monkeypatch.setenv("XDG_DATA_HOME", "/x")
    assert str(data_dir(platform="linux")) == "/x/officers-chess"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert str(data_dir(platform="darwin")) == "/h/Library/Application Support/officers-chess"
    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", r"C:\a")  # platformdirs' own stand-in for %APPDATA% off Windows
    assert data_dir(platform="win32") == Path(r"C:\a") / "officers-chess"


def test_the_controller_commits_a_move_only_when_the_unit_acts_and_never_one_taken_back():
    mover = unit(id="a1", side=A, pos=(0, 0))
    foe = unit(id="d1", side=D, pos=(6, 0))
    c = BattleController(game(plains(8, 1), [mover, foe], to_act=A))
    committed = []
    c.committed = lambda action, after, rolls: committed.append((action, after))
    c.point_at((0, 0))
    c.confirm()
    c.point_at((2, 0))
    c.confirm()  # moved: not yet committed
    assert c.mode is Mode.ACTING and committed == []
    c.cancel()  # taken back: never committed
    assert committed == []
    c.point_at((3, 0))
    c.confirm()
    c.wait()
    assert [a for a, _ in committed] == [Move(unit="a1", to=(3, 0)), Wait()]
    assert committed[-1][1] == c.state


@pytest.fixture
def training_yard():
    return load_scenario(find_scenario("training_yard"))


def _play(state, n):
    """n legal actions, always the first Move then Wait: a battle that goes on."""
    actions = []
    for _ in range(n):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        actions.append((action, state))
    return actions


def test_each_action_is_written_as_it_comes_and_resume_gives_the_state_back(tmp_path, training_yard):
    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    assert read_save(saver.path).actions == []  # round 1 can be resumed before anyone acts
    for action, after in _play(start, 9):
        saver.add(action, after)
        record = read_save(saver.path)
        assert record.actions[-1].state == state_hash(after)
    found = newest_unfinished(tmp_path)
    assert found is not None and found.saved.path == saver.path and found.skipped == []
    resumed = resume_state(found.saved)
    assert resumed.actions == 9 and resumed.note == "" and resumed.state == after
    assert [c.round for c in read_save(saver.path).checkpoints] == sorted({c.round for c in read_save(saver.path).checkpoints})


def test_a_damaged_newest_save_falls_back_to_the_one_before(tmp_path, training_yard):
    start = training_yard.new_battle(seed=4)
    older = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    for action, after in _play(start, 3):
        older.add(action, after)
    newer = Autosaver.start(training_yard, 5, {}, training_yard.new_battle(seed=5), {}, folder=tmp_path)
    text = newer.path.read_text()
    newer.path.write_text(text[: len(text) // 2])  # cut off, as a disk filling up would
    os.utime(newer.path, (10**10, 10**10))  # still the newest
    found = newest_unfinished(tmp_path)
    assert found is not None and found.saved.path == older.path
    assert len(found.skipped) == 1 and str(newer.path) in str(found.skipped[0])
    assert newer.path.read_text() == text[: len(text) // 2]  # a bad save is never overwritten


def test_a_finished_battle_is_not_offered_to_resume(tmp_path):
    loaded = load_scenario(find_scenario("training_yard"))
    start = loaded.new_battle(seed=1)
    saver = Autosaver.start(loaded, 1, {}, start, {}, folder=tmp_path)
    saver.recorder.finished = True
    saver.write()
    assert newest_unfinished(tmp_path) is None


def test_only_the_newest_battles_are_kept(tmp_path, training_yard):
    paths = []
    for n in range(5):
        saver = Autosaver.start(training_yard, n, {}, training_yard.new_battle(seed=n), {}, folder=tmp_path)
        os.utime(saver.path, (1000 + n, 1000 + n))
        paths.append(saver.path)
    removed = prune(tmp_path, keep=2)
    assert set(removed) == set(paths[:3]) and saves_in(tmp_path) == [paths[4], paths[3]]


def test_a_version_1_save_still_reads(tmp_path, training_yard):
    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    for action, after in _play(start, 4):
        saver.add(action, after)
    data = json.loads(saver.path.read_text())
    data["version"] = 1
    del data["checkpoints"], data["finished"]
    saver.path.write_text(json.dumps(data))
    saved = open_save(saver.path)
    assert resume_state(saved).state == after


def test_when_an_action_no_longer_replays_the_battle_goes_on_from_the_last_round_checkpoint(tmp_path, training_yard):
    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    played = _play(start, 12)
    for action, after in played:
        saver.add(action, after)
    data = json.loads(saver.path.read_text())
    checkpoints = data["checkpoints"]
    assert len(checkpoints) >= 2, "the battle should reach round 2"
    last = checkpoints[-1]
    broken = last["after"] + 1  # an action after the last checkpoint whose recorded state no longer matches
    data["actions"][broken - 1]["state"] = "0" * 64
    saver.path.write_text(json.dumps(data))
    resumed = resume_state(open_save(saver.path))
    assert resumed.actions == last["after"] and f"action {broken}" in resumed.note
    assert resumed.state == played[last["after"] - 1][1]


def test_a_kept_save_resumed_goes_on_in_a_new_autosave_and_a_won_battle_leaves_no_copy_to_continue(tmp_path, training_yard):
    from officers_chess.ai.play import make_policy
    from officers_chess.rules.pieces.models import Side

    autos = tmp_path / "autosaves"
    start = training_yard.new_battle(seed=4)
    first = Autosaver.start(training_yard, 4, {}, start, {}, folder=autos)
    state = start
    for action, state in _play(start, 4):
        first.add(action, state)
    kept = tmp_path / "saves" / "kept.json"
    kept.parent.mkdir()
    kept.write_text(first.path.read_text())
    before = kept.read_text()
    saved = open_save(kept)
    resumed = resume_state(saved)
    saver = Autosaver.carry_on(saved, resumed.actions, folder=autos)
    assert saver.path.parent == autos and saver.path != first.path
    players = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    state = resumed.state
    while not state.is_over:
        action = players[state.to_act].choose(state)
        state = apply_action(state, action).state
        saver.add(action, state)
    assert kept.read_text() == before  # the kept save is as it was kept
    assert not first.path.exists()  # the autosave that stopped at 4 actions is retired with the win
    assert newest_unfinished(autos) is None


def test_a_save_resumed_from_a_checkpoint_is_not_overwritten(tmp_path, training_yard):
    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    for action, after in _play(start, 12):
        saver.add(action, after)
    data = json.loads(saver.path.read_text())
    data["actions"][-1]["state"] = "0" * 64
    saver.path.write_text(json.dumps(data))
    damaged = saver.path.read_text()
    saved = open_save(saver.path)
    resumed = resume_state(saved)
    assert resumed.note and resumed.actions < 12
    again = Autosaver.carry_on(saved, resumed.actions, folder=tmp_path)
    assert again.path != saver.path and saver.path.read_text() == damaged
    assert len(read_save(again.path).actions) == resumed.actions


def test_validate_plays_a_save_again(tmp_path, training_yard, capsys):
    from officers_chess.commands.console import main

    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=tmp_path)
    for action, after in _play(start, 6):
        saver.add(action, after)
    assert main(["validate", str(saver.path)]) == 0
    data = json.loads(saver.path.read_text())
    data["actions"][2]["state"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    data = json.loads(saver.path.read_text())
    data["finished"] = True
    claims_won = tmp_path / "claims_won.json"
    claims_won.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["validate", str(bad)]) == 2 and "action 3" in capsys.readouterr().err
    assert main(["validate", str(claims_won)]) == 2 and "marked finished" in capsys.readouterr().err


def test_the_load_list_and_the_continue_line_read_the_same_summary(tmp_path, training_yard):
    from officers_chess.content.autosave import unfinished_hint
    from officers_chess.tui.dialogs.save_picker import list_saves

    folder = tmp_path / "autosaves"
    start = training_yard.new_battle(seed=4)
    saver = Autosaver.start(training_yard, 4, {}, start, {}, folder=folder)
    broken = folder / "broken.json"
    broken.write_text(saver.path.read_text()[:50])
    os.utime(broken, (10**10, 10**10))
    listed = list_saves(folder)
    assert [i.path for i in listed] == [broken, saver.path]
    assert listed[0].problem and not listed[1].problem and "Training Yard · round 1 · autosave" in listed[1].label
    assert unfinished_hint(folder).startswith("Training Yard, round 1, saved")  # the broken one is passed over


async def test_a_long_name_in_the_load_list_is_shortened_so_its_time_ends_its_own_row(tmp_path):
    """At 80 columns a long scenario name pushed the save's time onto a row of its own: the name gives way."""
    from textual.widgets import OptionList

    from officers_chess.content.save_summary import save_summary
    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.dialogs.save_picker import LABEL_WIDTH, SavePicker, list_saves

    folder = tmp_path / "autosaves"
    long = "The Exceedingly Long Road to the Old Mill by the Ford"
    source = find_scenario("training_yard").read_text().replace("name: Training Yard", f"name: {long}", 1)
    (tmp_path / "long.yaml").write_text(source)
    loaded = load_scenario(tmp_path / "long.yaml")
    saver = Autosaver.start(loaded, 4, {}, loaded.new_battle(seed=4), {}, folder=folder)
    when = save_summary(saver.path).when
    [pick] = list_saves(folder)
    assert len(pick.label) <= LABEL_WIDTH
    assert pick.label.startswith("The Exceedingly Long") and "…" in pick.label
    assert pick.label.endswith(f" · round 1 · autosave · {when}")
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SavePicker([pick], "nowhere"))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.option_count == 1
        # One row: the option's rendering is as high as its one line, the time at its end.
        assert options.get_option_at_index(0).prompt.plain == pick.label
        assert options.virtual_size.height == 1
