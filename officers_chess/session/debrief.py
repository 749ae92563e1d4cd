"""What the result screen tells once a battle is over and the fog has lifted (rulings F5): the words for how it
ended, and its last action in full."""

from __future__ import annotations

import re

from officers_chess.rules.battle.events import Attacked, BattleEnded, Event, RoundBegan, merged
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.battle.victory import ran_out


def ending_words(final: Known) -> str | None:
    """Why the battle ended, with the round it happened in (a time limit's reason names its own round); None
    while it is undecided."""
    result = final.result
    if result is None:
        return None
    timed_out = final.time_limit is not None and result.reason == ran_out(final.time_limit)
    # A reason that names the very round it ended in ("held out to the end of round 8") says it once (rulings L44).
    named = re.search(rf"\bround {final.round}\b", result.reason) is not None
    when = "" if timed_out or named or final.winner is None else f" (round {final.round})"
    return f"{result.reason[0].upper()}{result.reason[1:]}{when}."


def last_exchange(last_events: list[Event]) -> str | None:
    """The last action in full when it was an exchange of blows, so nobody misses how it ended: the action's own
    events, not the round's turn that followed it nor the battle's end, which the result says above it (a battle
    lost on time after a last blow told its reason twice)."""
    action: list[Event] = []
    for event in last_events:
        if isinstance(event, (RoundBegan, BattleEnded)):
            break
        action.append(event)
    if not any(isinstance(event, Attacked) for event in action):
        return None
    return "\n".join(event.text() for event in merged(action))
