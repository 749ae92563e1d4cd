"""The commands that play computer against computer in batches: `simulate` (one scenario) and `balance` (many)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from officers_chess.commands.common import (
    EXIT_OK, JSON_HELP, MAX_GAMES, MAX_JOBS, MAX_SEED, SCENARIO_HELP, VERIFY_HINT, checked_levels, count_problem,
    level_names, read_scenario, refuse, seed_problem, unwritable,
)
from officers_chess.commands.output import print_json


def _checked(args: argparse.Namespace) -> tuple[str, str]:
    """A batch's --levels, once its --games, --jobs and --seed are checked too."""
    levels = checked_levels(args.levels)
    refuse(count_problem("--games", args.games, MAX_GAMES))
    refuse(count_problem("--jobs", args.jobs, MAX_JOBS))
    refuse(seed_problem(args.seed))
    return levels


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play computer against computer N times and report each side's wins (sides alternate between the levels)."""
    from officers_chess.commands.simulate_report import simulate, summary_lines
    from officers_chess.content.saves import scenario_ref

    levels = _checked(args)
    path, loaded = read_scenario(args.scenario)
    ref = None
    if args.save_dir is not None:
        refuse(unwritable(args.save_dir))
        ref = scenario_ref(loaded)
    report = simulate(path, loaded.scenario.name, args.games, args.seed, levels, args.jobs,
                      save_dir=args.save_dir, ref=ref, progress=not args.json)
    if args.json:
        print_json(report)
    else:
        print("\n".join(summary_lines(report, levels)))
        if args.save_dir is not None:
            print(f"  saves in {args.save_dir} {VERIFY_HINT}")
    return EXIT_OK


def cmd_balance(args: argparse.Namespace) -> int:
    """Simulate each scenario (every bundled one by default) and print one row apiece: is it a fair fight?"""
    from officers_chess.commands.balance_report import balance, balance_json, table_lines
    from officers_chess.content.bundled import bundled_scenarios

    levels = _checked(args)
    named = args.scenarios or [path.stem for path in bundled_scenarios()]
    scenarios = []
    for name in named:  # every file is read before the first battle: a typo fails at once, not an hour in
        path, loaded = read_scenario(name)
        scenarios.append((path, loaded.scenario.name, name))
    rows = balance(scenarios, args.games, args.seed, levels, args.jobs, progress=not args.json and sys.stderr.isatty())
    if args.json:
        print_json(balance_json(rows, args.games, args.seed, levels))
    else:
        print("\n".join(table_lines(rows, args.games, args.seed, levels)))
    return EXIT_OK


def _batch_options(parser: argparse.ArgumentParser, games: int, games_help: str, levels: str, seed_help: str) -> None:
    """The options both batch commands take, with their own defaults."""
    parser.add_argument("--games", type=int, default=games, metavar="N",
                        help=f"{games_help} (default {games}, at most {MAX_GAMES:,})")
    parser.add_argument("--levels", default=levels, metavar="A:B",
                        help=f"the two computer levels ({', '.join(level_names())}, weakest first); default {levels}")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help=f"{seed_help} (0 to {MAX_SEED}; default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"processes to play on (at most {MAX_JOBS}); the results do not depend on it")
    parser.add_argument("--json", action="store_true", help=JSON_HELP)


def add(commands) -> None:
    """`simulate` and `balance` on the console script's commands."""
    simulate = commands.add_parser(
        "simulate",
        help="play the computer against itself and report each side's wins",
        description="Play SCENARIO N times computer against computer, the two levels swapping sides game by game, "
        "and report the attacker's win rate with a 95% interval (for balancing scenarios).",
    )
    simulate.add_argument("scenario", metavar="SCENARIO", help=SCENARIO_HELP)
    _batch_options(simulate, 20, "how many battles", "greedy:greedy", "seed of the whole batch")
    simulate.add_argument("--save-dir", type=Path, metavar="DIR",
                          help="write each battle there as a save file (game-0001.json, ...) that replay can show and verify")
    simulate.set_defaults(func=cmd_simulate)

    balance = commands.add_parser(
        "balance",
        help="simulate scenarios and show which are fair fights",
        description="Simulate each SCENARIO (every bundled one when none is named) computer against computer, the "
        "two levels swapping sides game by game, and print one row apiece: attacker, defender and draw counts, the "
        "attacker's share of the decisive games with its 95% interval, and mean rounds. A fair fight: the attacker "
        "takes 25 to 75% of decisive games and fewer than 20% of games are draws.",
    )
    balance.add_argument("scenarios", nargs="*", metavar="SCENARIO",
                         help="bundled scenarios (by file name or title) or scenario .yaml files; default: every bundled one")
    _batch_options(balance, 16, "battles per scenario", "normal:normal", "seed of each scenario's batch")
    balance.set_defaults(func=cmd_balance)
