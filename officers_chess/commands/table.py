"""`officers-chess host` and `join`: a battle played across two machines (the networking is `officers_chess/net/`)."""

from __future__ import annotations

import argparse


def cmd_host(args: argparse.Namespace) -> int:
    """Host a battle: the join line of each open seat, then serve it until it ends (net/host.py)."""
    from officers_chess.net.host import host_command

    return host_command(args)


def cmd_join(args: argparse.Namespace) -> int:
    """Take a seat at a host's table by its code (net/join.py)."""
    from officers_chess.net.join import join_command

    return join_command(args)


def add(commands) -> None:
    """`host` and `join` on the console script's commands."""
    from officers_chess.net.arguments import add_host_arguments, add_join_arguments  # no network library yet

    host = commands.add_parser("host", help="host a battle that a friend joins from their own terminal",
                               description="Run the battle on this machine and print a join line for each open "
                                           "seat: `seat attacker: officers-chess join HOST:PORT CODE`.")
    add_host_arguments(host).set_defaults(func=cmd_host)
    join = commands.add_parser("join", help="join a battle hosted on another machine",
                               description="Take the seat of CODE at the host HOST:PORT (its host printed the line).")
    add_join_arguments(join).set_defaults(func=cmd_join)
