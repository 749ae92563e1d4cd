"""A unit's scripted order turned into constraints on the default tactics: where it may stand, what it heads for."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from officers_chess.ai.assess import armed_forms
from officers_chess.ai.threat_map import attackers_at
from officers_chess.rules.battle.morale import rallied, standing
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import diamond
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.order_now import followed
from officers_chess.rules.pieces.orders import ACTION, GUARD_RADIUS, MOVE, Order, tile
from officers_chess.rules.pieces.tags import tag_args


STANCE = "stance"  # what a line that takes no part of the activation adds to it (`reckless`)


@dataclass(frozen=True)
class Directive:
    """What a unit's script asks of it this activation; the default tactics fill in everything else.

    The script is followed down the list (order_now.followed): the move comes from the first line that
    holds and takes the move, the action from the first that takes the action; what no line takes is free.

    stay     the unit does not move (hold)
    near     the unit ends its move on one of these tiles when it can (guard; retreat: a healing
             tile; pursue: a tile from which it can strike its prey)
    goal     the unit heads for these tiles (advance, retreat, flee, pursue)
    away     the unit keeps as far from the enemy as it can (flee with no exit on the map)
    prey     the enemy it attacks first when it can (pursue)
    support  heals and dances come before attacks
    special  the special action it takes first when it may: escape (flee, escape), seize, raze, pick (chests)
    keep     (N, the enemies' tiles): it ends its move N tiles or more from every enemy, else as far as it gets
    reckless it accepts a losing exchange: its own losses do not count, and its prey is struck whatever the counter
    """

    order: Order  # the first line followed
    orders: tuple[Order, ...] = ()  # every line followed, down the list
    move_line: Order | None = None  # the line that took the move (None: the move is free)
    stay: bool = False
    near: frozenset[Pos] | None = None
    goal: frozenset[Pos] | None = None
    away: bool = False
    prey: str | None = None
    support: bool = False
    special: str | None = None
    keep: tuple[int, frozenset[Pos]] | None = None
    reckless: bool = False


def throws_itself_away(kill: float, death: float) -> bool:
    """Whether a strike at a pursue order's prey is one the order does not ask for: the counter routs the pursuer
    at even odds or worse, and more likely than the strike routs the prey. The order hunts the prey; it does not
    spend the unit on it."""
    return death >= 0.5 and death > kill


def _around(view: GameState, centre: Pos) -> frozenset[Pos]:
    return frozenset(diamond(centre, GUARD_RADIUS, view.map.width, view.map.height))


def _strike_tiles(view: GameState, unit: Unit, target: Pos) -> frozenset[Pos]:
    """The tiles from which one of the unit's fighting weapons reaches `target` (equipping is free)."""
    spans = [weapon_range(form, form.inventory[form.weapon]) for form in armed_forms(unit)]  # type: ignore[index]
    x0, y0 = target
    reach = max((high for _, high in spans), default=0)
    return frozenset(
        (x, y)
        for y in range(max(0, y0 - reach), min(view.map.height, y0 + reach + 1))
        for x in range(max(0, x0 - reach), min(view.map.width, x0 + reach + 1))
        if any(low <= distance((x, y), target) <= high for low, high in spans)
    )


def directive(view: GameState, unit: Unit) -> Directive | None:
    """What the unit's script asks of it now, from what its side can see: down the list, each line that holds
    takes the parts of the activation still left (see Directive).

    A line that names something no longer there (a guarded ally routed, a pursued enemy out of sight, no
    healing tile) is passed over. None when the unit has no script or no line applies: the default tactics
    then decide alone.
    """
    pieces: dict[int, dict] = {}

    def usable(order: Order) -> bool:
        piece = _piece(view, unit, order)
        if piece is not None:
            pieces[id(order)] = piece
        return piece is not None

    team = [u for u in view.living(unit.side) if unit.team is not None and u.team == unit.team and u.id != unit.id]
    shaken = _morale_line(view, unit)  # morale comes before any script (as Emlia's morale conditions do)
    if shaken is not None:
        pieces[id(shaken)] = _piece(view, unit, shaken) or {}
    lines = followed(unit, view.units, view.round, usable, threatened=lambda: threatened(view, unit),
                     woken=view.woken, team=team, areas=view.areas, morale=view.morale,
                     taken=shaken.takes if shaken is not None and pieces[id(shaken)] else frozenset())
    if shaken is not None and pieces[id(shaken)]:
        lines = [(shaken, shaken.takes), *lines]
    if not lines:
        return None
    fields: dict = {}
    for order, parts in lines:
        piece = pieces[id(order)]
        for part in (*parts, STANCE):
            fields.update(piece.get(part, {}))
        if MOVE in parts:
            fields["move_line"] = order
    return Directive(lines[0][0], orders=tuple(order for order, _ in lines), **fields)


def _morale_line(view: GameState, unit: Unit) -> Order | None:
    """What its side's morale makes a unit do, as a script line: flee when the side is broken, fall back to heal when
    it wavers and the unit is at half HP or less; nothing when it stands near a Leader of its side (it rallies)."""
    rules = view.morale_rules
    if rules is None or unit.side not in view.morale or rallied(unit, view.units, rules):
        return None
    now = standing(view.morale[unit.side], rules)
    if now == "broken":
        return _shaken(rules.broken, "flee")
    if now == "wavering" and unit.hp * 2 <= unit.max_hp:
        return _shaken(rules.waver, "retreat to healing")
    return None


@lru_cache(maxsize=64)
def _shaken(level: int, behaviour: str) -> Order:
    return Order.model_validate({"when": f"morale <= {level}", "do": behaviour})


def threatened(view: GameState, unit: Unit) -> bool:
    """Whether an enemy its side can see could reach and strike `unit` where it stands next turn (real movement,
    round rivers and walls; the danger zones the computer plays by)."""
    enemies = [e for e in view.living(unit.side.other) if e.on_field]
    return bool(attackers_at(view, unit, unit.pos, enemies))


def _piece(view: GameState, unit: Unit, order: Order) -> dict[str, dict] | None:
    """What one line asks, by part of the activation (MOVE: where it goes; ACTION: what it does), or None when
    the line names something no longer there."""
    kind = order.behaviour
    if kind == "hold":
        return {MOVE: {"stay": True}}
    if kind == "guard_tile":
        return {MOVE: {"near": _around(view, tile(order.goal))}}  # type: ignore[arg-type]
    if kind == "guard_unit":
        ward = next((a for a in view.living(unit.side) if a.name == order.target and a.id != unit.id), None)
        return {MOVE: {"near": _around(view, ward.pos)}} if ward else None
    if kind == "pursue":
        foes = view.living(unit.side.other)
        if order.target is not None:
            foes = [e for e in foes if e.name == order.target]
        if not foes:
            return None
        prey = min(foes, key=lambda e: (distance(e.pos, unit.pos), e.id))
        return {MOVE: {"goal": frozenset({prey.pos}), "near": _strike_tiles(view, unit, prey.pos)}, ACTION: {"prey": prey.id}}
    if kind == "advance":
        return {MOVE: {"goal": frozenset({tile(order.goal)})}}  # type: ignore[arg-type]
    if kind == "retreat":
        occupied = {u.pos for u in view.living() if u.id != unit.id}
        healing = frozenset(
            (x, y)
            for y, row in enumerate(view.map.rows)
            for x in range(len(row))
            if view.map.terrain_at((x, y)).heal > 0 and (x, y) not in occupied and unit.entry_cost(view.map.terrain_at((x, y))) is not None
        )
        return {MOVE: {"goal": healing, "near": healing}} if healing else None
    if kind == "support":
        return {ACTION: {"support": True}}
    if kind == "flee":
        move = {"goal": frozenset(view.escape_tiles)} if view.escape_tiles else {"away": True}
        return {MOVE: move, ACTION: {"special": "escape"}}
    if kind in ("seize", "raze", "escape", "pick"):
        places = {"seize": view.seize_tiles, "raze": view.raze_tiles, "escape": view.escape_tiles,
                  "pick": [c.at for c in view.chests]}[kind]  # (chests the side can see)
        if not places:
            return None
        return {MOVE: {"goal": frozenset(places)}, ACTION: {"special": kind}}
    if kind == "guard_area":
        return {MOVE: {"near": frozenset(view.areas.get(order.target or "", ()))}} if order.target in view.areas else None
    if kind == "reckless":
        return {STANCE: {"reckless": True}}
    if kind == "patrol":
        stop = tile(order.route[unit.leg % len(order.route)])
        return {MOVE: {"goal": frozenset({stop}), "near": frozenset({stop})}}
    if kind == "return":
        return {MOVE: {"goal": frozenset({unit.post}), "near": frozenset({unit.post})}} if unit.post is not None else None
    if kind == "keep_distance":
        foes = frozenset(e.pos for e in view.living(unit.side.other) if e.on_field)
        return {MOVE: {"keep": (order.keep or 0, foes)}} if foes else None
    if kind == "target":
        chosen = _target(view, unit, order.target or "nearest")
        return {ACTION: {"prey": chosen.id}} if chosen is not None else None
    return None


def _target(view: GameState, unit: Unit, priority: str) -> Unit | None:
    """The enemy a `target` line strikes first: by its priority, then the nearest (then the first listed)."""
    foes = [e for e in view.living(unit.side.other) if e.on_field]
    if priority == "healers":
        foes = [e for e in foes if any(tag_args(item.tags, "Heal") for item in e.inventory)]
    elif priority == "leader":
        foes = [e for e in foes if e.has("Leader")]
    elif priority.startswith("tag "):
        foes = [e for e in foes if any(t.lower() == priority[4:].lower() for t in _tag_names(e))]
    elif priority not in ("lowest hp", "nearest"):
        foes = [e for e in foes if e.unit_class.name.lower() == priority.lower()]
    if not foes:
        return None
    weakest_first = priority == "lowest hp"
    return min(foes, key=lambda e: (e.hp if weakest_first else 0, distance(e.pos, unit.pos), e.id))


def _tag_names(unit: Unit) -> list[str]:
    return [tag.split("(", 1)[0] for tag in unit.tags]  # `Effective(Flying)` counts as Effective


def keep_apart(tiles: list[Pos], keep: tuple[int, frozenset[Pos]]) -> list[Pos]:
    """The tiles a `keep distance N` line lets the unit end on: N tiles or more from every enemy, else the farthest."""
    least, foes = keep
    far = {p: min(distance(p, e) for e in foes) for p in tiles}
    kept = [p for p in tiles if far[p] >= least]
    return kept or [p for p in tiles if far[p] == max(far.values(), default=0)]
