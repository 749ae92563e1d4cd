"""ContentError: a problem in a content file, told as `file:line: what is wrong`."""

from __future__ import annotations

from pathlib import Path


class ContentError(ValueError):
    """A file the game cannot use. `str()` gives the one-line message players see."""

    def __init__(self, path: Path | str, message: str, line: int | None = None) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else f"{self.path}"
        super().__init__(f"{where}: {message}")
