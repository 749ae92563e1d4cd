"""Each enemy's likely target: whom the `normal` level would attack now, and from where, judged from one player's view."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.assess import ExchangeBook, armed_forms
from officers_chess.ai.goals import Fields
from officers_chess.ai.judge import Judge, Option
from officers_chess.rules.battle.game import destinations
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side


@dataclass(frozen=True)
class Intent:
    """One enemy's likely attack: the unit it aims at, the tile it strikes from, and the expected damage and
    rout chance of whoever fights it (the target, or a Qi Adept that steps in)."""

    enemy: str
    target: str
    origin: Pos
    damage: float
    rout: float


def likely_targets(state: GameState, viewer: Side) -> list[Intent]:
    """For every enemy of `viewer` in its sight that is still to activate this round, the attack the `normal`
    level would choose for it now; an enemy whose best option is not an attack has none. Most dangerous first.

    Everything is read from `player_view(state, viewer)`: an enemy out of sight is not judged, and the enemy
    side is judged on what it sees of that view, so nothing hidden from the viewer can show through.
    """
    view = player_view(state, viewer)
    if view.is_over:
        return []
    side = viewer.other
    # The same judge the normal level builds for its side's decision (its own view of our view, its danger
    # zones and objectives), so the intent is that level's choice, not an imitation of it.
    judge = Judge(view, side, ExchangeBook(), Fields())
    found = [intent for enemy in view.waiting(side) if (intent := _intent(judge, enemy.id)) is not None]
    return sorted(found, key=lambda i: (-i.rout, -i.damage, i.enemy))


def _intent(judge: Judge, enemy_id: str) -> Intent | None:
    """As NormalPolicy's activation weighs one unit: its best option on each tile it may end its move on."""
    start = judge.view.unit(enemy_id)
    unit = as_activated(start)  # as its turn will find it (a pending Inflict in effect, a shifter's form)
    if not armed_forms(unit):
        return None  # nothing to attack with: no need to weigh its every tile
    best: tuple[float, Pos, Option] | None = None
    for pos in judge.spots(unit, list(destinations(judge.view, start))):
        total, option = judge.best(unit, pos)
        if best is None or total > best[0]:  # the first of equals, in the order the legal moves list them
            best = (total, pos, option)
    if best is None or best[2].foe is None:
        return None
    _, pos, option = best
    dealt = option.exchange.dealt if option.exchange is not None else 0.0  # the forecast the choice was made on
    return Intent(unit.id, option.foe, pos, dealt, 1 - option.foe_left)
