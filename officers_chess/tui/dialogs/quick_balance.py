"""The scenario editor's quick balance: a batch of computer-against-computer games in a thread, a bar, one line."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from officers_chess.session.balance_rule import BalanceRow, quick_line
from officers_chess.session.batch_games import GameResult, run_batch

LEVELS = ("normal", "normal")  # as `balance` plays by default
SEED = 1  # `balance`'s default seed: the same games as `balance FILE --games N` plays


def played_words(games: int, levels: tuple[str, str]) -> str:
    """What the batch plays: one level on both sides, or two that change sides each game (as `balance` plays them)."""
    if levels[0] == levels[1]:
        return f"Quick balance: {games} games, the computer at {levels[0]} playing both sides."
    return f"Quick balance: {games} games, {levels[0]} against {levels[1]}, the two changing sides each game."


class QuickBalanceDialog(ModalScreen[str | None]):
    """Plays `games` games of the file `write()` makes (and `remove(path)` takes away after) in a worker thread, never a
    process of its own; Esc stops it after the game being played. Dismissed with the result's line (None: stopped)."""

    DEFAULT_CSS = """
    QuickBalanceDialog { align: center middle; }
    QuickBalanceDialog > Vertical { width: 64; height: auto; padding: 1 2; border: thick $primary; background: $surface; }
    QuickBalanceDialog ProgressBar { margin: 1 0; }
    QuickBalanceDialog .keys { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "stop", "Stop"), Binding("enter", "close", "Close", show=False)]

    def __init__(self, write: Callable[[], Path], remove: Callable[[Path], None], games: int) -> None:
        super().__init__()
        self.make_file, self.drop_file, self.games = write, remove, games
        self.stopping = threading.Event()
        self.line: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(played_words(self.games, LEVELS)), id="what")
            yield ProgressBar(total=self.games, show_eta=False, id="bar")
            yield Static(Text("Esc stops after the game being played."), classes="keys", id="keys")

    def on_mount(self) -> None:
        self.run_worker(self._play, thread=True, exit_on_error=False)

    def _play(self) -> None:
        try:
            path = self.make_file()
        except OSError as exc:
            self.app.call_from_thread(self._done, f"The quick balance could not write its file: {exc.strerror or exc}.")
            return
        try:
            results = run_batch(path, self.games, SEED, LEVELS, on_result=self._one_done, stop=self.stopping.is_set)
        except Exception as exc:  # noqa: BLE001 — a battle that breaks is told in the editor, not a crash of the app
            self.app.call_from_thread(self._done, f"The quick balance stopped: {exc}.")
            return
        finally:
            self.drop_file(path)
        if self.stopping.is_set():
            self.app.call_from_thread(self._done, None)
        else:
            self.app.call_from_thread(self._done, quick_line(BalanceRow.of("", "", results)))

    def on_unmount(self) -> None:
        self.stopping.set()  # the app closing: the thread ends after its game rather than playing the batch out

    def _one_done(self, _result: GameResult) -> None:
        self.app.call_from_thread(self._advance)

    def _advance(self) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).advance(1)

    def _done(self, line: str | None) -> None:
        self.line = line
        if line is None:
            if self.is_attached:
                self.dismiss(None)
            return
        self.query_one("#what", Static).update(Text(line))
        self.query_one("#keys", Static).update(Text("Enter or Esc: back to the editor."))

    def action_stop(self) -> None:
        if self.line is not None:
            self.dismiss(self.line)
            return
        self.stopping.set()
        self.query_one("#keys", Static).update(Text("Stopping after the game being played…"))

    def action_close(self) -> None:
        if self.line is not None:
            self.dismiss(self.line)
