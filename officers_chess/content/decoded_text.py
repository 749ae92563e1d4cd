"""Every string a file decodes to, keys too, checked for characters a terminal would obey (ruling X1)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from officers_chess.rules.basics.plain_text import NEVER_IN_TEXT, character_name, first_unsafe

Loc = tuple[str | int, ...]

# The only values that may span lines: a briefing (scenario, campaign, chapter) and a map's rows. Everything
# else is one line; no value holds a tab.
MULTI_LINE_KEYS = frozenset({"briefing", "tiles"})
# What a file may decode to: a value of any other kind (a date, bytes, a set) is refused where it stands.
PLAIN_KINDS = (dict, list, str, int, float, bool, type(None))


@dataclass(frozen=True)
class UnsafeText:
    """The first string of some data holding a character a terminal would obey (or a value of no plain kind)."""

    loc: Loc  # where the value is (for a key: where the value under that key is)
    problem: str  # one line, naming the field and the character, quoting none of the text
    key: bool = False  # the key at `loc` is the string found wanting, not its value

    @property
    def field(self) -> str:
        return ".".join(str(part) for part in self.loc if not isinstance(part, int)) or "file"


def _said(text: str, lines: bool, what: str) -> str | None:
    at = first_unsafe(text, lines)
    if at is None:
        return None
    if text[at] == "\n":
        return f"{what} holds a line break: only a briefing or a map's tiles span lines"
    where = f" at character {at + 1}" if len(text) > 1 else ""
    return (f"{what} holds the character {character_name(text[at])}{where}: a terminal would act on it rather than "
            "show it (written as an escape or not, no game file may hold it)")


def find_unsafe_text(data: Any) -> UnsafeText | None:
    """The first string of `data` (keys and values, walked in order, without recursion) holding a character of
    plain_text's NEVER_IN_TEXT, or a newline outside MULTI_LINE_KEYS; or the first value of no plain kind.

    A save holds a few hundred thousand values at most: a place is made for each list and mapping, none for
    the rest until one is found wanting."""
    stack: list[tuple[Loc, str, Any]] = [((), "", data)]  # a list or mapping, its place, the key above it
    if not isinstance(data, (dict, list)):
        stack = [((), "", [data])]
    seen: set[tuple[int, bool]] = set()  # a YAML alias shares its value: looked at once (where lines may or not)
    while stack:
        loc, above, container = stack.pop()
        if (id(container), above in MULTI_LINE_KEYS) in seen:
            continue
        seen.add((id(container), above in MULTI_LINE_KEYS))
        pairs = container.items() if isinstance(container, dict) else enumerate(container)
        inner: list[tuple[Loc, str, Any]] = []
        for key, value in pairs:
            if isinstance(container, dict):
                if isinstance(key, str):
                    problem = _said(key, False, "the key")
                    if problem:
                        return UnsafeText(loc + (key,), problem, key=True)
                elif not isinstance(key, (int, float, bool, type(None))):
                    return UnsafeText(loc, f"a key of a kind no game file holds ({type(key).__name__})")
                named = key if isinstance(key, str) else above
            else:
                named = above
            if isinstance(value, str):
                if NEVER_IN_TEXT.search(value):  # a quick look; a line break is then weighed by its field
                    problem = _said(value, named in MULTI_LINE_KEYS, "the text")
                    if problem:
                        return UnsafeText(_place(loc, key, data), problem)
            elif isinstance(value, (dict, list)):
                inner.append((_place(loc, key, data), named, value))
            elif not isinstance(value, PLAIN_KINDS):
                return UnsafeText(_place(loc, key, data), f"a value of a kind no game file holds "
                                  f"({type(value).__name__}: write it as text in quotes, or as a number)")
        stack.extend(reversed(inner))
    return None


def _place(loc: Loc, key: Any, data: Any) -> Loc:
    return loc if not isinstance(data, (dict, list)) and loc == () else loc + (key,)


# In a JSON text, the only ways to a string holding one of those characters: the character itself (JSON takes
# any but C0 as it is), or an escape. A text with neither needs no walk (a save of a million values is read
# without one).
_JSON_SUSPECT = re.compile(r"[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]|\\[bfnrt]"
                           r"|\\u(?:00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F]|061[cC]|200[eEfF]|202[89a-eA-E]"
                           r"|206[6-9]|[dD][89a-fA-F][0-9a-fA-F]{2})")


def find_unsafe_json(text: str, data: Any) -> UnsafeText | None:
    """find_unsafe_text for the data of a JSON text, walking it only when the text could hold such a string."""
    return find_unsafe_text(data) if _JSON_SUSPECT.search(text) else None
