"""Saves: never trust, never lose.

A save edited by hand (a checkpoint, the armies, the seed, an action, the players) is refused or rolled back to
the last round that holds, with a line saying why, through `officers-chess resume` and the title screen's
Continue and Load. The title screen offers only saves that load, reads a huge file's first few bytes only, and
shows public facts alone. Autosave comes back after a full disk or a removed folder. Rosters live in the one
data folder.
"""

from __future__ import annotations

import builtins
import errno
import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from officers_chess.commands import console
from officers_chess.content import autosave as autosave_module
from officers_chess.content import save_summary as save_summary_module
from officers_chess.content import saves as saves_module
from officers_chess.content.autosave import Autosaver, resume_state
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save, read_save, write_save
from officers_chess.content.user_data import DATA_VARIABLE, autosave_dir
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.history import record as record_module
from officers_chess.rules.history.record import Recorder, state_hash
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import app as app_module
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.title import TitleScreen

from pilot_helpers import play_activation, screen_text

HUMANS = {"attacker": "human", "defender": "human"}


# Looked up when used, so each test here fails on what it checks (not on an import) against the old code.
def continue_hint(*args):
    return autosave_module.continue_hint(*args)


def save_summary(path):
    return autosave_module.save_summary(path)


def public_reason(exc):
    return saves_module.public_reason(exc)


def opening_digest(data):
    return record_module.opening_digest(data)


def _save_problem():
    return saves_module.SaveProblem


def _play(state, n):
    """n legal actions, always the first Move then Wait: a battle that goes on (12 reach round 2)."""
    played = []
    for _ in range(n):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        played.append((action, state))
    return played


def _battle(actions: int = 12, seed: int = 4, when: float | None = None) -> tuple[Autosaver, list]:
    """A hot-seat Training Yard autosave `actions` actions in, in the autosave folder (written at `when`)."""
    loaded = load_scenario(find_scenario("training_yard"))
    start = loaded.new_battle(seed=seed)
    saver = Autosaver.start(loaded, seed, {}, start, HUMANS)
    played = _play(start, actions)
    for action, after in played:
        saver.add(action, after)
    if when is not None:
        os.utime(saver.path, (when, when))
    return saver, [(None, start)] + played


def _edit(path: Path, change) -> None:
    """Edit the save's JSON by hand, as a player with a text editor would, keeping its time (still the newest)."""
    stat = path.stat()
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.utime(path, (stat.st_atime, stat.st_mtime))


def _reseal(data: dict) -> None:
    """What an editor who knows the seal's recipe would do after an edit: seal the opening again."""
    data["opening"] = opening_digest(data)


@pytest.fixture
def started(monkeypatch) -> list[OfficersChessApp]:
    """`officers-chess resume` without opening a screen: the apps it would run."""
    apps: list[OfficersChessApp] = []
    monkeypatch.setattr(app_module.OfficersChessApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def _told(app) -> list[str]:
    """Every notification the app gives from now on."""
    messages: list[str] = []
    original = app.notify

    def notify(message, **kwargs):
        messages.append(str(message))
        return original(message, **kwargs)

    app.notify = notify
    return messages


# --- a hand-edited checkpoint -------------------------------------------------------------------------------


def _boost_last_checkpoint(data: dict) -> None:
    data["checkpoints"][-1]["state"]["units"][0]["hp"] = 99  # a hero with 99 HP from round 2 on


def test_an_edited_checkpoint_is_refused_and_the_battle_goes_back_to_the_round_before_it(started, capsys):
    saver, states = _battle()
    checkpoints = read_save(saver.path).checkpoints
    assert [c.round for c in checkpoints] == [1, 2], "the battle should reach round 2"
    _edit(saver.path, _boost_last_checkpoint)
    resumed = resume_state(open_save(saver.path))
    assert "round 2 checkpoint does not match" in resumed.note and "round 1" in resumed.note
    assert resumed.actions == 0 and resumed.state == states[0][1]  # round 1 rebuilt from the seed, not read
    assert all(unit.hp <= 20 for unit in resumed.state.units)
    # The command line says the same and goes on from there.
    assert console.main(["resume", str(saver.path)]) == 0
    (app,) = started
    assert app.first_resumed.state == states[0][1]
    assert "round 2 checkpoint does not match" in capsys.readouterr().err


def test_an_edited_checkpoint_is_never_the_state_a_broken_action_falls_back_to():
    # The old way: a later action that does not replay sent the battle to the last checkpoint, as written.
    saver, states = _battle()
    after = read_save(saver.path).checkpoints[-1].after

    def edit(data):
        _boost_last_checkpoint(data)
        data["actions"][after]["state"] = "0" * 64  # the action after the checkpoint no longer holds

    _edit(saver.path, edit)
    resumed = resume_state(open_save(saver.path))
    assert resumed.state == states[0][1] and max(unit.hp for unit in resumed.state.units) <= 20
    assert "checkpoint does not match" in resumed.note


async def test_load_on_the_title_refuses_an_edited_checkpoint_and_says_why():
    from officers_chess.tui.dialogs.save_picker import SavePicker

    saver, states = _battle()
    _edit(saver.path, _boost_last_checkpoint)
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavePicker) and app.screen.saves[0].path == saver.path
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.state == states[0][1]
        assert any("round 2 checkpoint does not match" in line for line in told)
        # It goes on in a new autosave; the edited file is kept as it was, never overwritten.
        assert screen.autosaver.path != saver.path


