"""Who plays each side: a person at the keyboard or the computer at one of its levels."""

from __future__ import annotations

from officers_chess.rules.pieces.models import Side

# A side's player: None for a person, else the computer's level (a key of LEVELS).
Player = str | None


def _levels() -> dict:
    """The computer's levels, by name. The computer players load only when something asks for a level: the
    title screen names the players without them, and starts the faster for it (benchmarks: startup_title).
    The command line lists the names from ai/levels.py, which ai/play.py pairs with these players."""
    from officers_chess.ai.play import LEVELS

    return LEVELS


def default_level() -> str:
    """The level a side gets when first handed to the computer: `easy`, the one a newcomer can beat by playing
    sensibly (docs/rulings.md L11), when the core has it."""
    from officers_chess.ai.levels import DEFAULT_LEVEL

    levels = _levels()
    for level in (DEFAULT_LEVEL, "normal", "greedy"):
        if level in levels:
            return level
    return next(iter(levels))


BASELINES = ("random",)  # levels for measuring, not for playing against: left out of the title's cycle (L12)


def player_cycle() -> list[Player]:
    """The order a side's choice steps through: a person, then the levels in order of strength, weakest first (as
    ai/levels.py lists them; the first is the default), leaving out the baselines."""
    from officers_chess.ai.levels import LEVEL_NAMES  # (names only: no computer player loads for it)

    rank = {name: i for i, name in enumerate(LEVEL_NAMES)}  # a level added later comes after them
    levels = sorted((level for level in _levels() if level not in BASELINES), key=lambda l: rank.get(l, len(rank)))
    return [None, *levels]


def next_player(current: Player) -> Player:
    cycle = player_cycle()
    index = cycle.index(current) if current in cycle else 0
    return cycle[(index + 1) % len(cycle)]


def player_label(player: Player) -> str:
    return "Human" if player is None else f"CPU ({player})"  # short: both sides and the dice fit 80 columns


def check_levels(computer: dict[Side, str]) -> None:
    """Refuse a level the rules core does not have (ValueError naming the levels there are)."""
    if not computer:
        return  # two people: nothing to check, and the computer players stay unloaded
    levels = _levels()
    for side, level in computer.items():
        if level not in levels:
            raise ValueError(f"unknown level {level!r} for the {side.value} (levels: {', '.join(levels)})")
