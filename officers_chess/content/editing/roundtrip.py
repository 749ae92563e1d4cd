"""Map files read and written so people can still read and diff them: what the editor did not touch stays as it was.

The file is read twice: by the game's own loader (so a file the game refuses is refused here with the same words,
file and line) and by ruamel.yaml's round-trip loader, which keeps comments, key order, quoting and layout; saving
changes only the values the author edited in that document.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import LiteralScalarString

from officers_chess.content.editing.draft import MapDraft
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_map
from officers_chess.rules.board.terrain import terrain_table
from officers_chess.rules.combat.editions import EDITIONS


def plain(value: Any) -> Any:
    """A value as the round-trip loader read it, made plain Python (dicts, lists, str), its comments and styles left
    behind: what the game's own models and comparisons expect."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def _yaml() -> YAML:
    yaml = YAML()  # round-trip mode: comments, order and styles are kept
    yaml.preserve_quotes = True
    yaml.width = 4096  # never fold a long description the author wrote on one line
    return yaml


@dataclass
class MapFile:
    """A map file open in the editor: where it lives and the document its comments and layout are kept in."""

    path: Path | None  # None until a new map is first saved
    document: Any  # the round-trip document (a CommentedMap), or None for a new map

    @classmethod
    def open(cls, path: Path | str, edition: str | None = None) -> tuple[MapFile, MapDraft]:
        """Read a map file; a file the game cannot use raises ContentError naming the file and line. A map names no
        edition (its scenario does): without one, the first edition whose terrain has every glyph of it."""
        path = Path(path)
        battle_map = load_map(path)  # the game's own checks and messages first
        text = path.read_text(encoding="utf-8")
        try:
            document = _yaml().load(text)
        except YAMLError as exc:  # the game's loader took it, so this is a quirk of the second reader
            raise ContentError(path, f"the editor cannot keep this file's layout: {exc}") from None
        description = document.get("description") if isinstance(document, CommentedMap) else None
        rows = tuple(battle_map.rows)
        draft = MapDraft(battle_map.name, str(description or ""), rows, edition or edition_for(rows))
        return cls(path, document), draft

    def text(self, draft: MapDraft) -> str:
        """The file's text with `draft` in it: the name, description and tiles set, everything else as it was."""
        document = self.document if self.document is not None else CommentedMap()
        _set(document, "name", draft.name)
        if draft.description or "description" in document:
            _set(document, "description", draft.description)
        tiles = "\n".join(draft.rows) + "\n"
        if document.get("tiles") != tiles:
            document["tiles"] = LiteralScalarString(tiles)  # a block of rows, as the game's maps are written
        out = io.StringIO()
        _yaml().dump(document, out)
        self.document = document
        return out.getvalue()

    def save(self, draft: MapDraft, path: Path | str | None = None) -> Path:
        """Write `draft` to `path` (default: where it was read), whole or not at all (a temporary file renamed)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("a new map needs a file name to be saved")
        text = self.text(draft)
        temporary = target.with_name(f".{target.name}.saving")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
        self.path = target
        return target


def edition_for(rows: tuple[str, ...]) -> str:
    """The first edition (v0.6 first) whose terrain table knows every glyph of `rows`; v0.6 when none does."""
    glyphs = set("".join(rows))
    for name in EDITIONS:
        if glyphs <= set(terrain_table(name)):
            return name
    return "v0.6"


def _set(document: CommentedMap, key: str, value: str) -> None:
    """Set a text value, keeping the old one (and its quoting) when it is unchanged."""
    if document.get(key) != value:
        document[key] = value
