"""`officers-chess forecast`: the exact forecast of the one attack a duel file describes."""

from __future__ import annotations

import argparse

from officers_chess.commands.common import EXIT_OK, read
from officers_chess.commands.output import print_json


def cmd_forecast(args: argparse.Namespace) -> int:
    """Print the exact forecast of the one attack a duel file describes."""
    from officers_chess.commands.forecast_report import forecast_json, print_forecast
    from officers_chess.content.duel import load_duel

    duel = read(load_duel, args.duel)
    fc = duel.forecast()
    if args.json:
        print_json(forecast_json(fc), indent=2)
    else:
        print_forecast(duel, fc)
    return EXIT_OK


def add(commands) -> None:
    """`forecast` on the console script's commands."""
    forecast = commands.add_parser(
        "forecast",
        help="print the exact combat forecast of one attack described in a duel file",
        description="Print the exact forecast of one attack: both units' numbers, the chance of each HP "
        "after the exchange, and every modifier with its rule.",
    )
    forecast.add_argument("duel", metavar="DUEL.yaml", help="a duel file (see docs/examples/duel.yaml)")
    forecast.add_argument("--json", action="store_true", help="print the forecast as one JSON object")
    forecast.set_defaults(func=cmd_forecast)
