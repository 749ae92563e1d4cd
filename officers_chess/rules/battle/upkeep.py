"""Upkeep: what happens when a unit activates, when its turn ends, and when a round begins or ends."""

from __future__ import annotations

from officers_chess.rules.battle.events import (Acted, Concern, Event, Healed, Hurt, RoundBegan, Routed, StatusGained,
                                               StatusLost, StatusRoll, TerrainChanged, tile_name)
from officers_chess.rules.battle.state import ActiveTurn, Arrival, GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Inflicted, Unit
from officers_chess.rules.pieces.orders import tile
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.pieces.tags import tag_args, tag_total

# Statuses a d20 at the start of each round may end (1-10 ends them) are the edition's `rolled_statuses`.
ENDS_ON = 10
POISON_DAMAGE = 2
# Statuses that last for the unit's next activation only.
ONE_TURN = (StatusName.SILENCED, StatusName.SLOWED, StatusName.FROZEN)
# Statuses that end when the unit activates.
CLEARED_ON_ACTIVATION = (StatusName.BROKEN,)
BARRIER_ROUND_ENDS = 2  # "until the end of the next round"
RELIC_DAMAGE = 2
SACRED_HEAL, SACRED_HEAL_WITH_CREST = 2, 4


def apply_status(state: GameState, unit: Unit, name: StatusName, events: list[Event]) -> None:
    """Put a status on a unit (a second dose renews it rather than stacking)."""
    unit.statuses = [s for s in unit.statuses if s.name is not name] + [fresh_status(state, unit, name)]
    events.append(StatusGained(unit.name, name.value, unit.id))


def fresh_status(state: GameState, unit: Unit, name: StatusName) -> Status:
    """The status a dose would put on `unit` now, replacing any of the same name it has (the forecast compares)."""
    own_turn = state.active is not None and state.active.unit == unit.id
    if name in ONE_TURN:
        # It lasts through the unit's next activation; caught during its own turn, that is the one after.
        left: int | None = 2 if own_turn else 1
    elif name is StatusName.BARRIER:
        left = BARRIER_ROUND_ENDS
    else:
        left = None
    return state.rules.status(name, left)


def inflict(state: GameState, unit: Unit, stat: str, amount: int) -> str:
    """Lower a stat for the unit's next turn; a new Inflict replaces an old one. Returns the log's words.

    Where the edition's Inflict waits (v0.6, "ratings"), the stat is lowered from the start of the unit's next
    turn to its end; in d100 it is lowered at once, until the end of the unit's next turn.
    """
    own_turn = state.active is not None and state.active.unit == unit.id
    if state.rules.inflict_waits:
        unit.inflicted = Inflicted(stat=stat, amount=amount, turn_ends=1, pending=True)
        return f"{unit.name}'s {stat} will be {-amount} lower during its next turn (Inflict)."
    unit.inflicted = Inflicted(stat=stat, amount=amount, turn_ends=2 if own_turn else 1)
    return f"{unit.name}'s {stat} is lowered by {-amount} until the end of its next turn."


def heal(unit: Unit, amount: int, why: str, events: list[Event]) -> None:
    gained = min(amount, unit.max_hp - unit.hp)
    if gained > 0 and unit.on_field:
        unit.hp += gained
        events.append(Healed(unit.name, gained, why, unit.id))


def hurt(unit: Unit, amount: int, why: str, events: list[Event]) -> None:
    if amount > 0 and unit.on_field:
        unit.hp = max(0, unit.hp - amount)
        events.append(Hurt(unit.name, amount, why, unit.hp, unit.id))
        if unit.routed:
            events.append(Routed(unit.name, unit.id))


def start_of_turn(state: GameState, unit: Unit, events: list[Event]) -> None:
    """Before a unit moves: the tile it starts on may heal it or burn it (the d100 terrain table)."""
    terrain = state.map.terrain_at(unit.pos)
    if terrain.burn:
        hurt(unit, terrain.burn, f"from the {terrain.name.lower()} (no reduction)", events)
    if terrain.heal and terrain.heal_at_start:
        heal(unit, terrain.heal, f"on the {terrain.name.lower()}", events)


