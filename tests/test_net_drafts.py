"""A half-built army is kept on the host (rulings N11): a draft is autosaved without finishing the step, a seat that
drops finds it when it rejoins, a host resumed from its muster autosave still has it, and the other seat is told
nothing of it but the table's new number."""

from __future__ import annotations

import json
from pathlib import Path

from net_helpers import Hosting, RawSeat, Serving

from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import load_scenario
from officers_chess.content.muster_saves import open_muster
from officers_chess.net.hosted import hosted_dir
from officers_chess.net.messages import Concede, MusterSeat, MusterStep, Over, Welcome, write
from officers_chess.net.table import Table
from officers_chess.rules.muster.phases import Phase

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _seated(address: str, code: str) -> RawSeat:
    seat = RawSeat(address)
    assert isinstance(seat.hello(code), Welcome)
    return seat


def _newest(seat: RawSeat, at: int) -> MusterSeat:
    """The seat's view numbered `at` (views sent again as the other seat sits down are passed over)."""
    while (message := seat.until((MusterSeat,))).at < at:
        pass
    assert message.at == at
    return message


def _but_at(message: MusterSeat) -> dict:
    data = json.loads(write(message))
    data.pop("at")
    return data


def test_a_draft_survives_a_drop_and_a_host_resume():
    loaded = load_scenario(SCENARIOS / "practice_muster.yaml")
    serving = Serving(Table(loaded, 5))
    assert serving.host is not None
    codes = dict(serving.host.codes)
    table = serving.host.table
    me = table.whose()
    seats = {side: _seated(serving.address, codes[side]) for side in (me, me.other)}
    mine, theirs = _newest(seats[me], 0), _newest(seats[me.other], 0)
    assert mine.yours and mine.view.phase is Phase.HIRING and mine.view.army.units == []
    seen = mine.view
    army = make_policy("greedy", 1).hire(seen.scenario, seen.catalogue, me, make_policy("greedy", 1).rng,
                                         seen.battle_map)
    seats[me].send(write(MusterStep(at=0, army=army, finish=False)))
    drafted, told = _newest(seats[me], 1), _newest(seats[me.other], 1)
    assert drafted.view.army == army and drafted.yours and drafted.view.phase is Phase.HIRING
    assert drafted.view.step == 0 and drafted.lines == []
    assert _but_at(told) == _but_at(theirs)  # the other seat: the table's number moved, nothing else

    seats[me].close()  # dropped: it comes back to its half-built army
    seats[me] = _seated(serving.address, codes[me])
    assert _newest(seats[me], 1).view.army == army
    [note] = list(hosted_dir().glob("*.json"))
    save = Path(json.loads(note.read_text())["save"])
    assert open_muster(save).record.muster.armies[me] == army  # the draft is in the muster's autosave
    for seat in seats.values():
        seat.close()
    serving.stop()  # as a host that died: the note stays, and `--resume` reopens army building from the autosave

    resumed = Hosting(["--resume", "--headless"])
    assert {side: code for side, (_, code) in resumed.seats.items()} == {s.value: c for s, c in codes.items()}
    address = resumed.seats[me.value][0]
    back = _seated(address, codes[me])
    view = back.until((MusterSeat,))
    assert view.yours and view.view.phase is Phase.HIRING and view.view.army == army
    back.send(write(Concede(at=view.at)))
    assert back.until((Over,)).conceded is me
    assert resumed.wait() == 0
    back.close()
