"""Python's garbage collector kept out of the player's way: its full passes run between screens and while the player pauses, never in the middle of a key.

A full pass looks at every object that can hold others. In a battle that is some hundred thousand objects, and a
pass took 50-120 ms, long enough to be felt when it fell on a key (benchmarks: ui_forecast_open). Most of them
last as long as the screen does (the modules, the widgets, the board), so at a quiet moment the collector sets
them aside (`gc.freeze`) and its later passes only look at what came after. Only `officers-chess` itself runs
this way (commands/console.py's run); tests and other hosts of the app keep Python's own schedule.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

PYTHONS_OWN = gc.get_threshold()
YOUNG, MIDDLE, _ = PYTHONS_OWN
# Middle passes between full ones on the collector's own schedule: a cap for keys that never pause, not the
# rhythm. Each forecast opened and closed leaves some 0.6 MB that only a full pass frees (Textual rebuilds the
# footer's keys); at 100 a run of 300 of them without a pause peaks near 100 MB (at 1000: 170 MB), and the
# full pass that the cap forces then takes a few hundred ms, where a pass at every pause takes a few ms.
SELDOM = 100
IDLE_SECONDS = 0.5  # a pause in the player's keys this long is a quiet moment (reading a forecast takes longer)
PILED_UP = 2  # middle passes since the last full one that make a full pass worth its time at a quiet moment


def pause_for_start_up() -> None:
    """No passes while the game starts: start-up makes modules, classes and tables that live as long as the process."""
    gc.disable()


def settle() -> None:
    """At a quiet moment between screens: a full pass over everything (the last screen's leavings go), then what
    survived is set aside, and from now on full passes come at the player's pauses (`tidy`)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, SELDOM)
    gc.enable()


class QuietCollector:
    """Runs a full pass when the player has paused and enough has piled up since the last one."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_input = clock()

    def touched(self) -> None:
        """The player pressed a key or used the mouse."""
        self.last_input = self.clock()

    def tidy(self) -> bool:
        """A full pass if the player has been idle for IDLE_SECONDS and PILED_UP middle passes have run since the
        last one; whether it ran. Frozen objects are skipped, so the pass is short."""
        if self.clock() - self.last_input < IDLE_SECONDS or gc.get_count()[2] < PILED_UP:
            return False
        gc.collect()
        return True


def restore() -> None:
    """Python's own schedule again, nothing set aside: for a host whose process goes on after the app."""
    gc.unfreeze()
    gc.set_threshold(*PYTHONS_OWN)
    gc.enable()
