"""How the dice work, in a few words for the player: where they come from, that they are fair, how to roll them again."""

from __future__ import annotations

# One stream of rolls drawn from the battle's seed, in turn, whoever rolls: no side (nor the computer) gets its own.
FAIR = "fair, and the same for both sides: each roll is the next one drawn from the battle's seed"


def start_line() -> str:
    """The battle log's word on the dice as it starts; the seed itself waits for the end (it would tell the rolls)."""
    return "Dice: fair, one stream for both sides, from the battle's seed (shown at the end; ? says more)."


def replay_line(seed: int) -> str:
    """The result's word on the dice: fair, and how to have the same rolls again."""
    return (f"The dice were {FAIR}. The same seed rolls the same dice for the same moves: "
            f"officers-chess play <scenario> --seed {seed}")


HELP = (f"{FAIR[0].upper()}{FAIR[1:]}, in the order the rolls are made; no side, nor the computer, has dice of its "
        "own, and a run of 1s is luck. The battle's start names the seed's fingerprint, the result the seed itself: "
        "officers-chess play <scenario> --seed N with it rolls the same dice again for the same moves. --own-dice: "
        "you roll real dice and type them in.")
