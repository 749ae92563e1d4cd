"""How a new map is asked for, in words the command line and the title share: its size and its ground."""

from __future__ import annotations

import re
from pathlib import Path

from officers_chess.content.editing.draft import MAX_SIDE, MIN_SIDE
from officers_chess.content.user_data import data_dir
from officers_chess.rules.board.terrain import terrain_table

DEFAULT_SIZE = (16, 12)
DEFAULT_TERRAIN = "plains"
_SIZE = re.compile(r"\s*(\d+)\s*[x×X*]\s*(\d+)\s*")


def parse_size(text: str) -> tuple[int, int]:
    """'16x12' as (16, 12); ValueError in words for anything else or a side the game cannot load."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(f"a map's size is WIDTHxHEIGHT, such as 16x12, not {text!r}")
    width, height = int(match[1]), int(match[2])
    for side, what in ((width, "width"), (height, "height")):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(f"a map's {what} is {MIN_SIDE} to {MAX_SIDE} tiles, not {side}")
    return width, height


def terrain_glyph(text: str, edition: str) -> str:
    """The glyph of the terrain `text` names (its glyph, id or name, any case); ValueError naming the choices."""
    table = terrain_table(edition)
    if text in table:
        return text
    wanted = text.strip().casefold().replace(" ", "_")
    for glyph, terrain in table.items():
        if wanted in (terrain.id.casefold(), terrain.name.casefold().replace(" ", "_")):
            return glyph
    names = ", ".join(f"{t.glyph} {t.id}" for t in table.values())
    raise ValueError(f"{text!r} is no terrain of the {edition} edition: choose one of {names}")


def map_name(path: Path | None) -> str:
    """A new map's name from its file's ("grey_moor.yaml": "Grey Moor"); "New map" without a file."""
    if path is None:
        return "New map"
    return path.stem.replace("_", " ").replace("-", " ").strip().title() or "New map"


def own_maps_folder() -> Path:
    """Where the player's own maps are offered to be saved (a new map has no file until it is first saved)."""
    return data_dir() / "maps"
