"""`officers-chess play` (and no command at all): open the game, or go straight into a scenario's battle."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from officers_chess.ai.levels import DEFAULT_LEVEL
from officers_chess.commands import app_launch
from officers_chess.commands.app_launch import COLOURS, COLOURS_VARIABLE
from officers_chess.commands.common import (
    MAX_SEED, SCENARIO_HELP, Refused, level_names, read_scenario, refuse, seed_problem,
)

if TYPE_CHECKING:
    from officers_chess.rules.pieces.models import Side

AI_SIDES = ("attacker", "defender", "both")


def cmd_play(args: argparse.Namespace) -> int:
    """Open the game; with a scenario, go straight into that battle."""
    if getattr(args, "launched", False):
        from officers_chess.tui.collector import pause_for_start_up

        pause_for_start_up()  # until the first screen is painted (the app's collector takes over then)
    if args.level is not None and args.ai is None:
        raise Refused("--level sets the computer's level: give --ai attacker|defender|both with it")
    refuse(seed_problem(args.seed))
    colours = args.colours or os.environ.get(COLOURS_VARIABLE) or COLOURS[0]
    if colours not in COLOURS:
        raise Refused(f"{COLOURS_VARIABLE}={colours!r} names no colour scheme: choose one of {', '.join(COLOURS)}")
    loaded = read_scenario(args.scenario)[1] if args.scenario else None
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    return app_launch.run_app(OfficersChessApp(scenario=loaded, seed=args.seed, own_dice=args.own_dice,
                                               computer=_computer_sides(args.ai, args.level), colours=colours), args)


def _computer_sides(ai: str | None, level: str | None) -> dict[Side, str]:
    """`--ai SIDE --level LEVEL` as the app's `computer` argument: side → level (the default level, easy, when none is named)."""
    from officers_chess.rules.pieces.models import Side
    from officers_chess.session.players import default_level

    if ai is None:
        return {}
    sides = list(Side) if ai == "both" else [Side(ai)]
    return {side: level or default_level() for side in sides}


def _bundled_names() -> list[str]:
    from officers_chess.content.bundled import bundled_scenarios

    try:
        return [path.stem for path in bundled_scenarios()]
    except FileNotFoundError:
        return []


def add(commands) -> None:
    """`play` on the console script's commands."""
    play = commands.add_parser(
        "play",
        help="open the game (optionally straight into SCENARIO)",
        description="Open the game; with SCENARIO, go straight into that battle.",
        epilog="bundled scenarios: " + ", ".join(_bundled_names()),
    )
    play.add_argument("scenario", nargs="?", metavar="SCENARIO", help=SCENARIO_HELP)
    play.add_argument("--seed", type=int,
                      help=f"seed the dice (0 to {MAX_SEED}), so the same moves give the same rolls")
    play.add_argument("--own-dice", action="store_true",
                      help="roll real d20s at the table: the game asks for each result (1 to 20) and applies the rules")
    play.add_argument("--ai", choices=AI_SIDES, metavar="SIDE",
                      help="the computer plays this side (attacker, defender or both); without SCENARIO the title "
                      "screen starts with that choice")
    play.add_argument("--level", choices=level_names(), metavar="LEVEL",
                      help=f"the computer's level ({', '.join(level_names())}, weakest first; default {DEFAULT_LEVEL})")
    play.add_argument("--colours", choices=COLOURS, metavar="SCHEME",
                      help=f"colour scheme ({', '.join(COLOURS)}; default from ${COLOURS_VARIABLE}, else classic); "
                      "F2 switches during the game")
    play.set_defaults(func=cmd_play)