def on_activation(unit: Unit, events: list[Event]) -> None:
    """A unit begins its combat turn: Broken ends, a shifter takes its beast form, Blessed items heal."""
    for status in unit.statuses:
        if status.name in CLEARED_ON_ACTIVATION:
            events.append(StatusLost(unit.name, status.name.value, unit.id))
    unit.statuses = [s for s in unit.statuses if s.name not in CLEARED_ON_ACTIVATION]
    if unit.inflicted is not None and unit.inflicted.pending:
        unit.inflicted = unit.inflicted.model_copy(update={"pending": False})
        events.append(Acted(f"{unit.name}'s {unit.inflicted.stat} is {-unit.inflicted.amount} lower this turn (Inflict).",
                            (unit.id,)))
    if unit.has("Shifter") and not unit.shift_spent and not unit.transformed:
        unit.transformed = True
        events.append(StatusGained(unit.name, "transformed", unit.id))
    heal(unit, tag_total(unit.tags, "Blessed"), "(Blessed)", events)


def as_activated(unit: Unit) -> Unit:
    """The unit as it will be once its next combat turn begins (`on_activation`): a pending Inflict in effect, a
    shifter in beast form, Broken gone, Blessed healed. For judging a turn before it starts (where a berserk unit
    must go, what a unit could do from a tile); the unit itself when nothing would change."""
    changes = ((unit.inflicted is not None and unit.inflicted.pending)
               or any(s.name in CLEARED_ON_ACTIVATION for s in unit.statuses)
               or (unit.has("Shifter") and not unit.shift_spent and not unit.transformed)
               or (tag_total(unit.tags, "Blessed") and unit.hp < unit.max_hp))
    if not changes:
        return unit
    ready = unit.model_copy(deep=True)
    on_activation(ready, [])
    return ready


def end_of_turn(state: GameState, unit: Unit, turn: ActiveTurn, events: list[Event]) -> None:
    """A unit's combat turn ends. Damage comes first, so a unit brought to 0 HP is routed before it can heal."""
    if turn.attacked:
        hurt(unit, tag_total(unit.tags, "Punishing"), "from its Punishing weapon", events)
    for item in (unit.equipped_weapon, unit.equipped_accessory):
        if item is None:
            continue
        for crest in tag_args(item.tags, "Relic"):
            if crest not in unit.crests:
                hurt(unit, RELIC_DAMAGE, f"from {item.name}, a relic of another crest", events)
    terrain = state.map.terrain_at(unit.pos)
    if terrain.heal and not terrain.heal_at_start:
        heal(unit, terrain.heal, f"on the {terrain.name.lower()}", events)
    for item in (unit.equipped_weapon, unit.equipped_accessory):
        if item is None:
            continue
        for crest in tag_args(unit.item_tags(item), "Sacred"):
            amount = SACRED_HEAL_WITH_CREST if crest in unit.crests else SACRED_HEAL
            heal(unit, amount, f"from {item.name}", events)
    for s in unit.statuses:
        if s.name in ONE_TURN and s.left == 1:
            events.append(StatusLost(unit.name, s.name.value, unit.id))
    unit.statuses = [_tick(s) for s in unit.statuses if not (s.name in ONE_TURN and s.left == 1)]
    if unit.inflicted is not None and not unit.inflicted.pending:  # a pending one waits for the next turn
        left = unit.inflicted.turn_ends - 1
        unit.inflicted = None if left == 0 else unit.inflicted.model_copy(update={"turn_ends": left})
    if unit.transformed and turn.busy:
        unit.transformed = False
        unit.shift_spent = True
        events.append(StatusGained(unit.name, "back in normal form", unit.id))


def _tick(status: Status) -> Status:
    if status.name in ONE_TURN and status.left is not None:
        return status.model_copy(update={"left": status.left - 1})
    return status


def end_of_round(state: GameState, events: list[Event]) -> None:
    """Round ends count down Barrier and torchlight."""
    for unit in state.units:
        if any(s.name is StatusName.BARRIER and s.left == 1 for s in unit.statuses) and unit.on_field:
            events.append(StatusLost(unit.name, StatusName.BARRIER.value, unit.id))
        unit.statuses = [
            s.model_copy(update={"left": s.left - 1}) if s.name is StatusName.BARRIER and s.left else s
            for s in unit.statuses
            if not (s.name is StatusName.BARRIER and s.left == 1)
        ]
    state.lights = [light.model_copy(update={"rounds": light.rounds - 1}) for light in state.lights if light.rounds > 1]
    kept = []
    for vein in state.veins:  # Vein's terrain lasts until the end of the round
        before = state.map.terrain_at(vein.at)
        after = state.map.terrain_table[vein.was]
        here = state.unit_at(vein.at)
        if here is not None and here.entry_cost(after) is None:
            kept.append(vein)  # the old tile cannot come back under a unit that could not stand on it
            continue
        x, y = vein.at
        state.map.rows[y] = state.map.rows[y][:x] + vein.was + state.map.rows[y][x + 1:]
        events.append(TerrainChanged(vein.at, before.name, after.name))
    state.veins = kept


