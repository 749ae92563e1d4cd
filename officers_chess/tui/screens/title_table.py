"""The title's two-machine keys: h hosts the highlighted battle, j joins one (mixed into TitleScreen)."""

from __future__ import annotations

from textual.widgets import OptionList

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.dialogs.army_file import TextPrompt


def join_words(text: str) -> tuple[str, str] | None:
    """HOST:PORT and CODE from what a player typed: the two words, or the whole join line the host printed."""
    words = text.split()
    if words[:2] == ["officers-chess", "join"]:
        words = words[2:]
    if len(words) != 2 or ":" not in words[0]:
        return None
    return words[0], words[1]


class TitleTable:
    """h and j on the title screen (the app's TableSeat does the hosting and joining)."""

    def action_host(self) -> None:
        """h: host the highlighted battle on this machine; this keyboard plays the first side a person plays, and the
        other side is the computer's (at its level) or a friend's, who is given a join line."""
        index = self.query_one(OptionList).highlighted
        row = self._row(index)
        if row is None or row.kind != "battle":
            self.app.notify("A campaign or the guided battle is played at one keyboard: highlight a single battle "
                            "to host." if row is not None and row.kind != "header" else
                            "Open a group of battles (Enter) and highlight one to host.", severity="warning")
            return
        own = next((side for side in Side if self.players[side] is None), None)
        if own is None:
            self.app.notify("Both sides are the computer's: make one side a person (1 or 2) to host.",
                            severity="warning")
            return
        loaded = self._load(row.index)
        if not isinstance(loaded, LoadedScenario):
            self.app.notify(f"{loaded.path.name} cannot be played: the briefing pane says why.", severity="error")
            return
        if self.app.own_dice:  # type: ignore[attr-defined]
            self.app.notify("Across two machines the game's seeded dice roll for both sides (nobody types a die).",
                            timeout=8)
        self.app.host_here(loaded, own, self.players[own.other])  # type: ignore[attr-defined]

    def action_join(self) -> None:
        """j: the join line a host gave (HOST:PORT CODE), typed or pasted."""
        def check(text: str) -> str | None:
            return None if join_words(text) is not None else "Type the host's address and the code: HOST:PORT CODE."

        def typed(text: str | None) -> None:
            words = join_words(text or "")
            if words is None:
                return
            problem = self.app.join_here(*words)  # type: ignore[attr-defined]
            if problem is not None:
                self.app.notify(f"Could not join: {problem}", severity="error", timeout=10)

        self.app.push_screen(TextPrompt("Join a battle", "The join line the host gave you (HOST:PORT CODE):", "",
                                        check, max_length=120), typed)
