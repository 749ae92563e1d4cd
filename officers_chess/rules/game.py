"""The game state and the one way to play it: `legal_actions(state)` and `apply_action(state, action)`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.combat import ExchangePlan, Role, Fighter, Forecast, forecast, plan_exchange, resolve
from officers_chess.rules.dice import Dice
from officers_chess.rules.events import Attacked, BattleWon, Equipped, Event, Healed, Moved, RoundBegan, Routed, Waited
from officers_chess.rules.models import Accessory, BattleMap, Pos, Side, Unit, distance
from officers_chess.rules.movement import Reach, reachable
from officers_chess.rules.turn_order import after_activation, waiting


class IllegalAction(ValueError):
    """Raised when an action is not among the legal actions of the state."""


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Move(_Action):
    """Activate `unit` and move it to `to` (its own tile to stay put): the start of a combat turn."""

    kind: Literal["move"] = "move"
    unit: str
    to: Pos


class Attack(_Action):
    """The active unit attacks `target` with its equipped weapon, ending its combat turn."""

    kind: Literal["attack"] = "attack"
    target: str


class Equip(_Action):
    """A free action of the active unit: equip the weapon or accessory at inventory index `item`."""

    kind: Literal["equip"] = "equip"
    item: int


class Wait(_Action):
    """The active unit ends its combat turn without acting."""

    kind: Literal["wait"] = "wait"


Action = Annotated[Union[Move, Attack, Equip, Wait], Field(discriminator="kind")]


class ActiveTurn(BaseModel):
    """The unit in the middle of its combat turn, and where it started."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str
    start: Pos


class GameState(BaseModel):
    """Everything about a battle in progress, dice included; JSON in, JSON out, nothing lost."""

    model_config = ConfigDict(extra="forbid")

    edition: Literal["v0.6"] = "v0.6"
    scenario: str
    map: BattleMap
    units: list[Unit]
    round: int = 1
    to_act: Side
    finished_first: Side | None = None
    active: ActiveTurn | None = None
    dice: Dice
    winner: Side | None = None

    # --- queries -------------------------------------------------------------

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def unit_at(self, pos: Pos) -> Unit | None:
        for unit in self.units:
            if unit.alive and unit.pos == pos:
                return unit
        return None

    def living(self, side: Side | None = None) -> list[Unit]:
        return [u for u in self.units if u.alive and (side is None or u.side is side)]

    def waiting(self, side: Side) -> list[Unit]:
        """Units of `side` still to activate this round."""
        return waiting(self.units, side)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def active_unit(self) -> Unit | None:
        return self.unit(self.active.unit) if self.active else None

    def reach(self, unit: Unit) -> Reach:
        """Tiles `unit` may end a move on."""
        return reachable(unit, self.map, self.units)

    def targets_from(self, unit: Unit, pos: Pos) -> list[Unit]:
        """Enemies the unit's equipped weapon reaches if it stands on `pos`."""
        weapon = unit.equipped_weapon
        if weapon is None:
            return []
        return [e for e in self.living(unit.side.other) if weapon.reaches(distance(pos, e.pos))]

    def plan(self, attacker: Unit, defender: Unit, attacker_pos: Pos | None = None) -> ExchangePlan:
        """The exchange that would follow if `attacker` (standing on `attacker_pos`) attacked."""
        pos = attacker.pos if attacker_pos is None else attacker_pos
        return plan_exchange(
            Fighter(attacker, self.map.terrain_at(pos)),
            Fighter(defender, self.map.terrain_at(defender.pos)),
            distance(pos, defender.pos),
        )

    def forecast(self, attacker: Unit, defender: Unit, attacker_pos: Pos | None = None) -> Forecast:
        """The exact forecast of that exchange, from both units' current HP."""
        return forecast(self.plan(attacker, defender, attacker_pos), attacker.hp, defender.hp)


def legal_actions(state: GameState) -> list[Action]:
    """Every action the side to act may take now.

    With no unit mid-turn: a Move for each waiting unit and each tile it can reach.
    Mid-turn: an Attack on each enemy in reach of the equipped weapon, an Equip for each
    other item the unit could equip (a free action), and Wait.
    """
    if state.is_over:
        return []
    active = state.active_unit
    if active is None:
        return [
            Move(unit=unit.id, to=pos)
            for unit in state.waiting(state.to_act)
            for pos in state.reach(unit).costs
        ]
    actions: list[Action] = [Attack(target=e.id) for e in state.targets_from(active, active.pos)]
    actions += [Equip(item=index) for index in equippable(active)]
    actions.append(Wait())
    return actions


