"""The computer's levels by name, weakest first: what a menu or a `--level` option lists, without loading the players."""

from __future__ import annotations

# ai/play.py pairs each name with its policy (zip(..., strict=True)), so this list and the players cannot drift.
LEVEL_NAMES: tuple[str, ...] = ("random", "easy", "greedy", "normal", "hard")
# The level a side gets when handed to the computer without one named: the one a newcomer can beat (rulings L11).
DEFAULT_LEVEL = "easy"

# What each level is like, in a line: the title says it when a side is handed to that level (a play-test found
# "greedy" in the cycle with nothing anywhere to say what it was).
LEVEL_WORDS: dict[str, str] = {
    "random": "moves and strikes at random; a baseline for measuring",
    "easy": "a careful beginner; the one to start with",
    "greedy": "takes the best blow in reach, else marches at you",
    "normal": "weighs forecasts, danger, ground and objectives; the one to practise against",
    "hard": "normal looking one reply ahead; it tries its army before hiring (slower)",
}
