"""What a newcomer choosing a battle is told: the side easier to learn on, and about how long the battle takes."""

from __future__ import annotations

import math

from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario

SECONDS_PER_ACTIVATION = 20  # a person's unit and the computer's answer to it, read and played, on average
ROUND_GUESS_FLOOR = 6  # no battle without a time limit is guessed shorter than this many rounds


def units(scenario: Scenario, side: Side) -> int:
    """The units a side brings over the battle: its placed army or the largest it may hire, and its reinforcements."""
    own = scenario.rules(side).army.max if scenario.hires(side) else len(scenario.armies.get(side, []))
    return own + sum(len(event.reinforcements.units) for event in scenario.events
                     if event.reinforcements is not None and event.reinforcements.side is side)


def easier_side(scenario: Scenario) -> str:
    """"attacker", "defender" or "either": the file's `easier_side`, else the side with more units (a beginner's
    mistake costs a larger army less), else either."""
    if scenario.easier_side is not None:
        return scenario.easier_side
    attackers, defenders = units(scenario, Side.ATTACKER), units(scenario, Side.DEFENDER)
    if attackers == defenders:
        return "either"
    return Side.ATTACKER.value if attackers > defenders else Side.DEFENDER.value


def rounds_guess(scenario: Scenario, width: int, height: int) -> int:
    """The rounds a battle is likely to last: its time limit, else long enough to cross half the map and fight."""
    if scenario.time_limit is not None:
        return scenario.time_limit.rounds
    return max(ROUND_GUESS_FLOOR, (width + height) // 2)


def minutes(scenario: Scenario, width: int, height: int) -> int:
    """About how many minutes the battle takes: the file's `minutes`, else every unit acting once a round for the
    rounds it is likely to last, at `SECONDS_PER_ACTIVATION` each, rounded up to five minutes."""
    if scenario.minutes is not None:
        return scenario.minutes
    activations = sum(units(scenario, side) for side in Side) * rounds_guess(scenario, width, height)
    return max(5, 5 * math.ceil(activations * SECONDS_PER_ACTIVATION / 60 / 5))


def newcomer_line(scenario: Scenario, width: int, height: int) -> str:
    """One line for the title: "Learn on: the defender · about 25 min" (the side easier to learn on)."""
    side = easier_side(scenario)
    said = "either side" if side == "either" else f"the {side}"
    return f"Learn on: {said} · about {minutes(scenario, width, height)} min"
