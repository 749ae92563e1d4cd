"""The `officers-chess` console script: one thin function per command over the core and content loaders."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Sequence

from officers_chess import __version__
from officers_chess.commands.batch import add_batch_commands
from officers_chess.commands.campaign import add_campaign_commands
from officers_chess.commands.common import (
    EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, EXIT_CRASH, EXIT_MISMATCH, EXIT_OK, MAX_SEED,
    fail as _fail, level_names as _level_names, seed_problem as _seed_problem, visible_output,
)
from officers_chess.content.errors import ContentError, printable

if TYPE_CHECKING:
    from officers_chess.rules.pieces.models import Side



class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog.split()[0]} --help)\n")


def _run_app(app, args: argparse.Namespace) -> int:
    """Run the game's screens; after an error nobody foresaw, one line on stderr (the app has written the
    details to a file it names) and status EXIT_CRASH."""
    if getattr(args, "launched", False):
        app.collect_quietly()  # the player's own process: the collector keeps out of the way (tui/collector.py)
    app.run()
    crash = getattr(app, "crash", None)
    if crash is not None:
        print(crash.line(), file=sys.stderr)
        return EXIT_CRASH
    code = getattr(app, "return_code", None)
    if code:
        print(f"officers-chess: the game stopped with status {code}", file=sys.stderr)
        return EXIT_CRASH
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """Open the game; with a scenario, go straight into that battle."""
    if getattr(args, "launched", False):
        from officers_chess.tui.collector import pause_for_start_up

        pause_for_start_up()  # until the first screen is painted (the app's collector takes over then)
    from officers_chess.content.loaders import find_scenario, load_scenario

    if args.level is not None and args.ai is None:
        return _fail("--level sets the computer's level: give --ai attacker|defender|both with it")
    if problem := _seed_problem(args.seed):
        return _fail(problem)
    colours = args.colours or os.environ.get(COLOURS_VARIABLE) or COLOURS[0]
    if colours not in COLOURS:
        return _fail(f"{COLOURS_VARIABLE}={colours!r} names no colour scheme: choose one of {', '.join(COLOURS)}")
    loaded = None
    if args.scenario:
        try:
            loaded = load_scenario(find_scenario(args.scenario))
        except ContentError as exc:
            return _fail(str(exc))
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    return _run_app(OfficersChessApp(scenario=loaded, seed=args.seed, computer=_computer_sides(args.ai, args.level),
                                     own_dice=args.own_dice, colours=colours), args)


def cmd_resume(args: argparse.Namespace) -> int:
    """Go on with a saved battle: the given save, else the newest unfinished autosave that loads. The save is
    replayed and checked first: an edited or damaged one goes on from its last round that holds (the game says
    why), or, when nothing in it holds, is refused with one line and status 2."""
    from officers_chess.content.autosave import newest_unfinished, resume_state
    from officers_chess.content.saves import SavedBattle, open_save, public_line, public_reason
    from officers_chess.content.user_data import autosave_dir

    resumed = None
    from officers_chess.commands.campaign import campaign_to_resume

    campaign = campaign_to_resume(args.save)
    if isinstance(campaign, int):
        return campaign
    if campaign is not None:
        from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

        colours = os.environ.get(COLOURS_VARIABLE) or COLOURS[0]
        return _run_app(OfficersChessApp(campaign=campaign, colours=colours if colours in COLOURS else COLOURS[0]), args)
    if args.save:
        from officers_chess.content.muster_saves import is_muster_file, open_muster

        try:
            saved = open_muster(args.save) if is_muster_file(Path(args.save)) else open_save(args.save)
            if isinstance(saved, SavedBattle) and not saved.record.finished:
                resumed = resume_state(saved)
        except ContentError as exc:
            return _fail(public_line(exc))
    else:
        skipped: list[ContentError] = []
        found = newest_unfinished(skipped=skipped)
        if found is None:
            if skipped:  # one line: nothing good remains, and why the newest will not do
                return _fail(f"no unfinished battle that loads in {autosave_dir()}: the newest, "
                             f"{skipped[0].path.name}, {public_reason(skipped[0])}")
            return _fail(f"no unfinished battle to resume in {autosave_dir()}")
        for problem in skipped:
            print(f"officers-chess: passed over {problem.path.name}: {public_reason(problem)}", file=sys.stderr)
        saved, resumed = found.saved, found.resumed
    if getattr(saved.record, "finished", False) or (resumed is not None and resumed.state.is_over):
        return _fail(f"{saved.path}: that battle is over; `officers-chess replay {saved.path}` shows it")
    if resumed is not None and resumed.note:
        print(f"officers-chess: {saved.path.name}: {resumed.note}", file=sys.stderr)
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    colours = os.environ.get(COLOURS_VARIABLE) or COLOURS[0]
    return _run_app(OfficersChessApp(resume=saved, resumed=resumed, colours=colours if colours in COLOURS else COLOURS[0]),
                    args)


AI_SIDES = ("attacker", "defender", "both")
# The palettes' names (tui.palette.PALETTES, checked by a test): the CLI does not load Textual to list them.
COLOURS = ("classic", "colour-blind")
COLOURS_VARIABLE = "OFFICERS_CHESS_COLOURS"


def _computer_sides(ai: str | None, level: str | None) -> dict[Side, str]:
    """`--ai SIDE --level LEVEL` as the app's `computer` argument: side → level (the normal level by default)."""
    from officers_chess.rules.pieces.models import Side
    from officers_chess.session.players import default_level

    if ai is None:
        return {}
    sides = list(Side) if ai == "both" else [Side(ai)]
    return {side: level or default_level() for side in sides}