# --- hand-edited armies ---------------------------------------------------------------------------------------


def _hired_battle(actions: int = 5) -> Path:
    """An unfinished Practice Muster battle (both sides hired their armies), as an autosave."""
    from officers_chess.content.saves import scenario_ref
    from officers_chess.ai.play import make_policy
    from officers_chess.commands.simulate_report import record_battle

    loaded = load_scenario(find_scenario("practice_muster"))
    policies = {Side.ATTACKER: make_policy("greedy", 10), Side.DEFENDER: make_policy("greedy", 11)}
    _, record = record_battle(loaded, policies, 7, 60, scenario_ref(loaded), {Side.ATTACKER: "human", Side.DEFENDER: "human"})
    assert record.armies and len(record.actions) > actions
    record = Recorder.carry_on(record, actions).record()
    path = autosave_dir() / "20260101-120000-practice_muster.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, record)
    return path


def _swap_places(data: dict) -> None:
    first, second = data["armies"]["attacker"][:2]
    first["at"], second["at"] = second["at"], first["at"]  # still inside the deployment zone


@pytest.mark.parametrize("resealed", [False, True])
def test_edited_armies_are_refused_with_one_line(started, capsys, resealed):
    path = _hired_battle()
    assert resume_state(open_save(path)).note == ""
    _edit(path, lambda d: (_swap_places(d), resealed and _reseal(d)))
    with pytest.raises(_save_problem(), match="armies"):
        resume_state(open_save(path))
    assert console.main(["resume", str(path)]) == 2 and started == []
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "armies" in err and str(path) in err


def test_the_title_passes_over_saves_with_edited_armies_and_offers_the_good_one_before(tmp_path):
    good, states = _battle(actions=5, when=1000)
    path = _hired_battle()
    _edit(path, _swap_places)
    hint = continue_hint()
    assert hint.path == good.path and hint.passed_over is not None and "was edited" in hint.passed_over


# --- an edited seed -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("resealed", [False, True])
def test_an_edited_seed_is_refused_through_resume_with_one_line(started, capsys, resealed):
    saver, _ = _battle(actions=6)
    _edit(saver.path, lambda d: (d.update(seed=d["seed"] + 1), resealed and _reseal(d)))
    with pytest.raises(_save_problem(), match="seed"):
        resume_state(open_save(saver.path))
    assert console.main(["resume", str(saver.path)]) == 2 and started == []
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "seed" in err
    # Nothing else to go on with: resume without a save says so in one line, naming why.
    assert console.main(["resume"]) == 2 and started == []
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "no unfinished battle that loads" in err and "edited" in err


async def test_continue_passes_over_an_edited_seed_found_only_when_replayed_and_offers_the_next_good_save():
    good, states = _battle(actions=5, when=1000)
    expected = resume_state(open_save(good.path)).state
    edited, _ = _battle(actions=6, seed=9)
    _edit(edited.path, lambda d: (d.update(seed=d["seed"] + 1), _reseal(d)))  # resealed: only a replay sees it
    assert continue_hint().path == edited.path  # the cheap look cannot tell
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen) and app.screen.controller.state == expected
        assert any(edited.path.name in line and "seed was edited" in line for line in told)
    assert continue_hint().passed_over is not None  # remembered: the Continue line passes over it now


