"""The command-line arguments of `host` and `join`, kept apart so the console parser loads no network library."""

from __future__ import annotations

import argparse

from officers_chess.ai.levels import LEVEL_NAMES
from officers_chess.rules.pieces.models import Side


def port_number(text: str) -> int:
    """A port to listen on: 0 (any free one) to 65535; anything else is a usage mistake, said in one line."""
    if not text.isdecimal() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535; 0 picks a free one)")
    return int(text)


def add_host_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`host`'s arguments (PRODUCT.md, "Play across two machines")."""
    parser.add_argument("scenario", nargs="?", help="a scenario file, or a bundled scenario's name")
    parser.add_argument("--port", type=port_number, default=0, help="the port to listen on (default: any free one)")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every one)")
    parser.add_argument("--headless", action="store_true",
                        help="a dedicated host: no seat at this terminal; exit when the battle ends")
    parser.add_argument("--seat", choices=[side.value for side in Side], default=None,
                        help="the seat played at this terminal (default attacker, or the one it had for --resume); "
                             "with --headless, the seat left open for a person when --computer plays the other")
    parser.add_argument("--computer", choices=LEVEL_NAMES, metavar="LEVEL",
                        help="the computer plays the other seat at this level (one of: " + ", ".join(LEVEL_NAMES) + ", weakest first)")
    parser.add_argument("--seed", type=int, default=None, help="the dice seed (default: a random one)")
    parser.add_argument("--resume", action="store_true",
                        help="reopen the last battle this machine hosted, from its autosave, with the same codes "
                             "and address (its port unless --port is given)")
    return parser


def add_join_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """`join`'s arguments."""
    parser.add_argument("address", metavar="HOST:PORT", help="the host's address and port, from its join line")
    parser.add_argument("code", help="the seat's code, from the host's join line")
    parser.add_argument("--level", choices=LEVEL_NAMES, help="play the seat as this computer level, with no app")
    parser.add_argument("--seed", type=int, default=None, help="the computer level's own random seed")
    return parser
