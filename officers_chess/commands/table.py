"""`officers-chess host` and `join`: a battle played across two machines (the networking is `officers_chess/net/`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable


def cmd_host(args: argparse.Namespace) -> int:
    """Host a battle: the join line of each open seat, then serve it until it ends (net/host.py); without
    --headless this terminal's own seat opens in the app."""
    from officers_chess.net.host import host_command

    def in_app(make, bind: str, port: int, own, computer) -> int:
        return _host_in_app(make, bind, port, own, computer, args)

    return host_command(args, in_app=in_app)


def cmd_join(args: argparse.Namespace) -> int:
    """Take a seat at a host's table by its code (net/join.py): in the app, or played by a computer level."""
    from officers_chess.net.join import join_command

    return join_command(args, in_app=_join_in_app)


def _host_in_app(make, bind: str, port: int, own, computer: tuple[str, int] | None, args: argparse.Namespace) -> int:
    """The host's own seat in the app on this terminal, the battle served from a thread beside it (host_thread.py)."""
    from officers_chess.commands.app_launch import colours_from_environment, run_app
    from officers_chess.net.host_thread import open_table
    from officers_chess.net.greeting import LostHost, SeatRefused
    from officers_chess.net.join import EXIT_FAIL
    from officers_chess.tui.app import OfficersChessApp

    try:
        _, seat, invite = open_table(make, bind, port, own, computer)
    except OSError as exc:
        print(f"cannot listen on {bind}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAIL
    except (LostHost, SeatRefused) as exc:
        print(f"the host here would not seat you: {exc}", file=sys.stderr)
        return EXIT_FAIL
    try:
        return run_app(OfficersChessApp(seat=seat, invite=invite, colours=colours_from_environment()), args)
    finally:
        seat.close()


def _join_in_app(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """A person's seat: joined here first (so a wrong code is one line and status 2, before any screen opens), then
    played in the app."""
    from officers_chess.commands.app_launch import colours_from_environment, run_app
    from officers_chess.net.greeting import LostHost, SeatRefused
    from officers_chess.net.join import EXIT_FAIL, EXIT_REFUSED
    from officers_chess.net.remote import RemoteSeat
    from officers_chess.tui.app import OfficersChessApp

    seat = RemoteSeat(args.address, args.code)
    try:
        seat.open()
    except SeatRefused as refused:
        out(f"refused: {refused}")
        return EXIT_REFUSED
    except LostHost as lost:
        out(str(lost))
        return EXIT_FAIL
    try:
        return run_app(OfficersChessApp(seat=seat, colours=colours_from_environment()), args)
    finally:
        seat.close()


def add(commands) -> None:
    """`host` and `join` on the console script's commands."""
    from officers_chess.net.arguments import add_host_arguments, add_join_arguments  # no network library yet

    host = commands.add_parser("host", help="host a battle that a friend joins from their own terminal",
                               description="Run the battle on this machine and play one seat here in the app; the "
                                           "other seat's line is `officers-chess join HOST:PORT CODE`. With "
                                           "--headless, no seat here: a join line for each open seat.")
    add_host_arguments(host).set_defaults(func=cmd_host)
    join = commands.add_parser("join", help="join a battle hosted on another machine",
                               description="Take the seat of CODE at the host HOST:PORT (its host printed the line).")
    add_join_arguments(join).set_defaults(func=cmd_join)
