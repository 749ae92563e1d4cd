"""Wall-clock timing of small calls: warm-up, many repetitions, median and p99 in milliseconds."""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Timing:
    """Durations of repeated calls, in nanoseconds, in the order they ran."""

    samples_ns: tuple[int, ...]

    @property
    def median_ms(self) -> float:
        return percentile(self.samples_ns, 50) / 1e6

    @property
    def p99_ms(self) -> float:
        return percentile(self.samples_ns, 99) / 1e6


def percentile(samples: Sequence[int], pct: float) -> float:
    """The nearest-rank percentile (the 50th of an even count is the mean of the middle two)."""
    ordered = sorted(samples)
    if not ordered:
        raise ValueError("no samples")
    if pct == 50:
        mid = len(ordered) // 2
        return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def measure(calls: Sequence[Callable[[], object]], repeats: int, warmup: int = 1, pause_gc: bool = True) -> Timing:
    """Time every call `repeats` times, cycling through them in order, after `warmup` untimed rounds.

    Each call is timed on its own (one sample per call), so the median is the median
    call and the p99 shows the slowest cases of the set. The garbage collector is
    paused while timing, as `timeit` does, so a collection triggered by an earlier
    allocation does not land on whichever call happens to be running. Long calls that are real
    workloads (whole battles, batches) keep it running with `pause_gc=False`: collecting is part
    of their cost, and seconds without it would let memory pile up.
    """
    for _ in range(warmup):
        for call in calls:
            call()
    samples: list[int] = []
    clock = time.perf_counter_ns
    was_enabled = gc.isenabled()
    gc.collect()
    if pause_gc:
        gc.disable()
    try:
        for _ in range(repeats):
            for call in calls:
                start = clock()
                call()
                samples.append(clock() - start)
    finally:
        if was_enabled:
            gc.enable()
    return Timing(tuple(samples))


def time_call(call: Callable[[], T], pause_gc: bool = True) -> tuple[T, int]:
    """One call's result and its duration in nanoseconds, with the garbage collector paused for it
    (unless `pause_gc` is false, as `measure`'s).

    For calls that cannot be repeated on their own (a computer player's decision inside a battle
    being played): the collector runs between calls, where the untimed work is, not inside them.
    """
    was_enabled = gc.isenabled()
    if pause_gc:
        gc.disable()
    try:
        start = time.perf_counter_ns()
        result = call()
        elapsed = time.perf_counter_ns() - start
    finally:
        if was_enabled:
            gc.enable()
    return result, elapsed
