"""Faults lose nothing (issue 36): a client killed mid-army-building or mid-battle (a real process, SIGKILL) rejoins
with the same code, finds its log and the battle as they were, the other seat was told to wait, and the battle is
played to its end with a save that verifies."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import WAIT, Hosting, Joining, RawSeat

from officers_chess.ai.play import make_policy
from officers_chess.content.save_replay import validate_save
from officers_chess.net.join import decide
from officers_chess.net.messages import BattleSeat, MusterSeat, Notice, Welcome, read_to_seat, write
from officers_chess.rules.pieces.models import Side

ROOT = Path(__file__).resolve().parent.parent
VICTIM = "import sys; from officers_chess.net.join import join_command; sys.exit(join_command(sys.argv[1:]))"


def _your_turn(seat: RawSeat) -> MusterSeat | BattleSeat:
    while True:
        message = seat.until((MusterSeat, BattleSeat))
        if message.yours:
            return message


@pytest.mark.parametrize("scenario", ["practice_muster", "training_yard"])  # killed mid-hire, mid-enemy-turn
def test_a_killed_client_rejoins_and_the_battle_finishes(scenario, tmp_path):
    hosting = Hosting([scenario, "--headless", "--seed", "11"])
    address, code = hosting.seats["defender"]  # the defender takes the first step in both
    said = tmp_path / "victim.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with said.open("w") as out:
        argv = [address, code, "--level", "greedy", "--seed", "2"]
        victim = subprocess.Popen([sys.executable, "-u", "-c", VICTIM, *argv], stdout=out, stderr=subprocess.STDOUT,
                                  env=env, cwd=ROOT)
    try:
        attacker = RawSeat(hosting.seats["attacker"][0])
        assert isinstance(attacker.hello(hosting.seats["attacker"][1]), Welcome)
        view = _your_turn(attacker)  # the defender has hired, or played its first activation
        # Without fog both sides' logs tell the same lines: the defender's log so far is the attacker's.
        log = [line for text in attacker.received if isinstance(m := read_to_seat(text), (MusterSeat, BattleSeat))
               for line in m.lines]
    finally:
        victim.kill()
    victim.wait(WAIT)
    before = said.read_text().splitlines()
    assert before[0] == "seated as the defender in " + ("Practice Muster" if scenario == "practice_muster"
                                                          else "Training Yard")
    notice = attacker.until((Notice,))
    assert notice.text == "Waiting for the defender to reconnect."
    policy = make_policy("greedy", 5)
    attacker.send(write(decide(policy, view)))  # the battle goes on meanwhile: the attacker takes its step

    rejoined = Joining(address, code, seed=2)
    back = attacker.until((Notice,))
    assert back.text == "The defender is back at the table."
    attacker.play_until_over(seed=5)
    assert rejoined.wait() == 0
    # Its log as it was: the lines told before the kill come back first to the rejoined client.
    assert log and rejoined.printed[1:1 + len(log)] == log
    told = [line for line in before[1:] if not line.startswith("The attacker sat down")]
    assert told == log[:len(told)]
    assert hosting.wait() == 0
    validate_save(hosting.save_path())


def test_a_client_whose_host_never_comes_back_gives_up(monkeypatch):
    from net_helpers import Serving

    from officers_chess.content.loaders import load_scenario
    from officers_chess.net import limits
    from officers_chess.net.table import Table

    monkeypatch.setattr(limits, "REJOIN_FOR", 1.0)
    serving = Serving(Table(load_scenario(ROOT / "scenarios" / "training_yard.yaml"), 1))
    assert serving.host is not None
    client = Joining(serving.address, serving.host.codes[Side.ATTACKER])
    first = RawSeat(serving.address)  # the defender's seat, held still: the attacker waits for its turn
    assert isinstance(first.hello(serving.host.codes[Side.DEFENDER]), Welcome)
    first.until((BattleSeat,))
    serving.stop()
    assert client.wait() == 1
    assert client.printed[-1] == "gave up rejoining the host"
    assert sum("trying to rejoin" in line for line in client.printed) == 1
