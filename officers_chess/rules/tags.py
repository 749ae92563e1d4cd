"""Tags: the keywords on classes and items, parsed from text such as ``Lucky(1)`` or ``Bonus(Def+1)``."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Iterable


class ArgKind(Enum):
    """What a tag takes between its brackets."""

    NONE = "none"
    NUMBER = "number"
    WORD = "word"
    STAT_CHANGE = "stat change"


# The tags this edition's rules core implements. A tag that is not listed here is
# rejected when content is loaded, so no file can carry a rule the game would ignore.
KNOWN_TAGS: dict[str, ArgKind] = {
    # movement types and markers other tags refer to
    "Armored": ArgKind.NONE,
    "Cavalry": ArgKind.NONE,
    "Flying": ArgKind.NONE,
    "Dragon": ArgKind.NONE,
    "Monster": ArgKind.NONE,
    # movement
    "Fast": ArgKind.NUMBER,
    "Slow": ArgKind.NUMBER,
    # combat
    "Bonus": ArgKind.STAT_CHANGE,
    "Brave": ArgKind.NONE,
    "Complex": ArgKind.NONE,
    "Countermeasure": ArgKind.WORD,
    "DistantCounter": ArgKind.NONE,
    "Effective": ArgKind.WORD,
    "Guarded": ArgKind.NONE,
    "Inaccurate": ArgKind.NUMBER,
    "Inverted": ArgKind.NONE,
    "Lucky": ArgKind.NUMBER,
    "Piercing": ArgKind.NONE,
}

STAT_NAMES = {"Str": "strength", "Skl": "skill", "Spd": "speed", "Def": "defense", "Res": "resistance"}

_TAG_RE = re.compile(r"^\s*([A-Za-z]+)\s*(?:\(\s*([^()]*?)\s*\))?\s*$")
_STAT_CHANGE_RE = re.compile(r"^([A-Za-z]+)\s*([+-]\s*\d+)$")


@dataclass(frozen=True)
class Tag:
    """A parsed tag: its name and its argument (a number, a word, or a (stat, change) pair)."""

    name: str
    arg: int | str | tuple[str, int] | None = None

    def __str__(self) -> str:
        if self.arg is None:
            return self.name
        if isinstance(self.arg, tuple):
            stat, change = self.arg
            short = next(k for k, v in STAT_NAMES.items() if v == stat)
            return f"{self.name}({short}{change:+d})"
        return f"{self.name}({self.arg})"


@lru_cache(maxsize=4096)
def parse_tag(text: str) -> Tag:
    """Parse one tag; raises ValueError with a player-readable reason.

    >>> parse_tag("Lucky(2)")
    Tag(name='Lucky', arg=2)
    >>> str(parse_tag("Bonus(Def+1)"))
    'Bonus(Def+1)'
    """
    match = _TAG_RE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a tag (expected Name or Name(argument))")
    name, raw = match.group(1), match.group(2)
    kind = KNOWN_TAGS.get(name)
    if kind is None:
        raise ValueError(f"unknown tag {name!r}{_did_you_mean(name)}")
    if kind is ArgKind.NONE:
        if raw is not None:
            raise ValueError(f"tag {name} takes no argument")
        return Tag(name)
    if raw is None or raw == "":
        raise ValueError(f"tag {name} needs an argument, as in {name}({_example(kind)})")
    if kind is ArgKind.NUMBER:
        if not re.fullmatch(r"\d+", raw):
            raise ValueError(f"tag {name} takes a whole number, not {raw!r}")
        return Tag(name, int(raw))
    if kind is ArgKind.WORD:
        if not re.fullmatch(r"[A-Za-z][A-Za-z ]*", raw):
            raise ValueError(f"tag {name} takes a word, not {raw!r}")
        # The word names the tag a unit must carry (Effective(Armored), Countermeasure(Flying)).
        # Units only ever carry known tags, so an unknown word (a typo such as "Armoured")
        # would be a rule that silently never applies: reject it (rulings K2).
        if raw not in KNOWN_TAGS:
            raise ValueError(f"tag {name} names unknown tag {raw!r}{_did_you_mean(raw)}")
        return Tag(name, raw)
    change = _STAT_CHANGE_RE.match(raw)
    if not change or change.group(1) not in STAT_NAMES:
        raise ValueError(f"tag {name} takes a stat change such as Def+1 (stats: {', '.join(STAT_NAMES)})")
    return Tag(name, (STAT_NAMES[change.group(1)], int(change.group(2).replace(" ", ""))))


def _did_you_mean(name: str) -> str:
    close = difflib.get_close_matches(name, KNOWN_TAGS, n=1, cutoff=0.5)
    if not close:
        close = [t for t in KNOWN_TAGS if t.lower() == name.lower()]
    return f"; did you mean {close[0]}?" if close else f"; known tags: {', '.join(sorted(KNOWN_TAGS))}"


def _example(kind: ArgKind) -> str:
    return {ArgKind.NUMBER: "1", ArgKind.WORD: "Armored", ArgKind.STAT_CHANGE: "Def+1"}[kind]


def check_tag(text: str) -> str:
    """Validate a tag's text and return it in its canonical spelling."""
    return str(parse_tag(text))


def has_tag(tags: Iterable[str], name: str) -> bool:
    """True when any of the tags has this name."""
    return any(parse_tag(t).name == name for t in tags)


def tag_args(tags: Iterable[str], name: str) -> list:
    """The arguments of every tag with this name, in order."""
    return [tag.arg for tag in map(parse_tag, tags) if tag.name == name]


def tag_total(tags: Iterable[str], name: str) -> int:
    """The sum of the numeric arguments of every tag with this name (tags like Lucky stack)."""
    return sum(int(arg) for arg in tag_args(tags, name))