async def test_with_only_an_edited_save_continue_says_why_and_does_not_start_anything():
    edited, _ = _battle(actions=6)
    _edit(edited.path, lambda d: d.update(seed=d["seed"] + 1))
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        line = " ".join(str(app.screen.query_one("#continue").content).split())
        assert "Continue:" not in line and "Passed over the newest save" in line and "edited" in line
        await pilot.press("c")  # no Continue offered: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and not any("Continue" in t for t in told)


# --- an edited action, rolls and players ----------------------------------------------------------------------


def test_an_edited_action_goes_back_to_the_start_of_its_round(started, capsys):
    saver, states = _battle()
    record = read_save(saver.path)
    second = record.checkpoints[-1].after  # round 2 starts after this many actions
    moved = next(n for n in range(second + 1, len(record.actions) + 1) if record.actions[n - 1].action.kind == "move")

    def edit(data):
        data["actions"][moved - 1]["action"]["to"] = [0, 0]  # a unit moved somewhere else by hand

    _edit(saver.path, edit)
    resumed = resume_state(open_save(saver.path))
    assert f"action {moved} (round 2) does not replay" in resumed.note
    assert resumed.actions == second and resumed.state == states[second][1]
    assert console.main(["resume", str(saver.path)]) == 0
    assert started[0].first_resumed.state == states[second][1]
    assert f"action {moved}" in capsys.readouterr().err


def test_edited_players_are_refused_by_the_seal(started, capsys):
    # Who plays each side is not in any state: the seal over the opening is what guards it.
    saver, _ = _battle(actions=4)
    _edit(saver.path, lambda d: d["players"].update(defender="greedy"))
    assert save_summary(saver.path).problem.startswith("the save was edited")
    assert console.main(["resume", str(saver.path)]) == 2
    assert "seal" in capsys.readouterr().err


def test_an_edited_die_roll_goes_back_to_the_start_of_its_round(started, capsys):
    from officers_chess.ai.play import make_policy
    from officers_chess.rules.basics.dice import RollNeeded
    from officers_chess.rules.battle.physical import apply_with_rolls, roll_your_own

    loaded = load_scenario(find_scenario("training_yard"))
    state = roll_your_own(loaded.new_battle(seed=2))
    saver = Autosaver.start(loaded, 2, {}, state, HUMANS)
    rolls = iter([11, 4, 17, 9, 2, 14, 6, 19, 3, 12] * 40)
    players = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    rolled_at = None
    for count in range(60):
        if rolled_at is not None and count > rolled_at + 2:
            break  # a few actions past the first roll: the battle goes on
        action = players[state.to_act].choose(state)
        typed: list[int] = []
        while True:
            try:
                outcome = apply_with_rolls(state, action, typed)
                break
            except RollNeeded:
                typed.append(next(rolls))
        state = outcome.state
        saver.add(action, state, typed or None)
        if typed and rolled_at is None:
            rolled_at = count
    record = read_save(saver.path)
    assert not record.finished
    number = next(n for n, entry in enumerate(record.actions, 1) if entry.rolls)

    def edit(data):
        entry = data["actions"][number - 1]
        entry["rolls"][0] = 20 if entry["rolls"][0] != 20 else 1

    _edit(saver.path, edit)
    resumed = resume_state(open_save(saver.path))
    assert f"action {number} " in resumed.note and resumed.actions < number
    assert console.main(["resume", str(saver.path)]) == 0
    assert started[0].first_resumed.actions == resumed.actions and f"action {number} " in capsys.readouterr().err


# --- every kind of edit through Load on the title screen ----------------------------------------------------------


def _edited_checkpoint():
    saver, states = _battle()
    _edit(saver.path, _boost_last_checkpoint)
    return saver.path, states[0][1], "round 2 checkpoint does not match"


def _edited_armies():
    path = _hired_battle()
    _edit(path, lambda d: (_swap_places(d), _reseal(d)))
    return path, None, "armies were edited"


def _edited_seed():
    saver, _ = _battle(actions=6)
    _edit(saver.path, lambda d: (d.update(seed=d["seed"] + 1), _reseal(d)))
    return saver.path, None, "seed was edited"


def _edited_action():
    saver, states = _battle()
    second = read_save(saver.path).checkpoints[-1].after
    _edit(saver.path, lambda d: d["actions"][second].update(state="0" * 64))
    return saver.path, states[second][1], f"action {second + 1} (round 2) does not replay"


