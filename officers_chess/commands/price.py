"""`officers-chess price`: each class and item of a file priced by the pricing formula, term by term."""

from __future__ import annotations

import argparse

from officers_chess.commands.common import EXIT_OK, read
from officers_chess.commands.output import print_json


def cmd_price(args: argparse.Namespace) -> int:
    """Price every class and item of a file by the pricing formula, with each term that made the price."""
    from officers_chess.commands.price_report import catalogue_prices, prices_json, print_prices
    from officers_chess.content.loaders import load_partial_catalogue

    breakdowns = catalogue_prices(read(load_partial_catalogue, args.file))
    if args.json:
        print_json(prices_json(breakdowns), indent=2)
    elif not breakdowns:
        print(f"{args.file}: no classes or items to price (an art is priced by the Art(Name) tag of its item)")
    else:
        print_prices(breakdowns)
    return EXIT_OK


def add(commands) -> None:
    """`price` on the console script's commands."""
    price = commands.add_parser(
        "price",
        help="price custom classes and items by the pricing formula (see docs/pricing.md)",
        description="Price each class, weapon, accessory and consumable of FILE by the pricing formula "
        "and show every term of each price. FILE has the bundled catalogue's sections, all optional.",
    )
    price.add_argument("file", metavar="FILE",
                       help="a YAML file with classes:, weapons:, accessories:, consumables: lists (catalogue format)")
    price.add_argument("--json", action="store_true", help="print one JSON object {name: price}")
    price.set_defaults(func=cmd_price)
