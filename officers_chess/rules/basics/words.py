"""Small pieces of English the rules' own sentences need (log lines, payouts), in one place."""

from __future__ import annotations


def article(noun: str) -> str:
    """"an" before a vowel sound as the class names spell it (an Archer, a Cleric)."""
    return "an" if noun[:1] and noun[0].lower() in "aeiou" else "a"
