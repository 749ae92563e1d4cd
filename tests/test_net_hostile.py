"""A hostile client, raw socket and raw protocol: junk bytes, a stranger's hello, malformed and foreign-version
messages, an oversized one, another seat's actions, actions out of turn, a replay of an old message and a flood.
The host refuses each, keeps the battle, and the honest clients notice nothing (issue 36)."""

from __future__ import annotations

import json
import socket

import pytest
from net_helpers import WAIT, Hosting, Joining, RawSeat
from websockets.exceptions import ConnectionClosed

from officers_chess.ai.play import make_policy
from officers_chess.content.save_replay import validate_save
from officers_chess.net import limits
from officers_chess.net.join import decide
from officers_chess.net.messages import PROTOCOL, TO_HOST_LIMIT, Act, BattleSeat, Refused, Welcome, write
from officers_chess.rules.battle.actions import Move
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.pieces.models import Side


def _refused(seat: RawSeat, sent: str | bytes, fatal: bool = False) -> str:
    seat.send(sent)
    answer = seat.until((Refused, Welcome))
    assert isinstance(answer, Refused) and answer.fatal is fatal, (sent, answer)
    return answer.reason


def test_every_hostile_message_is_refused_and_the_battle_goes_on():
    hosting = Hosting(["training_yard", "--headless", "--seed", "5"])  # the defender acts first
    address, code = hosting.seats["defender"]
    name, port = address.split(":")

    # Bytes that are not even a websocket handshake: answered as bad HTTP, or the door shut.
    with socket.create_connection((name, int(port)), timeout=WAIT) as raw:
        raw.sendall(b"\x16\x03\x01\x02\x00" + bytes(range(256)) + b"\r\n\r\n")
        answer = raw.recv(4096)
        assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer[:40]

    # Before a seat: anything but a hello of this version with a right code closes the connection.
    for first in ("junk", json.dumps({"v": 1, "type": "hello", "code": code}),
                  json.dumps({"v": PROTOCOL, "type": "hello", "code": "x" * 500}), b"\x00\x01binary",
                  "[" * 60000):  # nested past Python's recursion limit: refused, not a fault
        stranger = RawSeat(address)
        reason = _refused(stranger, first, fatal=True)
        if "\"v\": 1" in str(first):  # the last protocol's hello: refused by version, in one line
            assert reason.startswith("protocol version 1")
        with pytest.raises(ConnectionClosed):
            stranger.recv()

    # A client holding the defender's code, sending what no honest client sends.
    hostile = RawSeat(address)
    assert isinstance(hostile.hello(code), Welcome)
    view = hostile.until((BattleSeat,))
    assert view.yours and view.side is Side.DEFENDER
    for junk in (b"\x00\xffbinary", "{not json", "[1, 2]", "true",
                 json.dumps({"v": True, "type": "concede", "at": view.at}),
                 json.dumps({"v": PROTOCOL, "type": "act", "at": view.at, "action": {"kind": "exec", "code": "1"}}),
                 json.dumps({"v": PROTOCOL, "type": "act", "at": view.at, "action": {"kind": "wait"}, "extra": 1}),
                 write(Act(at=view.at, action=Move(unit="nobody", to=(0, 0)))),
                 "[" * 60000,
                 json.dumps({"v": PROTOCOL, "type": "hello", "code": code})):
        _refused(hostile, junk)
    # Another seat's unit, on this seat's turn.
    theirs = next(u for u in view.known.units if u.side is Side.ATTACKER)
    assert _refused(hostile, write(Act(at=view.at, action=Move(unit=theirs.id, to=theirs.pos)))) == \
        "that action is not legal now"
    # A legal action on a view number not yet sent, then on the right one, then the same message again (a replay).
    policy = make_policy("greedy", 3)
    chosen = decide(policy, view)
    assert "view" in _refused(hostile, write(chosen.model_copy(update={"at": view.at + 1})))
    hostile.send(write(chosen))
    view = hostile.until((BattleSeat,))
    assert view.at == chosen.at + 1
    assert "decided on view" in _refused(hostile, write(chosen))
    while view.yours:  # the rest of the defender's activation, honestly
        hostile.send(write(decide(policy, view)))
        view = hostile.until((BattleSeat,))
    # Out of turn: the attacker's own legal action, sent by the defender while the attacker (not yet here) is to act.
    for action in legal_actions(view.known)[:3]:
        assert _refused(hostile, write(Act(at=view.at, action=action))) == "it is not your turn"
    # Oversized: the connection is closed before the message is read.
    hostile.send("x" * (TO_HOST_LIMIT + 1))
    with pytest.raises(ConnectionClosed) as closed:
        hostile.until((Welcome,))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    # The honest attacker sits down and plays while the defender's code is used to flood the host.
    attacker = Joining(*hosting.seats["attacker"], seed=1)
    flooder = RawSeat(address)
    assert isinstance(flooder.hello(code), Welcome)
    stale = write(Act(at=0, action=chosen.action))
    try:
        for _ in range(limits.BURST + limits.FLOOD_CLOSE + 50):
            flooder.send(stale)
    except ConnectionClosed:
        pass
    reasons = []
    with pytest.raises(ConnectionClosed):
        while True:
            answer = flooder.recv()
            if isinstance(answer, Refused):
                reasons.append(answer.reason)
    assert reasons.count("too many messages: slow down") == limits.FLOOD_CLOSE
    assert all("decided on view" in r or r == "too many messages: slow down" for r in reasons)

    # The defender's seat goes to an honest client; the battle ends as the rules end it.
    defender = Joining(address, code, seed=2)
    assert attacker.wait() == 0 and defender.wait() == 0
    assert hosting.wait() == 0
    for honest in (attacker, defender):
        assert not any("refused" in line for line in honest.printed), honest.printed
        assert honest.printed[-1].startswith("battle over: ")
    validate_save(hosting.save_path())
