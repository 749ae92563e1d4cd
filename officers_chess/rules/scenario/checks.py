"""Checking a scenario before it is played: tiles on the map, zones, objectives, scripted orders, and room to deploy."""

from __future__ import annotations

from officers_chess.rules.battle.triggers import Trigger, read_trigger
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import Order
from officers_chess.rules.pieces.pricing import unit_cost
from officers_chess.rules.scenario.deploy_room import room_problem
from officers_chess.rules.scenario.script_checks import ANY_SIDE, order_names, placed_names, scripts_of
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, UnitSetup, build_unit, deploy_zone

# The longest name a unit can carry: every unit on the field, hired ones too, is set up from a UnitSetup.
NAME_LIMIT = next(m.max_length for m in UnitSetup.model_fields["name"].metadata if hasattr(m, "max_length"))


def _tile(battle_map: BattleMap, xy: tuple[int, int], what: str, where: tuple[str | int, ...]) -> Pos:
    pos = (xy[0] - 1, xy[1] - 1)
    if not battle_map.contains(pos):
        raise ScenarioError(f"{what} {list(xy)} is off the map ({battle_map.width}×{battle_map.height})", where)
    return pos


def check_scenario(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap) -> None:
    """Everything about a scenario that can be checked before armies exist; ScenarioError names where."""
    if scenario.fog_deployment is not None and not scenario.fog:
        raise ScenarioError("`fog_deployment` says what deployment shows under fog, and this scenario has no fog: "
                            "add `fog: true` or leave `fog_deployment` out", ("fog_deployment",))
    zones: dict[Side, set[Pos]] = {}
    for side in Side:
        rules = scenario.rules(side)
        base = ("sides", side.value)
        if scenario.hires(side):
            if not rules.deploy:
                raise ScenarioError(f"the {side.value} hires its army, so it needs a deployment zone (`deploy`)", base)
            if rules.army.min > rules.army.max:
                raise ScenarioError(f"army min {rules.army.min} is above max {rules.army.max}", base + ("army",))
        for index, zone in enumerate(rules.deploy):
            for corner in (zone.corner, zone.to):
                _tile(battle_map, corner, "deployment zone corner", base + ("deploy", index))
        zones[side] = deploy_zone(scenario, side)
        for key, names, known in (("classes", rules.classes, catalogue.classes), ("items", rules.items, catalogue.items)):
            for index, name in enumerate(names or []):
                if name not in known:
                    raise ScenarioError(f"unknown {key[:-1] if key == 'items' else 'class'} {name!r}", base + (key, index))
    overlap = zones[Side.ATTACKER] & zones[Side.DEFENDER]
    if overlap:
        x, y = sorted(overlap)[0]
        raise ScenarioError(f"the two deployment zones overlap (at {[x + 1, y + 1]})", ("sides", Side.DEFENDER.value, "deploy"))
    for kind in ("seize", "escape", "raze"):
        for index, xy in enumerate(getattr(scenario.tiles, kind)):
            _tile(battle_map, xy, f"{kind} tile", ("tiles", kind, index))
    for side in Side:
        for index, cond in enumerate(scenario.rules(side).victory):
            where = ("sides", side.value, "victory", index)
            for t, xy in enumerate(cond.tiles):
                _tile(battle_map, xy, "objective tile", where + ("tiles", t))
            if cond.kind == "seize" and not scenario.tiles.seize:
                raise ScenarioError("a seize condition needs seize tiles (`tiles: {seize: [...]}`)", where)
            if cond.kind in ("escape", "heist") and not scenario.tiles.escape:
                raise ScenarioError(f"an {cond.kind} condition needs exit tiles (`tiles: {{escape: [...]}}`)", where)
            if cond.kind == "control" and scenario.time_limit is None:
                raise ScenarioError("a control condition is judged when time runs out: give the scenario a `time_limit`", where)
            limit = scenario.time_limit.rounds if scenario.time_limit else None
            if cond.kind in ("survive", "hold") and limit is not None and (cond.rounds or 0) > limit:
                raise ScenarioError(f"round {cond.rounds} never comes: the battle ends after round {limit}", where + ("rounds",))
            if cond.kind == "raze" and len(scenario.tiles.raze) < (cond.count or 0):
                raise ScenarioError(f"raze {cond.count} needs at least that many raze tiles", where)
            if cond.kind in ("defeat", "protect") and not scenario.hires(side.other if cond.kind == "defeat" else side):
                army_side = side.other if cond.kind == "defeat" else side
                if cond.unit not in {u.name for u in scenario.armies[army_side]}:
                    raise ScenarioError(f"no {army_side.value} unit is named {cond.unit!r}", where + ("unit",))
    _check_seize_reachable(scenario, battle_map, zones)
    _check_names_unique(scenario)
    _check_orders(scenario, battle_map)
    placed: dict[Pos, str] = {}
    for side in Side:
        for index, setup in enumerate(scenario.armies.get(side, [])):
            unit = build_unit(setup, side, "check", catalogue, battle_map, ("armies", side.value, index))
            if unit.pos in placed:
                raise ScenarioError(f"{setup.name} starts on the same tile as {placed[unit.pos]}", ("armies", side.value, index, "at"))
            placed[unit.pos] = setup.name
        chest = scenario.rules(side).war_chest
        if scenario.armies.get(side) and chest:
            # A fixed army with a war chest must be one the side could have hired.
            cost = sum(unit_cost(catalogue.classes[u.unit_class], [catalogue.items[i] for i in u.items]) for u in scenario.armies[side])
            if cost > chest:
                raise ScenarioError(f"the {side.value}'s army costs {cost} gold, more than its war chest of {chest}", ("sides", side.value, "war_chest"))
    for index, chest in enumerate(scenario.chests):
        if chest.item not in catalogue.items:
            raise ScenarioError(f"unknown item {chest.item!r}", ("chests", index, "item"))
        _tile(battle_map, chest.at, "chest", ("chests", index, "at"))
    placed = placed_names(scenario)
    for index, event in enumerate(scenario.events):
        where = ("events", index)
        if event.reinforcements:
            for u, setup in enumerate(event.reinforcements.units):
                build_unit(setup, event.reinforcements.side, "check", catalogue, battle_map, where + ("reinforcements", "units", u))
        for t, change in enumerate(event.terrain):
            _tile(battle_map, change.at, "terrain change", where + ("terrain", t, "at"))
            known = [terrain.id for terrain in battle_map.terrain_table.values()]
            if change.to not in known:
                raise ScenarioError(f"unknown terrain {change.to!r} (known: {', '.join(known)})", where + ("terrain", t, "to"))
        if event.when is not None:
            _check_trigger(scenario, battle_map, read_trigger(event.when), where + ("when",), placed)
    _check_deploy_room(scenario, catalogue, battle_map)


