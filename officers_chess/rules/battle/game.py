"""The one way to play: `legal_actions(state)` lists what the side to act may do, `apply_action` does it."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle import victory
from officers_chess.rules.battle.actions import (
    FREE_ACTIONS,
    TURN_ENDERS,
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
from officers_chess.rules.battle.ambush import walk_path
from officers_chess.rules.battle.blows import attack, strike
from officers_chess.rules.battle.ground import remember
from officers_chess.rules.battle.events import Acted, Equipped, Event, Moved, Waited
from officers_chess.rules.battle.reactions import Answered, answer, react
from officers_chess.rules.battle.refusals import must_strike, why_illegal
from officers_chess.rules.battle.specials import perform, special_actions
from officers_chess.rules.battle.state import ActiveTurn, Claim, GameState
from officers_chess.rules.battle.turn_order import after_activation
from officers_chess.rules.battle.vision import acting_side, known_battle
from officers_chess.rules.battle.upkeep import (
    as_activated, end_of_round, end_of_turn, on_activation, start_of_round, start_of_turn,
)
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.inventory import discard, equip, equippable, trade, trade_options
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import tag_args

__all__ = [
    "Action", "ActiveTurn", "Attack", "CantoMove", "Discard", "Equip", "GameState", "IllegalAction", "Move",
    "Outcome", "Special", "Strike", "Trade", "Wait", "apply_action", "destinations", "equippable", "is_legal", "legal_actions",
    "staying",
]


class IllegalAction(ValueError):
    """Raised when an action is not among the legal actions of the state."""


def arts_of(state: GameState, unit: Unit) -> list[str]:
    """Combat arts the unit has (Art(Name) tags) that the battle knows."""
    return [str(name) for name in tag_args(unit.tags, "Art") if name in state.arts]


def destinations(state: GameState, unit: Unit) -> dict[Pos, int]:
    """Where the unit may move now, with the movement each tile costs, as its side knows the battle (under fog
    an unseen enemy does not block a tile: moving there is an ambush, rulings F30).

    A berserk unit that can reach anyone to attack this turn must end its move where it can attack the
    weakest of them (the lowest HP among every unit it could attack from any tile it reaches, friend or
    foe; docs/rulings.md S2); with nobody to reach, it moves freely. Judged on the unit as it will be once
    its turn has begun (a shifter in beast form), and under fog among the units its side can see.
    """
    state = known_battle(state, unit.side) if state.fog else state
    costs = state.reach(unit).costs
    if not unit.has_status(StatusName.BERSERK):
        return costs
    if state.active is None or state.active.unit != unit.id:
        unit = as_activated(unit)
    weakest: dict[Pos, int] = {}
    for pos in costs:
        found = state.targets_from(unit, pos)  # a berserk unit's targets there: the weakest in reach of it
        if found:
            weakest[pos] = found[0].hp
    if not weakest:
        return costs
    low = min(weakest.values())
    return {pos: costs[pos] for pos, hp in weakest.items() if hp == low}


def legal_actions(state: GameState) -> list[Action]:
    """Every action the side to act may take now.

    With no unit mid-turn: a Move for each unit that may activate and each tile it may move to, and
    the free actions each of them could take before moving (they name the unit: it activates to take
    them). Mid-turn, before the move (a unit that began with a free action): its Moves and the free
    actions. After the move: attacks, strikes on walls, special actions and item use (or, after the
    action, Canto movement), the free actions, and Wait.

    An action that ends the turn (Attack, Strike, Special, CantoMove) is listed once; the same action
    with `stay=True` (`staying`) is legal too wherever it is (`is_legal`), and keeps the turn open for
    free actions until Wait. Listing both would double every list for a choice only the s key and the
    computer's rearming make.
    """
    if state.is_over:
        return []
    state = _as_known(state)
    unit = state.active_unit
    if unit is None:
        movers = _movers(state)
        moves: list[Action] = [Move(unit=u.id, to=pos) for u in movers for pos in destinations(state, u)]
        return moves + [free for u in movers for free in _free_actions(state, u, traded=False, who=u.id)]
    return _turn_actions(state, unit)


def staying(action: Action) -> Action:
    """The same action, keeping the turn open after it (for free actions) where it would end it."""
    return action.model_copy(update={"stay": True}) if isinstance(action, TURN_ENDERS) else action


def _movers(state: GameState) -> list[Unit]:
    """Units that may start a combat turn now: the danced-for unit, or every waiting unit of the side to act."""
    return [state.unit(state.reactivate)] if state.reactivate else state.waiting(state.to_act)


def _as_known(state: GameState) -> GameState:
    """Under fog, the battle as the side to act knows it: the actions it is offered are worked out from what
    it may know, so that neither an offer nor a refusal tells it what it cannot see (rulings F30)."""
    return known_battle(state, acting_side(state)) if state.fog else state


def _is_legal(state: GameState, action: Action) -> bool:
    """The same answer as `action in legal_actions(state)` (or its `staying` twin), without listing every
    move of every unit."""
    if state.is_over:
        return False
    state = _as_known(state)
    unit = state.active_unit
    if isinstance(action, Move):
        if unit is not None:
            return (state.active is not None and not state.active.moved and action.unit == unit.id
                    and action.to in destinations(state, unit))
        mover = next((u for u in _movers(state) if u.id == action.unit), None)
        return mover is not None and action.to in destinations(state, mover)
    if isinstance(action, FREE_ACTIONS) and action.unit is not None:
        if unit is not None:
            return False
        mover = next((u for u in _movers(state) if u.id == action.unit), None)
        return mover is not None and action in _free_actions(state, mover, traded=False, who=mover.id)
    if isinstance(action, TURN_ENDERS) and action.stay:
        if unit is not None and unit.has_status(StatusName.BERSERK):
            return False  # no free action could follow
        action = action.model_copy(update={"stay": False})
    return unit is not None and action in _turn_actions(state, unit)


def is_legal(state: GameState, action: Action) -> bool:
    """Whether `apply_action` takes this action now: one of `legal_actions(state)`, or the `staying` twin of one."""
    return _is_legal(state, action)


def _free_actions(state: GameState, unit: Unit, traded: bool, who: str | None = None) -> list[Action]:
    """Equip, Discard and Trade as the unit may take them now (`who`: the unit they activate, before its turn).
    A berserk unit takes none (docs/rulings.md S2)."""
    if unit.has_status(StatusName.BERSERK):
        return []
    actions: list[Action] = [Equip(item=i, unit=who) for i in equippable(unit)]
    actions += [Discard(item=i, unit=who) for i in range(len(unit.inventory))]
    if not traded:
        for partner in state.living(unit.side):
            if partner.id != unit.id:
                actions += [Trade(partner=partner.id, give=g, take=t, unit=who) for g, t in trade_options(unit, partner)]
    return actions


def canto_open(state: GameState, unit: Unit) -> bool:
    """Whether the unit, its action done, may still make its Canto move: after a special action (after an
    attack too where the edition says so), once."""
    turn = state.active
    return (turn is not None and turn.acted and not turn.canto_done and unit.has("Canto") and not turn.ambushed
            and (not turn.attacked or state.rules.canto_after_attack))


def _turn_actions(state: GameState, unit: Unit) -> list[Action]:
    """What the unit mid-turn may do: its move (if a free action came first), its action (or Canto movement),
    the free actions, and Wait."""
    turn = state.active
    assert turn is not None
    if not turn.moved:
        return [Move(unit=unit.id, to=pos) for pos in destinations(state, unit)] + _free_actions(state, unit, turn.traded)
    actions: list[Action] = []
    forced = not turn.acted and must_strike(state, unit)
    if not turn.acted:
        # Asleep or petrified, it has no targets and no walls to strike (`targets_from`, `strikable_from`):
        # it cannot attack, but may still use a staff or an item and take free actions (docs/rulings.md S3).
        targets = state.targets_from(unit, unit.pos)
        for art in [None, *arts_of(state, unit)]:
            actions += [Attack(target=t.id, art=art) for t in targets]
        if not forced:
            actions += [Strike(at=p) for p in state.strikable_from(unit, unit.pos)]
            actions += special_actions(state, unit)
    elif canto_open(state, unit):
        tiles = state.rules.canto_tiles
        budget = unit.movement - turn.spent if tiles is None else tiles
        actions += [CantoMove(to=p) for p in state.reach(unit, budget).costs if p != unit.pos]
    actions += _free_actions(state, unit, turn.traded)
    if not forced:
        actions.append(Wait())
    return actions


@dataclass(frozen=True)
class Outcome:
    """The state after an action, and what happened on the way."""

    state: GameState
    events: list[Event]


def apply_action(state: GameState, action: Action) -> Outcome:
    """Apply one legal action and return the new state; the given state is left untouched."""
    if state.is_over:
        raise IllegalAction("the battle is over")
    if not _is_legal(state, action):
        raise IllegalAction(why_illegal(state, action))
    new = state.model_copy(deep=True)
    events: list[Event] = []
    answered = Answered()  # the scenario answers the action's events before each victory check (rulings P11)
    if isinstance(action, FREE_ACTIONS) and action.unit is not None:
        # A free action before the move: the unit activates to take it, and moves later in the turn.
        if not _activate(new, new.unit(action.unit), events, answered):
            _judge(new, events, answered)
            remember(state, new)
            return Outcome(new, events)
    unit = new.active_unit
    if isinstance(action, Move):
        _move(new, action, events, answered)
    elif isinstance(action, Attack):
        attack(new, action, events)
        _after_action(new, action.stay, events, answered)
    elif isinstance(action, Strike):
        strike(new, action, events)
        _after_action(new, action.stay, events, answered)
    elif isinstance(action, Special):
        assert unit is not None
        perform(new, unit, action, events)
        new.mark_turn(busy=True)
        # A seize or an escape may have ended the battle; otherwise Canto may still move the unit.
        if not _judge(new, events, answered):
            _after_action(new, action.stay, events, answered)
    elif isinstance(action, CantoMove):
        assert unit is not None
        if new.fog:
            budget = new.rules.canto_tiles
            turn = new.active
            assert turn is not None
            walk_path(new, unit, action.to, unit.movement - turn.spent if budget is None else budget, events)
        else:
            events.append(Moved(unit.name, unit.pos, action.to, new.reach(unit).costs.get(action.to, 0), unit_id=unit.id))
            unit.pos = action.to
        if action.stay:
            new.mark_turn(canto_done=True)
        else:
            _end_turn(new, events, answered)
    elif isinstance(action, Equip):
        assert unit is not None
        equip(unit, action.item)
        new.mark_turn(busy=True)
        events.append(Equipped(unit.name, unit.inventory[action.item].name, unit.id))
    elif isinstance(action, Discard):
        assert unit is not None
        item = discard(unit, action.item)
        new.mark_turn(busy=True)
        events.append(Acted(f"{unit.name} discards {item.name}.", (unit.id,)))
    elif isinstance(action, Trade):
        assert unit is not None
        partner = new.unit(action.partner)
        gave = [unit.inventory[i].name for i in action.give]
        took = [partner.inventory[i].name for i in action.take]
        trade(unit, partner, action.give, action.take)
        new.mark_turn(busy=True, traded=True)
        events.append(Acted(f"{unit.name} trades with {partner.name}: gives {', '.join(gave) or 'nothing'}, takes {', '.join(took) or 'nothing'}.",
                            (unit.id, partner.id)))
    elif isinstance(action, Wait):
        assert unit is not None
        events.append(Waited(unit.name, unit.id))
        _end_turn(new, events, answered)
    react(new, events, answered)  # the scenario's triggered events not answered yet, and what its scripts remember
    victory.check(new, events)
    remember(state, new)
    return Outcome(new, events)


def _judge(state: GameState, events: list[Event], answered: Answered) -> bool:
    """Morale and the scenario's triggered events answer what has happened, then the battle is judged: True when
    it is over. A reinforcement that arrives on the fall of a side's last unit keeps the battle going (rulings P11)."""
    answer(state, events, answered)
    return victory.check(state, events)


