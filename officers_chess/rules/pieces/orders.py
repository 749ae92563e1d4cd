"""Scripted orders for computer-played units: `when <condition> -> <behaviour>` lines, parsed and checked
(which line holds now is order_now.py)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.order_when import CONDITION_FORMS, TILE, Clause, Once, clauses, read_when, words

ConditionKind = Literal["always", "enemy_within", "round_at_least", "hp_at_most", "ally_routed", "enemy_on",
                        "round_between", "ally_hp_at_most", "threatened", "enemy_in", "outnumbered_in",
                        "attacked", "ally_attacked", "morale_at_most", "enemy_morale_at_most", "compound"]
BehaviourKind = Literal["hold", "guard_tile", "guard_unit", "pursue", "advance", "retreat", "support", "flee",
                        "return", "keep_distance", "target", "seize", "raze", "escape", "pick", "guard_area",
                        "reckless", "patrol"]

BEHAVIOUR_FORMS = (
    "hold",
    "guard [X, Y]",
    "guard NAME",
    "guard area AREA",
    "pursue nearest",
    "pursue NAME",
    "advance to [X, Y]",
    "retreat to healing",
    "support",
    "flee",
    "return to post",
    "patrol [X, Y] [X, Y] ...",
    "keep distance N",
    "seize",
    "raze",
    "escape",
    "open chests",
    "target lowest hp",
    "target nearest",
    "target healers",
    "target leader",
    "target tag TAG",
    "target CLASS",
    "reckless",
)
TARGET_WORDS = ("lowest hp", "nearest", "healers", "leader")  # `target CLASS` is any other word

_BEHAVIOURS: list[tuple[str, str]] = [
    (r"hold", "hold"),
    (rf"guard {TILE}", "guard_tile"),
    (r"guard area (.+)", "guard_area"),
    (r"guard (.+)", "guard_unit"),
    (r"pursue nearest", "pursue"),
    (r"pursue (.+)", "pursue"),
    (rf"advance to {TILE}", "advance"),
    (r"retreat to healing", "retreat"),
    (r"support", "support"),
    (r"flee", "flee"),
    (r"return to post", "return"),
    (rf"patrol((?:\s*{TILE}){{2,8}})", "patrol"),
    (r"reckless", "reckless"),
    (r"seize", "seize"),
    (r"raze", "raze"),
    (r"escape", "escape"),
    (r"open chests", "pick"),
    (r"keep distance ([0-9]{1,2})", "keep_distance"),
    (r"target (.+)", "target"),
]
_DERIVED = ("condition", "behaviour", "number", "upto", "name", "target", "at", "goal", "keep", "route")  # from when/do
# What of the unit's activation each behaviour takes: its move, its action, or both. A script is followed
# down the list (order_now.followed): a line takes what earlier lines left, and anything left is free.
MOVE, ACTION = "move", "action"
TAKES: dict[str, frozenset[str]] = {
    "hold": frozenset({MOVE}), "guard_tile": frozenset({MOVE}), "guard_unit": frozenset({MOVE}),
    "advance": frozenset({MOVE}), "retreat": frozenset({MOVE}),
    "pursue": frozenset({MOVE, ACTION}), "flee": frozenset({MOVE, ACTION}), "support": frozenset({ACTION}),
    "return": frozenset({MOVE}), "keep_distance": frozenset({MOVE}), "target": frozenset({ACTION}),
    "seize": frozenset({MOVE, ACTION}), "raze": frozenset({MOVE, ACTION}), "escape": frozenset({MOVE, ACTION}),
    "pick": frozenset({MOVE, ACTION}), "guard_area": frozenset({MOVE}), "patrol": frozenset({MOVE}),
    "reckless": frozenset(),  # it takes no part: while it holds, the unit accepts a losing exchange
}
FREE = "none (plays freely)"  # a scripted unit when no line of its script applies
GUARD_RADIUS = 2  # a guard ends its move within this many tiles of what it guards


def _plain(value: object) -> object:
    """A field as the words give it: lists (from JSON) as tuples, all the way down."""
    return tuple(_plain(v) for v in value) if isinstance(value, (list, tuple)) else value


def _parse(text: str, table: list[tuple[str, str]], what: str, forms: tuple[str, ...]) -> tuple[str, list[str]]:
    words = " ".join(text.split())
    for pattern, kind in table:
        found = re.fullmatch(pattern, words, flags=re.IGNORECASE)
        if found:
            return kind, list(found.groups())
    raise ValueError(f"unknown {what} {text!r}; write one of: {', '.join(forms)}")


class Order(Sparse):
    """One line of a script: when `when` holds, the unit follows `do`.

    Written in a scenario as `{when: "enemy within 3", do: "pursue nearest"}`; `when` may be left
    out for `always`. Tiles are column and row counted from 1, as players read the map, and are
    kept that way here (`tile` turns them into board positions).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    _sparse = ("upto", "keep", "route")  # written only when set, so older saves keep their hashes

    when: str = "always"
    do: str
    condition: ConditionKind = "always"
    behaviour: BehaviourKind = "hold"
    number: int | None = None
    upto: int | None = None  # the last round of `round N-M`
    name: str | None = None  # a unit named by the condition (ally routed)
    target: str | None = None  # a unit named by the behaviour (guard, pursue)
    at: tuple[int, int] | None = None  # the tile of the condition (enemy on)
    keep: int | None = None  # the tiles `keep distance N` keeps from every enemy
    route: tuple[tuple[int, int], ...] = ()  # a patrol's tiles, in order (it goes round them)
    goal: tuple[int, int] | None = None  # the tile of the behaviour (guard, advance)

    @model_validator(mode="before")
    @classmethod
    def _read(cls, data: object) -> object:
        """The fields are always read from the words: a save's copy of them must agree, and a
        scenario that writes one by hand (`behaviour: hold` beside `do: flee`) is refused."""
        if not isinstance(data, dict):
            return data
        if "do" not in data:
            raise ValueError("an order needs `do` (what the unit does), e.g. do: hold")
        for key in ("when", "do"):
            if key in data and not isinstance(data[key], str):
                raise ValueError(f"`{key}` is a line of words, e.g. {'enemy within 3' if key == 'when' else 'hold'}")
        read: dict[str, object] = dict.fromkeys(_DERIVED)
        read["route"] = ()
        when = read_when(str(data.get("when", "always")))
        if isinstance(when, Clause):  # one condition: its parts are kept as fields (a save shows them)
            read.update(condition=when.kind, number=when.number, upto=when.upto, name=when.name, at=when.at)
        else:
            read["condition"] = "compound"  # judged from the words (order_when.py)
        kind, args = _parse(str(data["do"]), _BEHAVIOURS, "behaviour", BEHAVIOUR_FORMS)
        read["behaviour"] = kind
        if kind in ("guard_tile", "advance"):
            read["goal"] = (int(args[0]), int(args[1]))
        elif kind in ("guard_unit", "pursue", "guard_area") and args:
            read["target"] = args[0]
        elif kind == "target":
            words = args[0].lower()
            read["target"] = words if words in TARGET_WORDS else (f"tag {args[0][4:].strip()}" if words.startswith("tag ")
                                                                  else args[0])
        elif kind == "keep_distance":
            read["keep"] = int(args[0])
        elif kind == "patrol":
            read["route"] = tuple((int(x), int(y)) for x, y in re.findall(TILE, args[0]))
        for key in _DERIVED:
            given = data.get(key, read[key])
            if _plain(given) != read[key]:
                raise ValueError(f"`{key}` is read from the words of `when` and `do`; write only those two")
        return {**data, **read}

    @property
    def takes(self) -> frozenset[str]:
        """The parts of an activation this line takes when it holds (MOVE, ACTION)."""
        return TAKES[self.behaviour]

    @property
    def latched(self) -> bool:
        """A `once` line: it holds from the first time its condition does (GameState.woken keeps which fired)."""
        return isinstance(read_when(self.when), Once)

    def areas(self) -> list[str]:
        """The named areas the order mentions, to check the scenario has them."""
        named = [c.area for c in self.clauses if c.area is not None]
        return named + ([self.target] if self.behaviour == "guard_area" and self.target else [])

    @property
    def clauses(self) -> list[Clause]:
        """Every single condition of the `when`, left to right."""
        return clauses(read_when(self.when))

    def tiles(self) -> list[tuple[int, int]]:
        """The tiles the order names (column, row from 1), to check they lie on the map."""
        return ([c.at for c in self.clauses if c.at is not None] + ([self.goal] if self.goal is not None else [])
                + list(self.route))

    def units(self) -> list[str]:
        """The unit names the order mentions, to check they exist."""
        named = self.target if self.target is not None and self.behaviour in ("guard_unit", "pursue") else None
        return [c.name for c in self.clauses if c.name is not None] + ([named] if named is not None else [])

    def label(self) -> str:
        """The behaviour in a few words, for the unit sheet."""
        where = _tile_text(self.goal) if self.goal else ""
        return {
            "hold": "Hold",
            "guard_tile": f"Guard {where}",
            "guard_unit": f"Guard {self.target}",
            "guard_area": f"Guard {self.target}",
            "pursue": f"Pursue {self.target or 'the nearest enemy'}",
            "advance": f"Advance to {where}",
            "retreat": "Retreat to heal",
            "support": "Support allies",
            "flee": "Flee",
            "return": "Return to post",
            "keep_distance": f"Keep {self.keep} tiles from the enemy",
            "target": f"Target {_target_text(self.target)}",
            "seize": "Seize the objective",
            "raze": "Raze the objective",
            "escape": "Escape",
            "pick": "Open chests",
            "patrol": f"Patrol {' → '.join(_tile_text(t) for t in self.route)}",
            "reckless": "Strike at any cost",  # plain words in the log and on the unit sheet (rulings L73)
        }[self.behaviour]

    def condition_text(self) -> str:
        return words(read_when(self.when))


