"""Text a terminal shows as written: the characters it would obey instead (controls, bidi overrides), and a visible form."""

from __future__ import annotations

import re

# What a terminal acts on rather than shows, or shows out of order (ruling X1): the C0 controls but tab and
# newline (each field says whether it takes those), DEL, the C1 controls (U+009B alone starts a command on some
# terminals), the marks that reorder text (bidi embeddings, overrides and isolates, and the invisible direction
# marks), the line and paragraph separators, and lone surrogates (no UTF-8 terminal can be sent one).
_ALWAYS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
NEVER_IN_TEXT = re.compile(f"[\t\n{_ALWAYS}]")
NEVER_IN_LINES = re.compile(f"[\t{_ALWAYS}]")  # text that may span lines (a briefing, a map's rows)
NOT_SHOWN = re.compile(f"[\t{_ALWAYS}]")  # what `visible` spells out: output keeps its newlines

_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x09: "tab", 0x0A: "line break", 0x0B: "vertical tab",
          0x0C: "form feed", 0x0D: "carriage return", 0x1B: "ESC", 0x7F: "DEL", 0x9B: "CSI",
          0x202E: "right-to-left override", 0x202D: "left-to-right override", 0x2066: "left-to-right isolate",
          0x2067: "right-to-left isolate", 0x2068: "first strong isolate", 0x2069: "pop directional isolate",
          0x202A: "left-to-right embedding", 0x202B: "right-to-left embedding", 0x202C: "pop directional formatting",
          0x200E: "left-to-right mark", 0x200F: "right-to-left mark", 0x061C: "Arabic letter mark",
          0x2028: "line separator", 0x2029: "paragraph separator"}


def character_name(character: str) -> str:
    """`U+001B (ESC)`: a character named so a person can find it, without printing it."""
    code = ord(character)
    return f"U+{code:04X}" + (f" ({_NAMES[code]})" if code in _NAMES else "")


def first_unsafe(text: str, lines: bool = False) -> int | None:
    """Where the first character of `text` that a terminal would act on stands (None: there is none); a newline
    is one unless `lines`."""
    found = (NEVER_IN_LINES if lines else NEVER_IN_TEXT).search(text)
    return None if found is None else found.start()


def _spelled(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]  # "\x1b", "\u202e", "\t": as Python writes it, and as messages quote it


def visible(text: str) -> str:
    """`text` safe to hand to a terminal: each character of NOT_SHOWN spelled out (ESC as `\\x1b`, U+202E as
    `\\u202e`), newlines kept. The one function every line the game prints passes through."""
    return NOT_SHOWN.sub(_spelled, text) if NOT_SHOWN.search(text) else text
