"""Playing a battle record again from its opening, step by step, and finding where it stops matching what it
recorded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.actions import (
    Action,
    Attack,
    CantoMove,
    Discard,
    Equip,
    Move,
    Special,
    Strike,
    Trade,
    Wait,
)
from officers_chess.rules.battle.events import Event, tile_name
from officers_chess.rules.battle.game import IllegalAction, apply_action
from officers_chess.rules.battle.physical import RollsLeftOver, apply_with_rolls
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import BattleRecord, state_hash


def action_words(state: GameState, action: Action) -> str:
    """What an action does, in a few words, read against the state it is applied to (it may be illegal there)."""

    def name(unit_id: str | None) -> str:
        try:
            return state.unit(unit_id).name if unit_id else "?"
        except KeyError:
            return f"unknown unit {unit_id!r}"

    named = getattr(action, "unit", None) if isinstance(action, (Equip, Discard, Trade)) else None
    active = state.active_unit if named is None else next((u for u in state.units if u.id == named), None)
    who = active.name if active else (f"unknown unit {named!r}" if named else "no unit")
    before = " before moving" if named else ""
    then = ", and stays for free actions" if getattr(action, "stay", False) else ""

    def item(index: int) -> str:
        if active is not None and 0 <= index < len(active.inventory):
            return active.inventory[index].name
        return f"item {index + 1}"

    if isinstance(action, Move):
        if state.active is not None and state.active.unit == action.unit and not state.active.moved:
            return f"{name(action.unit)} moves to {tile_name(action.to)}"
        return f"{name(action.unit)} activates and moves to {tile_name(action.to)}"
    if isinstance(action, Attack):
        return f"{who} attacks {name(action.target)}" + (f" with {action.art}" if action.art else "") + then
    if isinstance(action, Strike):
        return f"{who} strikes the tile {tile_name(action.at)}" + then
    if isinstance(action, Special):
        # The item first, as a player says it ("uses Mend Staff on Gilly (heal)"): a play-test read "uses heal
        # (Mend Staff)" as garbled. What it does follows, unless the item's name already says it (Warp Staff).
        used = item(action.source) if action.source is not None else None
        words = f"{who} uses {used}" if used is not None else f"{who} takes the {action.name} action"
        if action.target is not None:
            words += f" on {name(action.target)}"
        if action.at is not None:
            words += f" at {tile_name(action.at)}"
        if used is not None and action.name not in used.lower():
            words += f" ({action.name})"
        return words + then
    if isinstance(action, CantoMove):
        return f"{who} moves on to {tile_name(action.to)}" + then
    if isinstance(action, Equip):
        return f"{who} equips {item(action.item)}{before}"
    if isinstance(action, Discard):
        return f"{who} discards {item(action.item)}{before}"
    if isinstance(action, Trade):
        return f"{who} trades with {name(action.partner)}{before}"
    if isinstance(action, Wait):
        return f"{who} waits"
    return action.kind


@dataclass(frozen=True)
class Divergence:
    """Where a replay first parts from its record, and why."""

    where: str
    why: str

    def text(self) -> str:
        return f"{self.where}: {self.why}"


@dataclass(frozen=True)
class Step:
    """One recorded action played again: the state before it, and what came of it.

    `illegal` says why the action could not be applied (then `after` is None); `found` is the
    hash of the state it produced, to compare with the `recorded` one.
    """

    number: int  # 1-based, as people count actions
    before: GameState
    action: Action
    after: GameState | None
    events: list[Event]
    illegal: str | None
    recorded: str
    found: str | None

    @property
    def where(self) -> str:
        """The action's number, round and side, and what it was: where a replay stands."""
        return (f"action {self.number} (round {self.before.round}, {self.before.to_act.value}: "
                f"{action_words(self.before, self.action)})")

    def divergence(self) -> Divergence | None:
        """None when the action was legal and gave the recorded state; else what went wrong."""
        if self.illegal is not None:
            return Divergence(self.where, f"not a legal action there ({self.illegal})")
        if self.found != self.recorded:
            return Divergence(self.where, f"the state after it differs from the recorded one "
                                          f"(recorded {self.recorded[:12]}…, replayed {(self.found or '')[:12]}…)")
        return None


def replay(record: BattleRecord, start: GameState) -> Iterator[Step]:
    """Apply the recorded actions one by one through `apply_action`, from the battle's first state.

    Stops after the first action that is illegal; an action whose state differs is still yielded
    and play goes on, so a reader may see how far the difference spreads.
    """
    state = start
    for number, entry in enumerate(record.actions, start=1):
        try:
            outcome = apply_with_rolls(state, entry.action, entry.rolls or []) if state.dice.physical else apply_action(state, entry.action)
        except RollNeeded:
            yield Step(number, state, entry.action, None, [], "it needs more dice rolls than were recorded", entry.state, None)
            return
        except (IllegalAction, RollsLeftOver) as exc:
            yield Step(number, state, entry.action, None, [], str(exc), entry.state, None)
            return
        yield Step(number, state, entry.action, outcome.state, outcome.events, None, entry.state, state_hash(outcome.state))
        state = outcome.state


def start_divergence(record: BattleRecord, start: GameState) -> Divergence | None:
    """None when the rebuilt first state is the recorded one (same seed, armies and scenario)."""
    if state_hash(start) == record.initial_state:
        return None
    return Divergence("the starting state (before action 1)",
                      "it differs from the recorded one: the seed, the armies or the scenario are not those played")


def first_divergence(record: BattleRecord, start: GameState) -> Divergence | None:
    """None when the start and every recorded state hash match; else the first place they do not."""
    found = start_divergence(record, start)
    if found is not None:
        return found
    for step in replay(record, start):
        found = step.divergence()
        if found is not None:
            return found
    return None
