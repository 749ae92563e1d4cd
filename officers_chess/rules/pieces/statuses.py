"""Status effects: the conditions a unit can be put in during a battle, and how long each lasts."""

from __future__ import annotations

from enum import Enum

from pydantic import ConfigDict, Field

from officers_chess.rules.basics.sparse import Sparse


class StatusName(str, Enum):
    """The status effects of every edition (each edition says which of them it uses)."""

    BARRIER = "Barrier"
    BERSERK = "Berserk"
    BROKEN = "Broken"  # later editions: cannot counter in its next combat
    FROZEN = "Frozen"  # later editions: cannot move during its next turn
    PETRIFIED = "Petrified"
    POISONED = "Poisoned"
    SILENCED = "Silenced"
    SLEEP = "Sleep"
    SLOWED = "Slowed"


class Status(Sparse):
    """A status on a unit. `left` counts down what bounds it (rounds or activations, see
    `rules/status_rules.py`); None means it lasts until a round-start roll removes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    _sparse = ("amount",)

    name: StatusName
    left: int | None = Field(None, ge=0)
    amount: int | None = Field(None, ge=0, le=9)  # how much a Barrier adds, where the edition differs from v0.6's 2
