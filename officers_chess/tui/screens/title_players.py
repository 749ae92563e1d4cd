"""The title's players line: who plays each side (a person or a computer level) and whose dice roll."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from officers_chess.ai.levels import LEVEL_WORDS  # (names and words only: no computer player loads for it)
from officers_chess.rules.pieces.models import Side
from officers_chess.session.players import Player, player_label
from officers_chess.tui.palette import palette

PLAYER_KEYS = {Side.ATTACKER: "1", Side.DEFENDER: "2"}


def level_words(level: str) -> str:
    """What a computer level is like, in a line ("CPU (hard), normal looking ..."); a level without words is named alone."""
    words = LEVEL_WORDS.get(level)
    return f"CPU ({level}), {words}" if words else f"CPU ({level})"


class PlayerChoice(Static):
    """Who plays one side, as a line to read and to click (a click steps to the next choice)."""

    class Pressed(Message):
        def __init__(self, side: Side) -> None:
            super().__init__()
            self.side = side

    def __init__(self, side: Side) -> None:
        super().__init__(id=f"player-{side.value}")
        self.side = side

    title: str | None = None  # a campaign's company ("p1") in place of the side, while a campaign is highlighted

    def show(self, player: Player) -> None:
        name = (f" {self.title} ", "bold reverse") if self.title else (f" {self.side.title} ", palette().side_banner(self.side))
        self.update(Text.assemble((f" {PLAYER_KEYS[self.side]} ", "bold reverse"), " ", name, " ",
                                  (player_label(player), "bold")))

    def on_click(self) -> None:
        self.post_message(self.Pressed(self.side))


class DiceChoice(Static):
    """Whose d20s the battle uses: the game's seeded dice, or the players' own, typed in as they roll."""

    class Pressed(Message):
        pass

    def show(self, own: bool) -> None:
        # Short words: the whole players line must fit 80 columns with a computer level on a side.
        self.update(Text.assemble((" 3 ", "bold reverse"), " Dice: ", ("yours" if own else "game", "bold")))

    def on_click(self) -> None:
        self.post_message(self.Pressed())
