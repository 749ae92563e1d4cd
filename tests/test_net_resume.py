"""A host that dies (a real process, SIGKILL) mid-army-building or mid-battle is resumed with `host --resume` from its autosave, at the
same address with the same codes; the seats rejoin, find the battle as it was, and play it out (issue 36)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import WAIT, Hosting, Joining, RawSeat
from websockets.exceptions import ConnectionClosed

from officers_chess.ai.play import make_policy
from officers_chess.content.save_replay import validate_save
from officers_chess.content.muster_saves import open_muster
from officers_chess.content.saves import read_save
from officers_chess.net.host import host_command
from officers_chess.net.hosted import hosted_dir
from officers_chess.net.join import decide
from officers_chess.net.messages import BattleSeat, MusterSeat, Welcome, write
from officers_chess.rules.pieces.models import Side

ROOT = Path(__file__).resolve().parent.parent
HOST = "import sys; from officers_chess.net.host import host_command; sys.exit(host_command(sys.argv[1:]))"


def _your_view(seat: RawSeat) -> BattleSeat | MusterSeat:
    while True:
        view = seat.until((BattleSeat, MusterSeat))
        if view.yours:
            return view


@pytest.mark.parametrize("scenario", ["practice_muster", "training_yard"])
def test_a_killed_host_resumes_from_its_autosave_and_the_seats_rejoin(scenario):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    dead = subprocess.Popen([sys.executable, "-u", "-c", HOST, scenario, "--headless", "--seed", "13"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        lines = [dead.stdout.readline().strip() for _ in range(2)]
        seats = {line.split()[1].rstrip(":"): (line.split()[4], line.split()[5]) for line in lines}
        defender = Joining(*seats["defender"], seed=2)  # plays first; rejoins by itself when the host is back
        attacker = RawSeat(seats["attacker"][0])
        assert isinstance(attacker.hello(seats["attacker"][1]), Welcome)
        policy = make_policy("greedy", 5)
        first = last = _your_view(attacker)  # the defender has hired, or played its first activation
        if isinstance(last, BattleSeat):
            attacker.send(write(decide(policy, last)))
            while (last := attacker.until((BattleSeat,))).at == first.at:
                pass  # the same view sent again (the defender sat down meanwhile): the host has not taken it yet
            assert last.yours  # mid-activation: nobody else can move the battle on before the kill
            assert last.undoable  # its move is held back, unsaved, until the unit acts (N10)
    finally:
        dead.kill()
    dead.wait(WAIT)
    try:
        attacker.until((Welcome,))
        raise AssertionError("the host answered after it was killed")
    except ConnectionClosed:
        pass
    [note] = list(hosted_dir().glob("*.json"))
    assert oct(note.stat().st_mode & 0o777) == "0o600"  # it holds the codes
    save = Path(json.loads(note.read_text())["save"])
    # A move the host held back dies with it (N10): the battle resumes from before it, as the autosave has it.
    committed = first if isinstance(last, BattleSeat) else last
    if isinstance(last, MusterSeat):  # the defender's army, hired before the host died, is in the muster's save
        muster = open_muster(save).record.muster
        assert muster.step == last.at and Side.DEFENDER in muster.armies
    else:
        assert len(read_save(save).actions) == committed.at

    resumed = Hosting(["--resume", "--headless"])
    assert resumed.seats == seats  # the same address and the same codes
    back = RawSeat(seats["attacker"][0])
    assert isinstance(back.hello(seats["attacker"][1]), Welcome)
    again = back.until((BattleSeat, MusterSeat))
    # Nothing saved is lost: the same view, as it travels (`decide` left its caches on the `first` read here).
    assert write(again) == write(committed.model_copy(update={"lines": again.lines}))
    back.play_until_over(seed=5, first=again)
    assert defender.wait() == 0
    assert any("trying to rejoin" in line for line in defender.printed)
    assert resumed.wait() == 0
    assert resumed.save_path() == save
    validate_save(save)
    assert not note.exists()  # the battle is over: its codes open nothing now
    assert host_command(["--resume", "--headless"], out=lambda line: None, err=lambda line: None) == 1
