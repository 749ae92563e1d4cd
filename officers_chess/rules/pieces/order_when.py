"""The `when` of a script line: one condition, or several joined by `and`, `or`, `not` and brackets, read into a tree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# The words a scenario author writes, and what each needs after it (for messages and the guide).
CONDITION_FORMS = (
    "always",
    "enemy within N",
    "threatened",
    "round >= N",
    "round N-M",
    "hp <= N",
    "ally routed",
    "ally NAME routed",
    "ally hp <= N",
    "ally NAME hp <= N",
    "attacked",
    "ally attacked",
    "ally NAME attacked",
    "enemy on [X, Y]",
    "enemy in AREA",
    "morale <= N",
    "enemy morale <= N",
    "outnumbered in AREA",
    "A and B",
    "A or B",
    "not A",
    "once A",
)

TILE = r"\[\s*([0-9]{1,4})\s*,\s*([0-9]{1,4})\s*\]"  # `[X, Y]` as a script or a trigger writes it
_NUMBER = r"([0-9]{1,4})"
_CONDITIONS: list[tuple[str, str]] = [
    (r"always", "always"),
    (rf"enemy within {_NUMBER}", "enemy_within"),
    (r"threatened", "threatened"),
    (rf"round\s*(?:>=|≥)\s*{_NUMBER}", "round_at_least"),
    (rf"rounds? {_NUMBER}\s*(?:-|–|to)\s*{_NUMBER}", "round_between"),
    (rf"hp\s*(?:<=|≤)\s*{_NUMBER}", "hp_at_most"),
    (r"ally routed", "ally_routed"),
    (rf"ally hp\s*(?:<=|≤)\s*{_NUMBER}", "ally_hp_at_most"),
    (rf"ally (.+?) hp\s*(?:<=|≤)\s*{_NUMBER}", "ally_hp_at_most"),
    (r"ally (.+?) routed", "ally_routed"),
    (r"attacked", "attacked"),
    (r"ally attacked", "ally_attacked"),
    (r"ally (.+?) attacked", "ally_attacked"),
    (rf"enemy on {TILE}", "enemy_on"),
    (rf"morale\s*(?:<=|≤)\s*{_NUMBER}", "morale_at_most"),
    (rf"enemy morale\s*(?:<=|≤)\s*{_NUMBER}", "enemy_morale_at_most"),
    (r"enemy in (.+)", "enemy_in"),
    (r"outnumbered in (.+)", "outnumbered_in"),
]
JOINS = ("and", "or", "not", "once")  # words that join conditions; a unit named with one cannot be named here


@dataclass(frozen=True)
class Clause:
    """One condition: its kind and what it names (a number, an upper round, a unit, a tile)."""

    kind: str
    number: int | None = None
    upto: int | None = None  # the last round of `round N-M`
    name: str | None = None
    at: tuple[int, int] | None = None
    area: str | None = None  # a named area of the scenario (`enemy in AREA`)


@dataclass(frozen=True)
class Not:
    part: Node


@dataclass(frozen=True)
class Once:
    """From the first time `part` holds, for the rest of the battle (the game keeps which lines have fired)."""

    part: Node


@dataclass(frozen=True)
class All:
    parts: tuple[Node, ...]


@dataclass(frozen=True)
class AnyOf:
    parts: tuple[Node, ...]


Node = Clause | Not | All | AnyOf | Once


def read_clause(words: str) -> Clause:
    """One condition from its words (ValueError naming the forms allowed)."""
    words = " ".join(words.split())
    for pattern, kind in _CONDITIONS:
        found = re.fullmatch(pattern, words, flags=re.IGNORECASE)
        if found:
            return _clause(kind, found.groups())
    raise ValueError(f"unknown condition {words!r}; write one of: {', '.join(CONDITION_FORMS)}")


def _clause(kind: str, args: tuple[str, ...]) -> Clause:
    if kind in ("enemy_within", "round_at_least", "hp_at_most", "morale_at_most", "enemy_morale_at_most"):
        return Clause(kind, number=int(args[0]))
    if kind == "round_between":
        first, last = int(args[0]), int(args[1])
        if first > last:
            raise ValueError(f"round {first}-{last} runs backwards: write the first round first")
        return Clause(kind, number=first, upto=last)
    if kind == "ally_hp_at_most":
        return Clause(kind, number=int(args[-1]), name=args[0] if len(args) == 2 else None)
    if kind in ("ally_routed", "ally_attacked"):
        return Clause(kind, name=args[0] if args else None)
    if kind == "enemy_on":
        return Clause(kind, at=(int(args[0]), int(args[1])))
    if kind in ("enemy_in", "outnumbered_in"):
        return Clause(kind, area=args[0])
    return Clause(kind)


@lru_cache(maxsize=512)
def read_when(text: str) -> Node:
    """The whole `when`: `not` binds tightest, then `and`, then `or`; brackets group (ValueError if malformed)."""
    tokens = re.findall(r"\(|\)|[^\s()]+", text)
    once = bool(tokens) and tokens[0].lower() == "once"
    node, rest = _any(tokens[1:] if once else tokens)
    if rest:
        raise ValueError(f"unexpected {' '.join(rest)!r} in the condition {text!r}")
    if once and any(clause.kind == "threatened" for clause in clauses(node)):
        raise ValueError("`once` cannot keep `threatened` (the game notes a line between actions, from the board "
                         "alone): write `once enemy within N` instead")
    return Once(node) if once else node


def _any(tokens: list[str]) -> tuple[Node, list[str]]:
    return _joined(tokens, "or", _all, AnyOf)


def _all(tokens: list[str]) -> tuple[Node, list[str]]:
    return _joined(tokens, "and", _one, All)


def _joined(tokens: list[str], word: str, part, kind) -> tuple[Node, list[str]]:
    """Parts joined by `word` (`or`, `and`), each read by `part`; one part stands alone."""
    node, tokens = part(tokens)
    parts = [node]
    while tokens and tokens[0].lower() == word:
        node, tokens = part(tokens[1:])
        parts.append(node)
    return (parts[0] if len(parts) == 1 else kind(tuple(parts))), tokens


def _one(tokens: list[str]) -> tuple[Node, list[str]]:
    if not tokens:
        raise ValueError("a condition is missing (after `and`, `or` or `not`, or inside brackets)")
    if tokens[0].lower() == "once":
        raise ValueError("`once` goes at the start of the whole condition (`once A and B`)")
    if tokens[0].lower() == "not":
        node, rest = _one(tokens[1:])
        return Not(node), rest
    if tokens[0] == "(":
        node, rest = _any(tokens[1:])
        if not rest or rest[0] != ")":
            raise ValueError("a bracket is opened and never closed")
        return node, rest[1:]
    words = []
    while tokens and tokens[0] not in ("(", ")") and tokens[0].lower() not in JOINS:
        words.append(tokens[0])
        tokens = tokens[1:]
    if not words:
        raise ValueError(f"a condition is missing before {tokens[0]!r}")
    return read_clause(" ".join(words)), tokens


def clauses(node: Node) -> list[Clause]:
    """Every single condition in the tree, left to right."""
    if isinstance(node, Clause):
        return [node]
    if isinstance(node, (Not, Once)):
        return clauses(node.part)
    return [clause for part in node.parts for clause in clauses(part)]


def words(node: Node) -> str:
    """The condition in plain words, for the unit sheet and the log."""
    if isinstance(node, Clause):
        return _clause_words(node)
    if isinstance(node, Not):
        return f"not ({words(node.part)})"
    if isinstance(node, Once):
        return f"from when {words(node.part)}"
    joiner = " and " if isinstance(node, All) else " or "
    return joiner.join(_grouped(part) for part in node.parts)


def _grouped(node: Node) -> str:
    text = words(node)
    return f"({text})" if isinstance(node, (All, AnyOf)) else text


def _clause_words(clause: Clause) -> str:
    return {
        "always": "always",
        "enemy_within": f"an enemy is within {clause.number} tiles",
        "threatened": "an enemy could strike it next turn",
        "round_at_least": f"from round {clause.number}",
        # One round is said as one ("in round 1"), never as a range of one ("in rounds 1 to 1").
        "round_between": (f"in round {clause.number}" if clause.number == clause.upto
                          else f"in rounds {clause.number} to {clause.upto}"),
        "hp_at_most": f"at {clause.number} HP or less",
        "ally_routed": f"{clause.name or 'an ally'} is routed",
        "ally_hp_at_most": f"{clause.name or 'an ally'} is at {clause.number} HP or less",
        "attacked": "it was attacked this round or the last",
        "ally_attacked": f"{clause.name or 'an ally'} was attacked this round or the last",
        "enemy_on": f"an enemy stands on {clause.at[0]},{clause.at[1]}" if clause.at else "",
        "enemy_in": f"an enemy is in {clause.area}",
        "morale_at_most": f"its side's morale is {clause.number} or less",
        "enemy_morale_at_most": f"the enemy's morale is {clause.number} or less",
        "outnumbered_in": f"its side has fewer units than the enemy in {clause.area}",
    }[clause.kind]
