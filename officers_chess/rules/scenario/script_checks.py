"""Warnings about a scenario's scripts that load but cannot work as written: lines that never apply, tiles a unit cannot enter, a unit in two groups, a name that looks misspelt."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.triggers import read_trigger
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.order_when import All, Clause, Once, read_when
from officers_chess.rules.pieces.orders import ACTION, MOVE, TARGET_WORDS, Order
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, UnitSetup, build_unit

Where = tuple[str | int, ...]
# Behaviours that always do what they say once their condition holds: nothing they name can be gone
# (a guard NAME, pursue or retreat line is passed over when its ward, prey or healing tile is).
NEVER_PASSED_OVER = ("hold", "guard_tile", "guard_area", "advance", "support", "flee")  # (seize, raze, escape: only with their tiles)


@dataclass(frozen=True)
class Script:
    """One script of the scenario: where it is written, its lines, the side it steers, the units it steers
    (their setups, when the file places them), and the unit it belongs to when it is one unit's own."""

    where: Where
    lines: list[Order]
    owner: Side | None
    steers: tuple[UnitSetup, ...]
    own_name: str | None = None


@dataclass(frozen=True)
class ScriptWarning:
    message: str
    where: Where


def scripts_of(scenario: Scenario) -> list[Script]:
    """Every script: each placed or arriving unit's own, then each order group's."""
    sides: dict[str, Side] = {}
    setups: dict[str, UnitSetup] = {}
    scripts = []
    for side in Side:
        for index, setup in enumerate(scenario.armies.get(side, [])):
            sides[setup.name], setups[setup.name] = side, setup
            scripts.append(Script(("armies", side.value, index, "orders"), setup.orders, side, (setup,), setup.name))
    for e_index, event in enumerate(scenario.events):
        if event.reinforcements:
            for index, setup in enumerate(event.reinforcements.units):
                sides[setup.name], setups[setup.name] = event.reinforcements.side, setup
                where = ("events", e_index, "reinforcements", "units", index, "orders")
                scripts.append(Script(where, setup.orders, event.reinforcements.side, (setup,), setup.name))
    for e_index, event in enumerate(scenario.events):  # new scripts an event gives units on the field
        for index, given in enumerate(event.orders):
            where = ("events", e_index, "orders", index, "script")
            setup = setups.get(given.unit)
            scripts.append(Script(where, given.script, sides.get(given.unit), (setup,) if setup else (), given.unit))
    grouped = {name for group in scenario.orders for name in group.units}
    claimed: set[str] = set()  # the units an earlier group steers (setup.group_orders: the first group wins)
    for g_index, group in enumerate(scenario.orders):
        if group.side:
            steers = tuple(s for name, s in setups.items() if sides[name].value == group.side and not s.orders
                           and name not in grouped and f"side:{group.side}" not in claimed)
            claimed.add(f"side:{group.side}")
        else:
            steers = tuple(setups[name] for name in group.units if name in setups and not setups[name].orders
                           and name not in claimed)
            claimed.update(group.units)
        owners = {Side(group.side)} if group.side else {sides[n] for n in group.units if n in sides}
        for owner in owners or {None}:
            scripts.append(Script(("orders", g_index, "script"), group.script, owner, steers))
    return scripts


def steered(scenario: Scenario, side: Side) -> bool:
    """Whether the scenario gives any unit of `side` a script: a fact of the file, as its briefing tells it, while the
    scripts themselves stay hidden from the other side in battle (vision.known_battle)."""
    return any(script.owner is side and script.lines for script in scripts_of(scenario))


@dataclass(frozen=True)
class NameUse:
    """A unit name the file writes outside an army: the sides the unit could be on, and where it is written."""

    name: str
    sides: frozenset[Side]
    where: Where


ANY_SIDE = frozenset(Side)


def placed_names(scenario: Scenario) -> dict[str, Side]:
    """The names of the units the file itself places or brings (fixed armies, then reinforcements), with their side."""
    sides: dict[str, Side] = {}
    for side in Side:
        sides.update({u.name: side for u in scenario.armies.get(side, [])})
    for event in scenario.events:
        if event.reinforcements:
            sides.update({u.name: event.reinforcements.side for u in event.reinforcements.units})
    return sides


