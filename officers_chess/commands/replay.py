"""`officers-chess replay`: a saved battle shown action by action, or re-played and checked with `--verify`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from officers_chess.commands import app_launch
from officers_chess.commands.common import EXIT_MISMATCH, EXIT_OK, Refused, read
from officers_chess.content.errors import ContentError


def cmd_replay(args: argparse.Namespace) -> int:
    """Tell a saved battle action by action, or with --verify re-play it and compare every state hash."""
    from officers_chess.commands.replay_report import tell, verified_line
    from officers_chess.content.save_replay import check_replay
    from officers_chess.content.saves import open_save
    from officers_chess.rules.history.replay import start_divergence

    saved = read(open_save, args.save)
    if not args.verify and _behind_fog(saved):
        raise Refused(f"{saved.path}: the battle is not over and is fought under fog; its replay opens once it ends "
                      "(replay --verify checks it now)")
    if not args.verify and not args.text and sys.stdout.isatty() and sys.stdin.isatty():
        from officers_chess.tui.app import OfficersChessApp  # at a terminal: step through it on the map

        return app_launch.run_app(OfficersChessApp(replay=saved, autosave=False), args)
    if args.verify:
        diverged = start_divergence(saved.record, saved.start)  # told as ever: the starting state
        if diverged is None:
            try:  # then all else it records, checked as validate and resume check it (round checkpoints too)
                check_replay(saved)
            except ContentError as exc:
                print(exc, file=sys.stderr)
                return EXIT_MISMATCH
    else:
        diverged = tell(saved, print)
    if diverged is not None:
        print(f"{saved.path}: does not replay as recorded: {diverged.text()}", file=sys.stderr)
        return EXIT_MISMATCH
    if args.verify:
        print(verified_line(saved))
    return EXIT_OK


def _behind_fog(saved) -> bool:
    """Whether telling this save would show a person what the fog still hides from them: a replay shows every
    unit, so an unfinished battle under fog with a person on either side is not replayed until it ends."""
    people = [side for side, who in saved.record.players.items() if who == "human"] or not saved.record.players
    return saved.start.fog and not saved.record.finished and bool(people)


def add(commands) -> None:
    """`replay` on the console script's commands."""
    replay = commands.add_parser(
        "replay",
        help="show a saved battle action by action, or check it with --verify",
        description="Show a saved battle action by action: at a terminal on the map (→ ← one action, ] [ one "
        "round), else (or with --text) with the battle log's lines. With --verify, play it "
        "again from its seed, armies and actions and check every recorded state: exit 0 if all match, "
        "1 at the first that does not (named), 2 if the file cannot be read.",
    )
    replay.add_argument("save", type=Path, metavar="SAVE", help="a save file (.json)")
    replay.add_argument("--verify", action="store_true", help="re-play headless and compare every state hash")
    replay.add_argument("--text", action="store_true",
                        help="tell it as text, action by action (what happens anyway when the output is not a terminal)")
    replay.set_defaults(func=cmd_replay)