@pytest.mark.parametrize("make", [_edited_checkpoint, _edited_armies, _edited_seed, _edited_action])
async def test_load_on_the_title_rolls_back_or_refuses_each_kind_of_edit_and_says_why(make):
    from officers_chess.tui.dialogs.save_picker import SavePicker

    path, goes_on_from, why = make()
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavePicker) and app.screen.saves[0].path == path
        await pilot.press("enter")
        await pilot.pause()
        assert any(why in line for line in told), told
        if goes_on_from is None:  # refused: back on the title, nothing started
            assert isinstance(app.screen, TitleScreen)
        else:  # rolled back: the battle goes on from the last round that holds, rebuilt
            assert isinstance(app.screen, BattleScreen) and app.screen.controller.state == goes_on_from


async def test_the_load_list_marks_an_edited_opening_and_does_not_offer_it():
    from officers_chess.tui.dialogs.save_picker import SavePicker

    saver, _ = _battle(actions=6)
    _edit(saver.path, lambda d: d.update(seed=d["seed"] + 1))  # not resealed: the cheap look sees it
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SavePicker) and "the save was edited" in picker.saves[0].problem
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is picker and "the save was edited" in screen_text(app)


# --- the title screen: only saves that load, read cheaply ------------------------------------------------------


async def test_the_title_passes_over_a_cut_off_newest_save_and_continue_takes_the_one_before():
    good, _ = _battle(actions=5, when=1000)
    expected = resume_state(open_save(good.path)).state
    cut, _ = _battle(actions=3, seed=8)
    text = cut.path.read_text()
    cut.path.write_text(text[: len(text) // 2])  # a full disk
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        line = " ".join(str(app.screen.query_one("#continue").content).split())
        assert "Continue: Training Yard, round 1" in line
        assert "Passed over the newest save (Training Yard" in line and "it is cut off" in line
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen) and app.screen.controller.state == expected
        assert any("cut off" in t for t in told)
    assert cut.path.read_text() == text[: len(text) // 2]  # never overwritten


class _CountReads:
    """Bytes read from one file, however it is opened (os.open and os.read, builtins.open, io.open, Path.read_*)."""

    def __init__(self, monkeypatch, path: Path) -> None:
        self.path, self.total, self.fds = str(path), 0, set()
        real_open, real_os_open, real_os_read, real_close = io.open, os.open, os.read, os.close
        counter = self

        def counting_open(file, *args, **kwargs):
            handle = real_open(file, *args, **kwargs)
            if str(file) != counter.path:
                return handle

            class Counted:
                def __getattr__(self, name):
                    return getattr(handle, name)

                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    handle.close()

                def read(self, *a):
                    data = handle.read(*a)
                    counter.total += len(data)
                    return data

            return Counted()

        def counting_os_open(file, *args, **kwargs):
            fd = real_os_open(file, *args, **kwargs)
            if str(file) == counter.path:
                counter.fds.add(fd)
            return fd

        def counting_os_read(fd, size):
            data = real_os_read(fd, size)
            if fd in counter.fds:
                counter.total += len(data)
            return data

        def closing(fd):
            counter.fds.discard(fd)
            return real_close(fd)

        monkeypatch.setattr(builtins, "open", counting_open)
        monkeypatch.setattr(io, "open", counting_open)
        monkeypatch.setattr(os, "open", counting_os_open)
        monkeypatch.setattr(os, "read", counting_os_read)
        monkeypatch.setattr(os, "close", closing)


def test_a_150_megabyte_save_is_listed_as_too_large_without_being_read(monkeypatch):
    from officers_chess.tui.dialogs.save_picker import list_saves

    good, _ = _battle(actions=3, when=1000)
    huge = autosave_dir() / "20990101-000000-training_yard.json"
    with open(huge, "wb") as file:  # sparse: 150 MB on paper, nothing on the disk
        file.truncate(150_000_000)
    reads = _CountReads(monkeypatch, huge)
    listed = list_saves(autosave_dir())
    assert listed[0].path == huge and "too large" in listed[0].problem and "150 MB" in listed[0].problem
    hint = continue_hint()
    assert hint.path == good.path and "too large" in hint.passed_over
    assert reads.total == 0


def test_a_large_padded_save_is_summarised_from_its_first_and_last_bytes(monkeypatch):
    saver, states = _battle(actions=12)
    text = saver.path.read_text()
    # Whitespace is still JSON: a save as large as a save may be (MAX_SAVE_BYTES), a hundred times what is read.
    padded = text.rstrip()[:-1] + " " * (saves_module.MAX_SAVE_BYTES - len(text) - 100) + "}\n"
    saver.path.write_text(padded)
    reads = _CountReads(monkeypatch, saver.path)
    summary = save_summary(saver.path)
    assert summary.problem == "" and summary.where == "round 2" and summary.to_act == states[-1][1].to_act.value
    assert 0 < reads.total <= save_summary_module.HEAD_BYTES + save_summary_module.TAIL_BYTES


# --- what the title and the list show: public facts only --------------------------------------------------------


def test_summaries_and_reasons_show_only_public_facts():
    from officers_chess.tui.dialogs.save_picker import list_saves

    path = _hired_battle()
    record = read_save(path)
    secret = {unit.name for army in record.armies.values() for unit in army}
    secret |= {item for army in record.armies.values() for unit in army for item in unit.items}
    shown = [continue_hint().line or ""] + [info.label + info.problem for info in list_saves(autosave_dir())]
    assert "Practice Muster, round" in shown[0]
    edited = autosave_dir() / "20990101-000000-practice_muster.json"
    edited.write_text(path.read_text())

    def illegal(data):  # a class nobody can hire: the detailed error names the unit
        unit = data["armies"]["attacker"][0]
        unit["class" if "class" in unit else "unit_class"] = "Dragon"
        _reseal(data)

    _edit(edited, illegal)
    with pytest.raises(ContentError) as caught:
        open_save(edited)
    assert any(word in str(caught.value) for word in secret)  # the details, for `validate`, name a unit...
    shown.append(public_reason(caught.value))
    shown += [info.label + info.problem for info in list_saves(autosave_dir())]
    for text in shown:
        assert not any(word in text for word in secret), text
        assert not re.search(r"\b\d+, ?\d+\b", text), text  # no tiles either
    assert "armies" in public_reason(caught.value)  # ...the words players see do not


async def test_a_fogged_hot_seat_save_is_listed_by_public_facts_only():
    from officers_chess.tui.dialogs.save_picker import list_saves

    loaded = load_scenario(Path(__file__).parent / "fixtures" / "fog_yard.yaml")
    assert loaded.scenario.fog
    state = loaded.new_battle(seed=1)
    saver = Autosaver.start(loaded, 1, {}, state, HUMANS)
    for action, state in _play(state, 5):
        saver.add(action, state)
    hidden = {unit.name for unit in state.units} | {item.name for unit in state.units for item in unit.inventory}
    line = continue_hint().line
    label = list_saves(autosave_dir())[0].label
    assert line.startswith(f"{loaded.scenario.name}, round 1, saved") and f"{loaded.scenario.name} · round 1" in label
    for text in (line, label, saver.path.name):
        assert not any(word in text for word in hidden), text
        assert not re.search(r"\b\d+, ?\d+\b", text), text
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert loaded.scenario.name in shown and not any(word in shown for word in hidden)


# --- autosave comes back ---------------------------------------------------------------------------------------


def test_autosave_tells_once_when_it_fails_and_once_when_it_works_again(monkeypatch):
    saver, states = _battle(actions=2)
    state = states[-1][1]
    more = _play(state, 4)
    real = autosave_module.write_save

    def full_disk(path, record):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(autosave_module, "write_save", full_disk)
    told = [saver.add(*more[0]), saver.add(*more[1])]
    assert told[0] == "Autosave failed: the disk is full; will retry after the next action." and told[1] is None
    monkeypatch.setattr(autosave_module, "write_save", real)
    assert saver.add(*more[2]).startswith("Autosave works again")
    assert saver.add(*more[3]) is None
    assert [a.state for a in read_save(saver.path).actions][-4:] == [state_hash(after) for _, after in more]


async def test_autosave_comes_back_after_its_folder_is_removed_mid_battle_and_says_so():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        told = _told(app)
        await pilot.pause()
        battle = app.screen
        await play_activation(pilot, battle)
        path = battle.autosaver.path
        shutil.rmtree(path.parent)  # the data folder removed under the game
        await play_activation(pilot, battle)
        assert path.is_file() and state_hash(battle.controller.state) == read_save(path).actions[-1].state
        # A folder that cannot be made again (a file stands in its way): told once, and the battle goes on.
        shutil.rmtree(path.parent)
        path.parent.write_text("in the way")
        await play_activation(pilot, battle)
        await play_activation(pilot, battle)
        failed = [t for t in told if t.startswith("Autosave failed:")]
        assert len(failed) == 1 and "will retry" in failed[0]
        assert isinstance(app.screen, BattleScreen)
        path.parent.unlink()
        await play_activation(pilot, battle)
        assert [t for t in told if t.startswith("Autosave works again")]
        record = read_save(path)
        assert state_hash(battle.controller.state) == record.actions[-1].state  # nothing lost meanwhile
        assert resume_state(open_save(path)).state == battle.controller.state


# --- rosters and the one data folder ----------------------------------------------------------------------------


def test_rosters_honour_officers_chess_data(tmp_path, monkeypatch):
    from officers_chess.content.rosters import list_rosters, save_roster
    from officers_chess.rules.muster.army import Army, Recruit

    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # were it ignored, nothing lands in the real home
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "data"))
    army = Army(units=[Recruit(name="Arlen", unit_class="Mercenary", items=["Iron Sword"])])
    path = save_roster("Iron Company", army)
    assert path == tmp_path / "data" / "rosters" / "iron-company.json"
    assert [r.name for r in list_rosters()] == ["Iron Company"]


