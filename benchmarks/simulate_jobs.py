"""The `simulate_jobs` benchmark: one `simulate` batch on two processes against the same batch on one.

Timed: `run_batch`, the whole of `officers-chess simulate` but the argument parsing and the
printing, with the command's defaults (20 games, seed 1, greedy against greedy) on Millbrook
Crossing. Ours: `--jobs 2`; baseline: `--jobs 1`. The ratio (baseline / ours) is the speed-up.

Each timed batch starts with the scenario cache emptied, as a fresh `simulate` process does, so
each worker process (or the single process) loads the scenario itself, inside the timed region.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path
from typing import Callable

from officers_chess.content.bundled import bundled_dir
from officers_chess.session import batch_games
from officers_chess.session.batch_games import GameResult, run_batch

SCENARIO = "millbrook_crossing"
GAMES = 20  # simulate's default; a battle lasts far longer than starting a worker process
SEED = 1
LEVELS = ("greedy", "greedy")  # simulate's default
MIN_SPEEDUP = 1.6  # the target for --jobs 2 over --jobs 1
JOBS = 2


def path() -> Path:
    return bundled_dir("scenarios") / f"{SCENARIO}.yaml"


def batch(jobs: int, games: int, results: list[list[GameResult]]) -> Callable[[], list[GameResult]]:
    """A timed call: the batch on `jobs` processes; each run's results are kept in `results`."""

    def run() -> list[GameResult]:
        batch_games._loaded.cache_clear()  # a fresh process has not read the scenario yet
        results.append(run_batch(path(), games, SEED, LEVELS, jobs))
        return results[-1]

    return run


def cores() -> int:
    """The cores this process may run on (the whole machine when the platform cannot say)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def cpu_seconds() -> float:
    """CPU time used so far by this process and its ended worker processes, user and system."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def load_average() -> float | None:
    """The machine's load over the last minute (None where the platform cannot say): other work
    competing for the cores makes a parallel batch look slower than it is."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def differences(ours: list[GameResult], baseline: list[GameResult]) -> list[str]:
    """Games whose result differs between the two batches (they must not: results do not depend on --jobs)."""
    if len(ours) != len(baseline):
        return [f"--jobs {JOBS} played {len(ours)} games, --jobs 1 played {len(baseline)}"]
    return [
        f"game {a.index + 1}: --jobs {JOBS} gives {a.winner} in round {a.rounds}, --jobs 1 {b.winner} in round {b.rounds}"
        for a, b in zip(ours, baseline, strict=True)
        if a != b
    ]