def _after_action(state: GameState, stay: bool, events: list[Event], answered: Answered) -> None:
    """The action is done: the turn ends, or stays open for free actions (asked with `stay`) and for Canto
    movement (after a special action; after an attack too where the edition says so, rulings E14)."""
    unit = state.active_unit
    if state.active is None or unit is None:
        return
    state.mark_turn(acted=True)
    if not unit.on_field or not (stay or canto_open(state, unit)):
        _end_turn(state, events, answered)


def _activate(state: GameState, unit: Unit, events: list[Event], answered: Answered, moved: bool = False,
              spent: int = 0) -> bool:
    """The unit begins its combat turn: the tile it starts on heals or burns it (before it moves). False when
    that routed it: its turn is over then."""
    state.active = ActiveTurn(unit=unit.id, start=unit.pos, spent=spent, moved=moved)
    if state.reactivate == unit.id:
        state.reactivate = None
    start_of_turn(state, unit, events)
    if not unit.on_field:  # the flames routed it: its turn ends there
        _end_turn(state, events, answered)
        return False
    if not moved:
        on_activation(unit, events)
    return True


def _move(state: GameState, action: Move, events: list[Event], answered: Answered) -> None:
    unit = state.unit(action.unit)
    fresh = state.active is None  # else it activated with a free action and moves now
    if state.fog:
        # The way was chosen on what the side knows; walked on the battle itself, it may meet a hidden enemy.
        if fresh and not _activate(state, unit, events, answered, moved=True):
            return
        cost, ambushed = walk_path(state, unit, action.to, None, events)
        state.mark_turn(moved=True, spent=cost, ambushed=ambushed)
    else:
        cost = state.reach(unit).costs[action.to]
        if fresh:
            if not _activate(state, unit, events, answered, moved=True, spent=cost):
                return
        else:
            state.mark_turn(moved=True, spent=cost)
        events.append(Moved(unit.name, unit.pos, action.to, cost, unit_id=unit.id))
        unit.pos = action.to
    if fresh:
        on_activation(unit, events)


