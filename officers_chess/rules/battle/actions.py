"""The actions a player can take, as small frozen models (they serialise into saves and replays)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import ConfigDict, Field

from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.board.battle_map import Pos


class _Action(Sparse):
    # `stay` and `unit` on the free actions came with save version 4; left out of the JSON at their
    # defaults, an action reads and writes as it did before them.
    model_config = ConfigDict(extra="forbid", frozen=True)


class Move(_Action):
    """Move `unit` to `to` (its own tile to stay put). With no unit mid-turn it activates the unit: the start
    of a combat turn; a unit activated by a free action before moving makes its move with it too."""

    kind: Literal["move"] = "move"
    unit: str
    to: Pos


class Attack(_Action):
    """The active unit attacks `target` with its equipped weapon, or with a combat `art`.

    It ends the turn, unless `stay`: then the turn stays open for free actions (and Canto where the
    edition allows it after an attack) until the unit waits.
    """

    _sparse = ("stay",)
    kind: Literal["attack"] = "attack"
    target: str
    art: str | None = None
    stay: bool = False


class Strike(_Action):
    """The active unit attacks a destructible wall or snag at `at`; ends the turn unless `stay` (see Attack)."""

    _sparse = ("stay",)
    kind: Literal["strike"] = "strike"
    at: Pos
    stay: bool = False


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
    destinations, the door Pick opens). It ends the turn, unless the unit has Canto (it may move on) or
    `stay` (see Attack).
    """

    _sparse = ("stay",)
    kind: Literal["special"] = "special"
    name: SpecialName
    source: int | None = None
    target: str | None = None
    at: Pos | None = None
    stay: bool = False


class CantoMove(_Action):
    """After a non-attack action, a unit with Canto spends the movement it has left; ends the turn unless `stay`."""

    _sparse = ("stay",)
    kind: Literal["canto"] = "canto"
    to: Pos
    stay: bool = False


class Equip(_Action):
    """A free action: equip the weapon or accessory at inventory index `item`.

    Free actions are the active unit's; with no unit mid-turn, `unit` names the unit that activates to take
    it before it moves (it then makes its move with a Move of its own).
    """

    _sparse = ("unit",)
    kind: Literal["equip"] = "equip"
    item: int
    unit: str | None = None


class Discard(_Action):
    """A free action: throw away the item at inventory index `item` for the rest of the battle (`unit`: see Equip)."""

    _sparse = ("unit",)
    kind: Literal["discard"] = "discard"
    item: int
    unit: str | None = None


class Trade(_Action):
    """A free action, once per turn: swap items with the adjacent ally `partner`.

    `give` are indexes in the active unit's inventory, `take` indexes in the partner's (`unit`: see Equip).
    """

    _sparse = ("unit",)
    kind: Literal["trade"] = "trade"
    partner: str
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    unit: str | None = None


class Wait(_Action):
    """The active unit ends its combat turn."""

    kind: Literal["wait"] = "wait"


FREE_ACTIONS = (Equip, Discard, Trade)
TURN_ENDERS = (Attack, Strike, Special, CantoMove)  # each may be given `stay=True`

Action = Annotated[
    Union[Move, Attack, Strike, Special, CantoMove, Equip, Discard, Trade, Wait], Field(discriminator="kind")
]
