"""`officers-chess join HOST:PORT CODE --level LEVEL`: a seat played by the computer, over the network, no app.

The client is sent only its seat's view; its level decides from that view, as the computer does in a local battle
(BasePolicy.decide on a SeatView, and the muster AI on the muster's view), and sends the choice back as an intention.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from officers_chess.ai.play import make_policy
from officers_chess.ai.player import Policy
from officers_chess.net import limits
from officers_chess.net.arguments import add_join_arguments
from officers_chess.net.greeting import LostHost, SeatRefused, connection, greeted, heard
from officers_chess.net.messages import (
    Act,
    BattleSeat,
    MusterSeat,
    MusterStep,
    Notice,
    Over,
    Refused,
    write,
)
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.muster.phases import Phase

EXIT_OK, EXIT_FAIL, EXIT_REFUSED = 0, 1, 2


def decide(policy: Policy, message: MusterSeat | BattleSeat) -> Act | MusterStep:
    """The level's choice on the view it was sent (run in a thread: a level may think for a while)."""
    if isinstance(message, BattleSeat):
        known = message.known
        known._known_to = message.side  # the battle as this side knows it (vision.known_battle marks it so)
        sight = frozenset(tuple(p) for p in message.sight) if message.sight is not None else None
        return Act(at=message.at, action=policy.decide(SeatView(message.side, known, sight)))
    seen = message.view
    side, scenario, catalogue, battle_map = seen.side, seen.scenario, seen.catalogue, seen.battle_map
    if seen.phase is Phase.HIRING:
        return MusterStep(at=message.at, army=policy.hire(scenario, catalogue, side, policy.rng, battle_map))
    if seen.phase is Phase.OUTFITTING:
        kit = policy.outfit(scenario, catalogue, side, seen.army, seen.scouted or [], battle_map)
        return MusterStep(at=message.at, army=kit)
    if seen.phase is Phase.DEPLOYING:
        return MusterStep(at=message.at, places=policy.deploy(scenario, catalogue, battle_map, side, seen.army,
                                                              policy.rng))
    return MusterStep(at=message.at)  # Scouting: the report is in the view; nothing to send but going on


class Seat:
    """One computer-played seat: joins, plays each view that is its own, and rejoins when the connection drops."""

    def __init__(self, address: str, code: str, policy: Policy, out: Callable[[str], None]) -> None:
        self.uri = f"ws://{address}"
        self.code = code
        self.policy = policy
        self.out = out
        self.decided = -1  # the last view number answered: a view sent again (the other seat sat down) is answered once

    async def play(self) -> int:
        joined = False
        lost_at: float | None = None  # when the connection of a seated client dropped
        while True:
            try:
                async with connection(self.uri) as ws:
                    welcome = await greeted(ws, self.code)
                    if not joined:
                        self.out(f"seated as the {welcome.side.value} in {welcome.scenario}")
                    joined, lost_at = True, None
                    # On a new connection every view is answered afresh: a host resumed from its autosave numbers
                    # them from the saved actions (a move it held back died with it, rulings N10), and a view
                    # sent again after a drop may be one whose answer was lost in it.
                    self.decided = -1
                    if await self._follow(ws):
                        return EXIT_OK
            except SeatRefused as refused:
                if not joined:
                    self.out(f"refused: {refused}")
                    return EXIT_REFUSED
                if "taken" not in str(refused):  # taken: the host has not yet seen the old connection drop
                    self.out(f"the host refused the rejoin: {refused}")
                    return EXIT_FAIL
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, LostHost) as exc:
                if not joined:
                    self.out(f"cannot join {self.uri[5:]}: {exc}")
                    return EXIT_FAIL
                if lost_at is None:
                    self.out(f"lost the host ({exc}); trying to rejoin")
            lost_at = time.monotonic() if lost_at is None else lost_at
            if time.monotonic() - lost_at > limits.REJOIN_FOR:
                self.out("gave up rejoining the host")
                return EXIT_FAIL
            await asyncio.sleep(0.5)

    async def _follow(self, ws: ClientConnection) -> bool:
        """Play the views as they come; True once the battle is over."""
        async for message in heard(ws):
            if isinstance(message, Notice):
                self.out(message.text)
            elif isinstance(message, Refused):
                self.out(f"the host refused: {message.reason}")
            elif isinstance(message, Over):
                for line in message.lines:
                    self.out(line)
                if message.conceded is not None:
                    self.out(f"battle over: the {message.conceded.value} conceded")
                elif message.result is not None:
                    self.out(f"battle over: {message.result.reason}")
                return True
            elif isinstance(message, (MusterSeat, BattleSeat)):
                for line in message.lines:
                    self.out(line)
                if message.yours and message.at > self.decided:
                    self.decided = message.at
                    intention = await asyncio.to_thread(decide, self.policy, message)
                    await ws.send(write(intention))
        raise LostHost("the connection closed")


def join_command(args: argparse.Namespace | list[str], out: Callable[[str], None] = print,
                 in_app: Callable[[argparse.Namespace, Callable[[str], None]], int] | None = None) -> int:
    """Take a seat at a host's table; with --level the computer plays it. 0 when the battle ended, 2 when the
    code was refused, 1 when the host could not be reached or was lost."""
    if isinstance(args, list):
        args = add_join_arguments(argparse.ArgumentParser(prog="officers-chess join")).parse_args(args)
    if not _host_and_port(args.address):
        out(f"refused: {args.address!r} is not HOST:PORT (a name or address, a colon, a port number)")
        return EXIT_REFUSED
    if args.level is None:
        if in_app is None:
            out("a person's seat is played in the app: join with --level LEVEL to let the computer play it")
            return EXIT_REFUSED
        return in_app(args, out)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    seat = Seat(args.address, args.code, make_policy(args.level, seed), out)
    try:
        return asyncio.run(seat.play())
    except (InvalidURI, ValueError):  # what the URI parser still finds wrong after the check below
        out(f"refused: {args.address!r} is not HOST:PORT")
        return EXIT_REFUSED


def _host_and_port(address: str) -> bool:
    """`address` reads as HOST:PORT: a host with no spaces, slashes or @, and a port from 1 to 65535 (an IPv6 host
    in brackets, as in a URL)."""
    host, colon, port = address.rpartition(":")
    if not colon or not host or not port.isdecimal() or not 0 < int(port) < 65536:
        return False
    return not any(c.isspace() or c in "/@?#" for c in host)
