"""Scenario events set off by what happens rather than by the round: read from their words, and fired after the action that sets them off."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from officers_chess.rules.battle.events import Concern, Event
from officers_chess.rules.battle.morale import standing
from officers_chess.rules.battle.state import Arrival, GameState
from officers_chess.rules.battle.upkeep import arrive
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.order_when import TILE

TRIGGER_FORMS = (
    "NAME routed",
    "NAME hp <= N",
    "SIDE enters [X, Y]",
    "SIDE enters AREA",
    "chest [X, Y] opened",
    "SIDE wavers",
    "SIDE breaks",
)
_TRIGGERS: list[tuple[str, str]] = [
    (rf"chest {TILE} opened", "chest_opened"),
    (r"(attacker|defender) wavers", "wavers"),
    (r"(attacker|defender) breaks", "breaks"),
    (rf"(attacker|defender) enters {TILE}", "enters_tile"),
    (r"(attacker|defender) enters (.+)", "enters_area"),
    (r"(.+?) hp\s*(?:<=|≤)\s*([0-9]{1,4})", "hp_at_most"),
    (r"(.+?) routed", "routed"),
]


@dataclass(frozen=True)
class Trigger:
    """What sets an event off: its kind and what it names (a unit, a side, a tile from 1, an area, a number)."""

    kind: str
    name: str | None = None
    side: Side | None = None
    at: tuple[int, int] | None = None
    area: str | None = None
    number: int | None = None

    def tile(self) -> tuple[int, int] | None:
        """The board position (from 0) of the tile it names."""
        return None if self.at is None else (self.at[0] - 1, self.at[1] - 1)


@lru_cache(maxsize=256)
def read_trigger(text: str) -> Trigger:
    """A trigger from its words (ValueError naming the forms allowed)."""
    words = " ".join(str(text).split())
    for pattern, kind in _TRIGGERS:
        found = re.fullmatch(pattern, words, flags=re.IGNORECASE)
        if not found:
            continue
        args = found.groups()
        if kind == "chest_opened":
            return Trigger(kind, at=(int(args[0]), int(args[1])))
        if kind == "enters_tile":
            return Trigger(kind, side=Side(args[0].lower()), at=(int(args[1]), int(args[2])))
        if kind == "enters_area":
            return Trigger(kind, side=Side(args[0].lower()), area=args[1])
        if kind in ("wavers", "breaks"):
            return Trigger(kind, side=Side(args[0].lower()))
        if kind == "hp_at_most":
            return Trigger(kind, name=args[0], number=int(args[1]))
        return Trigger(kind, name=args[0])
    raise ValueError(f"unknown trigger {words!r}; write one of: {', '.join(TRIGGER_FORMS)} (or give `round: N`)")


def set_off(state: GameState, trigger: Trigger) -> bool:
    """Whether the trigger holds now, on the whole board (the scenario sees everything)."""
    if trigger.kind == "routed":
        return any(u.name == trigger.name and u.routed for u in state.units)
    if trigger.kind == "hp_at_most":
        return any(u.name == trigger.name and u.on_field and u.hp <= (trigger.number or 0) for u in state.units)
    if trigger.kind == "enters_tile":
        return any(u.side is trigger.side and u.on_field and u.pos == trigger.tile() for u in state.units)
    if trigger.kind == "enters_area":
        inside = set(state.areas.get(trigger.area or "", ()))
        return any(u.side is trigger.side and u.on_field and u.pos in inside for u in state.units)
    if trigger.kind == "chest_opened":
        return all(chest.at != trigger.tile() for chest in state.chests)
    if trigger.kind in ("wavers", "breaks") and state.morale_rules is not None and trigger.side in state.morale:
        now = standing(state.morale[trigger.side], state.morale_rules)
        return now == "broken" or (trigger.kind == "wavers" and now == "wavering")
    return False


def cause(state: GameState, trigger: Trigger) -> Concern:
    """What set a trigger off, by identity: the units that met it, the tile it names, or (a side's morale) the
    side that alone knows its morale. Under fog a side reads a triggered note that did nothing it could see only
    when it saw this (docs/rulings.md F12)."""
    if trigger.kind in ("routed", "hp_at_most"):
        return Concern(tuple(u.id for u in state.units if u.name == trigger.name))
    if trigger.kind in ("enters_tile", "chest_opened"):
        at = trigger.tile()
        return Concern(tiles=() if at is None else (at,))
    if trigger.kind == "enters_area":
        inside = set(state.areas.get(trigger.area or "", ()))
        return Concern(tuple(u.id for u in state.units if u.side is trigger.side and u.on_field and u.pos in inside))
    return Concern(side=trigger.side)


def fire_triggers(state: GameState, events: list[Event]) -> None:
    """Fire, in the file's order, each waiting event whose trigger holds after this action (each fires once)."""
    waiting: list[Arrival] = [a for a in state.arrivals if a.trigger is not None]
    for arrival in waiting:
        trigger = read_trigger(arrival.trigger or "")
        if set_off(state, trigger):
            state.arrivals = [a for a in state.arrivals if a is not arrival]
            arrive(state, arrival, events, cause(state, trigger))
