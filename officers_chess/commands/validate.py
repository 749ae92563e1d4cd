"""`officers-chess validate`: check content and save files (or folders of them), `ok PATH` for each good one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from officers_chess.commands.common import EXIT_BAD_INPUT, EXIT_OK
from officers_chess.content.errors import ContentError, printable


def _content_files(path: Path) -> list[Path]:
    try:
        if path.is_dir():
            return sorted(p for pattern in ("*.yaml", "*.yml", "*.json") for p in path.rglob(pattern))
    except (OSError, ValueError):  # a name no file system takes (too long): reading it says so
        pass
    return [path]


def cmd_validate(args: argparse.Namespace) -> int:
    """Check maps, scenarios, catalogue files, campaigns and saves (.json: battles and campaigns); print `ok PATH`
    for each good one, after its warnings (on stderr, `PATH:LINE: warning: ...`). Every file is checked, so a bad
    one is said as the file's own error (no `officers-chess:` before it) and the rest go on."""
    from officers_chess.content.validate import validate_any

    bad = 0
    for given in args.paths:
        files = _content_files(Path(given))
        if not files:
            print(f"{printable(given)}: no .yaml or .json files in this folder", file=sys.stderr)
            bad += 1
        for path in files:
            try:
                warnings = validate_any(path)
            except ContentError as exc:
                print(exc, file=sys.stderr)
                bad += 1
            else:
                for warning in warnings:  # it loads and plays, but not as its author meant: exit status 0
                    print(warning, file=sys.stderr)
                print(f"ok {printable(str(path))}")
    return EXIT_BAD_INPUT if bad else EXIT_OK


def add(commands) -> None:
    """`validate` on the console script's commands."""
    validate = commands.add_parser("validate", help="check map, scenario, catalogue, campaign and save files (or folders of them)")
    validate.add_argument("paths", nargs="+", metavar="PATH")
    validate.set_defaults(func=cmd_validate)
