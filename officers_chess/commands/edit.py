"""`officers-chess edit`: open the map editor on a map file, or on a new map to be saved where FILE says."""

from __future__ import annotations

import argparse
from pathlib import Path

from officers_chess.commands import app_launch
from officers_chess.commands.common import Refused

SCENARIO_LATER = "scenarios open in the editor in a later version; give its map file (maps/NAME.yaml)"


def cmd_edit(args: argparse.Namespace) -> int:
    """Open the editor; a file the game cannot read as a map is one line and status 2, before any screen opens."""
    from officers_chess.content.editing.draft import MapDraft
    from officers_chess.content.editing.roundtrip import MapFile
    from officers_chess.content.errors import ContentError
    from officers_chess.rules.combat.editions import DEFAULT_EDITION, EDITIONS
    from officers_chess.session.map_start import DEFAULT_SIZE, DEFAULT_TERRAIN, map_name, parse_size, terrain_glyph

    if args.edition is not None and args.edition not in EDITIONS:
        raise Refused(f"--edition: there is no edition {args.edition!r} (choose one of {', '.join(EDITIONS)})")
    path = Path(args.file) if args.file else None
    try:
        size = parse_size(args.new) if args.new else DEFAULT_SIZE
        glyph = terrain_glyph(args.terrain or DEFAULT_TERRAIN, args.edition or DEFAULT_EDITION)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    if path is not None and path.exists():
        if args.new or args.terrain:
            raise Refused(f"{path} exists: --new and --terrain are for a new map (give a file name not yet taken)")
        if path.is_dir():
            raise Refused(f"{path} is a folder: give a map file (maps/NAME.yaml)")
        try:
            file, draft = MapFile.open(path, args.edition)
        except ContentError as exc:
            raise Refused(SCENARIO_LATER if _is_scenario(path) else str(exc)) from None
    else:
        file, draft = MapFile(path, None), MapDraft.blank(map_name(path), *size, glyph, args.edition or DEFAULT_EDITION)
    from officers_chess.tui.app import OfficersChessApp  # Textual loads only when a screen is wanted

    return app_launch.run_app(OfficersChessApp(editor=(file, draft), colours=app_launch.colours_from_environment()),
                              args)


def _is_scenario(path: Path) -> bool:
    """A scenario file names its map: the game's own reader says whether this one does."""
    from officers_chess.content.errors import ContentError
    from officers_chess.content.yaml_source import read_yaml

    try:
        data = read_yaml(path).data
    except (ContentError, OSError, AttributeError):
        return False
    return isinstance(data, dict) and "map" in data and "tiles" not in data


def add(commands) -> None:
    """`edit` on the console script's commands."""
    edit = commands.add_parser(
        "edit", help="edit a map's terrain (a new map when FILE does not exist yet)",
        description="Open the map editor on FILE; a FILE that does not exist yet is a new map, saved there.")
    edit.add_argument("file", nargs="?", metavar="FILE", help="a map file (maps/NAME.yaml), or where a new one goes")
    edit.add_argument("--new", metavar="WxH", help="a new map's size in tiles (default 16x12)")
    edit.add_argument("--terrain", metavar="GLYPH|NAME", help="a new map's ground (default plains)")
    edit.add_argument("--edition", metavar="E",
                      help="whose terrain the palette offers (v0.6, ratings, d100; default: the map's own, else v0.6)")
    edit.set_defaults(func=cmd_edit)
