"""How the dice work, in a few words for the player: where they come from, that they are fair, how to roll them again."""

from __future__ import annotations

import shlex
from pathlib import Path

from officers_chess.content.bundled import bundled_dir
from officers_chess.rules.pieces.models import Side

# One stream of rolls drawn from the battle's seed, in turn, whoever rolls: no side (nor the computer) gets its own.
FAIR = "fair, and the same for both sides: each roll is the next one drawn from the battle's seed"


def start_line(fingerprint: str | None = None, whose: str = "") -> str:
    """The battle log's word on the dice as it starts, in one line with the seed's fingerprint when the players are
    shown it (`whose`: "the host's " at another machine's table); the seed itself waits for the end (it would tell
    the rolls)."""
    if fingerprint is None:
        return "Dice: fair, one stream for both sides, from the battle's seed (shown at the end; ? says more)."
    return (f"Dice: fair, one stream for both sides, from {whose or 'the battle'}'s seed: fingerprint {fingerprint}; "
            "note it, the seed is shown at the end (? says more).")


def fingerprint_line(fingerprint: str, whose: str = "") -> str:
    """The fingerprint alone, for a battle taken up again (its dice were told of when it began)."""
    return f"Dice fingerprint {fingerprint}{f' ({whose} dice)' if whose else ''}: the seed is shown when the battle ends."


# The guided battle always starts from the same seed: no command is needed to have its dice again.
GUIDED = ("The guided battle always starts from the same seed: start it again (Learn to play, on the title screen) "
          "and the same moves roll the same dice.")


def replay_command(path: Path, seed: int, computer: dict[Side, str] | None = None) -> str | None:
    """The command that starts this battle again with the same dice (rulings L94): a bundled scenario by its file
    name, any other file by its path, with the sides the computer played; None when no one command says that
    (the computer played both sides at different levels)."""
    try:
        bundled = path.resolve().parent == bundled_dir("scenarios").resolve()
    except FileNotFoundError:  # an installation without its bundled files: the path still names the file
        bundled = False
    words = ["officers-chess", "play", path.stem if bundled else shlex.quote(str(path)), "--seed", str(seed)]
    levels = {side: level for side, level in (computer or {}).items() if level}
    if levels:
        if len(set(levels.values())) > 1:
            return None
        sides = next(iter(levels)).value if len(levels) == 1 else "both"
        words += ["--ai", sides, "--level", next(iter(levels.values()))]
    return " ".join(words)


def replay_line(seed: int, command: str | None = None, guided: bool = False) -> str:
    """The result's word on the dice: fair, and how to have the same rolls again — the command that does it, or for
    the guided battle how to; without either (a campaign's chapter, a table's seat) only that the seed decides them."""
    line = f"The dice were {FAIR}."
    if guided:
        return f"{line} {GUIDED}"
    if command is None:
        return f"{line} The same seed rolls the same dice for the same moves."
    return f"{line} The same seed rolls the same dice for the same moves: {command}"


HELP = (f"{FAIR[0].upper()}{FAIR[1:]}, in the order the rolls are made; no side, nor the computer, has dice of its "
        "own, and a run of 1s is luck. The battle's start names the seed's fingerprint, the result the seed itself: "
        "officers-chess play <scenario> --seed N with it rolls the same dice again for the same moves. --own-dice: "
        "you roll real dice and type them in.")
