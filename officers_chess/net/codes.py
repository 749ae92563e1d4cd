"""Seat codes: random from `secrets`, unguessable within the host's rate of checks, unmistakable read aloud (N3)."""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no i, l, o, 0 or 1: read over the phone without a slip
LENGTH = 16  # 31**16 is about 2**79


def new_code() -> str:
    """A fresh code, in four groups of four for reading aloud."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, LENGTH, 4))


def same_code(given: str, code: str) -> bool:
    """Whether a typed code is this one: case and dashes aside, compared in constant time."""
    typed = given.replace("-", "").replace(" ", "").lower()
    return hmac.compare_digest(typed.encode(), code.replace("-", "").encode())
