"""A save's top-level fields read from part of its text, never its long lists of actions and checkpoints."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path


def read_part(path: Path, offset: int, size: int) -> bytes:
    """At most `size` bytes of a regular file from `offset`: the only way a list of saves reads one. Like the
    content reader (safe_read.read_bytes) it never waits on a pipe nor reads a device (OSError then)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a file")
        os.lseek(fd, offset, os.SEEK_SET)
        chunks, left = [], size
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


_DECODER = json.JSONDecoder()


_SPACE = re.compile(r"[ \t\n\r]*")


_STOP = {"actions", "checkpoints", "muster"}  # the long parts: a summary never needs them


def top_level(text: str, whole: bool = True) -> dict:
    """The top-level fields of the JSON object `text` holds (or begins, when not `whole`: a prefix of a save),
    value by value, up to the first of the long parts, or the first value a prefix cuts off. ValueError when
    it is no JSON object."""
    found: dict = {}
    at = _SPACE.match(text, 0).end()
    if text[at:at + 1] != "{":
        raise ValueError("not a JSON object")
    at = _SPACE.match(text, at + 1).end()
    try:
        while at < len(text) and text[at] != "}":
            key, at = _DECODER.raw_decode(text, at)
            at = _SPACE.match(text, at).end()
            if not isinstance(key, str) or text[at:at + 1] != ":":
                raise ValueError("not a JSON object")
            if key in _STOP:
                break
            found[key], at = _DECODER.raw_decode(text, _SPACE.match(text, at + 1).end())
            at = _SPACE.match(text, at).end()
            if text[at:at + 1] == ",":
                at = _SPACE.match(text, at + 1).end()
            elif at < len(text) and text[at] != "}":
                raise ValueError("not a JSON object")
    except json.JSONDecodeError:
        if whole:
            raise
        # cut off by the prefix: what was read is what a list needs; the rest is for a full load to judge
    return found
