"""What each side must do to win, and the time limit, in words: for the briefing and the battle screen."""

from __future__ import annotations

from officers_chess.rules.battle.victory import DEFAULT_CONDITIONS
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario


def reflow(text: str) -> str:
    """Join the lines of each paragraph, so the pane wraps them rather than the author's editor."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def victory_line(scenario: Scenario, side: Side) -> str:
    """A side's conditions in words, with their tiers (the defaults when the scenario gives none)."""
    conditions = scenario.rules(side).victory or DEFAULT_CONDITIONS
    if not scenario.rules(side).victory and not scenario.tiles.seize:
        conditions = [c for c in conditions if c.kind != "seize"]  # nothing to seize on this map
    wins = "; or ".join(f"{c.describe(side)} ({c.tier})" for c in conditions if c.kind != "protect")
    guards = [c for c in conditions if c.kind == "protect"]
    losses = "".join(f" Loses at once ({c.tier} for the {side.other.value}) if {c.unit} is routed." for c in guards)
    return (wins + "." if wins else "only by the time limit.") + losses


# Words that start a scenario's reason as ordinary words, not names: lower-cased inside the time limit's brackets.
CLAUSE_STARTS = frozenset({"The", "At", "A", "An", "When", "By", "If", "Night", "Nightfall", "Dusk", "Dawn", "Then", "Once",
                           "Sunset", "Sunrise", "First", "Both", "Each", "Whoever", "Before", "After"})


def time_limit_line(scenario: Scenario, with_reason: bool = True) -> str | None:
    """The time limit and what it brings, or None when the battle has none."""
    limit = scenario.time_limit
    if limit is None:
        return None
    outcome = "a draw" if limit.winner == "draw" else f"the {limit.winner.value} wins"
    # A side that wins by holding or lasting to that very round is judged first: say so, or the lines clash.
    first = [side for side in Side if side != limit.winner and any(
        c.kind == "control" or (c.kind in ("hold", "survive") and c.rounds == limit.rounds)
        for c in scenario.rules(side).victory)]
    unless = (f", unless the {first[0].value} has met its objective" if len(first) == 1
              else ", unless a side has met its objective" if first else "")
    # In brackets the scenario's sentence is a clause: its first letter lower-cased, unless a name starts it (L115).
    said = reflow(limit.reason).rstrip('.') if with_reason and limit.reason else ""
    if said[:1].isupper() and said.split(" ", 1)[0] in CLAUSE_STARTS:
        said = said[0].lower() + said[1:]
    reason = f" ({said})" if said else ""
    return f"Time limit: {limit.rounds} rounds{reason}; then {outcome}{unless}."
