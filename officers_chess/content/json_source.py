"""Reading JSON from a save: duplicate keys, overlong numbers and too many values refused, with a reason."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from officers_chess.content.errors import ContentError, quote
from officers_chess.content.yaml_source import TOO_MANY_DIGITS, DuplicateKey, parse


# Values a JSON file (a save) may hold, counted before it is read: about seventy times a long battle's
# save (a ten-round battle of two armies is some 12,000), but a 32 MB file of `{},{},...` is ten million,
# and each would cost the memory of a Python object and of a complaint from the validation.
MAX_JSON_VALUES = 1_000_000


class JsonRefused(Exception):
    """A JSON text refused by `load_json` (not a ValueError, so no handler of bad JSON swallows it)."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem, self.line = problem, line

    def error(self, path: Path, text: str) -> ContentError:
        return ContentError(path, self.problem, self.line)


class DuplicateJsonKey(JsonRefused):
    """Raised by `unique_keys` inside json.loads."""

    def __init__(self, key: str) -> None:
        super().__init__(f"key {quote(key)} appears twice")
        self.key = key

    def error(self, path: Path, text: str) -> ContentError:
        """The ContentError to show, with both lines when the text shows them (JSON is YAML too)."""
        try:
            parse(text)
        except DuplicateKey as exc:
            return ContentError(path, exc.problem, exc.line)
        except yaml.YAMLError:
            pass
        return ContentError(path, self.problem)


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json.loads's object_pairs_hook: a JSON object, refused (DuplicateJsonKey) if it gives a key twice."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateJsonKey(key)
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    """json.loads's parse_constant: Python reads NaN and Infinity, which JSON has not (nor any save of ours)."""
    raise JsonRefused(f"{name} is not a JSON number")


def load_json(text: str) -> Any:
    """json.loads, refusing (JsonRefused) a text of more than MAX_JSON_VALUES values or with a key given twice
    in an object; json's own errors (JSONDecodeError, RecursionError, ValueError) are the caller's to word.

    The count is an upper bound read off the text before any of it is built: every value but the first
    of a list or an object follows a comma, and each list and object has its bracket."""
    values = text.count(",") + text.count("[") + text.count("{") + 1
    if values > MAX_JSON_VALUES:
        raise JsonRefused(f"not a game file: more than {MAX_JSON_VALUES} values")
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError:
        raise
    except ValueError:
        long = _LONG_NUMBER.search(text)
        if long is None:
            raise
        raise JsonRefused(TOO_MANY_DIGITS, text.count("\n", 0, long.start()) + 1) from None




_LONG_NUMBER = re.compile(r"[0-9]{4000,}")  # Python reads no number of more than 4,300 digits
