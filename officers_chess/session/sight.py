"""Whether a step showed a side something it cannot unknow: a scenario event it set off, or under fog what it had
not seen. Such a step cannot be taken back (rulings F35, F36)."""

from __future__ import annotations

from officers_chess.rules.battle.game import GameState
from officers_chess.rules.battle.vision import known_battle
from officers_chess.rules.pieces.models import Side


def saw_more(before: GameState, after: GameState, side: Side) -> bool:
    """True when the step set off one of the scenario's events (what it brought, changed or said cannot be unknown
    again), or, under fog, when `side` knows something after the step that it did not know before: an enemy where
    it had not seen it, a chest, ground it remembered otherwise, or an ambush."""
    if _waiting_events(after) < _waiting_events(before):
        return True
    if not after.fog:
        return False
    if after.active is not None and after.active.ambushed:
        return True
    then, now = known_battle(before, side), known_battle(after, side)
    enemies = {(u.id, u.pos) for u in now.living(side.other)} - {(u.id, u.pos) for u in then.living(side.other)}
    chests = {c.at for c in now.chests} - {c.at for c in then.chests}
    return bool(enemies or chests or now.map.rows != then.map.rows or now.terrain_damage != then.terrain_damage)


def _waiting_events(state: GameState) -> int:
    """The scenario's events still waiting on a trigger (one that fires leaves the list)."""
    return sum(arrival.trigger is not None for arrival in state.arrivals)