def _end_turn(state: GameState, events: list[Event], answered: Answered) -> None:
    turn = state.active
    assert turn is not None
    unit = state.unit(turn.unit)
    state.active = None
    unit.activated = True
    if unit.on_field:
        end_of_turn(state, unit, turn, events)
    _claim_tiles(state)
    if _judge(state, events, answered):
        return
    nxt = after_activation(state.units, unit.side, state.finished_first, state.game_master, state.burst)
    state.to_act, state.finished_first, state.burst = nxt.to_act, nxt.finished_first, nxt.burst
    if state.reactivate:
        refreshed = state.unit(state.reactivate)
        if refreshed.on_field:
            state.to_act = refreshed.side  # the danced-for unit acts at once
            return
        state.reactivate = None
    if nxt.round_over:
        end_of_round(state, events)
        answer(state, events, answered)
        if victory.check_round_end(state, events, state.round):
            return
        state.round += 1
        state.finished_first = None
        start_of_round(state, events)
        _judge(state, events, answered)


def _claim_tiles(state: GameState) -> None:
    """Remember who last stood on each tile a `control` condition counts."""
    tiles = {tuple(t) for conds in state.victory.values() for c in conds if c.kind == "control" for t in c.tiles}
    for unit in state.living():
        if unit.pos in tiles:
            state.claims = [c for c in state.claims if c.at != unit.pos] + [Claim(at=unit.pos, side=unit.side)]
