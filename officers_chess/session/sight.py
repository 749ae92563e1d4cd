"""Whether a step showed a side something it had not seen: under fog, such a step cannot be taken back (rulings
F35), since what was seen cannot be unseen."""

from __future__ import annotations

from officers_chess.rules.battle.game import GameState
from officers_chess.rules.battle.vision import known_battle
from officers_chess.rules.pieces.models import Side


def saw_more(before: GameState, after: GameState, side: Side) -> bool:
    """True under fog when `side` knows something after the step that it did not know before: an enemy where it
    had not seen it, a chest, ground it remembered otherwise, or an ambush."""
    if not after.fog:
        return False
    if after.active is not None and after.active.ambushed:
        return True
    then, now = known_battle(before, side), known_battle(after, side)
    enemies = {(u.id, u.pos) for u in now.living(side.other)} - {(u.id, u.pos) for u in then.living(side.other)}
    chests = {c.at for c in now.chests} - {c.at for c in then.chests}
    return bool(enemies or chests or now.map.rows != then.map.rows or now.terrain_damage != then.terrain_damage)
