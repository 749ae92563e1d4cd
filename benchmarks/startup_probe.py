"""Run in a fresh process by the `startup_title` benchmark: start a Textual app headless, exit after its first screen.

    python benchmarks/startup_probe.py ours    `officers-chess` with no arguments (commands.console.run): the title screen
    python benchmarks/startup_probe.py bare    a bare Textual App showing one line of text

Both run `App.run(headless=True)` (forced by a patch, since the command calls `run()`), at the
headless driver's 80×24. When the first frame of the awaited screen has been painted (the
compositor's update turned into escape sequences, as a terminal driver would before writing
them), the probe notes `time.monotonic_ns()` and asks the app to exit. After the app has exited
it prints that instant on stdout; CLOCK_MONOTONIC is the same clock in every process, so the
parent can subtract the instant it started this process.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this folder is first on the path; its modules (timing, stats...) must not shadow others.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from textual.app import App, ComposeResult  # noqa: E402

shown: list[int] = []


def _probe(screen_name: str | None) -> None:
    """Patch App: headless runs, and an exit after the first frame of the awaited screen (None: any screen)."""
    run, display = App.run, App._display

    def headless_run(self, **kwargs):
        kwargs["headless"] = True
        return run(self, **kwargs)

    def probed(self, screen, renderable) -> None:
        display(self, screen, renderable)
        if renderable is None or shown or self._batch_count:
            return
        if screen_name is not None and type(screen).__name__ != screen_name:
            return
        if hasattr(renderable, "render_segments"):
            renderable.render_segments(self.console)
        shown.append(time.monotonic_ns())
        self.exit()

    App.run = headless_run  # type: ignore[method-assign]
    App._display = probed  # type: ignore[method-assign]


class Bare(App):
    """The baseline: a Textual app with one line of text and nothing else."""

    def compose(self) -> ComposeResult:
        from textual.widgets import Static

        yield Static("Officer's Chess")


def main(which: str) -> int:
    if which == "ours":
        _probe("TitleScreen")
        root = str(HERE.parent)
        if root not in sys.path:
            sys.path.insert(0, root)  # a checkout, installed or not
        from officers_chess.commands.console import run as officers_chess  # what the console script runs

        sys.argv = ["officers-chess"]  # no arguments: the title screen
        try:
            officers_chess()
        except SystemExit as exit:
            status = exit.code
    elif which == "bare":
        _probe(None)
        status = Bare().run() or 0
    else:
        print(f"unknown probe {which!r}: ours or bare", file=sys.stderr)
        return 2
    if not shown:
        print("the awaited screen was never painted", file=sys.stderr)
        return 1
    print(shown[0])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
