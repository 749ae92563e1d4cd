"""ContentError: a problem in a content file, told as `file:line: what is wrong`.

Every message is tidied here, in one place, whoever wrote it: it stays on one line (a newline, NUL,
escape or other character that does not print is spelled out, as Python writes it), a value it
quotes is cut short (`quote`, and `tidy` for the messages of the rules, which quote with `!r`), and
the whole message has a ceiling. So a stranger's file cannot make an error paint the terminal, run
over many lines, or print four thousand digits back.
"""

from __future__ import annotations

import errno

import os
import re
from pathlib import Path
from typing import Any

MAX_QUOTED = 60  # characters of a quoted value that a message shows before "…"
MAX_MESSAGE = 1000  # characters of a whole message (besides its file name), a ceiling no good message reaches


def shorten(text: str, limit: int = MAX_QUOTED) -> str:
    """`text`, or its first `limit` characters and "…" when it is longer: the one cut every message uses."""
    return text if len(text) <= limit else text[:limit] + "…"


def printable(text: str) -> str:
    """`text` on one line: each character that does not print (newline, tab, NUL, escape, …) spelled out."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def quote(value: Any) -> str:
    """A value as a message quotes it (its repr), on one line and cut short, a string keeping its closing quote."""
    text = printable(repr(value))
    if len(text) <= MAX_QUOTED + 2:
        return text
    if isinstance(value, str):
        return shorten(text[:-1]) + text[-1]
    return shorten(text)


# A value some message quoted with repr: '…' or "…" not inside a word (so "scenario's" is no quote) nor
# escaped (each search then ends at the next quote of its kind, so it is linear), or a long run of
# characters without a space or a quote (a huge number, a name with no spaces).
_QUOTED = re.compile(r"""(?<![\w\\])(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?!\w)|[^\s'"]{%d,}""" % (MAX_QUOTED + 1))


def _cut(match: re.Match[str]) -> str:
    text = match.group()
    if text[0] in "'\"" and text[-1] == text[0] and len(text) > 1:
        return text if len(text) <= MAX_QUOTED + 2 else shorten(text[:-1]) + text[-1]
    if "/" in text or os.sep in text:
        return text  # a file's path (say, of the scenario a save names) is shown whole
    return shorten(text)


def tidy(message: str) -> str:
    """A message fit to show: one line, each quoted value (and each long unbroken run) cut short, and not
    longer than MAX_MESSAGE."""
    head = printable(message[: 100 * MAX_MESSAGE])  # the search is linear, but a megabyte is still no message
    return shorten(_QUOTED.sub(_cut, head), MAX_MESSAGE)


class ContentError(ValueError):
    """A file the game cannot use. `str()` gives the one-line message players see."""

    def __init__(self, path: Path | str, message: str, line: int | None = None) -> None:
        self.path = Path(path)
        self.line = line
        self.message = tidy(message)
        name = printable(str(self.path))
        where = f"{name}:{line}" if line is not None else name
        super().__init__(f"{where}: {self.message}")


def os_reason(exc: OSError) -> str:
    """An OSError in a few words: "the disk is full", "Read-only file system"..."""
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return (exc.strerror or str(exc) or type(exc).__name__).rstrip(".")
