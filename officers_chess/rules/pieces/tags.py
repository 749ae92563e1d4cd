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
    TAG_NAME = "tag name"  # Effective(Armored): the word must itself be a tag
    WORD = "word"  # a crest, a class or a combat art: checked where those are known
    MAGIC_TYPE = "magic type"
    STATUS = "status"
    STAT_CHANGE = "stat change"


# Every tag of the v0.6 rules; the other editions add theirs with `register_tags` (rules/combat/editions).
# A tag not listed here is rejected when content is loaded, so no file can carry a rule the game
# would ignore.
KNOWN_TAGS: dict[str, ArgKind] = {
    # movement types, and markers other tags refer to
    "Armored": ArgKind.NONE,
    "Cavalry": ArgKind.NONE,
    "Flying": ArgKind.NONE,
    "Dragon": ArgKind.NONE,
    "Monster": ArgKind.NONE,
    "Shifter": ArgKind.NONE,
    # movement
    "Fast": ArgKind.NUMBER,
    "Slow": ArgKind.NUMBER,
    "Canto": ArgKind.NONE,
    # combat
    "AoE": ArgKind.NONE,
    "Assassinate": ArgKind.NONE,
    "Blessed": ArgKind.NUMBER,
    "Bonus": ArgKind.STAT_CHANGE,
    "Brave": ArgKind.NONE,
    "Complex": ArgKind.NONE,
    "Countermeasure": ArgKind.TAG_NAME,
    "Decimate": ArgKind.NONE,
    "Devastate": ArgKind.NONE,
    "Devil": ArgKind.NONE,
    "DistantCounter": ArgKind.NONE,
    "Drain": ArgKind.NONE,
    "Effective": ArgKind.TAG_NAME,
    "Exclusive": ArgKind.WORD,
    "Guarded": ArgKind.NONE,
    "Inaccurate": ArgKind.NUMBER,
    "Ineffective": ArgKind.TAG_NAME,
    "Inflict": ArgKind.STAT_CHANGE,
    "Inverted": ArgKind.NONE,
    "Lucky": ArgKind.NUMBER,
    "Magic": ArgKind.MAGIC_TYPE,
    "Piercing": ArgKind.NONE,
    "Punishing": ArgKind.NUMBER,
    "SpellRange": ArgKind.NUMBER,
    "Status": ArgKind.STATUS,
    # items
    "Consumable": ArgKind.NUMBER,
    # special actions
    "Dance": ArgKind.NONE,
    "Escape": ArgKind.NONE,
    "GreaterHeal": ArgKind.NUMBER,
    "Heal": ArgKind.NUMBER,
    "Pick": ArgKind.NONE,
    "Raze": ArgKind.NONE,
    "Rescue": ArgKind.NONE,
    "Restore": ArgKind.NONE,
    "Seize": ArgKind.NONE,
    "Torch": ArgKind.NUMBER,
    "Warp": ArgKind.NONE,
    # scenario tags
    "Fleeing": ArgKind.NONE,
    "Leader": ArgKind.NONE,
    "Saboteur": ArgKind.NONE,
    # crests and relics
    "Sacred": ArgKind.WORD,
    "Relic": ArgKind.WORD,
    "Art": ArgKind.WORD,
}

V06_TAGS = frozenset(KNOWN_TAGS)  # the default edition's, before any other edition adds its own


def register_tags(tags: dict[str, ArgKind]) -> None:
    """Make an edition's own tags known (what each takes between its brackets)."""
    KNOWN_TAGS.update(tags)


def _tag_kind(name: str) -> ArgKind | None:
    """What a tag takes, or None for a tag no edition has (the editions register theirs on import)."""
    return KNOWN_TAGS.get(name)


MAGIC_TYPES = ("Reason", "Faith", "Dark")
STATUS_NAMES = ("Barrier", "Berserk", "Broken", "Frozen", "Petrified", "Poisoned", "Silenced", "Sleep", "Slowed")

STAT_NAMES = {"Str": "strength", "Mag": "magic", "Skl": "skill", "Dex": "skill", "Spd": "speed", "Def": "defense",
              "Res": "resistance"}

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
    kind = _tag_kind(name)
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
    if kind in (ArgKind.TAG_NAME, ArgKind.WORD):
        if not re.fullmatch(r"[A-Za-z][A-Za-z' ]*", raw):
            raise ValueError(f"tag {name} takes a word, not {raw!r}")
        # The word names a tag a unit must carry (Effective(Armored)): an unknown word
        # (a typo such as "Armoured") would be a rule that never applies.
        if kind is ArgKind.TAG_NAME and _tag_kind(raw) is None:
            raise ValueError(f"tag {name} names unknown tag {raw!r}{_did_you_mean(raw)}")
        return Tag(name, raw)
    if kind in (ArgKind.MAGIC_TYPE, ArgKind.STATUS):
        choices = MAGIC_TYPES if kind is ArgKind.MAGIC_TYPE else STATUS_NAMES
        match_ = next((c for c in choices if c.lower() == raw.lower()), None)
        if match_ is None:
            raise ValueError(f"tag {name} takes one of {', '.join(choices)}, not {raw!r}")
        return Tag(name, match_)
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
    return {
        ArgKind.NUMBER: "1",
        ArgKind.TAG_NAME: "Armored",
        ArgKind.WORD: "Seiros",
        ArgKind.MAGIC_TYPE: "Reason",
        ArgKind.STATUS: "Sleep",
        ArgKind.STAT_CHANGE: "Def+1",
    }[kind]


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
