"""The `ui_computer_turn` benchmark: a key pressed while the computer thinks its turn, to the frame that answers it.

The real app (`OfficersChessApp` on fixtures/twelve_a_side.yaml, seed 1) runs headless at 80×24 with
the computer playing the defender at a level (`normal`, or `hard` for the notes) and a person the
attacker, at the fast pace (the f key: shorter pauses between the computer's actions, the same
thinking). The sides take turns one activation at a time. The computer thinks each decision of its
activation in a worker thread (tui/screens/battle_computer.py: the "computer-thinks" group) while
the screen's own thread keeps reading keys and painting.

The key is `d` (the danger zone: off, every enemy's, the nearest enemy's, off again): during the
computer's turn the arrow keys do nothing by design (the player watches and the computer's
glimpses place the cursor, controller.move_cursor), and `d` is the one map key that stays live.
It is a heavier key than a cursor step: it repaints the whole map and, for the first two steps of
its cycle, works out the enemies' danger zones on the screen's thread.

Ours: the key sent as a terminal sends it (ui_frames.py) as soon as the computer is seen thinking
the first decision of its activation (its worker running, the controller in Mode.COMPUTER), timed
to the first frame repainting the map once the key has changed the danger zone; while the same
decision is still being thought after that frame, the next key follows a frame period later. The baseline: the same key during the
person's own turn (nobody thinking), each started on a quiet app as the other UI rows are. A key
with no such frame within ui_frames.TIMEOUT_S would be a frozen screen: the run stops there and
says so. The garbage collector's full passes that fall on a key are counted (gc.callbacks): the
thinking's garbage brings them on, and one holds both threads.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass, field

from benchmarks import ai_activation
from benchmarks.timing import Timing
from benchmarks.ui_frames import TIMEOUT_S, Frame, FrameProbe

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session.lookout import Danger
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp

FIXTURE = ai_activation.FIXTURE  # twelve a side on the 24×16 map of the activation rows
SEED = 1
COMPUTER = Side.DEFENDER  # the person acts first: the key's path is warmed up on their turn, untimed
KEY = "d"
THINKS = "computer-thinks"  # the worker group the battle screen thinks the computer's choices in
FRAME_PERIOD_S = 1 / 60  # Textual paints at most this often
POLL_S = 0.001  # how often the benchmark looks for the computer's thinking
LEVELS = ("normal", "hard")  # the row's figures, then the notes' second figure
TARGET_MS, TARGET_P99_MS = 50.0, 250.0  # issue 38: the computer's turn never freezes the screen
PACE = "fast"  # what the f key sets: shorter pauses between the computer's actions (its thinking is the same)
MAX_TURNS = 200  # a guard: far more turns than any run needs


@dataclass
class Turns:
    """The samples of one run of the app, with what the checks found."""

    ours_ns: list[int] = field(default_factory=list)  # keys while the computer thought
    base_ns: list[int] = field(default_factory=list)  # keys on the person's own turn
    still_thinking: int = 0  # frames of ours that came while the same decision was still being thought
    decisions: int = 0  # the computer's decisions the keys fell in (the first of an activation each)
    computer_turns: int = 0
    full_passes: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "baseline": []})  # ms, per key
    problems: list[str] = field(default_factory=list)

    @property
    def ours(self) -> Timing:
        return Timing(tuple(self.ours_ns))

    @property
    def baseline(self) -> Timing:
        return Timing(tuple(self.base_ns))


def thinker(screen):
    """The worker thinking the computer's current decision, if one is running."""
    return next((w for w in screen.workers if w.group == THINKS and w.is_running), None)