def _check_names_unique(scenario: Scenario) -> None:
    """No two units the file places or brings share a name: scripts, triggers, conditions and the battle log all
    tell units apart by name (docs/rulings.md K22)."""
    first: dict[str, str] = {}
    placed = [(u.name, f"the {side.value}'s army", ("armies", side.value, i, "name"))
              for side in Side for i, u in enumerate(scenario.armies.get(side, []))]
    placed += [(u.name, f"event {e + 1}'s reinforcements", ("events", e, "reinforcements", "units", i, "name"))
               for e, event in enumerate(scenario.events) if event.reinforcements
               for i, u in enumerate(event.reinforcements.units)]
    for name, whose, where in placed:
        if name in first:
            raise ScenarioError(f"two units are named {name!r} (one in {first[name]}): scripts, triggers, victory "
                                "conditions and the battle log tell units apart by name, so give each its own", where)
        first[name] = whose


def name_refused(scenario: Scenario, name: str, sides: frozenset[Side], placed: dict[str, Side]) -> str | None:
    """Why no unit will ever answer to a name the file writes (None when one does or may): it is not among the units
    the file places or brings (`placed`), and no side it could be on hires, or it is longer than any unit's name."""
    if name in placed:
        return None
    if not any(scenario.hires(side) for side in sides):
        return f"no unit is named {name!r}"
    if len(name) > NAME_LIMIT:
        return f"no unit is named {name!r}, and no hired unit can be: a unit's name is at most {NAME_LIMIT} characters"
    return None


def _check_trigger(scenario: Scenario, battle_map: BattleMap, trigger: Trigger, where: tuple[str | int, ...],
                   placed: dict[str, Side]) -> None:
    """What an event's trigger names is there: its unit (or one a side may hire), its tile, its chest, its area."""
    refused = name_refused(scenario, trigger.name, ANY_SIDE, placed) if trigger.name is not None else None
    if refused:
        raise ScenarioError(refused, where)
    if trigger.at is not None:
        _tile(battle_map, trigger.at, "the tile of this trigger", where)
    if trigger.kind == "chest_opened" and all(tuple(chest.at) != trigger.at for chest in scenario.chests):
        raise ScenarioError(f"no chest stands on {list(trigger.at or ())}: `chest [X, Y] opened` names a chest's tile", where)
    if trigger.kind in ("wavers", "breaks") and scenario.morale is None:
        raise ScenarioError(f"`{trigger.side.value if trigger.side else ''} {trigger.kind}` needs morale: give the "
                            "scenario a `morale:` block", where)
    if trigger.area is not None and trigger.area not in scenario.areas:
        known = ", ".join(scenario.areas) or "none; name them under `areas:`"
        raise ScenarioError(f"no area is named {trigger.area!r} (areas: {known})", where)


def _check_deploy_room(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap) -> None:
    """Each side that hires can hire and place its smallest army: classes to hire, role rules an army can
    meet, enough zone tiles its classes can stand on, a weapon they can wield, and gold for it all."""
    for side in Side:
        if scenario.hires(side):
            problem = room_problem(scenario, catalogue, battle_map, side)
            if problem is not None:
                raise problem


