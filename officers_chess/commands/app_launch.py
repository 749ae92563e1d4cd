"""Opening the game's screens from a command: the colour schemes, and one line when the app stops on an error."""

from __future__ import annotations

import argparse
import os
import sys

from officers_chess.commands.common import EXIT_CRASH, EXIT_OK

# The palettes' names (tui.palette.PALETTES, checked by a test): the CLI does not load Textual to list them.
COLOURS = ("classic", "colour-blind")
COLOURS_VARIABLE = "OFFICERS_CHESS_COLOURS"


def colours_from_environment() -> str:
    """The scheme $OFFICERS_CHESS_COLOURS names, the first one when it names none."""
    colours = os.environ.get(COLOURS_VARIABLE) or COLOURS[0]
    return colours if colours in COLOURS else COLOURS[0]


def run_app(app, args: argparse.Namespace) -> int:
    """Run the game's screens; after an error nobody foresaw, one line on stderr (the app has written the
    details to a file it names) and status EXIT_CRASH."""
    if getattr(args, "launched", False):
        app.collect_quietly()  # the player's own process: the collector keeps out of the way (tui/collector.py)
    app.run()
    crash = getattr(app, "crash", None)
    if crash is not None:
        print(crash.line(), file=sys.stderr)
        return EXIT_CRASH
    code = getattr(app, "return_code", None)
    if code:
        print(f"officers-chess: the game stopped with status {code}", file=sys.stderr)
        return EXIT_CRASH
    return EXIT_OK