class _Run:
    def __init__(self, app: OfficersChessApp, probe: FrameProbe, result: Turns) -> None:
        self.app, self.probe, self.result = app, probe, result
        self.screen = app.screen
        self.c = self.screen.controller
        self.lookout = self.screen.lookout
        self.waiting: str | None = None  # "ours" or "baseline" while a key of theirs waits for its frame
        self._pass_began: int | None = None
        self.answered_in: list[Mode] = []  # the controller's step each time the screen answered the key
        cycle = self.lookout.cycle_danger

        def answered() -> None:  # the key's own handler, watched: when did the screen answer it?
            self.answered_in.append(self.c.mode)
            cycle()

        self.lookout.cycle_danger = answered  # type: ignore[method-assign]

    def _next_danger(self) -> Danger:
        order = list(Danger)
        return order[(order.index(self.lookout.danger) + 1) % len(order)]

    def _collector(self, phase: str, info: dict) -> None:
        """gc's callback: the garbage collector's full passes that fall while a key waits for its frame."""
        if info["generation"] != 2 or self.waiting is None:
            return
        if phase == "start":
            self._pass_began = time.perf_counter_ns()
        elif self._pass_began is not None:
            self.result.full_passes[self.waiting].append((time.perf_counter_ns() - self._pass_began) / 1e6)
            self._pass_began = None

    def _shows(self, expected: Danger):
        def wanted(frame: Frame) -> bool:
            return "MapView" in frame.dirty and self.lookout.danger is expected
        return wanted

    async def _key(self, expected: Danger, sample: str | None = None) -> int:
        """Send the key now; the nanoseconds to the first frame repainting the map with the key's danger zone."""
        self.waiting = sample
        try:
            start, frame = await self.probe.key_now(KEY, self._shows(expected))
        except TimeoutError:
            raise Frozen(f"no frame showing the danger zone {expected.value!r} within {TIMEOUT_S:g} s of the key") from None
        finally:
            self.waiting = None
        return frame.at_ns - start

    async def computer_turn(self, wanted: int) -> None:
        """Keys while the computer thinks the first decision of its activation (which unit, and where it moves: nearly
        all the work), until that thinking is done or `wanted` samples are in. Its later decisions are short and
        the turn may end with one: a key sent then is answered after the turn, which would say nothing."""
        result, c = self.result, self.c
        worker = None
        while c.mode is Mode.COMPUTER and worker is None:
            worker = thinker(self.screen)
            if worker is None:
                await asyncio.sleep(POLL_S)
        if worker is None or c.state.active is not None:  # not the activation's first decision: let it go by
            return
        result.decisions += 1
        # Nothing yields between finding the worker running and the key going in: every key goes in with the
        # controller in Mode.COMPUTER and this decision's worker running. A computer that stopped thinking in
        # that worker group would get no keys at all, and the row reports the keys missing.
        while worker.is_running and len(result.ours_ns) < wanted:
            expected = self._next_danger()
            result.ours_ns.append(await self._key(expected, "ours"))
            if self.lookout.danger is not expected:
                result.problems.append(f"the danger zone is {self.lookout.danger.value}, not {expected.value}, after the key")
            elif self.answered_in[-1] is not Mode.COMPUTER:  # a screen that held the key back until its turn was over
                result.problems.append(f"a key sent while the computer thought was answered only in "
                                       f"{self.answered_in[-1].value}, after the computer's turn")
            if result.problems:
                return
            if worker.is_running:
                result.still_thinking += 1
                await asyncio.sleep(FRAME_PERIOD_S)  # the next key of the same decision, a frame later

    async def own_turn(self, wanted: int) -> None:
        """The same key on the person's turn (nobody thinking), each on a quiet app; then the person's unit waits."""
        result, c, probe = self.result, self.c, self.probe
        while len(result.base_ns) < wanted:
            if thinker(self.screen) is not None or c.mode is Mode.COMPUTER:
                result.problems.append("the computer was thinking during the person's turn")
                return
            expected = self._next_danger()
            await probe.quiet()
            result.base_ns.append(await self._key(expected, "baseline"))
            if self.lookout.danger is not expected:
                result.problems.append(f"the danger zone is {self.lookout.danger.value}, not {expected.value}, after the key")
        await self.end_own_turn()

    async def end_own_turn(self) -> None:
        """Untimed: the person's next unit is selected, stays where it stands and waits."""
        c = self.c
        hovered = c.hovered_unit
        if hovered is None or hovered.side is COMPUTER:
            await self.probe.press("tab")  # the person's next unit still to act
        for key in ("enter", "enter"):  # select it, and move it to where it stands
            await self.probe.press(key)
        if c.mode is not Mode.ACTING:
            self.result.problems.append(f"the person's unit did not stand ready to act ({c.mode.value}; {c.hint})")
            return
        # Wait, and no waiting for a quiet app after it: the computer starts thinking at once.
        await self.probe.key_now("w", lambda frame: True)


class Frozen(Exception):
    """A key that got no frame in time: the screen froze (or the benchmark broke)."""


async def turns(level: str, keys: int, size: tuple[int, int] = (80, 24)) -> Turns:
    """`keys` samples of ours (the computer at `level` thinking) and as many of the baseline (the person's turn)."""
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=SEED, computer={COMPUTER: level}, autosave=False)
    app.collect_quietly()  # the garbage collector's schedule of the `officers-chess` command (tui/collector.py)
    result = Turns()
    async with app.run_test(size=size):
        probe = FrameProbe(app)
        run = _Run(app, probe, result)
        run.screen.pace = PACE
        gc.callbacks.append(run._collector)
        try:
            for _ in Danger:  # untimed warm-up on the person's turn: the key's whole cycle, back to off
                await probe.quiet()
                await run._key(run._next_danger())
            for _ in range(MAX_TURNS):
                if len(result.ours_ns) >= keys and len(result.base_ns) >= keys or result.problems:
                    break
                if run.c.mode is Mode.OVER:
                    result.problems.append("the battle ended before every key was in")
                    break
                if run.c.mode is Mode.COMPUTER:
                    result.computer_turns += 1
                    await run.computer_turn(keys)
                    while run.c.mode is Mode.COMPUTER:  # the rest of its activation, untimed
                        await asyncio.sleep(POLL_S * 10)
                else:
                    await run.own_turn(min(keys, len(result.ours_ns)) if result.ours_ns else 0)
        except Frozen as frozen:
            result.problems.append(str(frozen))
        finally:
            gc.callbacks.remove(run._collector)
    return result
