"""The computer's levels by name, weakest first: what a menu or a `--level` option lists, without loading the players."""

from __future__ import annotations

# ai/play.py pairs each name with its policy (zip(..., strict=True)), so this list and the players cannot drift.
LEVEL_NAMES: tuple[str, ...] = ("random", "easy", "greedy", "normal", "hard")
# The level a side gets when handed to the computer without one named: the one a newcomer can beat (rulings L11).
DEFAULT_LEVEL = "easy"
