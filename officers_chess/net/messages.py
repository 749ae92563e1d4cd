"""The messages of network play: versioned pydantic models read from JSON text only, each under a size limit."""

from __future__ import annotations

import json
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from officers_chess.net.muster_view import MusterView
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.objectives import Result
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.history.record import BattleRecord
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario

PROTOCOL = 2  # the `v` of every message; a message of another version is refused (rulings N6)
TO_HOST_LIMIT = 64 * 1024  # bytes: the largest intention (a whole army of 30) is a few kilobytes
TO_SEAT_LIMIT = 4 * 1024 * 1024  # bytes: a seat's view carries its battle's map and, at muster, the catalogue
CODE_LENGTH = 64  # characters a hello's code may have (codes themselves are shorter: codes.py)


class Refusal(ValueError):
    """A message the other end refuses; the text says why, in one line."""


class StaleView(Refusal):
    """An intention decided on a view the battle has moved on from (a replay, or a step the other seat took first)."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[2] = PROTOCOL


# --- from a seat to the host: intentions ------------------------------------------------------------------------

class Hello(_Message):
    """The first message of a connection: the seat's code."""

    type: Literal["hello"] = "hello"
    code: str = Field(max_length=CODE_LENGTH)


class Act(_Message):
    """One action of the battle, decided on the view numbered `at` (an older number is refused: a replay)."""

    type: Literal["act"] = "act"
    at: int = Field(ge=0)
    action: Action


class MusterStep(_Message):
    """The seat's whole army-building step, decided on the view numbered `at`: the army it hires or re-outfits
    (None at Outfitting keeps it as hired), or where units stand at Deployment (a unit named with None is taken
    off; the units named leave their tiles before any is placed, so a draft may swap two); Scouting sends neither.
    With `finish` False it is a draft: the army or the tiles are kept (and autosaved) but the step stays open, so a
    seat that drops finds its half-built army when it rejoins (rulings N11)."""

    type: Literal["muster"] = "muster"
    at: int = Field(ge=0)
    army: Army | None = None
    places: dict[Annotated[str, Field(max_length=24)], Pos | None] | None = Field(None, max_length=30)
    finish: bool = True


class TakeBack(_Message):
    """Esc: take back the seat's unit's move (and the free actions with it) while it is still pending (N10)."""

    type: Literal["take_back"] = "take_back"
    at: int = Field(ge=0)


class Concede(_Message):
    """The seat gives up the battle."""

    type: Literal["concede"] = "concede"
    at: int = Field(ge=0)


Intention = Annotated[Union[Act, MusterStep, TakeBack, Concede], Field(discriminator="type")]
ToHost = Annotated[Union[Hello, Act, MusterStep, TakeBack, Concede], Field(discriminator="type")]


# --- from the host to a seat ------------------------------------------------------------------------------------

class Welcome(_Message):
    """The code was right: this connection is the seat of `side`."""

    type: Literal["welcome"] = "welcome"
    side: Side
    scenario: str
    # What both players know before a battle, for the app's objectives, briefing and rule cards: the scenario as the
    # side may know it (`known_scenario`: no events to come, scripts or chests), its catalogue and its map.
    known: Scenario
    catalogue: Catalogue
    battle_map: BattleMap
    fingerprint: str  # the dice seed's fingerprint, never the seed (F33): the result shows the seed


class Refused(_Message):
    """The host refused the last message (`fatal`: and closes the connection)."""

    type: Literal["refused"] = "refused"
    reason: str
    fatal: bool = False
    at: int | None = None  # the view number of the intention refused (None: a message that did not read as one)
    stale: bool = False  # refused for naming a view the battle has moved on from, and for nothing else


class MusterSeat(_Message):
    """Army building as the seat may know it, numbered `at`; `yours` when the step is the seat's to take."""

    type: Literal["muster_view"] = "muster_view"
    at: int
    yours: bool
    view: MusterView
    lines: list[str] = Field(default_factory=list)


class BattleSeat(_Message):
    """The battle as the seat may know it (its SeatView's `known` and `sight`), numbered `at`, with the seat's new
    log lines; `yours` when the seat is to act."""

    type: Literal["battle_view"] = "battle_view"
    at: int
    yours: bool
    side: Side
    known: GameState
    sight: list[Pos] | None
    lines: list[str] = Field(default_factory=list)
    undoable: bool = False  # the seat's unit has steps still pending that a TakeBack would undo (N10)
    exchange: bool = False  # `lines` tell an exchange of blows (the app paces such lines out)


class Notice(_Message):
    """A line about the table, not the battle: the other seat left, or came back."""

    type: Literal["notice"] = "notice"
    text: str


class Over(_Message):
    """The battle ended: by the rules (`result`), or by a concession (`conceded`)."""

    type: Literal["over"] = "over"
    result: Result | None
    conceded: Side | None = None
    lines: list[str] = Field(default_factory=list)
    final: GameState | None = None  # the whole battle once the rules ended it: the fog lifts (F5, N12)
    seed: int | None = None  # its dice seed, shown on the result screen as in a local battle (N12)
    record: BattleRecord | None = None  # the host's save of it, kept by the seat as its own copy (N16)


ToSeat = Annotated[Union[Welcome, Refused, MusterSeat, BattleSeat, Notice, Over], Field(discriminator="type")]

_TO_HOST: TypeAdapter = TypeAdapter(ToHost)
_TO_SEAT: TypeAdapter = TypeAdapter(ToSeat)


def read_to_host(raw: str | bytes) -> Hello | Act | MusterStep | TakeBack | Concede:
    """A seat's message, or Refusal: JSON text only, of this protocol's version, one of the known messages."""
    return _read(raw, _TO_HOST)


def read_to_seat(raw: str | bytes) -> Welcome | Refused | MusterSeat | BattleSeat | Notice | Over:
    """The host's message, or Refusal (the same checks as the host's)."""
    return _read(raw, _TO_SEAT)


def _read(raw: str | bytes, adapter: TypeAdapter):
    if not isinstance(raw, str):
        raise Refusal("only JSON text messages are understood")
    try:
        data = json.loads(raw)  # plain data: nothing is evaluated, no class is named by the sender
    except ValueError:
        raise Refusal("the message is not JSON") from None
    except RecursionError:  # arrays nested thousands deep: refused like any other junk, never a fault
        raise Refusal("the message is nested too deeply") from None
    if not isinstance(data, dict):
        raise Refusal("a message is a JSON object")
    if type(data.get("v")) is not int or data["v"] != PROTOCOL:  # `true` is no version
        raise Refusal(f"protocol version {json.dumps(data.get('v'))[:12]} is not this program's ({PROTOCOL})")
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])[:80]
        raise Refusal(f"a malformed message ({where}: {first['msg'][:80]})") from None


def write(message: _Message) -> str:
    """A message as the JSON text that travels."""
    return message.model_dump_json()