# --- army building in progress ----------------------------------------------------------------------------------


def test_an_edited_army_building_save_is_refused(tmp_path):
    from officers_chess.content.muster_saves import open_muster, write_muster
    from officers_chess.rules.muster.army import Army, Recruit
    from officers_chess.rules.muster.phases import Muster, finish_step, set_army

    loaded = load_scenario(find_scenario("practice_muster"))
    scenario, catalogue = loaded.scenario, loaded.catalogue
    first = scenario.first_deployer
    army = Army(units=[Recruit(name="Arlen", unit_class="Fighter", items=["Iron Axe"]),
                       Recruit(name="Brisa", unit_class="Archer", items=["Iron Bow"])])
    muster = finish_step(set_army(Muster(), scenario, catalogue, first, army), scenario, catalogue)
    path = tmp_path / "muster.json"
    write_muster(path, loaded, 3, HUMANS, False, muster)
    assert open_muster(path).record.muster == muster

    def rich(data):  # silver for everyone, past the war chest
        for unit in data["muster"]["armies"][first.value]["units"]:
            unit["items"] = ["Silver Axe"] * 3

    _edit(path, rich)
    with pytest.raises(_save_problem(), match="army building is not one the rules could have reached"):
        open_muster(path)


# --- a battle longer than a save holds ----------------------------------------------------------------------------


