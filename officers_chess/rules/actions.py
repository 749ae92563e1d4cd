"""The actions a player can take, as small frozen models (they serialise into saves and replays)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.models import Pos


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Move(_Action):
    """Activate `unit` and move it to `to` (its own tile to stay put): the start of a combat turn."""

    kind: Literal["move"] = "move"
    unit: str
    to: Pos


class Attack(_Action):
    """The active unit attacks `target` with its equipped weapon, or with a combat `art`; ends the turn."""

    kind: Literal["attack"] = "attack"
    target: str
    art: str | None = None


class Strike(_Action):
    """The active unit attacks a destructible wall or snag at `at`; ends the turn."""

    kind: Literal["strike"] = "strike"
    at: Pos


# Special actions by name; which ones a unit has comes from tags on its class, its
# scenario role, its staves and its consumables.
SpecialName = Literal[
    "heal", "restore", "status", "rescue", "warp", "torch", "dance", "escape", "pick", "raze", "seize",
    "entrap", "freeze", "rewarp", "vein",
]


class Special(_Action):
    """A special action: staff, item use, or a class's or scenario's special action.

    `source` is the inventory index of the staff or consumable used (None for a class or
    scenario tag); `target` the unit it is used on; `at` a tile (Rescue and Warp
    destinations, the door Pick opens).
    """

    kind: Literal["special"] = "special"
    name: SpecialName
    source: int | None = None
    target: str | None = None
    at: Pos | None = None


class CantoMove(_Action):
    """After a non-attack action, a unit with Canto spends the movement it has left."""

    kind: Literal["canto"] = "canto"
    to: Pos


class Equip(_Action):
    """A free action of the active unit: equip the weapon or accessory at inventory index `item`."""

    kind: Literal["equip"] = "equip"
    item: int


class Discard(_Action):
    """A free action: throw away the item at inventory index `item` for the rest of the battle."""

    kind: Literal["discard"] = "discard"
    item: int


class Trade(_Action):
    """A free action, once per turn: swap items with the adjacent ally `partner`.

    `give` are indexes in the active unit's inventory, `take` indexes in the partner's.
    """

    kind: Literal["trade"] = "trade"
    partner: str
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()


class Wait(_Action):
    """The active unit ends its combat turn."""

    kind: Literal["wait"] = "wait"


Action = Annotated[
    Union[Move, Attack, Strike, Special, CantoMove, Equip, Discard, Trade, Wait], Field(discriminator="kind")
]
