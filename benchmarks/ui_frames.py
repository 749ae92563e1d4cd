"""Timing the Textual app headless: from a key sent to the app to the frame that shows what it did.

A frame is one call of the app's `_display` with something to draw: the screen's compositor has
rendered the widgets marked dirty (our `render_line`s, the panes' Rich renderables) into an
update of the changed screen regions. In a real terminal `_display` then turns that update into
escape sequences (`render_segments`) and writes them; the headless driver skips both, so the
probe does the `render_segments` itself and takes the frame's time after it. Only the write to
the terminal is missing.

The key goes in the way a terminal's keys do: as a `Key` event handed to the driver, which posts
it to the app (the pilot's `press` does the same, then waits for idle; here the waiting is ours).
Textual repaints at most once per frame period (60 per second): a key arriving just after a
frame would wait for the next one. Every sample starts on a quiet app (nothing painted for
`QUIET_S`), where the repaint timer is not sleeping, so that wait is not in the samples.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Callable

from textual import events
from textual.app import App

QUIET_S = 0.05  # no frame for this long: the app has finished with the last key (three frame periods)
TIMEOUT_S = 5.0  # a key that never produces the awaited frame is a broken benchmark, not a slow one


@dataclass(frozen=True)
class Frame:
    at_ns: int  # perf_counter_ns once the frame's escape sequences were ready for the terminal
    screen: object
    dirty: frozenset[str]  # class names of the widgets repainted in this frame


def _names(widgets) -> frozenset[str]:
    return frozenset(type(widget).__name__ for widget in widgets)


class FrameProbe:
    """Records every frame an app paints, and times a key press to the first frame a test accepts."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.frames: list[Frame] = []
        self._wanted: Callable[[Frame], bool] | None = None
        self._found: asyncio.Future[Frame] | None = None
        display = app._display

        def probed(screen, renderable) -> None:
            # The screen's dirty widgets are cleared only after _display returns, so they are still
            # there: the widgets this frame repainted.
            dirty = _names(getattr(screen, "_dirty_widgets", ()))
            display(screen, renderable)
            if renderable is None or app._batch_count:
                return
            if app.is_headless:  # what a real driver would do before writing
                if hasattr(renderable, "render_segments"):
                    renderable.render_segments(app.console)
                else:
                    app.console._render_buffer(app.console.render(renderable))
            frame = Frame(time.perf_counter_ns(), screen, dirty)
            self.frames.append(frame)
            if self._wanted is not None and self._found is not None and not self._found.done() and self._wanted(frame):
                self._found.set_result(frame)

        app._display = probed  # type: ignore[method-assign]

    async def quiet(self) -> None:
        """Wait until the app has painted nothing for QUIET_S (it has finished with the last key)."""
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            count = len(self.frames)
            await asyncio.sleep(QUIET_S)
            if len(self.frames) == count:
                return
        raise TimeoutError("the app kept painting: it never became quiet")

    async def key_to_frame(self, key: str, wanted: Callable[[Frame], bool]) -> tuple[int, int]:
        """Send `key` to a quiet app; return the nanoseconds to the first frame `wanted` accepts, and to
        the last frame before the app was quiet again (the footer and scrollbars catching up)."""
        await self.quiet()
        first = len(self.frames)
        start, frame = await self.key_now(key, wanted)
        await self.quiet()
        last = self.frames[-1] if len(self.frames) > first else frame
        return frame.at_ns - start, last.at_ns - start

    async def key_now(self, key: str, wanted: Callable[[Frame], bool]) -> tuple[int, Frame]:
        """Send `key` at once, quiet app or not; return when it was sent (perf_counter_ns) and the first frame
        `wanted` accepts. TimeoutError if none comes within TIMEOUT_S."""
        loop = asyncio.get_running_loop()
        self._wanted, self._found = wanted, loop.create_future()
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(self.app)
        start = time.perf_counter_ns()
        self.app._driver.send_message(event)
        try:
            frame = await asyncio.wait_for(self._found, TIMEOUT_S)
        except TimeoutError:
            raise TimeoutError(f"no awaited frame after the key {key!r}") from None
        finally:
            self._wanted = None
        return start, frame

    async def press(self, *keys: str) -> None:
        """Untimed: send keys (as the pilot does) and wait until the app is quiet."""
        for key in keys:
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(self.app)
            self.app._driver.send_message(event)
            await self.quiet()