# A line that says how the unit fights rather than where it goes: after another line it reads as the manner of it.
MANNER = {"strike at any cost": "striking at any cost"}


def lines_text(lines: list[str]) -> str:
    """The script lines a unit followed, in order, as one plain sentence: "hold in round 1, then pursue the nearest
    enemy, striking at any cost" (not a list glued with "and", rulings L97)."""
    text = ""
    for line in lines:
        manner = next((f"{said}{line[len(plain):]}" for plain, said in MANNER.items() if line.startswith(plain)), None)
        if not text:
            text = line
        elif manner is not None:
            text += f", {manner}"
        else:
            text += f", then {line}"
    return text


def _target_text(target: str | None) -> str:
    if target and target.startswith("tag "):
        return f"enemies tagged {target[4:]} first"
    return {"lowest hp": "the weakest enemy", "nearest": "the nearest enemy", "healers": "healers first",
            "leader": "the leader first"}.get(target or "", f"{target} first")


def _tile_text(tile: tuple[int, int] | None) -> str:
    return "" if tile is None else f"{tile[0]},{tile[1]}"


def tile(spot: tuple[int, int]) -> Pos:
    """A tile as written (column, row from 1) as a board position (from 0)."""
    return (spot[0] - 1, spot[1] - 1)


class OrderGroup(BaseModel):
    """A script for several units at once: the named `units`, or every unit of `side`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    side: Literal["attacker", "defender"] | None = None
    units: list[str] = Field(default_factory=list)
    script: list[Order] = Field(min_length=1, max_length=12)
    # The units wake together: a line holds for each of them when it holds for any of them on the field, and a
    # `once` line that fires for one has fired for all.
    together: bool = False

    @model_validator(mode="after")
    def _names_someone(self) -> OrderGroup:
        if (self.side is None) == (not self.units):
            raise ValueError("an order group names either `side` or `units` (one of them)")
        return self


__all__ = [
    "ACTION", "BEHAVIOUR_FORMS", "CONDITION_FORMS", "FREE", "GUARD_RADIUS", "MOVE", "TAKES", "TARGET_WORDS", "Order",
    "OrderGroup", "lines_text", "tile",
]
