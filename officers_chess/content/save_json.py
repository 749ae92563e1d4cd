"""Finding the line of a value in a save's JSON text, only when an error needs it, and counting a save's values."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from officers_chess.content.errors import ContentError
from officers_chess.content.yaml_source import Loc


class _SaveSource:
    """Errors at the line of a value of a save; the line is found only when an error needs it (`json_line`)."""

    def __init__(self, path: Path, text: str) -> None:
        self.path, self.text = path, text

    def error(self, message: str, loc: Loc = ()) -> ContentError:
        return ContentError(self.path, message, json_line(self.text, loc))


_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_SCALAR = re.compile(r'[^ \t\n\r,:\[\]{}"]+')
_NESTED = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')  # what a list or object is made of, bar scalars


def _skip(text: str, at: int) -> int:
    """Where the JSON value at `at` ends: strings and brackets are counted, nothing is built, nothing recurses."""
    if text[at] not in "[{":
        found = (_STRING if text[at] == '"' else _SCALAR).match(text, at)
        if found is None:
            raise ValueError("not JSON")
        return found.end()
    depth = 0
    for token in _NESTED.finditer(text, at):
        mark = token.group()
        if mark == "[" or mark == "{":
            depth += 1
        elif mark == "]" or mark == "}":
            depth -= 1
            if depth == 0:
                return token.end()
    raise ValueError("not JSON")


def _find(text: str, at: int, part: str | int) -> int | None:
    """Where the value `part` (a key, or an index) of the list or object at `at` begins; None when it has none."""
    opener = text[at]
    if (opener == "{") != isinstance(part, str) or opener not in "[{":
        return None
    at = _SPACE.match(text, at + 1).end()
    index = 0
    while text[at] not in "]}":
        if opener == "{":
            key_end = _skip(text, at)
            key = json.loads(text[at:key_end])
            at = _SPACE.match(text, key_end).end()
            if text[at] != ":":
                raise ValueError("not JSON")
            at = _SPACE.match(text, at + 1).end()
            if key == part:
                return at
        elif index == part:
            return at
        index += 1
        at = _SPACE.match(text, _skip(text, at)).end()
        if text[at] == ",":
            at = _SPACE.match(text, at + 1).end()
    return None


def json_line(text: str, loc: Loc) -> int | None:
    """The line of the value at `loc` in a JSON text, or of the deepest value on the way that is there (pydantic
    puts names in a loc that are not keys: a union's kind, "[key]"); None for a text that is no JSON. It reads
    only the way there, a string and bracket at a time, so it costs little on a large file and nothing is built."""
    try:
        at = _SPACE.match(text).end()
        if at >= len(text):
            return None
        for part in loc:
            found = _find(text, at, part)
            if found is None:
                break
            at = found
    except (ValueError, IndexError, RecursionError):
        return None
    return text.count("\n", 0, at) + 1


def count_values(value: Any, limit: int) -> int:
    """How many values `value` is (each list and object counts one, and so does each thing in it, down to the
    last number), counted no further than past `limit`: without recursion, so no nesting stops it."""
    count, stack = 0, [value]
    while stack and count <= limit:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count
