"""Guarding the app against a small terminal, stacked screens and unforeseen errors (mixed into OfficersChessApp)."""

from __future__ import annotations

from textual import events
from textual.geometry import Size

from officers_chess.crash import record_crash
from officers_chess.rules.basics.plain_text import visible
from officers_chess.tui.screens.too_small import TooSmallScreen, too_small


class TerminalGuards:
    """What keeps the app usable whatever happens: a terminal too small is told, screens and actions are never
    stacked on a dialog they would hide, notifications are plain text, and an error nobody foresaw is reported and
    saved."""

    def on_resize(self, event: events.Resize) -> None:
        self._fit_terminal(event.size)  # before Textual's own handler: self.size is still the old size

    def _fit_terminal(self, size: Size | None = None) -> None:
        """Cover the game with TooSmallScreen while the terminal is below its minimum size; uncover it after.
        The screens underneath stay as they were: the notice is pushed over them and popped off again."""
        if len(self.screen_stack) <= 1:  # Textual's blank first screen: nothing of the game to cover yet
            return
        size = self.size if size is None else size
        top = self.screen
        if too_small(size):
            if isinstance(top, TooSmallScreen):
                top.show_size(size)
            else:
                self.push_screen(TooSmallScreen(size, self._quitting_loses(), self._autosaved_what()))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()  # a notice left further down (see push_screen) leaves when it is on top again

    def push_screen(self, screen, *args, **kwargs):
        shown = super().push_screen(screen, *args, **kwargs)
        if not isinstance(screen, TooSmallScreen):
            self._fit_terminal()  # a screen opened with the terminal too small (the fog hand-over) goes under the notice
        return shown

    def switch_screen(self, screen):
        if self.screen_stack and isinstance(self.screen, TooSmallScreen) and not isinstance(screen, TooSmallScreen):
            super().pop_screen()  # the switch is meant for the screen under the notice
            switched = super().switch_screen(screen)
            self._fit_terminal()
            return switched
        return super().switch_screen(screen)

    async def run_action(self, action, default_namespace=None) -> bool:
        # Keys typed ahead of the screen do nothing: once the game is closing (y then Enter, quickly: a screen
        # opened while Textual takes the others down is never built), and on a screen not built yet (Enter
        # starts the battle, the arrow typed with it finds no map). Either stopped the game.
        if self.return_code is not None:
            return False
        try:
            screen = default_namespace.screen if default_namespace is not None else None
        except Exception:  # not on a screen (yet or any more): Textual decides
            screen = None
        if screen is not None and not screen.is_mounted:
            return False
        return await super().run_action(action, default_namespace)

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Textual's notification, always shown as written (`markup` is not used): names, paths and error messages
        may hold square brackets, which Textual would read as markup, and stop on. Widgets' and screens' own
        notify() come here too. What a terminal would obey (a file's name may hold an ESC) is spelled out: ruling X6."""
        super().notify(visible(message), title=visible(title), severity=severity, timeout=timeout, markup=False)

    def _handle_exception(self, error: Exception) -> None:
        # Textual ends the app on an unhandled error (status 1; under a test's pilot it is raised again) and
        # would print a traceback many screens long. The player gets one line instead (commands/app_launch.py prints it, as
        # the program exits with status 70) and the traceback goes to a file named in that line.
        if self.crash is None:
            self.crash = record_crash(error, self._kept_note())
        super()._handle_exception(error)
        exit_renderables = getattr(self, "_exit_renderables", None)
        if isinstance(exit_renderables, list):
            exit_renderables.clear()
