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


def _killed_at(delay: float, folder: Path) -> Path:
    """Start the victim, let it play `delay` seconds past its first save, kill it; its save file."""
    env = {**os.environ, DATA_VARIABLE: str(folder), "PYTHONPATH": os.pathsep.join(sys.path)}
    victim = subprocess.Popen([sys.executable, str(VICTIM), "long_march", "7"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not saves_in(folder / "autosaves"):
            assert victim.poll() is None, victim.stderr.read().decode()
            assert time.monotonic() < deadline, "the game never wrote its first save"
            time.sleep(0.02)
        time.sleep(delay)
    finally:
        victim.send_signal(signal.SIGKILL)
        victim.wait()
    (save,) = saves_in(folder / "autosaves")
    return save


def test_twenty_kills_each_resume_exactly_as_of_the_last_committed_action(tmp_path):
    rng = random.Random(20261122)
    delays = [(tmp_path / f"kill-{kill}", rng.uniform(0.0, 2.5)) for kill in range(KILLS)]
    # two victims at a time (CI has two cores): each has its own folder, so they cannot meet
    with ThreadPoolExecutor(max_workers=2) as pool:
        saves = list(pool.map(lambda job: _killed_at(job[1], job[0]), delays))
    counts = []
    for (folder, _), save in zip(delays, saves):
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
    save = _killed_at(1.0, tmp_path)
    saved = open_save(save)
    expected = resume_state(saved).state
    app = OfficersChessApp(resume=saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.controller.state == expected
        assert f"Round {expected.round}" in str(screen.query_one("#status").content)
