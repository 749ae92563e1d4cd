"""The app's half of the quiet collector (collector.py): a full pass once each new screen is painted, and others at the player's pauses."""

from __future__ import annotations

from textual import events
from textual.screen import ModalScreen, Screen

from officers_chess.tui.collector import IDLE_SECONDS, QuietCollector, restore, settle


class QuietCollection:
    """Mixed into the app. Off unless `collect_quietly` is called before the app runs (commands/app_launch.py does, for the
    `officers-chess` command), so tests and other hosts keep Python's own schedule."""

    collector: QuietCollector | None = None

    def collect_quietly(self) -> None:
        self.collector = QuietCollector()

    def start_collector(self) -> None:
        """From on_mount, before the first screen is shown."""
        if self.collector is None:
            return
        self.screen_change_signal.subscribe(self, self._screen_shown)  # type: ignore[attr-defined]
        self.set_interval(IDLE_SECONDS / 2, self.collector.tidy)  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        if self.collector is not None:
            restore()  # the app is done; whatever hosts it goes on with Python's own schedule

    def _screen_shown(self, screen: Screen) -> None:
        # A dialog comes and goes within a screen's life: only a new whole screen makes a quiet moment.
        if not isinstance(screen, ModalScreen):
            self.call_after_refresh(settle)  # type: ignore[attr-defined]  (once its first frame is painted)

    async def on_event(self, event: events.Event) -> None:
        if self.collector is not None and isinstance(event, events.InputEvent):
            self.collector.touched()
        await super().on_event(event)  # type: ignore[misc]
