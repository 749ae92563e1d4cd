"""Morale, when a scenario asks for it: each side's falls as its units are routed (more for a Leader) and rises with the enemy's losses."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from officers_chess.rules.battle.events import MoraleChanged
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.pieces.models import Side, Unit

ROUT_COST = 2  # a side's morale lost for each of its units routed
LEADER_COST = 4  # ... and for its Leader
KILL_GAIN = 1  # the other side's gain for each rout


class MoraleRules(BaseModel):
    """A scenario's morale: where each side starts, the levels at which it wavers and breaks, and how near a
    Leader a unit holds firm."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    start: int = Field(10, ge=1, le=30)
    waver: int = Field(6, ge=0, le=30)  # at or below: its wounded units fall back to heal
    broken: int = Field(3, ge=0, le=30)  # at or below: the side breaks, and its units flee
    rally: int = Field(2, ge=0, le=10)  # a unit this many tiles or fewer from a Leader of its side holds firm

    @model_validator(mode="after")
    def _in_order(self) -> MoraleRules:
        if not self.broken <= self.waver <= self.start:
            raise ValueError(f"morale levels must run broken <= waver <= start (here {self.broken}, {self.waver}, "
                             f"{self.start})")
        return self


def standing(value: int, rules: MoraleRules) -> str:
    """"steady", "wavering" or "broken"."""
    return "broken" if value <= rules.broken else "wavering" if value <= rules.waver else "steady"


def after_routs(morale: dict[Side, int], rules: MoraleRules, routed: list[Unit]) -> list[MoraleChanged]:
    """Change `morale` in place for these routed units, in order; what changed, for the log."""
    changes = []
    for unit in routed:
        leader = unit.has("Leader")
        for side, delta, why in ((unit.side, -(LEADER_COST if leader else ROUT_COST), f"{unit.name} routed"),
                                 (unit.side.other, KILL_GAIN, f"the enemy's {unit.name} routed")):
            before = morale[side]
            after = max(0, min(rules.start, before + delta))
            if after != before:
                morale[side] = after
                changes.append(MoraleChanged(side, before, after, rules.start, why, standing(after, rules),
                                             standing(before, rules), unit.id))
    return changes


def rallied(unit: Unit, units: list[Unit], rules: MoraleRules) -> bool:
    """A unit near a Leader of its side on the field (or a Leader itself) holds firm whatever its side's morale."""
    return any(a.side is unit.side and a.on_field and a.has("Leader") and distance(a.pos, unit.pos) <= rules.rally
               for a in units)
