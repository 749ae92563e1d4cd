"""Status effects: the conditions a unit can be put in during a battle, and how long each lasts."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict, Field


class StatusName(str, Enum):
    """The v0.6 status effects."""

    BARRIER = "Barrier"
    BERSERK = "Berserk"
    PETRIFIED = "Petrified"
    POISONED = "Poisoned"
    SILENCED = "Silenced"
    SLEEP = "Sleep"
    SLOWED = "Slowed"


class Status(BaseModel):
    """A status on a unit. `left` counts down what bounds it (rounds or activations, see
    `rules/status_rules.py`); None means it lasts until a round-start roll removes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: StatusName
    left: int | None = Field(None, ge=0)
