"""`officers-chess resume`: go on with an unfinished battle or campaign, the given save or the newest autosave."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from officers_chess.commands import app_launch
from officers_chess.commands.common import Refused, read
from officers_chess.content.errors import ContentError


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with a saved battle: the given save, else the newest unfinished autosave that loads. The save is
    replayed and checked first: an edited or damaged one goes on from its last round that holds (the game says
    why), or, when nothing in it holds, is refused with one line and status 2."""
    from officers_chess.content.autosave import newest_unfinished, resume_state
    from officers_chess.content.saves import SavedBattle, open_save, public_line, public_reason
    from officers_chess.content.user_data import autosave_dir

    campaign = campaign_to_resume(args.save)
    if campaign is not None:
        from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

        return app_launch.run_app(OfficersChessApp(campaign=campaign,
                                                   colours=app_launch.colours_from_environment()), args)
    if args.save:
        from officers_chess.content.muster_saves import is_muster_file, open_muster

        def opened():
            saved = open_muster(args.save) if is_muster_file(Path(args.save)) else open_save(args.save)
            unfinished = isinstance(saved, SavedBattle) and not saved.record.finished
            return saved, resume_state(saved) if unfinished else None

        saved, resumed = read(opened, say=public_line)
    else:
        skipped: list[ContentError] = []
        found = newest_unfinished(skipped=skipped)
        if found is None:
            if skipped:  # one line: nothing good remains, and why the newest will not do
                raise Refused(f"no unfinished battle that loads in {autosave_dir()}: the newest, "
                              f"{skipped[0].path.name}, {public_reason(skipped[0])}")
            raise Refused(f"no unfinished battle to resume in {autosave_dir()}")
        for problem in skipped:
            print(f"officers-chess: passed over {problem.path.name}: {public_reason(problem)}", file=sys.stderr)
        saved, resumed = found.saved, found.resumed
    if getattr(saved.record, "finished", False) or (resumed is not None and resumed.state.is_over):
        raise Refused(f"{saved.path}: that battle is over; `officers-chess replay {saved.path}` shows it")
    if resumed is not None and resumed.note:
        print(f"officers-chess: {saved.path.name}: {resumed.note}", file=sys.stderr)
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    return app_launch.run_app(OfficersChessApp(resume=saved, resumed=resumed,
                                               colours=app_launch.colours_from_environment()), args)


def campaign_to_resume(save: str | None):
    """The campaign save to go on with: SAVE when it is one, else (no SAVE) the newest unfinished campaign when it is
    newer than the newest unfinished battle. None when a battle is to be resumed instead; refused (in one line)
    when SAVE will not load or the campaign is over."""
    from officers_chess.content.autosave import newest_unfinished
    from officers_chess.content.campaign_saves import is_campaign_file, newest_campaign, open_campaign_save
    from officers_chess.content.saves import public_line, public_reason
    from officers_chess.content.user_data import campaigns_dir

    if save:
        path = Path(save)
        if not is_campaign_file(path):
            return None
        saved = read(open_campaign_save, path, say=public_line)
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
            # The newest campaign will not load: say so, and go on with the newest battle as if it were not there.
            print(f"officers-chess: passed over the campaign in {path.parent.name}: {public_reason(exc)}",
                  file=sys.stderr)
            return None
    if saved.save.progress.over:
        raise Refused(f"{path}: that campaign is over")
    return saved


def add(commands) -> None:
    """`resume` on the console script's commands."""
    resume = commands.add_parser(
        "resume",
        help="go on with an unfinished battle (the newest autosave, or SAVE)",
        description="Go on with an unfinished battle from its last committed action: SAVE, or else the newest "
                    "autosave of a battle that has not ended (a damaged one is skipped).",
    )
    resume.add_argument("save", nargs="?", metavar="SAVE", help="a save file (.json)")
    resume.set_defaults(func=cmd_resume)
