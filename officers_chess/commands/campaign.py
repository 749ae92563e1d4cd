"""The `campaign` commands: `simulate` plays one campaign computer against computer, `balance` plays many."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from officers_chess.commands.common import EXIT_OK, MAX_JOBS, MAX_SEED, fail, seed_problem, unwritable
from officers_chess.content.errors import ContentError

MAX_CAMPAIGNS = 10_000  # campaigns in one balance run (each is several battles)


def _load(name: str):
    from officers_chess.content.campaigns import find_campaign, load_campaign

    return load_campaign(find_campaign(name))


def _levels(text: str) -> dict[str, str]:
    from officers_chess.commands.simulate_report import parse_levels

    first, second = parse_levels(text)
    return {"p1": first, "p2": second}


def cmd_campaign_simulate(args: argparse.Namespace) -> int:
    """Play the campaign once, p1 at the first level and p2 at the second, and tell it chapter by chapter."""
    from officers_chess.commands.campaign_report import campaign_json, campaign_table, play_campaign

    try:
        levels = _levels(args.levels)
    except ValueError as exc:
        return fail(str(exc))
    if problem := seed_problem(args.seed):
        return fail(problem)
    try:
        loaded = _load(args.campaign)
    except ContentError as exc:
        return fail(str(exc))
    if args.save_dir is not None and (problem := unwritable(args.save_dir)):
        return fail(problem)
    progress = play_campaign(loaded, args.seed, levels, save_dir=args.save_dir)
    if args.json:
        print(json.dumps(campaign_json(loaded, progress), ensure_ascii=False))
    else:
        print(campaign_table(loaded, progress))
        if args.save_dir is not None:
            print(f"chapter saves in {args.save_dir} (check one with: officers-chess replay --verify SAVE)")
    return EXIT_OK


def cmd_campaign_balance(args: argparse.Namespace) -> int:
    """Play the campaign N times (seeds 1 to N) and say how often each player wins it, with the interval."""
    from officers_chess.commands.campaign_report import balance_campaign, balance_lines

    try:
        levels = _levels(args.levels)
    except ValueError as exc:
        return fail(str(exc))
    if not 1 <= args.games <= MAX_CAMPAIGNS:
        return fail(f"--games takes a number of at least 1 and at most {MAX_CAMPAIGNS:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        return fail(f"--jobs takes a number of at least 1 and at most {MAX_JOBS}")
    try:
        loaded = _load(args.campaign)
    except ContentError as exc:
        return fail(str(exc))
    report = balance_campaign(loaded, args.games, levels, args.jobs, progress=not args.json)
    print(json.dumps(report) if args.json else "\n".join(balance_lines(report)))
    return EXIT_OK


def campaign_to_resume(save: str | None):
    """The campaign save to go on with: SAVE when it is one, else (no SAVE) the newest unfinished campaign when it is
    newer than the newest unfinished battle. None when a battle is to be resumed instead; an exit status when the
    campaign save will not load (said in one line)."""
    from officers_chess.content.autosave import newest_unfinished
    from officers_chess.content.campaign_saves import is_campaign_file, newest_campaign, open_campaign_save
    from officers_chess.content.saves import public_line, public_reason
    from officers_chess.content.user_data import campaigns_dir
    
    if save:
        path = Path(save)
        if not is_campaign_file(path):
            return None
    else:
        found = newest_campaign(campaigns_dir())
        if found is None:
            return None
        battle = newest_unfinished()
        if battle is not None and battle.saved.path.stat().st_mtime > found[1]:
            return None
        path = found[0]
    try:
        saved = open_campaign_save(path)
    except ContentError as exc:
        if save:
            return fail(public_line(exc))
        # The newest campaign will not load: say so, and go on with the newest battle as if it were not there.
        print(f"officers-chess: passed over the campaign in {path.parent.name}: {public_reason(exc)}", file=sys.stderr)
        return None
    if saved.save.progress.over:
        return fail(f"{path}: that campaign is over")
    return saved


def add_campaign_commands(commands) -> None:
    """`campaign simulate` and `campaign balance` under the main parser's commands."""
    campaign = commands.add_parser(
        "campaign", help="play a campaign computer against computer (simulate, balance)",
        description="Campaigns headless: the computer plays both players through every chapter.")
    verbs = campaign.add_subparsers(dest="verb", metavar="VERB", required=True, parser_class=type(campaign))
    simulate = verbs.add_parser(
        "simulate", help="play one campaign and tell each chapter: winner, chests, payouts, survivors, losses",
        description="Play CAMPAIGN once, computer against computer: p1 at the first level of --levels, p2 at the "
        "second. Each chapter's chest before it is the last chapter's chest after it plus the stipend.")
    simulate.add_argument("campaign", metavar="CAMPAIGN", help="a bundled campaign (by file name) or a campaign .yaml file")
    simulate.add_argument("--seed", type=int, default=1, help=f"seed of the whole campaign (0 to {MAX_SEED}; default 1)")
    simulate.add_argument("--levels", default="normal:normal", metavar="A:B",
                          help="the computer levels of p1 and p2 (random, greedy, normal, hard); default normal:normal")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.add_argument("--save-dir", type=Path, metavar="DIR",
                          help="write each chapter's battle there (chapter-01.json, ...) for replay --verify")
    simulate.set_defaults(func=cmd_campaign_simulate)
    balance = verbs.add_parser(
        "balance", help="play a campaign many times: how often does each player win it?",
        description="Play CAMPAIGN with seeds 1 to N and print each player's campaign wins, p1's share of the "
        "decisive ones with its 95% interval, and how often each chapter was reached and who won it.")
    balance.add_argument("campaign", metavar="CAMPAIGN", help="a bundled campaign (by file name) or a campaign .yaml file")
    balance.add_argument("--games", type=int, default=20, metavar="N", help="how many campaigns (default 20)")
    balance.add_argument("--levels", default="normal:normal", metavar="A:B", help="p1's and p2's levels (default normal:normal)")
    balance.add_argument("--jobs", type=int, default=1, metavar="J", help="processes to play on; the results do not depend on it")
    balance.add_argument("--json", action="store_true", help="print one JSON object")
    balance.set_defaults(func=cmd_campaign_balance)
