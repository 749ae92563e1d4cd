"""Wall-clock timing of small calls: warm-up, many repetitions, median and p99 in milliseconds."""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence


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


def measure(calls: Sequence[Callable[[], object]], repeats: int, warmup: int = 1) -> Timing:
    """Time every call `repeats` times, cycling through them in order, after `warmup` untimed rounds.

    Each call is timed on its own (one sample per call), so the median is the median
    call and the p99 shows the slowest cases of the set. The garbage collector is
    paused while timing, as `timeit` does, so a collection triggered by an earlier
    allocation does not land on whichever call happens to be running.
    """
    for _ in range(warmup):
        for call in calls:
            call()
    samples: list[int] = []
    clock = time.perf_counter_ns
    was_enabled = gc.isenabled()
    gc.collect()
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