def _check_seize_reachable(scenario: Scenario, battle_map: BattleMap, zones: dict[Side, set[Pos]]) -> None:
    """Each seize tile must be one a unit on foot could reach from some deployment zone or army.

    Doors, walls and snags count as open (they can be picked or broken); seas, rivers for
    armour and the like are not needed: foot units cross rivers and mountains, slowly.
    """
    if not scenario.tiles.seize:
        return
    starts = set().union(*zones.values()) | {(u.at[0] - 1, u.at[1] - 1) for army in scenario.armies.values() for u in army}
    # Only tiles a unit on foot can stand on: a zone that takes in some water is no way onto an island.
    starts = {p for p in starts if battle_map.contains(p) and battle_map.terrain_at(p).foot is not None}
    openable = {"door", "wall", "snag"}
    seen, frontier = set(starts), list(starts)
    while frontier:
        x, y = frontier.pop()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (x + dx, y + dy)
            if nxt in seen or not battle_map.contains(nxt):
                continue
            terrain = battle_map.terrain_at(nxt)
            if terrain.foot is None and terrain.id not in openable:
                continue
            seen.add(nxt)
            frontier.append(nxt)
    for index, xy in enumerate(scenario.tiles.seize):
        pos = (xy[0] - 1, xy[1] - 1)
        if pos not in seen or battle_map.terrain_at(pos).foot is None:
            raise ScenarioError(f"seize tile {list(xy)} cannot be reached from any deployment zone", ("tiles", "seize", index))


def _check_orders(scenario: Scenario, battle_map: BattleMap) -> None:
    """Tiles named by orders lie on the map; units named by orders exist (or may be hired: name_refused) and stand
    where the order needs them: a pursued unit is an enemy, a guarded one an ally; morale is read only with morale."""
    sides = placed_names(scenario)
    for g_index, group in enumerate(scenario.orders):
        for index, name in enumerate(group.units):
            if refused := name_refused(scenario, name, ANY_SIDE, sides):
                raise ScenarioError(refused, ("orders", g_index, "units", index))
    for e_index, event in enumerate(scenario.events):
        for index, given in enumerate(event.orders):
            if refused := name_refused(scenario, given.unit, ANY_SIDE, sides):
                raise ScenarioError(refused, ("events", e_index, "orders", index, "unit"))
    for name, area in scenario.areas.items():
        for corner in area.corners:
            _tile(battle_map, corner, f"a corner of the area {name!r}", ("areas", name))
    for script in scripts_of(scenario):
        for index, order in enumerate(script.lines):
            for spot in order.tiles():
                _tile(battle_map, spot, "the tile of this order", script.where + (index,))
            for area in order.areas():
                if area not in scenario.areas:
                    known = ", ".join(scenario.areas) or "none; name them under `areas:`"
                    raise ScenarioError(f"no area is named {area!r} (areas: {known})", script.where + (index,))
            for clause in order.clauses:  # as `SIDE wavers` is refused without morale (docs/rulings.md K25)
                if clause.kind in ("morale_at_most", "enemy_morale_at_most") and scenario.morale is None:
                    form = "morale <= N" if clause.kind == "morale_at_most" else "enemy morale <= N"
                    raise ScenarioError(f"`{form}` reads morale, and this scenario plays without it: give the "
                                        "scenario a `morale:` block", script.where + (index,))
            for name, could_be in order_names(order, script.owner):
                if refused := name_refused(scenario, name, could_be, sides):
                    raise ScenarioError(refused, script.where + (index,))
            _check_order_sides(order, script.owner, script.own_name, sides, script.where + (index,))


def _check_order_sides(order: Order, owner: Side | None, own_name: str | None, sides: dict[str, Side],
                       where: tuple[str | int, ...]) -> None:
    if owner is None:
        return
    if order.behaviour == "pursue" and order.target in sides and sides[order.target] is owner:
        raise ScenarioError(f"{order.target} is on the {owner.value}'s own side: pursue names an enemy", where)
    if order.behaviour == "guard_unit" and order.target in sides:
        if order.target == own_name:
            raise ScenarioError(f"{own_name} cannot guard itself: name an ally, or guard a tile", where)
        if sides[order.target] is not owner:
            raise ScenarioError(f"{order.target} is an enemy of the {owner.value}: guard names an ally", where)
    for clause in order.clauses:
        if (clause.kind in ("ally_routed", "ally_hp_at_most", "ally_attacked") and clause.name in sides
                and sides[clause.name] is not owner):
            form = {"ally_routed": "ally NAME routed", "ally_hp_at_most": "ally NAME hp <= N"}.get(clause.kind,
                                                                                                 "ally NAME attacked")
            raise ScenarioError(f"{clause.name} is not on the {owner.value}'s side: '{form}' names an ally", where)
