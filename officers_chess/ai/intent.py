"""Each enemy's likely target, judged from one player's view: the level that plays the enemy, its first choice played
out as that level makes it, and the rest of its units as the `normal` judgement weighs them."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.assess import ExchangeBook, armed_forms
from officers_chess.ai.easy import EasyPolicy
from officers_chess.ai.goals import Fields
from officers_chess.ai.judge import Judge, Option
from officers_chess.ai.play import make_policy
from officers_chess.rules.battle.actions import Action, Attack, Discard, Equip, Move, Trade
from officers_chess.rules.battle.game import apply_action, destinations, legal_actions
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import Order

# The levels whose next activation can be played out from a view and come out as they will make it: they choose
# by their judgement alone, never by chance. `easy` picks at random among sound moves (its share is told instead);
# `random` has no plan to read.
PLAYED_OUT = ("greedy", "normal", "hard")
FREE_ACTIONS = 4  # free actions (equip, trade) a first choice may take before the attack it is played out to


@dataclass(frozen=True)
class Intent:
    """One enemy's likely attack: the unit it aims at, the tile it strikes from, and the expected damage and
    rout chance of whoever fights it (the target, or a Qi Adept that steps in). `first`: the activation the
    playing level chooses next, played out as it makes it; `chance`: how likely that level is to make it (1
    for the levels that choose by judgement alone; None for the others, weighed as `normal` would)."""

    enemy: str
    target: str
    origin: Pos
    damage: float
    rout: float
    first: bool = False
    chance: float | None = None


def likely_targets(state: GameState, viewer: Side, level: str | None = "normal",
                   holders: frozenset[str] = frozenset()) -> list[Intent]:
    """For every enemy of `viewer` in its sight that is still to activate this round, the attack it is likely to
    make; an enemy whose best option is not an attack has none. The level playing the enemy (`level`) chooses
    the first (`Intent.first`): played out by that level itself for `greedy`, `normal` and `hard`, and for
    `easy` normal's best with the share of easy's sound choices that make it. The others are weighed as
    `normal` would. `random` has none. `level` None: a person plays the enemy, and every unit is weighed as
    `normal` would, none as a first choice. The first choice leads, then the most dangerous.

    Everything is read from `player_view(state, viewer)`: an enemy out of sight is not judged, and the enemy
    side is judged on what it sees of that view, so nothing hidden from the viewer can show through.

    `holders`: the enemies the viewer sees standing at their posts (`SeatView.holding`), which the danger zone and
    the threat inspector already tell (rulings L32). Each is judged as holding there, as its script keeps it: it
    strikes only from its post, whoever chooses (rulings L154).
    """
    view = player_view(state, viewer)
    if view.is_over or level == "random":
        return []
    view = _at_posts(view, holders)
    side = viewer.other
    # The same judge the normal level builds for its side's decision (its own view of our view, its danger
    # zones and objectives), so the intent is that level's choice, not an imitation of it.
    judge = Judge(view, side, ExchangeBook(), Fields())
    first = _first_choice(view, side, level, judge) if level is not None else None
    found = [intent for enemy in view.waiting(side)
             if (first is None or enemy.id != first.enemy) and (intent := _intent(judge, enemy.id)) is not None]
    ranked = sorted(found, key=lambda i: (-i.rout, -i.damage, i.enemy))
    return ([first] if first is not None else []) + ranked


def _at_posts(view: GameState, holders: frozenset[str]) -> GameState:
    """The view with each holder given the one order the viewer knows it follows now: hold. The view carries no
    enemy scripts (F33), so this is all the judges see of them; the rest of its script stays hidden."""
    if not holders:
        return view
    units = [u.model_copy(update={"orders": [Order(do="hold")]}) if u.id in holders and u.on_field else u
             for u in view.units]
    return view.model_copy(update={"units": units})


def _first_choice(view: GameState, side: Side, level: str, judge: Judge) -> Intent | None:
    """The activation the playing level makes next, as things stand: for the levels that choose by judgement
    alone, its own choice played out to its attack; for `easy`, normal's best with the share of easy's sound
    choices that make the same attack. None when that activation is no attack."""
    if not view.waiting(side):
        return None
    if level not in PLAYED_OUT:
        return _easy_first(view, side, judge)
    policy = make_policy(level, 0)
    turn = view.model_copy(update={"to_act": side, "active": None, "reactivate": None}, deep=True)
    if not legal_actions(turn):
        return None
    move = policy.decide(SeatView(side, turn, None))
    if not isinstance(move, Move):
        return None
    after = apply_action(turn, move).state
    action: Action = policy.decide(SeatView(side, after, None))
    for _ in range(FREE_ACTIONS):
        if not isinstance(action, (Equip, Trade, Discard)):
            break  # (a free action before the attack: the attack is what follows it)
        after = apply_action(after, action).state
        action = policy.decide(SeatView(side, after, None))
    if not isinstance(action, Attack):
        return None
    unit = as_activated(judge.view.unit(move.unit))
    option = next((o for o in judge.options(unit, move.to) if o.foe == action.target and o.exchange is not None), None)
    dealt = option.exchange.dealt if option is not None and option.exchange is not None else 0.0
    rout = 1 - option.foe_left if option is not None else 0.0
    return Intent(move.unit, action.target, move.to, dealt, rout, first=True, chance=1.0)


def _easy_first(view: GameState, side: Side, judge: Judge) -> Intent | None:
    """Easy takes one of its sound picks at random (`EasyPolicy.sound_picks`): the best of them, when it is an
    attack, with the share of the picks that make that same attack."""
    turn = view.model_copy(update={"to_act": side, "active": None, "reactivate": None}, deep=True)
    fair = EasyPolicy(0).sound_picks(judge, legal_actions(turn))
    if not fair:
        return None
    aims = [(c, judge.best(c.unit, c.pos)[1]) for c in fair]
    best, option = aims[0]
    if option.foe is None:
        return None
    same = sum(1 for c, o in aims if c.unit.id == best.unit.id and o.foe == option.foe)
    dealt = option.exchange.dealt if option.exchange is not None else 0.0
    return Intent(best.unit.id, option.foe, best.pos, dealt, 1 - option.foe_left, first=True, chance=same / len(fair))


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
