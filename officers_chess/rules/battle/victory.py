"""Deciding battles: each side's victory conditions, the time limit, and the tiers of the result."""

from __future__ import annotations

from officers_chess.rules.battle.events import BattleEnded, Event
from officers_chess.rules.battle.objectives import Condition, Result, Tier, TimeLimit
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Side

# Without conditions in the scenario, a side wins by routing the enemy or seizing the objective.
DEFAULT_CONDITIONS = (Condition(kind="rout", tier="decisive"), Condition(kind="seize", tier="decisive"))

# Conditions judged as soon as they happen, and those judged at the end of a round.
AT_ONCE = ("rout", "seize", "escape", "defeat", "raze", "heist")
AT_ROUND_END = ("survive", "hold")


def conditions(state: GameState, side: Side) -> tuple[Condition, ...]:
    return tuple(state.victory.get(side, ())) or DEFAULT_CONDITIONS


# The conditions that send a side to a kind of objective tile, and that kind (a heist leaves by the exits too).
TILE_AIMS = {"seize": "seize", "escape": "escape", "heist": "escape", "raze": "raze"}


def goal_tile_kinds(victory: dict[Side, list[Condition]] | dict[Side, tuple[Condition, ...]]) -> set[str]:
    """The kinds of objective tile ("seize", "escape", "raze") some side wins by reaching, from each side's
    conditions as a scenario or a battle gives them (none: the defaults). An exit no side wins by is only where a
    broken side flees (rulings L140)."""
    return {TILE_AIMS[c.kind] for side in Side for c in (tuple(victory.get(side, ())) or DEFAULT_CONDITIONS)
            if c.kind in TILE_AIMS}


def _fielded(state: GameState, side: Side) -> list:
    return [u for u in state.units if u.side is side]


def _met_now(state: GameState, side: Side, cond: Condition) -> bool:
    foes = _fielded(state, side.other)
    if cond.kind == "rout":  # a unit that fled its broken side is beaten as a routed one is (rulings P13)
        return _routed_enough(foes, cond)
    if cond.kind == "seize":
        return state.seized_by is side
    if cond.kind == "escape":  # a flight is no escape: breaking hands no side its objective (rulings P14)
        return sum(1 for u in _fielded(state, side) if u.escaped and not u.fled) >= (cond.count or 0)
    if cond.kind == "defeat":
        return any(u.name == cond.unit and u.beaten for u in foes)
    if cond.kind == "raze":
        return state.tallies[side].razed >= (cond.count or 0)
    if cond.kind == "heist":
        return carried_off(state, side) >= (cond.count or 0)
    return False


def _routed_enough(foes: list, cond: Condition, more: int = 0) -> bool:
    """Whether `more` routs beyond those already made beat the share of `foes` a rout condition asks for."""
    beaten = sum(1 for u in foes if u.beaten) + more
    return bool(foes) and beaten >= cond.share * len(foes) - 1e-9


def one_rout_from_defeat(state: GameState, side: Side) -> bool:
    """Whether the rout of any one more of `side`'s units would meet a rout condition of the enemy's."""
    units = _fielded(state, side)
    return any(cond.kind == "rout" and _routed_enough(units, cond, 1) for cond in conditions(state, side.other))


def _fled(state: GameState, side: Side, cond: Condition) -> bool:
    """Whether flight had a part in meeting `cond` (its words then say so): an enemy fled for a rout, the very
    unit fled for a defeat."""
    foes = _fielded(state, side.other)
    if cond.kind == "rout":
        return any(u.fled for u in foes)
    if cond.kind == "defeat":
        return any(u.name == cond.unit and u.fled for u in foes) and not any(
            u.name == cond.unit and u.routed for u in foes)
    return False


def carried_off(state: GameState, side: Side) -> int:
    """Chest items that left the map with a unit of `side` that escaped (and still carried them)."""
    count = 0
    for entry in state.tallies[side].loot:
        unit_id, item = entry.split(":", 1)
        unit = state.unit(unit_id)
        if unit.escaped and not unit.fled and any(i.name == item for i in unit.inventory):
            count += 1
    return count


def _met_at_round_end(state: GameState, side: Side, cond: Condition, round_ended: int) -> bool:
    if cond.rounds != round_ended:
        return False
    if cond.kind == "survive":
        return bool(state.living(side))
    if cond.kind == "hold":
        return any(u.pos in cond.tiles for u in state.living(side))
    return False


def controlled(state: GameState, tiles: list) -> dict[Side, int]:
    """Tiles each side controls (`holder`)."""
    counts = {Side.ATTACKER: 0, Side.DEFENDER: 0}
    for tile in tiles:
        owner = holder(state, tile)
        if owner is not None:
            counts[owner] += 1
    return counts


