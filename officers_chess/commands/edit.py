"""`officers-chess edit`: open the editor on a map file, a scenario file, or a new map to be saved where FILE says."""

from __future__ import annotations

import argparse
from pathlib import Path

from officers_chess.commands import app_launch
from officers_chess.commands.common import Refused


def cmd_edit(args: argparse.Namespace) -> int:
    """Open the editor; a file the game cannot use is one line and status 2, before any screen opens."""
    from officers_chess.content.editing.draft import MapDraft
    from officers_chess.content.editing.roundtrip import MapFile
    from officers_chess.content.errors import ContentError
    from officers_chess.rules.combat.editions import DEFAULT_EDITION, EDITIONS
    from officers_chess.session.map_start import DEFAULT_SIZE, DEFAULT_TERRAIN, map_name, parse_size, terrain_glyph

    if args.edition is not None and args.edition not in EDITIONS:
        raise Refused(f"--edition: there is no edition {args.edition!r} (choose one of {', '.join(EDITIONS)})")
    path = Path(args.file) if args.file else None
    if args.map is not None:
        return _new_scenario(args, path)
    try:
        size = parse_size(args.new) if args.new else DEFAULT_SIZE
        glyph = terrain_glyph(args.terrain or DEFAULT_TERRAIN, args.edition or DEFAULT_EDITION)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    scenario = _scenario_named(args.file) if args.file else None
    if scenario is not None:
        if args.new or args.terrain or args.edition:
            raise Refused(f"{args.file} is a scenario: --new, --terrain and --edition are for maps")
        from officers_chess.content.editing.scenario_file import ScenarioFile

        try:
            opened = ScenarioFile.open(scenario)
        except ContentError as exc:
            raise Refused(str(exc)) from None
        from officers_chess.tui.app import OfficersChessApp

        # A bundled scenario named by its file name or title (no path) is saved as the player's own copy.
        editor = (*opened, scenario != path)
        return app_launch.run_app(OfficersChessApp(editor=editor, colours=app_launch.colours_from_environment()), args)
    if path is not None and path.exists():
        if args.new or args.terrain:
            raise Refused(f"{path} exists: --new and --terrain are for a new map (give a file name not yet taken)")
        if path.is_dir():
            raise Refused(f"{path} is a folder: give a map file (maps/NAME.yaml)")
        try:
            file, draft = MapFile.open(path, args.edition)
        except ContentError as exc:
            raise Refused(str(exc)) from None
    else:
        file, draft = MapFile(path, None), MapDraft.blank(map_name(path), *size, glyph, args.edition or DEFAULT_EDITION)
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    return app_launch.run_app(OfficersChessApp(editor=(file, draft), colours=app_launch.colours_from_environment()),
                              args)


def _new_scenario(args: argparse.Namespace, path: Path | None) -> int:
    """`edit NEW.yaml --map MAP`: a new scenario written there for that map, opened in the scenario editor."""
    from officers_chess.content.editing.scenario_file import ScenarioFile
    from officers_chess.content.editing.scenario_settings import new_scenario_file
    from officers_chess.content.errors import ContentError

    if path is None or args.new or args.terrain or args.edition:
        raise Refused("--map makes a new scenario: give only its FILE (not yet taken), e.g. edit mine.yaml --map NAME")
    try:
        opened = ScenarioFile.open(new_scenario_file(path, args.map))
    except ValueError as exc:
        raise Refused(str(exc)) from None
    except (ContentError, OSError) as exc:
        raise Refused(str(exc)) from None
    from officers_chess.tui.app import OfficersChessApp

    return app_launch.run_app(OfficersChessApp(editor=(*opened, False), colours=app_launch.colours_from_environment()),
                              args)


def _scenario_named(name: str) -> Path | None:
    """The scenario file `name` means: a file that is one, or a bundled scenario's file name or title (as `play`
    finds them); None when it means a map (or a new one)."""
    from officers_chess.content.errors import ContentError
    from officers_chess.content.loaders import find_scenario

    path = Path(name)
    if path.exists():
        return path if path.is_file() and _is_scenario(path) else None
    if path.suffix in {".yaml", ".yml"}:
        return None  # a new map's file
    try:
        return find_scenario(name)
    except ContentError:
        return None


def _is_scenario(path: Path) -> bool:
    """A scenario file names its map: the game's own reader says whether this one does."""
    from officers_chess.content.errors import ContentError
    from officers_chess.content.yaml_source import read_yaml

    try:
        data = read_yaml(path).data
    except (ContentError, OSError, AttributeError):
        return False
    # A map's `tiles:` is its rows as text; a scenario's (seize, escape, raze) is a mapping.
    return isinstance(data, dict) and "map" in data and not isinstance(data.get("tiles"), str)


def add(commands) -> None:
    """`edit` on the console script's commands."""
    edit = commands.add_parser(
        "edit", help="edit a map's terrain or a scenario's units and zones (a new map when FILE does not exist yet)",
        description="Open the editor on FILE: a map, a scenario (a bundled one by its file name or title), or, when "
                    "FILE does not exist yet, a new map saved there.")
    edit.add_argument("file", nargs="?", metavar="FILE", help="a map or scenario file, a bundled scenario's name, or where a new map goes")
    edit.add_argument("--new", metavar="WxH", help="a new map's size in tiles (default 16x12)")
    edit.add_argument("--terrain", metavar="GLYPH|NAME", help="a new map's ground (default plains)")
    edit.add_argument("--map", metavar="NAME|FILE",
                      help="a new scenario at FILE for this map (a bundled map's name, one in maps/ beside, or a file)")
    edit.add_argument("--edition", metavar="E",
                      help="whose terrain the palette offers (v0.6, ratings, d100; default: the map's own, else v0.6)")
    edit.set_defaults(func=cmd_edit)