def _shorter_saves(monkeypatch, most: int) -> None:
    """Saves hold at most `most` actions (MAX_ACTIONS is 3,000: too many to play here)."""
    monkeypatch.setattr(record_module, "MAX_ACTIONS", most)
    monkeypatch.setattr(saves_module, "MAX_ACTIONS", most)


def test_a_battle_longer_than_a_save_holds_is_never_written_and_autosave_says_so_once(monkeypatch):
    saver, states = _battle(actions=2)
    more = _play(states[-1][1], 4)
    _shorter_saves(monkeypatch, 4)
    told = [saver.add(*step) for step in more]
    assert told[:2] == [None, None]
    assert told[2] == "Autosave stopped: the battle has more than 4 actions, more than a save of it holds."
    assert told[3] is None  # said once
    assert len(open_save(saver.path).record.actions) == 4  # the last save written is whole, and loads
    with pytest.raises(saves_module.TooLongToSave):  # nor does Ctrl+S (or simulate) write it
        write_save(saver.path.parent / "kept.json", saver.recorder.record())
    assert not (saver.path.parent / "kept.json").exists()


def test_a_save_of_a_larger_battle_holds_fewer_actions_so_none_takes_longer_to_replay(monkeypatch, started, capsys):
    saver, states = _battle(actions=8)
    size = len(record_module.canonical_json(states[0][1]))
    assert record_module.action_limit(states[0][1]) == record_module.MAX_ACTIONS  # Training Yard is small
    _shorter_saves(monkeypatch, 12)
    monkeypatch.setattr(record_module, "REPLAY_STATE_BYTES", -(-size // 2))  # as if its state were twice as large (rounded up: 6 whatever its parity)
    assert record_module.action_limit(states[0][1]) == 6
    with pytest.raises(ContentError, match="more than 6 actions: longer than any save of a battle this large"):
        open_save(saver.path)
    assert console.main(["resume", str(saver.path)]) == 2 and not started
    assert capsys.readouterr().err.strip().endswith("more than 6 actions: longer than any save of a battle this large")
    with pytest.raises(saves_module.TooLongToSave, match="more than 6 actions"):
        write_save(saver.path, saver.recorder.record())
