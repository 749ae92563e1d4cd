"""What a newcomer choosing a battle is told: the side easier to learn on, and about how long the battle takes."""

from __future__ import annotations

from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario

# A person's activation (choose, move, read the forecast, strike) and the computer's (played at its pace, its log line
# read), on average (rulings L91: Training Yard's 12 own activations and 12 watched come to 5 minutes, where a
# newcomer reported 3 of play).
SECONDS_PER_ACTIVATION = 20
SECONDS_PER_WATCHED = 5
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
    """About how many minutes the battle takes a person against the computer: the file's `minutes`, else, for the
    rounds it is likely to last, the person's own activations (the larger side's units, the longer to play) at
    `SECONDS_PER_ACTIVATION` and the computer's (the other side's) at `SECONDS_PER_WATCHED`; to the nearest minute
    under ten, else to the nearest five."""
    if scenario.minutes is not None:
        return scenario.minutes
    rounds = rounds_guess(scenario, width, height)
    own, other = sorted((units(scenario, side) for side in Side), reverse=True)
    seconds = rounds * (own * SECONDS_PER_ACTIVATION + other * SECONDS_PER_WATCHED)
    said = seconds / 60
    return max(1, round(said)) if said < 9.5 else 5 * round(said / 5)


def newcomer_line(scenario: Scenario, width: int, height: int) -> str:
    """One line for the title: "Learn on: the defender · about 25 min" (the side easier to learn on)."""
    side = easier_side(scenario)
    said = "either side" if side == "either" else f"the {side}"
    return f"Learn on: {said} · about {minutes(scenario, width, height)} min"
