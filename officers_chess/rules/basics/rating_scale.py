"""The later editions' letter scale F, E, D, C, B, A, S: letters kept as places, and steps along it."""

from __future__ import annotations

LETTERS = "FEDCBAS"  # worst to best; classes use E to A, F and S come only from modifiers
TOP = len(LETTERS) - 1


def rating_index(value: str) -> int | str:
    """The place of a rating letter (F = 0 ... S = 6); anything else is returned for the model to reject."""
    text = value.strip().upper()
    return LETTERS.index(text) if len(text) == 1 and text in LETTERS else value


def letter(place: int) -> str:
    """The letter at a place of the scale, clamped to F and S."""
    return LETTERS[clamp(place)]


def clamp(place: int) -> int:
    """A rating moved by modifiers stops at F and at S."""
    return max(0, min(TOP, place))
