"""The `startup_title` benchmark: `officers-chess` started to its title screen, as a whole process.

Ours: `python benchmarks/startup_probe.py ours`, which runs what the `officers-chess` command runs
with no arguments (commands.console.run: the argument parser, then the app) headless at 80×24, and exits once
the title screen's first frame is painted. One sample is the wall time from just before the
process is started to its exit: interpreter start-up, imports, the app's start-up, the title
screen composed, laid out and painted, and the app's shutdown. The notes split that at the
painted frame (the probe prints its CLOCK_MONOTONIC instant).

Baseline: the same probe running a bare Textual App with one line of text (`... bare`). The
notes add two floors: `python -c pass` and `python -c "import textual.app"`.

The processes alternate (ours, bare, ours...), so a busy spell on the machine hits both; one
untimed run of each first, so both find Python's bytecode caches written. The children run without
PYTHONDONTWRITEBYTECODE even when this process has it: pip wrote Textual's caches when it installed
it, and a player's checkout writes ours on its first start, so a run that compiled our modules from
source every time would measure a start no player sees.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.timing import Timing

PROBE = Path(__file__).resolve().parent / "startup_probe.py"
MIN_RATIO = 0.4  # the bare app's median over ours: `officers-chess` takes at most 2.5 times as long (issue 17)
ROOT = PROBE.parent.parent
CHILD_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
COMMANDS = {
    "ours": [sys.executable, str(PROBE), "ours"],
    "bare": [sys.executable, str(PROBE), "bare"],
    "python": [sys.executable, "-c", "pass"],
    "import textual": [sys.executable, "-c", "import textual.app"],
}


@dataclass
class Runs:
    whole_ns: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in COMMANDS})
    painted_ns: dict[str, list[int]] = field(default_factory=lambda: {"ours": [], "bare": []})
    problems: list[str] = field(default_factory=list)

    def timing(self, name: str) -> Timing:
        return Timing(tuple(self.whole_ns[name]))

    def painted(self, name: str) -> Timing:
        return Timing(tuple(self.painted_ns[name]))


def once(name: str, runs: Runs | None = None) -> None:
    start = time.monotonic_ns()
    done = subprocess.run(COMMANDS[name], cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          env=CHILD_ENV, timeout=60)
    end = time.monotonic_ns()
    if runs is None:
        return
    if done.returncode != 0:
        runs.problems.append(f"{name}: exit status {done.returncode}: {done.stderr.strip()[-300:]}")
        return
    runs.whole_ns[name].append(end - start)
    if name in runs.painted_ns:
        runs.painted_ns[name].append(int(done.stdout.split()[-1]) - start)


def measure(repeats: int, floors: int) -> Runs:
    runs = Runs()
    for name in COMMANDS:
        once(name)  # untimed: bytecode caches written, files in the page cache
    for index in range(repeats):
        for name in ("ours", "bare"):
            once(name, runs)
        if index < floors:
            for name in ("python", "import textual"):
                once(name, runs)
    return runs
