"""The `officers-chess` console script: the parser every command adds itself to, and the one way each one ends."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from typing import NoReturn, Sequence

from officers_chess import __version__
from officers_chess.commands import batch, campaign, edit, forecast, play, price, replay, resume, table, validate
from officers_chess.commands.common import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, EXIT_CRASH, Refused, fail
from officers_chess.commands.output import visible_output

# Every command's module (or family's), in the order `--help` lists them. Each has `add(commands)`, which adds
# its parser to the console script's commands with `set_defaults(func=...)`: the function that runs it and
# returns the exit status. A new command is a new module with its `add`, named here (docs/architecture.md).
COMMANDS = (play, validate, forecast, price, batch, campaign, replay, resume, table, edit)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog.split()[0]} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="officers-chess",
        description="Officer's Chess: a tactics skirmish wargame for the terminal. Run with no command to open the game.",
    )
    parser.add_argument("--version", action="version", version=f"officers-chess {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in COMMANDS:
        module.add(commands)
    return parser


def main(argv: Sequence[str] | None = None, *, launched: bool = False) -> int:
    """The commands. `launched`: this is the `officers-chess` process itself (run), not a host calling in. Every
    line any of them prints, argparse's too, is made visible on its way out (`visible_output`)."""
    with visible_output():
        return _command(argv, launched)


def _command(argv: Sequence[str] | None, launched: bool) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        args = build_parser().parse_args(["play", *([] if argv is None else argv)])
    args.launched = launched
    try:
        return args.func(args)
    except Refused as refusal:  # bad input, an option or a file: one line, status 2
        return fail(str(refusal))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (`| head`) left early: nothing more to say, and no traceback on the way out.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as exc:  # a bug: one line, and the traceback in a file for the report
        from officers_chess.crash import record_crash

        print(record_crash(exc).line(), file=sys.stderr)
        return EXIT_CRASH


def run() -> NoReturn:
    """The `officers-chess` command (pyproject's console script, and `python -m officers_chess`)."""
    status = main(launched=True)
    gc.freeze()  # every object goes with the process: the interpreter's last full pass over them would be wasted
    sys.exit(status)
