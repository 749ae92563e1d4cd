"""The scenario's named areas the players are meant to know: which tiles the map marks, and the tile panel's words."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.scenario.setup import Scenario


@dataclass(frozen=True)
class MarkedArea:
    """One area the map draws: its name as the players read it, the author's words about it, its tiles."""

    title: str
    about: str
    tiles: frozenset[Pos]

    def words(self) -> str:
        """The tile panel's line: the name, then the author's words, or what an area with none is for."""
        return f"{self.title}: {self.about}" if self.about else f"{self.title}: an area the battle's events watch."


def area_title(name: str) -> str:
    """An area's name as written in the file, read as words ("lower_cut" → "Lower cut")."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def marked_areas(scenario: Scenario) -> list[MarkedArea]:
    """The areas the author left shown (the default), in the file's order."""
    return [MarkedArea(area_title(name), area.about, frozenset(scenario.area_tiles(name)))
            for name, area in scenario.areas.items() if area.shown]


def areas_at(areas: list[MarkedArea], pos: Pos) -> list[str]:
    """The tile panel's lines for the areas `pos` lies in."""
    return [area.words() for area in areas if pos in area.tiles]


def area_tiles(areas: list[MarkedArea]) -> frozenset[Pos]:
    """Every tile of a marked area: the map draws them apart."""
    return frozenset().union(*(area.tiles for area in areas))
