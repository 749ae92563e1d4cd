"""A person's seat at a host's table, for the app: the websocket runs in a thread of its own, so a screen can ask the
host and wait for its answer as a local screen waits for the rules, and hears the other seat's turn as it comes."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from officers_chess.net import limits
from officers_chess.net.greeting import LostHost, SeatRefused, connection, greeted, heard
from officers_chess.net.messages import (
    Act,
    BattleSeat,
    Concede,
    MusterSeat,
    MusterStep,
    Notice,
    Over,
    Refusal,
    Refused,
    StaleView,
    TakeBack,
    Welcome,
    write,
)

View = MusterSeat | BattleSeat | Over
Intention = Act | MusterStep | TakeBack | Concede


class Rejoined(Notice):
    """Not sent by the host: the seat's own word that it joined again, so the view that follows is taken as it is
    (a host that came back numbers its views from its save, lower than before when a pending move died with it)."""


class RemoteSeat:
    """One seat of a hosted battle, as the app plays it. `tell` is called in the network thread with every view
    and notice the host sends (the app hands them to its own loop); `ask` sends an intention and waits for the view
    that answers it. A dropped connection is rejoined with the same code for as long as the seat is open (N8)."""

    def __init__(self, address: str, code: str, tell: Callable[[View | Notice], None] | None = None) -> None:
        self.address = address
        self.uri = f"ws://{address}"
        self.code = code
        self.tell = tell or (lambda message: None)
        self.welcome: Welcome | None = None
        self.latest: View | None = None  # the newest view the host sent
        self.connected = False
        self.joins = 0  # connections made so far: an answer is only ever read from the connection asked on
        self._refused: Refused | None = None  # the host's refusal of the intention being asked, until `ask` reads it
        self._since: list[View] | None = None  # the views heard since the intention being asked was sent
        self._asking: int | None = None  # the view number of the intention being asked
        self._changed = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._failed: Exception | None = None  # why the first join failed (refused code, no host)
        self._task: asyncio.Task | None = None

    # --- opening and closing ------------------------------------------------------------------------------------

    def open(self, wait: float = limits.OPEN_WAIT + limits.WELCOME_WAIT) -> Welcome:
        """Join: the host's welcome and first view, or SeatRefused (the code) / LostHost (no host there)."""
        threading.Thread(target=self._run, name=f"seat {self.address}", daemon=True).start()
        with self._changed:
            if not self._changed.wait_for(lambda: self._failed is not None or self.latest is not None, wait):
                self.close()
                raise LostHost(f"no answer from {self.address}")
        if self._failed is not None:
            raise self._failed
        assert self.welcome is not None
        return self.welcome

    def close(self) -> None:
        """Leave the table (the host keeps the seat's place: the code rejoins it). A rejoin under way stops too."""
        self._closing = True
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:
                pass  # the loop ended meanwhile

    # --- asking -------------------------------------------------------------------------------------------------

    def ask(self, intention: Intention, wait: float = limits.ASK_WAIT) -> View:
        """Send one intention and wait for the view that answers it (a newer view number; for a concession, the
        end). StaleView or Refusal with the host's words when the host refuses it; LostHost when the connection
        drops first or no answer comes in `wait` seconds (the host may still have taken it: its view will come)."""
        with self._changed:
            self._refused, self._since, self._asking = None, [], intention.at
            loop, ws, joins = self._loop, self._ws, self.joins
        if loop is None or ws is None or not self.connected:
            raise LostHost("not connected to the host: rejoining it")
        try:
            asyncio.run_coroutine_threadsafe(ws.send(write(intention)), loop).result(limits.SEND_WAIT)
        except (ConnectionClosed, OSError, TimeoutError, RuntimeError) as exc:
            raise LostHost(f"the host could not be told ({type(exc).__name__})") from None

        def answer() -> View | None:
            # The first view after the intention's: a later one (the other seat was quick) comes through `tell`.
            if isinstance(intention, Concede):
                return next((v for v in self._since or () if isinstance(v, Over)), None)
            return next((v for v in self._since or () if isinstance(v, Over) or v.at > intention.at), None)

        def settled() -> bool:
            return self._refused is not None or answer() is not None or self.joins != joins or not self.connected

        with self._changed:
            try:
                if not self._changed.wait_for(settled, wait):
                    raise LostHost("the host has not answered yet")
                if self._refused is not None:
                    refused = self._refused
                    raise (StaleView if refused.stale else Refusal)(refused.reason)
                found = answer()
                if found is None:
                    raise LostHost("the connection to the host dropped: rejoining it")
                return found
            finally:
                self._refused, self._since, self._asking = None, None, None

    # --- the network thread -------------------------------------------------------------------------------------

    def _run(self) -> None:
        asyncio.run(self._play_until_closed())

    async def _play_until_closed(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        if self._closing:
            return
        try:
            await self._play()
        except asyncio.CancelledError:
            pass  # closed by `close`: the seat left the table

    async def _play(self) -> None:
        lost_said = False
        while not self._closing:
            try:
                async with connection(self.uri) as ws:
                    welcome = await greeted(ws, self.code)
                    if self._closing:
                        return  # left while this rejoin was under way: the seat is not taken again
                    with self._changed:
                        self.welcome, self._ws, self.connected = welcome, ws, True
                        self.joins += 1
                    if lost_said:
                        self.tell(Rejoined(text="Back at the host's table."))
                        lost_said = False
                    if await self._follow(ws):
                        return
            except SeatRefused as refused:
                if self.welcome is None:
                    self._fail(refused)
                    return
                if "taken" not in str(refused):  # taken: the host has not yet noticed the old connection drop
                    self.tell(Notice(text=f"The host refused the rejoin: {refused}"))
                    return
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI, ValueError,
                    LostHost) as exc:
                if self.welcome is None:
                    self._fail(LostHost(f"cannot join {self.address}: {exc}"))
                    return
                if not lost_said and not self._closing:
                    self.tell(Notice(text="Lost the host; trying to rejoin…"))
                    lost_said = True
            finally:
                with self._changed:  # an `ask` waiting on this connection learns at once that it is gone
                    self.connected, self._ws = False, None
                    self._changed.notify_all()
            await asyncio.sleep(0.5)

    def _fail(self, why: Exception) -> None:
        with self._changed:
            self._failed = why
            self._changed.notify_all()

    async def _follow(self, ws: ClientConnection) -> bool:
        """Hear the host until the battle ends (True) or the connection drops (LostHost)."""
        async for message in heard(ws):
            if isinstance(message, Refused):
                with self._changed:
                    # Only a refusal of the intention being asked answers it: a late one, of an intention whose
                    # wait already ended, is not taken for the next one's.
                    if self._asking is not None and message.at in (None, self._asking):
                        self._refused = message
                        self._changed.notify_all()
                continue
            if isinstance(message, Welcome):
                continue
            if isinstance(message, (MusterSeat, BattleSeat, Over)):
                with self._changed:
                    self.latest = message
                    if self._since is not None:
                        self._since.append(message)
                    self._changed.notify_all()
            self.tell(message)
            if isinstance(message, Over):
                return True
        if self._closing:
            return True
        raise LostHost("the connection closed")
