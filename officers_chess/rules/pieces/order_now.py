"""Which line of a unit's script holds now, and what it makes the unit do, in words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.order_when import All, AnyOf, Clause, Node, Not, Once, read_when
from officers_chess.rules.pieces.orders import FREE, Order, tile


Threatened = Callable[[], bool]  # whether an enemy could reach and strike the unit next turn (by real movement)


Areas = Mapping[str, Collection[Pos]]  # the scenario's named areas (GameState.areas)
Morale = Mapping[Side, int]  # each side's morale (GameState.morale; empty when the scenario has none)


def holds(order: Order, unit: Unit, units: list[Unit], round_number: int, threatened: Threatened | None = None,
          areas: Areas | None = None, morale: Morale | None = None) -> bool:
    """Whether the order's condition holds for `unit` now (`units`: every unit the side can see). `threatened`
    answers the `threatened` condition: the computer players work it out from the board (ai/directives.py);
    without it the condition does not hold. `areas` gives the named areas' tiles, `morale` each side's."""
    return _true(read_when(order.when), unit, units, round_number, threatened, areas or {}, morale or {})


def _true(node: Node, unit: Unit, units: list[Unit], round_number: int, threatened: Threatened | None,
          areas: Areas, morale: Morale) -> bool:
    if isinstance(node, Once):  # whether it holds now; whether it has fired before is the state's (followed)
        return _true(node.part, unit, units, round_number, threatened, areas, morale)
    if isinstance(node, Not):
        return not _true(node.part, unit, units, round_number, threatened, areas, morale)
    if isinstance(node, All):
        return all(_true(part, unit, units, round_number, threatened, areas, morale) for part in node.parts)
    if isinstance(node, AnyOf):
        return any(_true(part, unit, units, round_number, threatened, areas, morale) for part in node.parts)
    if node.kind == "threatened":
        return threatened is not None and threatened()
    if node.kind in ("morale_at_most", "enemy_morale_at_most"):  # without morale in the battle: never
        side = unit.side if node.kind == "morale_at_most" else unit.side.other
        return side in morale and morale[side] <= (node.number or 0)
    if node.kind in ("enemy_in", "outnumbered_in"):
        inside = set(areas.get(node.area or "", ()))
        enemies = sum(1 for e in units if e.side is not unit.side and e.on_field and e.pos in inside)
        if node.kind == "enemy_in":
            return enemies > 0
        return enemies > sum(1 for a in units if a.side is unit.side and a.on_field and a.pos in inside)
    return _clause_holds(node, unit, units, round_number)


def _clause_holds(clause: Clause, unit: Unit, units: list[Unit], round_number: int) -> bool:
    kind = clause.kind
    if kind == "always":
        return True
    if kind == "enemy_within":
        return any(e.side is not unit.side and e.on_field and distance(e.pos, unit.pos) <= (clause.number or 0)
                   for e in units)
    if kind == "round_at_least":
        return round_number >= (clause.number or 0)
    if kind == "round_between":
        return (clause.number or 0) <= round_number <= (clause.upto or 0)
    if kind == "hp_at_most":
        return unit.hp <= (clause.number or 0)
    if kind == "ally_routed":
        return any(a.side is unit.side and a.routed and (clause.name is None or a.name == clause.name) for a in units)
    if kind == "ally_hp_at_most":  # a living ally, the unit itself aside, this hurt
        return any(a.side is unit.side and a.on_field and a.id != unit.id and a.hp <= (clause.number or 0)
                   and (clause.name is None or a.name == clause.name) for a in units)
    if kind == "attacked":
        return _struck_lately(unit, round_number)
    if kind == "ally_attacked":
        return any(a.side is unit.side and a.id != unit.id and _struck_lately(a, round_number)
                   and (clause.name is None or a.name == clause.name) for a in units)
    if kind == "enemy_on":
        spot = tile(clause.at)  # type: ignore[arg-type]
        return any(e.side is not unit.side and e.on_field and e.pos == spot for e in units)
    return False


def _struck_lately(unit: Unit, round_number: int) -> bool:
    return unit.struck is not None and unit.struck >= round_number - 1


def current_order(unit: Unit, units: list[Unit], round_number: int) -> Order | None:
    """The first order of the unit's script whose condition holds (None: no script, or none holds)."""
    for order in unit.orders:
        if holds(order, unit, units, round_number):
            return order
    return None


def latch_key(unit: Unit, index: int) -> str:
    """How GameState.woken names line `index` (from 0) of the unit's script: by its team when it has one."""
    return f"{unit.team or unit.id}:{index}"


def followed(
    unit: Unit, units: list[Unit], round_number: int, usable: Callable[[Order], bool] = lambda order: True,
    threatened: Threatened | None = None, woken: Collection[str] = (), team: Collection[Unit] = (),
    areas: Areas | None = None, morale: Morale | None = None, taken: frozenset[str] = frozenset(),
) -> list[tuple[Order, frozenset[str]]]:
    """The lines the unit follows now, each with the parts of its activation it takes (MOVE, ACTION).

    Down the list: the first line that holds takes what it asks for, each later line that holds takes what is
    still left, and whatever no line takes the unit does freely. `usable` passes over a line that names
    something no longer there. A line holds when its condition holds for the unit, or for one of its `team`
    (the other units of an order group that wakes together), or when it is a `once` line that has fired (its
    key in `woken`). `taken`: parts something before the script took (morale)."""
    lines = []
    for index, order in enumerate(unit.orders):
        parts = order.takes - taken
        if not parts and order.takes:
            continue  # earlier lines took all it asks for (a line that takes nothing, `reckless`, is a stance)
        fired = order.latched and latch_key(unit, index) in woken
        now = fired or holds(order, unit, units, round_number, threatened, areas, morale) or any(
            holds(order, mate, units, round_number, areas=areas, morale=morale) for mate in team)
        if now and usable(order):
            lines.append((order, parts))
            taken |= parts  # (no early stop once both are taken: a stance further down still applies)
    return lines


def describe(unit: Unit, units: list[Unit], round_number: int, lines: list[Order] | None = None,
             threatened: Threatened | None = None) -> str | None:
    """What the unit's script makes it do now, in words (e.g. "Hold until round 3", "Hold; Support allies (an
    enemy is within 2 tiles)"), or None without a script. `lines`: the lines followed, when the caller knows them."""
    if not unit.orders and lines is None:
        return None
    if lines is None:
        lines = [order for order, _ in followed(unit, units, round_number, threatened=threatened)]
    return "; ".join(_line_text(unit, order, round_number) for order in lines) or FREE


def _line_text(unit: Unit, order: Order, round_number: int) -> str:
    text = order.label()
    earlier_lines = unit.orders[: unit.orders.index(order)] if order in unit.orders else []  # (morale: no line of it)
    for earlier in earlier_lines:
        if earlier.condition in ("round_at_least", "round_between") and (earlier.number or 0) > round_number:
            return f"{text} until round {earlier.number}"  # the script changes on its own at that round
    if order.condition != "always":
        return f"{text} ({order.condition_text()})"
    return text