def order_names(order: Order, owner: Side | None) -> list[tuple[str, frozenset[Side]]]:
    """The unit names a script line writes, each with the sides its unit could be on (the script's owner's for an
    ally or a guarded unit, the other for a pursued one; either when the owner is not known)."""
    own = frozenset({owner}) if owner else ANY_SIDE
    enemy = frozenset({owner.other}) if owner else ANY_SIDE
    named = [(c.name, own) for c in order.clauses if c.name is not None]  # every clause that names a unit names an ally
    if order.target is not None and order.behaviour in ("guard_unit", "pursue"):
        named.append((order.target, own if order.behaviour == "guard_unit" else enemy))
    return named


def name_uses(scenario: Scenario) -> list[NameUse]:
    """Every unit name written in order groups, events' new orders, scripts and triggers, in the file's order."""
    uses = [NameUse(name, ANY_SIDE, ("orders", g, "units", i))
            for g, group in enumerate(scenario.orders) for i, name in enumerate(group.units)]
    uses += [NameUse(given.unit, ANY_SIDE, ("events", e, "orders", i, "unit"))
             for e, event in enumerate(scenario.events) for i, given in enumerate(event.orders)]
    for script in scripts_of(scenario):
        for index, order in enumerate(script.lines):
            uses += [NameUse(name, sides, script.where + (index,)) for name, sides in order_names(order, script.owner)]
    for e, event in enumerate(scenario.events):
        if event.when is not None and read_trigger(event.when).name is not None:
            uses.append(NameUse(read_trigger(event.when).name or "", ANY_SIDE, ("events", e, "when")))
    return uses


def script_warnings(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap) -> list[ScriptWarning]:
    """What `validate` warns of in the scripts (the file still loads and plays)."""
    found: list[ScriptWarning] = []
    for script in scripts_of(scenario):
        found += _dead_lines(script, scenario, {name.lower() for name in catalogue.classes})
        found += _tiles_out_of_reach(script, catalogue, battle_map)
    found += _groups_that_never_steer(scenario)
    found += _misspelt_names(scenario)
    return found


def _misspelt_names(scenario: Scenario) -> list[ScriptWarning]:
    """A name written for a unit a side may hire that is close to, but not, the name of a unit the file places:
    most likely a slip of the pen, since only a hired unit given that very name would answer to it."""
    placed = placed_names(scenario)
    near: dict[str, str] = {}  # each placed name's slips -> the first placed name with it
    for name in placed:
        for slip in _slips(name):
            near.setdefault(slip, name)
    found, seen = [], set()
    for use in name_uses(scenario):
        if use.name in placed or (use.name, use.where) in seen or not any(scenario.hires(s) for s in use.sides):
            continue
        seen.add((use.name, use.where))
        close = next((near[slip] for slip in sorted(_slips(use.name)) if slip in near), None)
        if close is not None:
            found.append(ScriptWarning(f"no unit the file places is named {use.name!r}: did you mean {close!r}? "
                                       "(only a hired unit given exactly that name would answer to it)", use.where))
    return found


def _slips(name: str) -> set[str]:
    """The name in lower case, and it with any one letter left out: two names that share one are one slip of the pen
    apart (a letter wrong, missing, extra or two swapped; case aside). Linear in the names, unlike pairwise matching,
    so a file of thousands of names is checked at once."""
    low = name.lower()[:40]
    return {low} | {low[:i] + low[i + 1:] for i in range(len(low))}


def _dead_lines(script: Script, scenario: Scenario, classes: set[str]) -> list[ScriptWarning]:
    found = []
    taken: dict[str, int] = {}  # part -> the line (from 1) that always takes it first
    for index, order in enumerate(script.lines):
        where = script.where + (index,)
        why = _never_holds(order, scenario)
        if why is not None:
            found.append(ScriptWarning(f"line {index + 1} (`{order.when}`) can never hold: {why}", where))
            continue
        if (order.behaviour == "target" and order.target not in TARGET_WORDS and not (order.target or "").startswith("tag ")
                and (order.target or "").lower() not in classes):
            found.append(ScriptWarning(f"line {index + 1} (`{order.do}`) can never apply: the catalogue has no class "
                                       f"called {order.target}", where))
            continue
        if order.takes and order.takes <= taken.keys():  # (a stance, `reckless`, takes nothing: never dead)
            firsts = sorted({taken[part] for part in order.takes})
            parts = " and ".join(_part_word(p) for p in (MOVE, ACTION) if p in order.takes)
            lines = " and ".join(f"line {n}" for n in firsts)
            found.append(ScriptWarning(f"line {index + 1} (`{order.do}`) can never apply: {lines} always takes "
                                       f"the {parts} first (a script is followed from the top down)", where))
            continue
        if order.condition == "always" and order.behaviour in NEVER_PASSED_OVER:
            for part in order.takes:
                taken.setdefault(part, index + 1)
    return found


