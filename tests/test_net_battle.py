"""Network play end to end (issue 36, PRODUCT.md "Play across two machines"): a dedicated host and two `join --level`
clients play whole battles over localhost, army building included, and the host's save verifies."""

from __future__ import annotations

import json

import pytest
from net_helpers import Hosting, Joining

from officers_chess.content.save_replay import validate_save
from officers_chess.net.host import join_lines
from officers_chess.rules.pieces.models import Side

SEED = 987654321  # large enough that finding it in a message by chance is impossible


def _verify(path) -> None:
    validate_save(path)  # every recorded state comes back, the opening matches its seal
    from officers_chess.commands.console import main

    assert main(["replay", str(path), "--verify"]) == 0


@pytest.mark.parametrize("scenario", ["practice_muster", "training_yard"])
def test_a_host_and_two_computer_clients_play_a_battle_to_its_end(scenario):
    hosting = Hosting([scenario, "--headless", "--seed", str(SEED)])
    assert all(address.startswith("127.0.0.1:") for address, _ in hosting.seats.values())  # this machine only
    joined = [Joining(*hosting.seats[side.value], level="greedy", seed=n) for n, side in enumerate(Side)]
    assert [client.wait() for client in joined] == [0, 0]
    assert hosting.wait() == 0
    assert not any("Autosave" in line for line in hosting.printed), hosting.printed
    path = hosting.save_path()
    record = json.loads(path.read_text())
    assert record["finished"] and record["seed"] == SEED and record["actions"]
    if scenario == "practice_muster":  # the armies were hired over the wire
        assert set(record["armies"]) == {"attacker", "defender"}
    _verify(path)
    for client in joined:
        assert client.printed[-1].startswith("battle over: ")
        assert not any("refused" in line for line in client.printed), client.printed


def test_the_join_lines_name_the_machine_as_others_reach_it(monkeypatch):
    monkeypatch.setattr("socket.gethostname", lambda: "yard-host")
    codes = {Side.ATTACKER: "aaaa-bbbb-cccc-dddd", Side.DEFENDER: "eeee-ffff-gggg-hhhh"}
    assert join_lines(codes, "127.0.0.1", 4411) == [
        "seat attacker: officers-chess join 127.0.0.1:4411 aaaa-bbbb-cccc-dddd",
        "seat defender: officers-chess join 127.0.0.1:4411 eeee-ffff-gggg-hhhh",
    ]
    assert join_lines(codes, "0.0.0.0", 4411)[0].endswith("join yard-host:4411 aaaa-bbbb-cccc-dddd")
