"""The one way out of a command to the terminal: every character it prints made visible, never obeyed (X5)."""

from __future__ import annotations

import io
import json
import sys
from contextlib import contextmanager
from typing import Any, Iterator, TextIO

from officers_chess.rules.basics.plain_text import visible


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


def print_json(value: Any, **dumps: Any) -> None:
    """A command's `--json` answer: one JSON document on stdout (`dumps`: json.dumps's own options)."""
    print(json.dumps(value, **dumps))
