"""A battle killed (SIGKILL) at random moments is resumed exactly as of its last committed action."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from officers_chess.content.autosave import newest_unfinished, resume_state
from officers_chess.content.save_files import saves_in
from officers_chess.content.saves import open_save, read_save
from officers_chess.content.user_data import DATA_VARIABLE
from officers_chess.rules.history.record import state_hash
from officers_chess.rules.history.replay import first_divergence
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen

VICTIM = Path(__file__).with_name("kill_victim.py")
KILLS = 20


def _actions_saved(folder: Path) -> int:
    """How many actions the victim's autosave holds now: a save writes one action a line (tests/test_saves.py), and
    each is replaced whole (never half a file), so counting lines is a cheap, safe look while it plays."""
    found = saves_in(folder / "autosaves")
    if not found:
        return -1
    try:
        return sum(line.startswith('    {"action"') for line in found[0].read_text().splitlines())
    except OSError:  # between its write and its rename: look again
        return -1


def _killed_at(moment: tuple[int, float], folder: Path) -> Path:
    """Start the victim, let it play until its save holds `actions` actions and then `jitter` seconds more (so the
    kill can fall in the middle of writing the next), kill it; its save file. Waiting for a number of actions, not a
    time, spreads the kills over the battle however slow the machine is."""
    actions, jitter = moment
    env = {**os.environ, DATA_VARIABLE: str(folder), "PYTHONPATH": os.pathsep.join(sys.path)}
    victim = subprocess.Popen([sys.executable, str(VICTIM), "long_march", "7"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while _actions_saved(folder) < actions:
            assert victim.poll() is None, victim.stderr.read().decode()
            assert time.monotonic() < deadline, f"the game never saved {actions} actions"
            time.sleep(0.02)
        time.sleep(jitter)
    finally:
        victim.send_signal(signal.SIGKILL)
        victim.wait()
    (save,) = saves_in(folder / "autosaves")
    return save


def test_twenty_kills_each_resume_exactly_as_of_the_last_committed_action(tmp_path):
    rng = random.Random(20261122)
    # Each kill after its own number of saved actions (0 to 39, no two alike), then up to a tenth of a second more.
    moments = [(tmp_path / f"kill-{kill}", (actions, rng.uniform(0.0, 0.1)))
              for kill, actions in enumerate(rng.sample(range(40), KILLS))]
    # two victims at a time (CI has two cores): each has its own folder, so they cannot meet
    with ThreadPoolExecutor(max_workers=2) as pool:
        saves = list(pool.map(lambda job: _killed_at(job[1], job[0]), moments))
    counts = []
    for (folder, _), save in zip(moments, saves):
        record = read_save(save)  # never half a file: the old one or the new one
        saved = open_save(save)
        assert first_divergence(record, saved.start) is None
        resumed = resume_state(saved)
        assert resumed.note == "" and resumed.actions == len(record.actions)
        last = record.actions[-1].state if record.actions else record.initial_state
        assert state_hash(resumed.state) == last
        found = newest_unfinished(folder / "autosaves")
        assert found is not None and found.saved.path == save
        counts.append(len(record.actions))
    assert len(set(counts)) > KILLS // 2, f"the kills should fall at many different moments: {counts}"
    assert max(counts) > 20


async def test_the_resumed_game_opens_on_that_state(tmp_path, monkeypatch):
    # The save's players are two computers, who would play on at once: hold them, to look at the state.
    monkeypatch.setattr(BattleScreen, "computer_plays", lambda self: None)
    save = _killed_at((12, 0.05), tmp_path)  # a dozen actions in, and a moment more
    saved = open_save(save)
    expected = resume_state(saved).state
    app = OfficersChessApp(resume=saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.controller.state == expected
        assert f"Round {expected.round}" in str(screen.query_one("#status").content)
