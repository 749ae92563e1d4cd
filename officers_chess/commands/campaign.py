"""The `campaign` commands: `simulate` plays one campaign computer against computer, `balance` plays many."""

from __future__ import annotations

import argparse
from pathlib import Path

from officers_chess.commands.common import (
    CAMPAIGN_HELP, EXIT_OK, JSON_HELP, MAX_JOBS, MAX_SEED, VERIFY_HINT, checked_levels, count_problem, read, refuse,
    level_names, seed_problem, unwritable,
)
from officers_chess.commands.output import print_json

MAX_CAMPAIGNS = 10_000  # campaigns in one balance run (each is several battles)


def _load(name: str):
    from officers_chess.content.campaigns import find_campaign, load_campaign

    return load_campaign(find_campaign(name))


def _levels(text: str) -> dict[str, str]:
    first, second = checked_levels(text)
    return {"p1": first, "p2": second}


def cmd_campaign_simulate(args: argparse.Namespace) -> int:
    """Play the campaign once, p1 at the first level and p2 at the second, and tell it chapter by chapter."""
    from officers_chess.commands.campaign_report import campaign_json, campaign_table, play_campaign

    levels = _levels(args.levels)
    refuse(seed_problem(args.seed))
    loaded = read(_load, args.campaign)
    if args.save_dir is not None:
        refuse(unwritable(args.save_dir))
    progress = play_campaign(loaded, args.seed, levels, save_dir=args.save_dir)
    if args.json:
        print_json(campaign_json(loaded, progress), ensure_ascii=False)
    else:
        print(campaign_table(loaded, progress))
        if args.save_dir is not None:
            print(f"chapter saves in {args.save_dir} {VERIFY_HINT}")
    return EXIT_OK


def cmd_campaign_balance(args: argparse.Namespace) -> int:
    """Play the campaign N times (seeds 1 to N) and say how often each player wins it, with the interval."""
    from officers_chess.commands.campaign_report import balance_campaign, balance_lines

    levels = _levels(args.levels)
    refuse(count_problem("--games", args.games, MAX_CAMPAIGNS))
    refuse(count_problem("--jobs", args.jobs, MAX_JOBS))
    loaded = read(_load, args.campaign)
    report = balance_campaign(loaded, args.games, levels, args.jobs, progress=not args.json)
    if args.json:
        print_json(report)
    else:
        print("\n".join(balance_lines(report)))
    return EXIT_OK


def add(commands) -> None:
    """`campaign simulate` and `campaign balance` on the console script's commands."""
    campaign = commands.add_parser(
        "campaign", help="play a campaign computer against computer (simulate, balance)",
        description="Campaigns headless: the computer plays both players through every chapter.")
    verbs = campaign.add_subparsers(dest="verb", metavar="VERB", required=True, parser_class=type(campaign))
    simulate = verbs.add_parser(
        "simulate", help="play one campaign and tell each chapter: winner, chests, payouts, survivors, losses",
        description="Play CAMPAIGN once, computer against computer: p1 at the first level of --levels, p2 at the "
        "second. Each chapter's chest before it is the last chapter's chest after it plus the stipend.")
    simulate.add_argument("campaign", metavar="CAMPAIGN", help=CAMPAIGN_HELP)
    simulate.add_argument("--seed", type=int, default=1, help=f"seed of the whole campaign (0 to {MAX_SEED}; default 1)")
    simulate.add_argument("--levels", default="normal:normal", metavar="A:B",
                          help=f"the computer levels of p1 and p2 ({', '.join(level_names())}, weakest first); default normal:normal")
    simulate.add_argument("--json", action="store_true", help=JSON_HELP)
    simulate.add_argument("--save-dir", type=Path, metavar="DIR",
                          help="write each chapter's battle there (chapter-01.json, ...) for replay --verify")
    simulate.set_defaults(func=cmd_campaign_simulate)
    balance = verbs.add_parser(
        "balance", help="play a campaign many times: how often does each player win it?",
        description="Play CAMPAIGN with seeds 1 to N and print each player's campaign wins, p1's share of the "
        "decisive ones with its 95% interval, and how often each chapter was reached and who won it.")
    balance.add_argument("campaign", metavar="CAMPAIGN", help=CAMPAIGN_HELP)
    balance.add_argument("--games", type=int, default=20, metavar="N", help="how many campaigns (default 20)")
    balance.add_argument("--levels", default="normal:normal", metavar="A:B", help="p1's and p2's levels (default normal:normal)")
    balance.add_argument("--jobs", type=int, default=1, metavar="J", help="processes to play on; the results do not depend on it")
    balance.add_argument("--json", action="store_true", help=JSON_HELP)
    balance.set_defaults(func=cmd_campaign_balance)
