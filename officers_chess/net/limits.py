"""Every limit of network play in one place: message rates, wrong codes, and how long each wait lasts (N4, N5)."""

from __future__ import annotations

import time

MESSAGES_PER_SECOND = 20.0  # a seat's steady rate: an honest client sends one intention per view
BURST = 40  # messages a seat may send at once before the rate applies
FLOOD_CLOSE = 100  # messages refused for coming too fast, after which the connection is closed
WRONG_CODE_PAUSE = 0.05  # seconds the host checks no other code after a wrong one: 20 guesses a second at most

HELLO_WAIT = 10.0  # seconds the host waits for a new connection's code
OPEN_WAIT = 10.0  # seconds either end waits for the websocket handshake
SEND_WAIT = 10.0  # seconds the host waits for a message to a seat to go out before dropping the seat
CLOSE_WAIT = 5.0  # seconds either end waits for the closing handshake
PING_EVERY = 10.0  # seconds between keepalive pings: a silent peer is a live one thinking, or a dead one
PING_WAIT = 20.0  # seconds a ping may go unanswered before the connection counts as dropped
WELCOME_WAIT = 10.0  # seconds a client waits for the host's answer to its code
ASK_WAIT = 10.0  # seconds the app waits for the host to answer a person's intention before saying it was not taken
REJOIN_FOR = 30.0  # seconds a computer-played seat keeps trying to rejoin after its connection dropped
LOG_ON_JOIN = 200  # log lines a seat is sent again when it (re)joins


class Bucket:
    """A token bucket: `take` is True while the connection keeps to the rate (with its burst)."""

    def __init__(self, rate: float = MESSAGES_PER_SECOND, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.when = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