def _part_word(part: str) -> str:
    return "move" if part == MOVE else "action"


def _never_holds(order: Order, scenario: Scenario) -> str | None:
    """Why the line's condition can never hold, or None. A condition joined by `and` never holds when one of its
    parts never does; `or` and `not` are left alone."""
    node = read_when(order.when)
    if isinstance(node, Once):
        node = node.part  # a kept condition that never holds is never kept either
    parts = node.parts if isinstance(node, All) else (node,)
    for clause in parts:
        if isinstance(clause, Clause):
            why = _clause_never(clause, scenario)
            if why is not None:
                return why
    return None


def _clause_never(clause: Clause, scenario: Scenario) -> str | None:
    limit = scenario.time_limit.rounds if scenario.time_limit is not None else None
    number = clause.number or 0
    if clause.kind in ("hp_at_most", "ally_hp_at_most") and number <= 0:
        return "a unit at 0 HP is routed, and a routed unit neither acts nor counts as an ally on the field"
    if clause.kind == "enemy_within" and number <= 0:
        return "no enemy stands 0 tiles away"
    if clause.kind in ("round_at_least", "round_between") and limit is not None and number > limit:
        return f"the battle ends after round {limit} (its time limit)"
    return None


def _tiles_out_of_reach(script: Script, catalogue: Catalogue, battle_map: BattleMap) -> list[ScriptWarning]:
    """An `advance to`, `guard` or patrol tile that none of the units the script steers can stand on."""
    found = []
    for index, order in enumerate(script.lines):
        for spot in ([order.goal] if order.goal is not None else []) + list(order.route):
            if not script.steers or not battle_map.contains((spot[0] - 1, spot[1] - 1)):
                continue
            terrain = battle_map.terrain_at((spot[0] - 1, spot[1] - 1))
            barred = [s for s in script.steers if not _can_enter(s, script.owner, terrain, catalogue, battle_map)]
            if barred and len(barred) == len(script.steers):
                names = ", ".join(f"{s.name} ({s.unit_class})" for s in barred[:4]) + (" ..." if len(barred) > 4 else "")
                found.append(ScriptWarning(f"line {index + 1} sends its units to {list(spot)}, {terrain.name}, "
                                           f"which {names} cannot enter", script.where + (index,)))
    return found


def _can_enter(setup: UnitSetup, side: Side | None, terrain, catalogue: Catalogue, battle_map: BattleMap) -> bool:
    try:
        unit = build_unit(setup, side or Side.ATTACKER, "check", catalogue, battle_map, ())
    except ScenarioError:
        return True  # a unit that cannot be built is refused by the checks themselves
    return unit.entry_cost(terrain) is not None


def _groups_that_never_steer(scenario: Scenario) -> list[ScriptWarning]:
    """A unit named by a second group (the first group naming it steers it), and a second group for a side."""
    found = []
    named: dict[str, int] = {}
    sides: dict[str, int] = {}
    for g_index, group in enumerate(scenario.orders):
        for index, name in enumerate(group.units):
            if name in named:
                found.append(ScriptWarning(f"{name} is in order groups {named[name] + 1} and {g_index + 1}: only the "
                                           "first steers it", ("orders", g_index, "units", index)))
            else:
                named[name] = g_index
        if group.side:
            if group.side in sides:
                found.append(ScriptWarning(f"order group {g_index + 1} is the {group.side}'s second: group "
                                           f"{sides[group.side] + 1} steers the side, so this one steers nobody",
                                           ("orders", g_index, "side")))
            else:
                sides[group.side] = g_index
    return found
