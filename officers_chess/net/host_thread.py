"""A host that runs beside the app: its table served from a thread of its own, a seat given to the computer if asked,
and the host's own seat joined over localhost like any other (so the app plays it exactly as a remote seat)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from officers_chess.net.host import Host, join_command, local_address, seat_computers
from officers_chess.net.remote import RemoteSeat
from officers_chess.rules.pieces.models import Side


class HostThread:
    """Serve `make()`'s host on `bind`:`port` in a daemon thread. `start` returns the port it listens on (or raises
    the OSError that kept it from listening); the host's out lines go to `out`."""

    def __init__(self, make: Callable[[], Host], bind: str, port: int, computer: dict[Side, tuple[str, int]] | None = None,
                 out: Callable[[str], None] = lambda line: None) -> None:
        self.make, self.bind, self.port = make, bind, port
        self.computer = dict(computer or {})  # side → (level, seed): played at the host through its own code
        self.out = out
        self.host: Host | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._failed: OSError | None = None
        self._thread = threading.Thread(target=self._run, name="host", daemon=True)

    def start(self, wait: float = 10.0) -> int:
        self._thread.start()
        if not self._ready.wait(wait):
            raise OSError(f"the host did not start listening on {self.bind}:{self.port}")
        if self._failed is not None:
            raise self._failed
        return self.port

    def stop(self) -> None:
        """Stop serving (the battle stays in its autosave, and `host --resume` serves it again with the same codes)."""
        host, loop = self.host, self._loop
        if host is not None and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(host.done.set)

    def seated(self, side: Side) -> bool:
        """Whether `side`'s seat is taken at the host now (read across threads: a membership test of a dict)."""
        return self.host is not None and side in self.host.links

    def code(self, side: Side) -> str:
        assert self.host is not None
        return self.host.codes[side]

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        host = self.make()
        host.out = self.out
        self.host = host

        def ready(port: int) -> None:
            self.port = port
            seat_computers(host, local_address(self.bind, port), self.computer, self.out)
            self._ready.set()

        try:
            await host.serve(self.bind, self.port, ready)
        except OSError as exc:
            self._failed = exc
            self._ready.set()


def open_table(make: Callable[[], Host], bind: str, port: int, own: Side, computer: tuple[str, int] | None = None
               ) -> tuple[HostThread, RemoteSeat, str | None]:
    """Host beside the app and take `own`'s seat; the other seat is the computer's (level, seed) or a join line to
    give a friend (returned). OSError when it cannot listen; LostHost or SeatRefused when its own seat fails."""
    played = {own.other: computer} if computer else {}

    def seated() -> Host:
        host = make()
        host.here, host.computer = own, played  # written in the note, so `host --resume` seats them the same way
        return host

    hosting = HostThread(seated, bind, port, computer=played)
    port = hosting.start()
    seat = RemoteSeat(local_address(bind, port), hosting.code(own))
    seat.open()
    invite = None if computer else join_command(hosting.code(own.other), bind, port)
    return hosting, seat, invite