def holder(state: GameState, tile) -> Side | None:
    """Who controls a tile: the side of the unit on it, else of the last unit that stood there (None: nobody yet)."""
    here = state.unit_at(tuple(tile))
    if here is not None:
        return here.side
    return next((c.side for c in state.claims if tuple(c.at) == tuple(tile)), None)


def ran_out(limit: TimeLimit) -> str:
    """Why a battle ended on its time limit: the round it ran out after, and the scenario's reason."""
    return f"time ran out after round {limit.rounds}: {_clause(limit.reason)}"


def _clause(text: str) -> str:
    """A scenario's sentence as a clause: the screens and the log end the whole line themselves."""
    return text.strip().rstrip(".!")


def _end(state: GameState, events: list[Event], winner: Side | None, tier: Tier | str, reason: str) -> bool:
    state.result = Result(winner=winner, tier=tier, reason=reason)  # type: ignore[arg-type]
    events.append(BattleEnded(winner, reason))
    return True


def check(state: GameState, events: list[Event]) -> bool:
    """Judge the conditions that take effect at once; True when the battle is over."""
    if state.is_over:
        return True
    for side in Side:
        for cond in conditions(state, side):
            ward = next((u for u in _fielded(state, side) if cond.kind == "protect" and u.name == cond.unit and u.beaten),
                        None)
            if ward is not None:
                why = (f"{cond.unit}, whom the {side.value} had to protect, fled the field" if ward.fled
                       else f"{cond.unit} fell, whom the {side.value} had to protect")
                return _end(state, events, side.other, cond.tier, why)
    if not state.living():  # both sides emptied by the same turn: nobody is left to win it
        return _end(state, events, None, "draw", "no unit of either side is left on the field")
    for side in Side:
        for cond in conditions(state, side):
            if cond.kind in AT_ONCE and _met_now(state, side, cond):
                return _end(state, events, side, cond.tier, cond.achieved(side, fled=_fled(state, side, cond)))
    for side in Side:
        if state.living(side):
            continue
        # A side with nobody left on the field can do nothing more. Routed (or fled broken) to the last unit,
        # it is beaten; if some of its units escaped for its objective instead, no condition decided it: a draw.
        gone = _fielded(state, side)
        if any(u.escaped and not u.fled for u in gone):
            return _end(state, events, None, "draw", f"the {side.value} has no one left on the field")
        how = "routed or fled" if any(u.fled for u in gone) else "routed"
        return _end(state, events, side.other, "decisive", f"every {side.value} unit was {how}")
    return False


def check_round_end(state: GameState, events: list[Event], round_ended: int) -> bool:
    """At the end of a round: survive and hold conditions, then the time limit."""
    if state.is_over:
        return True
    for side in Side:
        for cond in conditions(state, side):
            if cond.kind in AT_ROUND_END and _met_at_round_end(state, side, cond, round_ended):
                return _end(state, events, side, cond.tier, cond.achieved(side))
    limit = state.time_limit
    if limit is None or round_ended < limit.rounds:
        return False
    for side in Side:
        for cond in conditions(state, side):
            if cond.kind == "control":
                held = controlled(state, cond.tiles)
                if held[side] >= (cond.count or 0):
                    return _end(state, events, side, cond.tier, cond.achieved(side))
    if limit.winner == "draw":
        return _end(state, events, None, "draw", ran_out(limit))
    return _end(state, events, Side(limit.winner), limit.tier, ran_out(limit))


def standing(state: GameState) -> Side | None:
    """The side the clock would hand the battle to as things stand: the first round-end condition (survive, hold)
    met now, judged at the round it names, else at the time limit the tiles each side controls now, else the
    limit's own winner. None when nothing on a clock would decide it (no time limit and no round-end condition, or
    a limit that ends in a draw): then standing still wins nobody anything (rulings P17)."""
    limit = state.time_limit
    due: list[tuple[int, int, Side]] = []
    for order, side in enumerate(Side):
        for cond in conditions(state, side):
            if cond.kind in AT_ROUND_END and cond.rounds is not None and cond.rounds >= state.round:
                if _met_at_round_end(state, side, cond, cond.rounds):
                    due.append((cond.rounds, order, side))
    if due and (limit is None or min(due)[0] <= limit.rounds):
        return min(due)[2]
    if limit is None:
        return None
    for side in Side:
        for cond in conditions(state, side):
            if cond.kind == "control" and controlled(state, cond.tiles)[side] >= (cond.count or 0):
                return side
    return None if limit.winner == "draw" else Side(limit.winner)
