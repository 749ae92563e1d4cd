"""`officers-chess host`: the authoritative battle on this machine, served to two seats over websockets.

Each seat is a link: a websocket connection of a client that gave its seat's code. The host's own seat in its app
joins over localhost like any other (host_thread.py), so every seat is told and heard the same way (rulings N13).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import secrets
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from officers_chess.content.autosave import Autosaver, resume_state
from officers_chess.content.bundled import bundled_dir
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_scenario
from officers_chess.content.muster_saves import is_muster_file, open_muster
from officers_chess.content.saves import open_save
from officers_chess.net.arguments import add_host_arguments
from officers_chess.net import limits
from officers_chess.net.codes import new_code, same_code
from officers_chess.net.hosted import Hosted, forget, newest_note, write_note
from officers_chess.net.messages import (
    TO_HOST_LIMIT,
    Hello,
    Notice,
    Refusal,
    Refused,
    StaleView,
    Welcome,
    read_to_host,
    write,
)
from officers_chess.net.muster_view import known_scenario
from officers_chess.rules.basics.dice import seed_fingerprint
from officers_chess.net.table import Table
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import resumed_lines

EXIT_OK, EXIT_FAIL, EXIT_REFUSED = 0, 1, 2
QUIET = logging.getLogger("officers_chess.net.host")
QUIET.addHandler(logging.NullHandler())  # a stranger's junk is refused here, not traced on the host's screen
QUIET.propagate = False


class Link:
    """A seat's way to be told: `send` one message; `lines_sent` is how much of its log it has had."""

    def __init__(self, send: Callable[[str], Awaitable[None]], close: Callable[[], Awaitable[None]]) -> None:
        self._send, self._close = send, close
        self.lines_sent = 0

    async def send(self, text: str) -> None:
        await asyncio.wait_for(self._send(text), limits.SEND_WAIT)

    async def close(self) -> None:
        await self._close()


