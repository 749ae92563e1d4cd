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


def test_a_seat_attached_in_the_hosts_process_plays_against_a_client():
    """The host's own seat (the app's, later) is attached in-process: it is handed the same messages a client is
    and submits intentions through the same checks; only the other seat gets a join line."""
    import asyncio

    from officers_chess.ai.play import make_policy
    from officers_chess.content.loaders import load_scenario
    from officers_chess.content.bundled import bundled_dir
    from officers_chess.net.host import Host
    from officers_chess.net.join import decide
    from officers_chess.net.messages import BattleSeat, MusterSeat, Over, read_to_seat
    from officers_chess.net.table import Table

    printed: list[str] = []
    joined: list[Joining] = []

    async def main() -> Over:
        host = Host(Table(load_scenario(bundled_dir("scenarios") / "practice_muster.yaml"), SEED), out=printed.append)
        inbox: asyncio.Queue[str] = asyncio.Queue()
        submit = host.attach_local(Side.DEFENDER, inbox.put_nowait)

        def ready(port: int) -> None:
            lines = join_lines(host.codes, "127.0.0.1", port)
            assert [line.split()[1] for line in lines] == ["attacker:"]
            joined.append(Joining(*lines[0].split()[4:6], seed=4))

        serving = asyncio.create_task(host.serve("127.0.0.1", 0, ready))
        policy, answered = make_policy("greedy", 9), -1
        while True:
            message = read_to_seat(await asyncio.wait_for(inbox.get(), 20))
            if isinstance(message, Over):
                break
            if isinstance(message, (MusterSeat, BattleSeat)) and message.yours and message.at > answered:
                answered = message.at
                await submit(await asyncio.to_thread(decide, policy, message))
        await asyncio.wait_for(serving, 20)
        assert host.table.save_path is not None
        _verify(host.table.save_path)
        return message

    over = asyncio.run(main())
    assert over.result is not None
    assert joined[0].wait() == 0
    assert printed[:2] == ["the defender joined", "the attacker joined"]
