"""How a seat opens its connection to a host, gives its code and hears it: the same for the app's seat and a
`--level` one."""

from __future__ import annotations

import asyncio

from websockets.asyncio.client import ClientConnection, connect

from officers_chess.net import limits
from officers_chess.net.messages import TO_SEAT_LIMIT, Hello, Refusal, Refused, Welcome, read_to_seat, write


class SeatRefused(Exception):
    """The host refused the code (wrong, or its seat taken): said in one line."""


class LostHost(Exception):
    """The connection dropped, or the host said something this client cannot read."""


def connection(uri: str):
    """A websocket to the host, with every wait bounded (N5) and the host's largest message allowed (N4)."""
    return connect(uri, max_size=TO_SEAT_LIMIT, open_timeout=limits.OPEN_WAIT, close_timeout=limits.CLOSE_WAIT,
                   ping_interval=limits.PING_EVERY, ping_timeout=limits.PING_WAIT)


async def greeted(ws: ClientConnection, code: str) -> Welcome:
    """Give the seat's code and read the host's answer: its welcome, SeatRefused, or LostHost."""
    await ws.send(write(Hello(code=code)))
    try:
        message = read_to_seat(await asyncio.wait_for(ws.recv(), limits.WELCOME_WAIT))
    except Refusal as exc:
        raise LostHost(str(exc)) from None
    if isinstance(message, Refused):
        raise SeatRefused(message.reason)
    if not isinstance(message, Welcome):
        raise LostHost("the host did not answer the code")
    return message


async def heard(ws: ClientConnection):
    """The host's messages as they come, read and checked; LostHost at the first one this client cannot read."""
    async for raw in ws:
        try:
            yield read_to_seat(raw)
        except Refusal as exc:
            raise LostHost(f"unreadable message from the host: {exc}") from None