class Host:
    """The table, its two seat codes, and the links of the seats that are connected."""

    def __init__(self, table: Table, codes: dict[Side, str] | None = None,
                 out: Callable[[str], None] = print) -> None:
        self.table = table
        self.codes = codes or {side: new_code() for side in Side}
        self.out = out
        # Who plays which seat here, for the note `host --resume` reads: the host's own seat, the computer's.
        self.here: Side | None = None
        self.computer: dict[Side, tuple[str, int]] = {}
        self.links: dict[Side, Link] = {}
        self.ever: set[Side] = set()  # the seats that have been taken once (a second join is a rejoin)
        self.done = asyncio.Event()
        self.where: tuple[str, int] | None = None  # the address it listens on, once it does
        self.noted: Path | None = None  # the save its note for `--resume` names
        self._checking = asyncio.Lock()  # one code check at a time, with a pause after a wrong one
        self._telling = asyncio.Lock()  # one round of views at a time, so each seat hears them in order

    # --- seats --------------------------------------------------------------------------------------------------

    async def seat(self, side: Side, link: Link) -> None:
        """A seat joins (or rejoins): it is told who it is, its log so far and its view."""
        self.links[side] = link
        link.lines_sent = max(0, len(self.table.lines[side]) - limits.LOG_ON_JOIN)
        loaded = self.table.loaded
        await link.send(write(Welcome(side=side, scenario=loaded.scenario.name,
                                      known=known_scenario(loaded.scenario, side), catalogue=loaded.catalogue,
                                      battle_map=loaded.battle_map, fingerprint=seed_fingerprint(self.table.seed))))
        back = side in self.ever
        self.ever.add(side)
        self.out(f"the {side.value} {'is back' if back else 'joined'}")
        await self._notice(side.other, f"The {side.value} {'is back at' if back else 'sat down at'} the table.")
        await self.tell_all()

    async def leave(self, side: Side, link: Link) -> None:
        """A seat's link dropped: the other seat waits for it (nothing ends the battle but the rules or a
        concession, rulings N8)."""
        if self.links.get(side) is not link:
            return
        del self.links[side]
        if not self.table.over:
            self.out(f"the {side.value} left; waiting for it to reconnect")
            await self._notice(side.other, f"Waiting for the {side.value} to reconnect.")

    async def hear(self, side: Side, raw: str | bytes, link: Link) -> None:
        """One message from a seated link: taken, or refused to that link alone."""
        message = None
        try:
            message = read_to_host(raw)
            if isinstance(message, Hello):
                raise Refusal("this connection already holds a seat")
            self.table.take(side, message)
        except Refusal as refused:
            at = getattr(message, "at", None)  # so the seat knows which of its intentions this answers
            await link.send(write(Refused(reason=str(refused), at=at, stale=isinstance(refused, StaleView))))
            return
        ended = self.table.over  # by this intention: another seat's, taken while this one is told, ends later
        for line in self.table.notices:
            self.out(line)
        self.table.notices.clear()
        await self.tell_all()
        self.note()
        if ended:  # only once the round that tells the end is sent: stopping closes every link
            self.done.set()

    def note(self) -> None:
        """Keep the note `host --resume` reads up to date: written once the battle has a save, gone once it ends."""
        save = self.table.save_path
        if save is None or self.where is None:
            return
        if self.table.over:
            forget(save)
        elif save != self.noted:
            bind, port = self.where
            write_note(Hosted(codes=self.codes, save=str(save), bind=bind, port=port, here=self.here,
                              computer=self.computer))
            self.noted = save

    async def tell_all(self) -> None:
        """Send each connected seat its view (and its new log lines); a link that cannot be told is dropped."""
        async with self._telling:
            for side, link in list(self.links.items()):
                message = self.table.message_for(side, link.lines_sent)
                link.lines_sent = len(self.table.lines[side])
                try:
                    await link.send(write(message))
                except (ConnectionClosed, TimeoutError, OSError):
                    await link.close()
                    await self.leave(side, link)

    async def _notice(self, side: Side, text: str) -> None:
        link = self.links.get(side)
        if link is not None:
            try:
                await link.send(write(Notice(text=text)))
            except (ConnectionClosed, TimeoutError, OSError):
                pass  # its own handler notices the drop

    # --- connections --------------------------------------------------------------------------------------------

    async def connection(self, ws: ServerConnection) -> None:
        """One websocket connection: its code first, then its seat's intentions at the limited rate."""
        side = await self._greet(ws)
        if side is None:
            return
        link = Link(ws.send, ws.close)
        bucket, flood = limits.Bucket(), 0
        closing: asyncio.Future | None = None
        try:
            await self.seat(side, link)
            async for raw in ws:
                if flood > limits.FLOOD_CLOSE:
                    continue  # closing: what it sent before the close is drained unread, so the close is heard
                if not bucket.take():
                    flood += 1
                    if flood > limits.FLOOD_CLOSE:
                        closing = asyncio.ensure_future(ws.close(1008, "too many messages"))  # held till the end
                        continue
                    await link.send(write(Refused(reason="too many messages: slow down")))
                    continue
                await self.hear(side, raw, link)
        except (ConnectionClosed, TimeoutError):
            pass
        except Exception as exc:  # a fault of ours: said on the host's screen (the library's log is kept quiet)
            self.out(f"the {side.value}'s connection failed: {type(exc).__name__}: {exc}")
            raise
        finally:
            if closing is not None:
                await closing
            await self.leave(side, link)

    async def _greet(self, ws: ServerConnection) -> Side | None:
        """The seat a new connection's code opens, or None once it was refused (one line, and the door closed)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), limits.HELLO_WAIT)
            hello = read_to_host(raw)
            if not isinstance(hello, Hello):
                raise Refusal("a connection starts with its seat's code")
        except Refusal as refused:
            await self._refuse(ws, str(refused))
            return None
        except (ConnectionClosed, TimeoutError):
            return None
        async with self._checking:
            side = next((s for s, code in self.codes.items() if same_code(hello.code, code)), None)
            if side is None:
                await asyncio.sleep(limits.WRONG_CODE_PAUSE)
        if side is None:
            await self._refuse(ws, "wrong code: no seat at this table has it")
            return None
        if side in self.links:
            await self._refuse(ws, f"the {side.value}'s seat is taken")
            return None
        if self.table.over:
            await self._refuse(ws, "the battle is over")
            return None
        return side

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        try:
            await asyncio.wait_for(ws.send(write(Refused(reason=reason, fatal=True))), limits.SEND_WAIT)
            await ws.close(1008, "refused")
        except (ConnectionClosed, TimeoutError):
            pass

    # --- running ------------------------------------------------------------------------------------------------

    async def serve(self, bind: str, port: int, ready: Callable[[int], None] | None = None) -> None:
        """Listen on `bind`:`port` until the battle ends; `ready` is told the port (a port of 0 picks a free one)."""
        async with serve(self.connection, bind, port, max_size=TO_HOST_LIMIT, max_queue=limits.BURST,
                         open_timeout=limits.OPEN_WAIT, close_timeout=limits.CLOSE_WAIT,
                         ping_interval=limits.PING_EVERY, ping_timeout=limits.PING_WAIT, logger=QUIET) as server:
            port = server.sockets[0].getsockname()[1]
            self.where = (bind, port)
            self.note()
            if ready is not None:
                ready(port)
            await self.done.wait()
            for link in list(self.links.values()):
                try:
                    await link.close()
                except (ConnectionClosed, TimeoutError, OSError):
                    pass


def join_lines(codes: dict[Side, str], bind: str, port: int) -> list[str]:
    """Each open seat's line: `seat SIDE: ` and the command its player types (`join_command`)."""
    return [f"seat {side.value}: {join_command(code, bind, port)}" for side, code in codes.items()]


def join_command(code: str, bind: str, port: int) -> str:
    """The command that takes a seat, naming this machine as the others reach it."""
    name = socket.gethostname() if bind in ("0.0.0.0", "::", "") else bind
    where = f"[{name}]:{port}" if ":" in name else f"{name}:{port}"
    return f"officers-chess join {where} {code}"


