"""Network play in one process for the tests: a host and `--level` clients in threads, and a raw seat the test
drives message by message (websockets' own sync client), all over localhost on ephemeral ports."""

from __future__ import annotations

import asyncio
import queue
import threading
from pathlib import Path

from websockets.sync.client import ClientConnection, connect

from officers_chess.net.host import Host, host_command
from officers_chess.net.join import decide, join_command
from officers_chess.net.messages import BattleSeat, Hello, MusterSeat, Over, Refused, Welcome, read_to_seat, write
from officers_chess.net.table import Table
from officers_chess.ai.play import make_policy

WAIT = 20.0  # seconds any step of a test may take before it counts as hung


class Hosting:
    """`host_command` in a thread: its printed lines, the seats' addresses and codes, its exit status."""

    def __init__(self, argv: list[str]) -> None:
        self.printed: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        self.rc: int | None = None
        self.thread = threading.Thread(target=self._run, args=(argv,), daemon=True)
        self.thread.start()
        self.seats: dict[str, tuple[str, str]] = {}
        while len(self.seats) < 2:
            line = self._lines.get(timeout=WAIT)
            words = line.split()
            assert words[:1] == ["seat"] and words[2:4] == ["officers-chess", "join"], line
            self.seats[words[1].rstrip(":")] = (words[4], words[5])

    def _run(self, argv: list[str]) -> None:
        self.rc = host_command(argv, out=self._out, err=self._out)

    def _out(self, line: str) -> None:
        self.printed.append(line)
        self._lines.put(line)

    def wait(self) -> int:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), f"the host did not finish: {self.printed[-5:]}"
        assert self.rc is not None
        return self.rc

    def save_path(self) -> Path:
        assert self.printed[-1].startswith("saved "), self.printed[-3:]
        return Path(self.printed[-1].removeprefix("saved "))


class Joining:
    """`join_command --level` in a thread: its printed lines and exit status."""

    def __init__(self, address: str, code: str, level: str = "greedy", seed: int = 0) -> None:
        self.printed: list[str] = []
        self.rc: int | None = None
        argv = [address, code, "--level", level, "--seed", str(seed)]
        self.thread = threading.Thread(target=self._run, args=(argv,), daemon=True)
        self.thread.start()

    def _run(self, argv: list[str]) -> None:
        self.rc = join_command(argv, out=self.printed.append)

    def wait(self) -> int:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), f"the client did not finish: {self.printed[-5:]}"
        assert self.rc is not None
        return self.rc


class Serving:
    """A Host over a given Table, served from a thread's own event loop (for tables a test builds itself)."""

    def __init__(self, table: Table) -> None:
        self.port_known = threading.Event()
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self.host: Host | None = None
        self.thread = threading.Thread(target=self._run, args=(table,), daemon=True)
        self.thread.start()
        assert self.port_known.wait(WAIT)

    def _run(self, table: Table) -> None:
        async def main() -> None:
            self.host = Host(table, out=lambda line: None)
            await self.host.serve("127.0.0.1", 0, self._ready)

        self.loop.run_until_complete(main())

    def _ready(self, port: int) -> None:
        self.port = port
        self.port_known.set()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        assert self.host is not None
        self.loop.call_soon_threadsafe(self.host.done.set)
        self.thread.join(WAIT)


class RawSeat:
    """A websocket connection the test drives: every text it receives is kept as it travelled."""

    def __init__(self, address: str, max_size: int | None = None) -> None:
        opened = connect(f"ws://{address}", open_timeout=WAIT, max_size=max_size, max_queue=None, compression=None)
        self.ws: ClientConnection = opened.__enter__()  # as `with connect(...)` does, for a seat kept open
        self.received: list[str] = []

    def send(self, text: str | bytes) -> None:
        self.ws.send(text)

    def recv(self):
        text = self.ws.recv(timeout=WAIT)
        self.received.append(text)
        return read_to_seat(text)

    def hello(self, code: str) -> Welcome | Refused:
        self.send(write(Hello(code=code)))
        return self.recv()

    def until(self, kinds: tuple[type, ...]):
        """The next message of one of these kinds (others are kept in `received` and passed over)."""
        while True:
            message = self.recv()
            if isinstance(message, kinds):
                return message

    def play_until_over(self, level: str = "greedy", seed: int = 7, first: MusterSeat | BattleSeat | None = None) -> Over:
        """Play this seat with a computer level, view by view, to the end of the battle (from `first`, a view
        already received, when given)."""
        policy = make_policy(level, seed)
        answered = -1
        while True:
            message, first = first or self.until((MusterSeat, BattleSeat, Over)), None
            if isinstance(message, Over):
                return message
            if message.yours and message.at > answered:
                answered = message.at
                self.send(write(decide(policy, message)))

    def close(self) -> None:
        self.ws.close()