def start_of_round(state: GameState, events: list[Event]) -> None:
    """A new round: everyone may activate again, and each lasting status gets its d20.

    Rolls go unit by unit in the order of the army lists, statuses in a fixed order, so a
    replay rolls the same dice for the same things.
    """
    events.append(RoundBegan(state.round, state.to_act))
    _timed_events(state, events)
    for unit in state.units:
        unit.activated = False
        unit.danced = False
        unit.shift_spent = False
        unit.guarded = False
    for unit in state.units:
        if not unit.on_field:
            continue
        for name in state.rules.rolled_statuses:
            if not unit.has_status(name):
                continue
            roll, state.dice = state.dice.d20(f"{unit.name}'s {name.value}: wears off on {ENDS_ON} or less", (unit.id,))
            ended = roll <= ENDS_ON
            if ended:
                unit.statuses = [s for s in unit.statuses if s.name is not name]
            detail = f", {POISON_DAMAGE} damage" if name is StatusName.POISONED and not ended else ""
            events.append(StatusRoll(unit.name, name.value, roll, ended, detail, unit.id))
            if name is StatusName.POISONED and not ended:
                hurt(unit, POISON_DAMAGE, "from poison", events)


def _timed_events(state: GameState, events: list[Event]) -> None:
    """The scenario's events for this round (those set off by a trigger wait for it: triggers.py)."""
    due = [a for a in state.arrivals if a.round == state.round and a.trigger is None]
    state.arrivals = [a for a in state.arrivals if not (a.round == state.round and a.trigger is None)]
    for arrival in due:
        arrive(state, arrival, events)


def arrive(state: GameState, arrival: Arrival, events: list[Event], cause: Concern | None = None) -> None:
    """An event happens: its note, then terrain changes, then new scripts for units on the field, then arriving
    units. A unit whose arrival tile is taken comes in on the nearest free tile it can stand on; a tile does not
    change under a unit that could not stand on the new terrain. `cause` is what set a triggered event off (None:
    the round did); the note carries it and what the event did, so that under fog it reaches only a side that
    saw something of it (docs/rulings.md F12)."""
    first = len(events)
    arrived: list[str] = []
    changed: list[Pos] = []
    for swap in arrival.terrain:
        terrain = state.terrain_named(swap.terrain)
        here = state.unit_at(swap.at)
        if here is not None and here.entry_cost(terrain) is None:
            continue
        before = state.map.terrain_at(swap.at)
        state.set_terrain(swap.at, terrain)
        changed.append(swap.at)
        events.append(TerrainChanged(swap.at, before.name, terrain.name))
    for unit in state.units:
        if unit.on_field and unit.name in arrival.orders:
            unit.orders, unit.team = list(arrival.orders[unit.name]), None
            route = next((order.route for order in unit.orders if order.behaviour == "patrol"), ())
            unit.post = unit.pos if any(order.behaviour == "return" for order in unit.orders) else None
            unit.leg = 1 if route and unit.pos == tile(route[0]) else 0
    for unit in arrival.units:
        spot = _nearest_free(state, unit)
        if spot is None:
            continue  # nowhere to stand: the unit does not arrive
        unit.pos = spot
        state.units.append(unit)
        arrived.append(unit.id)
        changed.append(spot)
        events.append(Acted(f"{unit.name} ({unit.unit_class.name}) arrives for the {unit.side.value} at {tile_name(spot)}.",
                            (unit.id,), (spot,)))
    if arrival.note:  # told first, though what it did is known only now
        events.insert(first, Acted(arrival.note, tuple(arrived), tuple(changed), note=True, cause=cause))


def _nearest_free(state: GameState, unit: Unit) -> Pos | None:
    seen, queue = {unit.pos}, [unit.pos]
    while queue:
        pos = queue.pop(0)
        if state.map.contains(pos) and state.unit_at(pos) is None and unit.entry_cost(state.map.terrain_at(pos)) is not None:
            return pos
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (pos[0] + dx, pos[1] + dy)
            if nxt not in seen and state.map.contains(nxt):
                seen.add(nxt)
                queue.append(nxt)
    return None
