"""What every `officers-chess` command shares: exit statuses, limits of its numbers, one-line failures, and the
one way out to the terminal (every character of every line made visible, never obeyed)."""

from __future__ import annotations

import io
import sys
from contextlib import contextmanager
from typing import Any, Iterator, TextIO

from officers_chess.ai.levels import LEVEL_NAMES
from officers_chess.rules.basics.plain_text import visible

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # as a shell reports a program stopped by SIGPIPE; never 1, which means a mismatch
EXIT_CRASH = 70  # an error nobody foresaw (sysexits.h's EX_SOFTWARE); crash.py writes its details to a file
MAX_SEED = 2**64 - 1  # the dice draw from a 64-bit counter: seeds from 0 to here are all different
MAX_GAMES = 100_000  # games in one simulate batch: the win rate's 95% interval is then ±0.3 points at most
MAX_JOBS = 256


def fail(message: str) -> int:
    """Say what is wrong in one line on stderr; the status of bad input."""
    print(f"officers-chess: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def seed_problem(seed: int | None) -> str | None:
    if seed is None or 0 <= seed <= MAX_SEED:
        return None
    return f"--seed takes a whole number from 0 to {MAX_SEED}"


def level_names() -> list[str]:
    return list(LEVEL_NAMES)  # the names only: the computer players load when a command plays one


def unwritable(folder) -> str | None:
    """Why saves cannot be written into `folder` (made if need be), found out before the first battle; None when
    they can."""
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return f"{folder}: cannot write saves there ({exc.strerror})"
    return None


class VisibleStream(io.TextIOBase):
    """A text stream that hands `below` each write through `visible` (ruling X5): whatever a command prints, a
    control character or bidi override in it is spelled out, never acted on by the terminal."""

    def __init__(self, below: TextIO) -> None:
        super().__init__()
        self.below = below

    def write(self, text: str) -> int:
        self.below.write(visible(text))
        return len(text)

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        self.below.flush()

    def isatty(self) -> bool:
        return self.below.isatty()

    def fileno(self) -> int:
        return self.below.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.below, "encoding", "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.below, "errors", None)


@contextmanager
def visible_output() -> Iterator[None]:
    """For the length of a command, sys.stdout and sys.stderr pass every write through `visible`. (The app's own
    screen goes to the terminal by another way, sys.__stderr__, and is Textual's: what it shows is made safe
    where it enters the app.)"""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(sys.stdout), VisibleStream(sys.stderr)
    try:
        yield
    finally:
        for guarded in (sys.stdout, sys.stderr):
            try:
                guarded.flush()
            except (OSError, ValueError):
                pass
        sys.stdout, sys.stderr = saved


def below(stream: TextIO) -> TextIO:
    """The stream under a VisibleStream (the stream itself when it is none): for Rich, which writes its own codes."""
    return getattr(stream, "below", stream)


def print_rich(*renderables: Any) -> None:
    """Print Rich tables to stdout: Rich's own colours reach the terminal as they are, every text it was given
    through `visible` (Rich would pass an ESC on), its markup never read (a name is a name)."""
    from rich.console import Console
    from rich.segment import Segment, Segments

    console = Console(file=below(sys.stdout), markup=False)
    for renderable in renderables:
        segments = [segment if segment.control else Segment(visible(segment.text), segment.style)
                    for segment in console.render(renderable)]
        console.print(Segments(segments), end="")