def equippable(unit: Unit) -> list[int]:
    """Inventory indexes the unit could equip now: weapons its class wields, and accessories."""
    return [
        index
        for index, item in enumerate(unit.inventory)
        if index not in (unit.weapon, unit.accessory)
        and (isinstance(item, Accessory) or item.type in unit.unit_class.wields)
    ]


@dataclass(frozen=True)
class Outcome:
    """The state after an action, and what happened on the way."""

    state: GameState
    events: list[Event]


def apply_action(state: GameState, action: Action) -> Outcome:
    """Apply one legal action and return the new state; the given state is left untouched."""
    if state.is_over:
        raise IllegalAction("the battle is over")
    new = state.model_copy(deep=True)
    events: list[Event] = []
    if isinstance(action, Move):
        _move(new, action, events)
    elif isinstance(action, Attack):
        _attack(new, action, events)
        _end_turn(new, events)
    elif isinstance(action, Equip):
        _equip(new, action, events)
    elif isinstance(action, Wait):
        if new.active is None:
            raise IllegalAction("no unit is mid-turn; move a unit first")
        events.append(Waited(new.unit(new.active.unit).name))
        _end_turn(new, events)
    else:  # pragma: no cover - the Action union is closed
        raise IllegalAction(f"unknown action {action!r}")
    return Outcome(new, events)


def _move(state: GameState, action: Move, events: list[Event]) -> None:
    if state.active is not None:
        raise IllegalAction(f"{state.unit(state.active.unit).name} is mid-turn; it must act or wait first")
    try:
        unit = state.unit(action.unit)
    except KeyError:
        raise IllegalAction(f"no unit {action.unit!r}") from None
    if unit.side is not state.to_act or not unit.alive or unit.activated:
        raise IllegalAction(f"{unit.name} cannot activate now")
    reach = state.reach(unit)
    if action.to not in reach:
        raise IllegalAction(f"{unit.name} cannot reach {action.to}")
    events.append(Moved(unit.name, unit.pos, action.to, reach.costs[action.to]))
    state.active = ActiveTurn(unit=unit.id, start=unit.pos)
    unit.pos = action.to


def _equip(state: GameState, action: Equip, events: list[Event]) -> None:
    unit = state.active_unit
    if unit is None:
        raise IllegalAction("no unit is mid-turn; move a unit first")
    if action.item not in equippable(unit):
        raise IllegalAction(f"{unit.name} cannot equip item {action.item}")
    item = unit.inventory[action.item]
    if isinstance(item, Accessory):
        unit.accessory = action.item
    else:
        unit.weapon = action.item
    events.append(Equipped(unit.name, item.name))


def _attack(state: GameState, action: Attack, events: list[Event]) -> None:
    attacker = state.active_unit
    if attacker is None:
        raise IllegalAction("no unit is mid-turn; move a unit first")
    try:
        defender = state.unit(action.target)
    except KeyError:
        raise IllegalAction(f"no unit {action.target!r}") from None
    if defender.id not in {e.id for e in state.targets_from(attacker, attacker.pos)}:
        raise IllegalAction(f"{defender.name} is not in reach of {attacker.name}")
    swings, attacker.hp, defender.hp, state.dice = resolve(
        state.plan(attacker, defender), attacker.hp, defender.hp, state.dice
    )
    names = {Role.ATTACKER: attacker.name, Role.DEFENDER: defender.name}
    events.append(Attacked(attacker.name, defender.name, tuple(swings), names))
    for unit in (defender, attacker):
        if not unit.alive:
            events.append(Routed(unit.name))


def _end_turn(state: GameState, events: list[Event]) -> None:
    assert state.active is not None
    unit = state.unit(state.active.unit)
    state.active = None
    unit.activated = True
    if unit.alive:
        terrain = state.map.terrain_at(unit.pos)
        amount = min(terrain.heal, unit.max_hp - unit.hp)
        if amount > 0:
            unit.hp += amount
            events.append(Healed(unit.name, amount, terrain.name))
    for side in Side:
        if not state.living(side):
            state.winner = side.other
            events.append(BattleWon(side.other))
            return
    nxt = after_activation(state.units, unit.side, state.finished_first)
    state.to_act, state.finished_first = nxt.to_act, nxt.finished_first
    if nxt.round_over:
        state.round += 1
        state.finished_first = None
        for u in state.units:
            u.activated = False
        events.append(RoundBegan(state.round, state.to_act))