def find_scenario(name: str) -> Path:
    """A scenario file as given, else the bundled scenario of that name."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    return bundled_dir("scenarios") / f"{name}.yaml"


def host_command(args: argparse.Namespace | list[str], out: Callable[[str], None] = print,
                 err: Callable[[str], None] | None = None, in_app: Callable[..., int] | None = None) -> int:
    """Host a battle: print each open seat's join line, serve until the battle ends, print `saved PATH` last
    (`--headless`); else the app opens on this terminal's own seat."""
    if isinstance(args, list):
        args = add_host_arguments(argparse.ArgumentParser(prog="officers-chess host")).parse_args(args)
    err = err or (lambda line: print(line, file=sys.stderr))
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    note: Hosted | None = None
    if args.resume:
        try:
            made, bind, port, note = _resumed(args)
        except (ContentError, OSError, LookupError) as exc:
            err(f"cannot resume: {exc}")
            return EXIT_FAIL
    else:
        if args.scenario is None:
            err("name the scenario to host (or --resume the last battle hosted here)")
            return EXIT_REFUSED
        try:
            loaded = load_scenario(find_scenario(args.scenario))
        except (ContentError, OSError) as exc:
            err(str(exc))
            return EXIT_FAIL
        made, bind, port = (lambda: Host(Table(loaded, seed), out=out)), args.bind, args.port
    # A resumed battle keeps who played where unless told otherwise: the host's own seat, the computer's.
    own = Side(args.seat) if args.seat else (note.here if note is not None and note.here else Side.ATTACKER)
    if args.computer:
        computer = {own.other: (args.computer, seed + 1)}
    else:
        computer = {side: tuple(played) for side, played in note.computer.items()} if note is not None else {}

    def make() -> Host:
        host = made()
        host.here, host.computer = (None if args.headless else own), computer
        return host

    if args.headless:
        return asyncio.run(_host(make, bind, port, out, err, computer))
    if in_app is None:
        err("the host's own seat is played in the app: host with --headless for a dedicated host")
        return EXIT_REFUSED
    return in_app(make, bind, port, own, computer.get(own.other))


def local_address(bind: str, port: int) -> str:
    """Where a seat on this machine reaches a host listening on `bind`."""
    if bind in ("0.0.0.0", "::", ""):
        return f"127.0.0.1:{port}"
    return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"


def seat_computers(host: Host, address: str, computer: dict[Side, tuple[str, int]], out: Callable[[str], None]) -> None:
    """Seat the computer (level, seed) at each of these seats, as a `join --level` client of this host would be."""
    from officers_chess.ai.play import make_policy
    from officers_chess.net.join import Seat

    for side, (level, seed) in computer.items():
        asyncio.get_running_loop().create_task(Seat(address, host.codes[side], make_policy(level, seed), out).play())


def _resumed(args: argparse.Namespace) -> tuple[Callable[[], Host], str, int, Hosted]:
    """The host of the last battle served here, as its autosave left it (LookupError when there is none)."""
    found = newest_note()
    if found is None:
        raise LookupError("no hosted battle to resume on this machine")
    _, note = found
    if is_muster_file(Path(note.save)):
        mustered = open_muster(note.save)

        def at_muster() -> Host:
            record = mustered.record
            table = Table(mustered.loaded, record.seed, muster=record.muster, muster_path=mustered.path)
            table.at = record.muster.step
            return Host(table, codes=dict(note.codes))

        return at_muster, note.bind, args.port or note.port, note
    saved = open_save(note.save)
    resumed = resume_state(saved)
    if saved.record.finished or resumed.state.is_over:
        forget(saved.path)
        raise LookupError(f"the battle in {saved.path} is over")

    def host() -> Host:
        saver = Autosaver.carry_on(saved, resumed=resumed)
        table = Table(saved.loaded, saved.record.seed, state=resumed.state, saver=saver)
        table.at = resumed.actions
        told = resumed_lines(saver.recorder.record(), tuple(Side), limits.LOG_ON_JOIN)
        table.lines = {side: list(told[side]) for side in Side}
        if resumed.note:
            table.lines = {side: [*lines, resumed.note] for side, lines in table.lines.items()}
        return Host(table, codes=dict(note.codes))

    return host, note.bind, args.port or note.port, note


async def _host(make: Callable[[], Host], bind: str, port: int, out: Callable[[str], None],
                err: Callable[[str], None], computer: dict[Side, tuple[str, int]] | None = None) -> int:
    host = make()  # in the loop that serves it: the host's events belong to it
    host.out = out
    computer = computer or {}

    def ready(port: int) -> None:
        for line in join_lines({s: c for s, c in host.codes.items() if s not in computer}, bind, port):
            out(line)
        seat_computers(host, local_address(bind, port), computer, lambda line: None)

    try:
        await host.serve(bind, port, ready)
    except OSError as exc:
        err(f"cannot listen on {bind}:{port}: {exc.strerror or exc}")
        return EXIT_FAIL
    table = host.table
    if table.conceded is not None:
        out(f"the {table.conceded.value} conceded")
    elif table.state is not None and table.state.result is not None:
        out(f"battle over: {table.state.result.reason}")
    if table.save_path is not None:
        out(f"saved {table.save_path}")
    return EXIT_OK
