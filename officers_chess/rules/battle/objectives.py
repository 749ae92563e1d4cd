"""Victory conditions and time limits as data: what each side must do to win, and how well."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side

Tier = Literal["decisive", "victory"]
ConditionKind = Literal["rout", "seize", "escape", "survive", "hold", "defeat", "protect", "raze", "control", "heist"]

# What each kind needs besides its tier (checked when a scenario is loaded).
NEEDS: dict[str, tuple[str, ...]] = {
    "rout": (),
    "seize": (),
    "escape": ("count",),
    "survive": ("rounds",),
    "hold": ("tiles", "rounds"),
    "defeat": ("unit",),
    "protect": ("unit",),
    "raze": ("count",),
    "control": ("tiles", "count"),
    "heist": ("count",),
}


class Condition(BaseModel):
    """One way for a side to win.

    rout     routed at least `share` (default all) of the enemy units that took the field (a unit that fled its
             broken side counts as routed here, in defeat and in protect: rulings P13)
    seize    a Leader takes the Seize action on a seize tile
    escape   `count` of the side's units escape through exit tiles (not those that fled broken: rulings P14)
    survive  the side still has a unit on the field at the end of round `rounds`
    hold     a unit of the side stands on one of `tiles` at the end of round `rounds`
    defeat   the enemy unit named `unit` is routed
    protect  the side's unit named `unit` is routed: then the *other* side wins
    raze     the side razes `count` of the raze tiles
    control  at the end of the battle the side holds `count` of `tiles` (stood on last)
    heist    `count` items taken from chests leave the map with units that escaped
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: ConditionKind
    tier: Tier = "victory"
    share: float = Field(1.0, gt=0, le=1)
    count: int | None = Field(None, ge=1, le=99)
    rounds: int | None = Field(None, ge=1, le=99)
    unit: str | None = None
    tiles: list[Pos] = Field(default_factory=list)  # 0-based once loaded

    @model_validator(mode="after")
    def _has_what_it_needs(self) -> Condition:
        for field in NEEDS[self.kind]:
            if getattr(self, field) in (None, []):
                raise ValueError(f"a {self.kind} condition needs `{field}`")
        return self

    def describe(self, side: Side) -> str:
        """The condition in a short sentence, for the briefing and the result screen."""
        foe = side.other.value
        return {
            "rout": f"rout {'every' if self.share >= 1 else f'{round(self.share * 100)}% of the'} {foe} unit{'s' if self.share < 1 else ''}",
            "seize": "seize the objective with the Leader",
            # Only units that may Escape count, as only Saboteurs raze: said, since a play-test read "get 1 unit off
            # the map" and could not tell which of its units that meant.
            "escape": f"get {self.count} unit{'s' if (self.count or 0) > 1 else ''} off the map through the exits, "
                      f"{'each' if (self.count or 0) > 1 else 'one'} Fleeing or able to Escape",
            "survive": f"still have a unit standing at the end of round {self.rounds}",
            "hold": f"hold the marked tiles at the end of round {self.rounds}",
            "defeat": f"rout {self.unit}",
            "protect": f"keep {self.unit} alive",
            "raze": f"raze {self.count} of the marked tiles, with a Saboteur or a unit able to Raze",
            "control": f"control {self.count} of the marked tiles when the battle ends",
            "heist": f"carry {self.count} treasure{'s' if (self.count or 0) > 1 else ''} from the chests off the map",
        }[self.kind]


    def achieved(self, side: Side, fled: bool = False) -> str:
        """The condition as an outcome, for the result screen and the log; `fled`: enemies that fled their broken
        side count in it (a rout, a defeat), and the words say so."""
        foe = side.other.value
        routed = "routed or fled" if fled else "routed"
        return {
            "rout": f"every {foe} unit was {routed}" if self.share >= 1 else f"{round(self.share * 100)}% of the {foe} units were {routed}",
            "seize": f"the {side.value} seized the objective",
            "escape": f"{self.count} {side.value} unit{'s' if (self.count or 0) > 1 else ''} escaped",
            "survive": f"the {side.value} held out to the end of round {self.rounds}",
            "hold": f"the {side.value} held the marked tiles at the end of round {self.rounds}",
            "defeat": f"{self.unit} {'fled the field' if fled else 'was routed'}",
            "protect": f"{self.unit} was kept alive",
            "raze": f"the {side.value} razed {self.count} of the marked tiles",
            "control": f"the {side.value} controlled {self.count} of the marked tiles at the end",
            "heist": f"the {side.value} carried {self.count} treasure{'s' if (self.count or 0) > 1 else ''} off the map",
        }[self.kind]


class TimeLimit(BaseModel):
    """How many rounds the battle lasts, why, and who wins if nobody has by then."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rounds: int = Field(ge=1, le=99)
    reason: str = Field(min_length=1, max_length=300)
    winner: Side | Literal["draw"] = "draw"
    tier: Tier = "victory"


class Result(BaseModel):
    """How a battle ended: the winner (None for a draw), the tier, and which condition decided it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    winner: Side | None
    tier: Tier | Literal["draw"]
    reason: str


class Tally(BaseModel):
    """Battle statistics one side builds up (the result screen shows them)."""

    model_config = ConfigDict(extra="forbid")

    damage_dealt: int = 0
    razed: int = 0
    loot: list[str] = Field(default_factory=list)  # ids of units carrying chest items ("unit:item")