def _content_files(path: Path) -> list[Path]:
    try:
        if path.is_dir():
            return sorted(p for pattern in ("*.yaml", "*.yml", "*.json") for p in path.rglob(pattern))
    except (OSError, ValueError):  # a name no file system takes (too long): reading it says so
        pass
    return [path]


def cmd_validate(args: argparse.Namespace) -> int:
    """Check maps, scenarios, catalogue files, campaigns and saves (.json: battles and campaigns); print `ok PATH`
    for each good one, after its warnings (on stderr, `PATH:LINE: warning: ...`)."""
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


def cmd_forecast(args: argparse.Namespace) -> int:
    """Print the exact forecast of the one attack a duel file describes."""
    from officers_chess.content.duel import load_duel
    from officers_chess.commands.forecast_report import forecast_json, print_forecast

    try:
        duel = load_duel(args.duel)
    except ContentError as exc:
        return _fail(str(exc))
    fc = duel.forecast()
    if args.json:
        import json

        print(json.dumps(forecast_json(fc), indent=2))
    else:
        print_forecast(duel, fc)
    return EXIT_OK


def cmd_price(args: argparse.Namespace) -> int:
    """Price every class and item of a file by the pricing formula, with each term that made the price."""
    from officers_chess.content.loaders import load_partial_catalogue
    from officers_chess.commands.price_report import catalogue_prices, prices_json, print_prices

    try:
        catalogue = load_partial_catalogue(args.file)
    except ContentError as exc:
        return _fail(str(exc))
    breakdowns = catalogue_prices(catalogue)
    if args.json:
        import json

        print(json.dumps(prices_json(breakdowns), indent=2))
    elif not breakdowns:
        print(f"{args.file}: no classes or items to price (an art is priced by the Art(Name) tag of its item)")
    else:
        print_prices(breakdowns)
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    """Tell a saved battle action by action, or with --verify re-play it and compare every state hash."""
    from officers_chess.content.save_replay import check_replay
    from officers_chess.content.saves import open_save
    from officers_chess.commands.replay_report import tell, verified_line
    from officers_chess.rules.history.replay import start_divergence

    try:
        saved = open_save(args.save)
    except ContentError as exc:
        return _fail(str(exc))
    if not args.verify and _behind_fog(saved):
        return _fail(f"{saved.path}: the battle is not over and is fought under fog; its replay opens once it ends "
                     "(replay --verify checks it now)")
    if not args.verify and not args.text and sys.stdout.isatty() and sys.stdin.isatty():
        from officers_chess.tui.app import OfficersChessApp  # at a terminal: step through it on the map

        return _run_app(OfficersChessApp(replay=saved, autosave=False), args)
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


def _bundled_names() -> list[str]:
    from officers_chess.content.bundled import bundled_scenarios

    try:
        return [path.stem for path in bundled_scenarios()]
    except FileNotFoundError:
        return []


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="officers-chess",
        description="Officer's Chess: a tactics skirmish wargame for the terminal. Run with no command to open the game.",
    )
    parser.add_argument("--version", action="version", version=f"officers-chess {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser(
        "play",
        help="open the game (optionally straight into SCENARIO)",
        description="Open the game; with SCENARIO, go straight into that battle.",
        epilog="bundled scenarios: " + ", ".join(_bundled_names()),
    )
    play.add_argument("scenario", nargs="?", metavar="SCENARIO",
                      help="a bundled scenario (by file name or title) or a scenario .yaml file")
    play.add_argument("--seed", type=int,
                      help=f"seed the dice (0 to {MAX_SEED}), so the same moves give the same rolls")
    play.add_argument("--own-dice", action="store_true",
                      help="roll real d20s at the table: the game asks for each result (1 to 20) and applies the rules")
    play.add_argument("--ai", choices=AI_SIDES, metavar="SIDE",
                      help="the computer plays this side (attacker, defender or both); without SCENARIO the title "
                      "screen starts with that choice")
    play.add_argument("--level", choices=_level_names(), metavar="LEVEL",
                      help=f"the computer's level ({', '.join(_level_names())}; default normal)")
    play.add_argument("--colours", choices=COLOURS, metavar="SCHEME",
                      help=f"colour scheme ({', '.join(COLOURS)}; default from ${COLOURS_VARIABLE}, else classic); "
                      "F2 switches during the game")
    play.set_defaults(func=cmd_play)

    validate = commands.add_parser("validate", help="check map, scenario, catalogue, campaign and save files (or folders of them)")
    validate.add_argument("paths", nargs="+", metavar="PATH")
    validate.set_defaults(func=cmd_validate)

    forecast = commands.add_parser(
        "forecast",
        help="print the exact combat forecast of one attack described in a duel file",
        description="Print the exact forecast of one attack: both units' numbers, the chance of each HP "
        "after the exchange, and every modifier with its rule.",
    )
    forecast.add_argument("duel", metavar="DUEL.yaml", help="a duel file (see docs/examples/duel.yaml)")
    forecast.add_argument("--json", action="store_true", help="print the forecast as one JSON object")
    forecast.set_defaults(func=cmd_forecast)

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

    add_batch_commands(commands)
    add_campaign_commands(commands)

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

    resume = commands.add_parser(
        "resume",
        help="go on with an unfinished battle (the newest autosave, or SAVE)",
        description="Go on with an unfinished battle from its last committed action: SAVE, or else the newest "
                    "autosave of a battle that has not ended (a damaged one is skipped).",
    )
    resume.add_argument("save", nargs="?", metavar="SAVE", help="a save file (.json)")
    resume.set_defaults(func=cmd_resume)
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
