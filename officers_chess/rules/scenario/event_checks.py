"""Warnings about a scenario's events that load but can never happen, or happen too late to matter."""

from __future__ import annotations

from officers_chess.rules.battle.triggers import read_trigger
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.script_checks import ScriptWarning
from officers_chess.rules.scenario.setup import Scenario


def event_warnings(scenario: Scenario) -> list[ScriptWarning]:
    """Events that never fire (a round past the time limit, `hp <= 0`, a wait on a unit that never comes) and a
    fall that fires an event only as the battle ends, and morale with no exits to break for (docs/rulings.md K20, K21,
    K27)."""
    found: list[ScriptWarning] = []
    limit = scenario.time_limit.rounds if scenario.time_limit is not None else None
    for index, event in enumerate(scenario.events):
        if event.round is not None and limit is not None and event.round > limit:
            found.append(ScriptWarning(f"event {index + 1} never happens: round {event.round} never comes, the "
                                       f"battle ends after round {limit} (its time limit)", ("events", index, "round")))
        if event.when is None:
            continue
        trigger, where = read_trigger(event.when), ("events", index, "when")
        if trigger.kind == "hp_at_most" and (trigger.number or 0) <= 0:
            found.append(ScriptWarning(f"event {index + 1} never fires: a unit at 0 HP is routed and off the field, so "
                                       f"`{event.when}` never holds (write `{trigger.name} routed`)", where))
        if trigger.kind == "routed":
            ending = _fall_that_ends(scenario, trigger.name or "")
            if ending:
                found.append(ScriptWarning(f"event {index + 1} comes too late to matter: {trigger.name}'s fall ends "
                                           f"the battle ({ending}), so nothing the event brings or changes is ever "
                                           "played", where))
    found += _waits_that_never_end(scenario)
    if scenario.morale is not None and not scenario.tiles.escape:
        # A broken side leaves by the exits and counts as beaten (P13); with none, its units can only keep away
        # from the enemy, and a story that has a band break and run never plays (rulings K27).
        found.append(ScriptWarning("a side that breaks has no way off the field: the scenario has morale but no exit "
                                   "tiles (`tiles: escape:`), so its broken units only keep away from the enemy",
                                   ("morale",)))
    return found


def _fall_that_ends(scenario: Scenario, name: str) -> str | None:
    """The condition that ends the battle the moment the unit called `name` is routed, in words, or None."""
    for side in Side:
        for cond in scenario.rules(side).victory:
            if cond.kind in ("defeat", "protect") and cond.unit == name:
                return f"the {side.value}'s `{cond.kind}: {name}` condition"
    return None


def _waits_that_never_end(scenario: Scenario) -> list[ScriptWarning]:
    """Events whose trigger names a unit that only events bring, none of which can fire first: a trigger waiting on
    a unit its own event brings, or events waiting on each other's units (a cycle)."""
    placed_first = {u.name for army in scenario.armies.values() for u in army}
    brought: dict[str, list[int]] = {}  # a name only events bring -> those events
    for index, event in enumerate(scenario.events):
        for unit in event.reinforcements.units if event.reinforcements else []:
            if unit.name not in placed_first:
                brought.setdefault(unit.name, []).append(index)
    waits: dict[int, str] = {}  # event -> the name, only events bring, that its trigger waits on
    for index, event in enumerate(scenario.events):
        name = read_trigger(event.when).name if event.when is not None else None
        if name is not None and name in brought:
            waits[index] = name
    waiting_on: dict[int, list[int]] = {}  # an event -> the events waiting on a unit it brings
    for index, name in waits.items():
        for bringer in brought[name]:
            waiting_on.setdefault(bringer, []).append(index)
    live = {i for i in range(len(scenario.events)) if i not in waits}
    frontier = list(live)
    while frontier:  # an event can fire once some event that brings its unit can
        for index in waiting_on.get(frontier.pop(), []):
            if index not in live:
                live.add(index)
                frontier.append(index)
    found = []
    for index, name in sorted(waits.items()):
        if index in live:
            continue
        bringers = brought[name]
        where = ("events", index, "when")
        if bringers == [index]:
            found.append(ScriptWarning(f"event {index + 1} never fires: it waits on {name}, whom only this event "
                                       "brings", where))
            continue
        others = " and ".join(f"event {b + 1}" for b in bringers)
        cycle = _leads_back(index, bringers, waits, brought)
        one = len(bringers) == 1
        why = (f"which {'waits' if one else 'wait'} in turn, directly or through others, on this one (a cycle)"
               if cycle else f"which can never fire {'itself' if one else 'themselves'}")
        found.append(ScriptWarning(f"event {index + 1} never fires: it waits on {name}, who comes only with {others}, "
                                   f"{why}", where))
    return found


def _leads_back(start: int, bringers: list[int], waits: dict[int, str], brought: dict[str, list[int]]) -> bool:
    """Whether following the waits from `bringers` comes back to the event `start`."""
    seen, frontier = set(), list(bringers)
    while frontier:
        index = frontier.pop()
        if index == start:
            return True
        if index in seen or index not in waits:
            continue
        seen.add(index)
        frontier += brought[waits[index]]
    return False
