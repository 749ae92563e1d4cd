"""Lets `python -m officers_chess` behave like the `officers-chess` command."""

from officers_chess.commands.console import run

run()
