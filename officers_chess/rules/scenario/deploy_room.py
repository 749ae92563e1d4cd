"""Room in a deployment zone: which free tiles of a side's zone a unit can stand on, whether an army fits
them, and whether the side's smallest army can be hired and placed at all.

`validate` (through `check_scenario`), army building (`army_problems` with a map) and the computer's
muster all ask here, so a scenario that passes validation can always be mustered. A unit can stand on a
tile when `build_unit` accepts it there, the very check Deployment makes; a tile a placed unit (a fixed
army of either side) holds is not free.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, Weapon, WeaponType
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.scenario.setup import (
    Scenario,
    ScenarioError,
    SideRules,
    UnitSetup,
    build_unit,
    can_equip_class,
    deploy_zone,
)

# One (cost, class, items) way to fill a slot of an army.
Option = tuple[int, str, tuple[str, ...]]
NOWHERE = float("inf")


def allowed(names: list[str] | None, name: str) -> bool:
    return names is None or name in names


def hire_options(scenario: Scenario, catalogue: Catalogue, side: Side) -> tuple[list[Option], list[Option]]:
    """Armed units (one class, one fighting weapon) and healers (a Heal staff, plus a weapon when it can wield
    one) the side may hire, cheapest first. Staves and stones are not fighting weapons."""
    rules = scenario.rules(side)
    armed: list[Option] = []
    healers: list[Option] = []
    # A unit's cost is its class's price plus its items' (unit_cost), so each is priced once, not per pairing.
    gold = {item.name: item_price(item) for item in catalogue.items.values()
            if isinstance(item, Weapon) and allowed(rules.items, item.name)}
    for unit_class in catalogue.classes.values():
        if not allowed(rules.classes, unit_class.name):
            continue
        usable = [item for item in catalogue.items.values()
                  if isinstance(item, Weapon) and can_equip_class(unit_class, item) and allowed(rules.items, item.name)]
        weapons = [w for w in usable if w.type not in (WeaponType.STAFF, WeaponType.STONE)]
        staves = [w for w in usable if w.type is WeaponType.STAFF and tag_args(w.tags, "Heal")]
        hire = class_price(unit_class)
        for weapon in weapons:
            armed.append((hire + gold[weapon.name], unit_class.name, (weapon.name,)))
        for staff in staves:
            healers.append((hire + gold[staff.name], unit_class.name, (staff.name,)))
            for weapon in weapons:
                healers.append((hire + gold[weapon.name] + gold[staff.name], unit_class.name, (weapon.name, staff.name)))
    return sorted(armed), sorted(healers)


def held_tiles(scenario: Scenario) -> dict[Pos, str]:
    """Tiles the scenario's placed units stand on (fixed armies of both sides), with their names."""
    return {(u.at[0] - 1, u.at[1] - 1): u.name for army in scenario.armies.values() for u in army}


def smallest_army(rules: SideRules) -> int:
    """The fewest units the side may field: its army minimum, or more when a role needs more units."""
    counts = [rule.count for rule in rules.roles if isinstance(rule.count, int)]
    return max([rules.army.min, *counts])


def _units(count: int) -> str:
    return f"{count} unit{'' if count == 1 else 's'}"


def _tiles(count: int) -> str:
    return f"{count} tile{'' if count == 1 else 's'}"


def _names(names: Sequence[str], word: str = "or") -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


class Room:
    """The free tiles of one side's deployment zone, and which of them a kind of unit can stand on.

    Tiles of one glyph are alike (a unit stands on a tile when it can enter its terrain), so a kind of
    unit is asked once per glyph of the zone, through `build_unit` on one tile of that glyph.
    """

    def __init__(self, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side) -> None:
        self.scenario, self.catalogue, self.battle_map, self.side = scenario, catalogue, battle_map, side
        zone = {p for p in deploy_zone(scenario, side) if battle_map.contains(p)}
        held = held_tiles(scenario)
        self.zone = sorted(zone)
        self.held = {p: held[p] for p in self.zone if p in held}
        self.tiles = [p for p in self.zone if p not in held]  # the free ones
        self.by_glyph: dict[str, list[Pos]] = {}
        for x, y in self.tiles:
            self.by_glyph.setdefault(battle_map.rows[y][x], []).append((x, y))
        self._known: dict[tuple[str, tuple[str, ...]], frozenset[str]] = {}

    def count(self, glyph: str) -> int:
        return len(self.by_glyph.get(glyph, ()))

    def glyphs(self, unit_class: str, items: Iterable[str] = ()) -> frozenset[str]:
        """The glyphs of free zone tiles a unit of this class carrying these items can stand on."""
        items = tuple(items)
        # What a unit can enter comes from its tags (class, equipped items): items alike in kind and tags are alike here.
        found = [self.catalogue.items.get(name) for name in items]
        key = (unit_class, tuple((type(i).__name__, tuple(i.tags)) if i is not None else name for i, name in zip(found, items)))
        if key not in self._known:
            self._known[key] = self._standing(unit_class, items)
        return self._known[key]

    def tiles_for(self, unit_class: str, items: Iterable[str] = ()) -> list[Pos]:
        glyphs = self.glyphs(unit_class, items)
        return [p for p in self.tiles if self.battle_map.rows[p[1]][p[0]] in glyphs]

    def _standing(self, unit_class: str, items: tuple[str, ...]) -> frozenset[str]:
        """Deployment's own check: `build_unit` on a tile of each glyph until it accepts one; the only thing
        it asks of the tile is that the unit can enter its terrain, so the unit it built answers for the rest."""
        for glyph, tiles in self.by_glyph.items():
            pos = tiles[0]
            setup = UnitSetup(name="room", unit_class=unit_class, items=list(items), at=(pos[0] + 1, pos[1] + 1))
            try:
                unit = build_unit(setup, self.side, "room", self.catalogue, self.battle_map, ())
            except ScenarioError as exc:
                if exc.where[-1:] == ("at",):  # it cannot stand there; any other refusal is not about room
                    continue
                raise
            table, columns = self.battle_map.terrain_table, unit.move_types  # its tags, read once
            return frozenset(g for g in self.by_glyph if g == glyph or unit.entry_cost(table[g], columns) is not None)
        return frozenset()

    def terrain_name(self, glyph: str) -> str:
        return self.battle_map.terrain_table[glyph].name

    def fits(self, kinds: Sequence[tuple[str, Iterable[str]]]) -> int:
        """How many of these units (class, items) can stand in the zone at once, one to a tile."""
        return fit_count([self.glyphs(c, items) for c, items in kinds], {g: self.count(g) for g in self.by_glyph})


def fit_count(needs: Sequence[frozenset[str]], room: dict[str, int]) -> int:
    """The most units that can stand at once, unit i on a glyph of needs[i], at most room[g] units per glyph
    (augmenting paths over the glyphs, so it is exact and cheap however large the zone)."""
    load: dict[str, list[int]] = {g: [] for g in room}
    at: dict[int, str] = {}

    def place(i: int, seen: set[str]) -> bool:
        for glyph in sorted(needs[i]):
            if glyph in seen or room.get(glyph, 0) == 0:
                continue
            seen.add(glyph)
            if len(load[glyph]) < room[glyph] or any(place(j, seen) for j in list(load[glyph])):
                if i in at:
                    load[at[i]].remove(i)
                load[glyph].append(i)
                at[i] = glyph
                return True
        return False

    return sum(1 for i in range(len(needs)) if place(i, set()))


def complete(wishes: dict[str, list[Pos]], start: dict[str, Pos]) -> dict[str, Pos]:
    """A tile for as many units as can have one: `start` kept where it can be, each unit still without a
    tile given one of its `wishes` (in its order of preference), moving placed units to other tiles of
    theirs when that makes room (augmenting paths). Units left out have no tile in the result."""
    spots = dict(start)
    holder = {pos: name for name, pos in spots.items()}

    def place(name: str, seen: set[Pos]) -> bool:
        for pos in wishes[name]:
            if pos in seen:
                continue
            seen.add(pos)
            other = holder.get(pos)
            if other is None or place(other, seen):
                spots[name] = pos
                holder[pos] = name
                return True
        return False

    for name in wishes:
        if name not in spots:
            place(name, set())
    return spots


def _buildable(catalogue: Catalogue, unit_class: str, items: Sequence[str]) -> bool:
    """Whether `build_unit` could make this unit anywhere: a known class, known items, weapons it can wield
    (anything else is a problem `army_problems` reports already)."""
    found = catalogue.classes.get(unit_class)
    if found is None or any(i not in catalogue.items for i in items):
        return False
    return all(can_equip_class(found, w) for w in (catalogue.items[i] for i in items) if isinstance(w, Weapon))


def army_fit_problem(room: Room, units: Sequence[tuple[str, str, Sequence[str]]]) -> str | None:
    """Why these units (name, class, items) cannot all stand in the zone at once, or None when they can."""
    kinds = [(c, list(items)) for _, c, items in units if _buildable(room.catalogue, c, items)]
    placed = room.fits(kinds)
    if placed >= len(kinds):
        return None
    classes = sorted({c for c, _ in kinds})
    where = ", ".join(f"{c} on {_tiles(len(room.tiles_for(c)))}" for c in classes)
    return (f"the deployment zone has room for only {placed} of these {len(kinds)} units "
            f"({_tiles(len(room.tiles))} free; {where})")


def room_problem(
    scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, *,
    room: Room | None = None, options: list[Option] | None = None,
) -> ScenarioError | None:
    """Why the side, which hires its army, could not hire and place its smallest army: no class to hire,
    role rules no army meets, too few zone tiles its classes can stand on, no weapon for its classes, or
    too little gold. None when the computer (and so a player) can muster it. `where` names the key.
    `room` and `options` (the armed ones of `hire_options`) may be passed in when the caller has them."""
    rules = scenario.rules(side)
    base: tuple[str | int, ...] = ("sides", side.value)
    seen_roles: dict[str, int] = {}
    for index, rule in enumerate(rules.roles):
        where = base + ("roles", index)
        if rule.role in seen_roles:
            first = seen_roles[rule.role] + 1
            return ScenarioError(f"the {rule.role} role has two rules (entries {first} and {index + 1}); give it one count",
                                 where + ("role",))
        seen_roles[rule.role] = index
        if isinstance(rule.count, int) and rule.count < 0:
            return ScenarioError(f"a role count is a number of units (0 or more) or `all`, not {rule.count}",
                                 where + ("count",))
        if isinstance(rule.count, int) and rule.count > rules.army.max:
            return ScenarioError(f"{_units(rule.count)} must be {rule.role}, but the {side.value}'s army may have "
                                 f"at most {_units(rules.army.max)}", where + ("count",))
    classes = [c for c in catalogue.classes if allowed(rules.classes, c)]
    if not classes:
        return ScenarioError(f"the {side.value} hires its army but may hire no class (`classes` is empty)", base + ("classes",))
    smallest = smallest_army(rules)
    needed = f"its smallest army is {_units(smallest)}"
    if smallest > rules.army.min:
        needed += f", as {_names([f'{r.count} must be {r.role}' for r in rules.roles if r.count == smallest], 'and')}"
    room = room or Room(scenario, catalogue, battle_map, side)
    standing = {c: room.glyphs(c) for c in classes}
    usable = set().union(*standing.values())
    count = sum(room.count(g) for g in usable)
    who = f"its allowed classes ({_names(classes)})" if rules.classes is not None and len(classes) <= 6 else (
        "its allowed classes" if rules.classes is not None else "a unit of any class")
    if count < smallest:
        return ScenarioError(f"the {side.value}'s deployment zone has {_tiles(count)} where {who} can stand; "
                             f"{needed}{_why_not(room, usable)}", base + ("deploy",))
    armed = options if options is not None else hire_options(scenario, catalogue, side)[0]
    if not armed:
        key = "items" if rules.items is not None else "classes"
        them = _names(classes) if len(classes) <= 6 else "any of its classes"
        offered = "item it may buy" if key == "items" else "item"
        return ScenarioError(f"the {side.value} can arm none of the classes it may hire: no {offered} is a weapon {them} "
                             "can wield (staves and stones do not count, and the computer hires a fighting weapon "
                             "for every unit)", base + (key,))
    cheapest = cheapest_by_glyph(room, armed)
    armed_count = sum(room.count(g) for g in cheapest)
    if armed_count < smallest:
        fighters = sorted({c for _, c, _ in armed})
        return ScenarioError(f"the {side.value}'s deployment zone has {_tiles(armed_count)} where a class it can arm "
                             f"({_names(fighters)}) can stand; {needed}{_why_not(room, set(cheapest))}", base + ("deploy",))
    total = cheapest_army(room, cheapest, smallest)
    if total > rules.war_chest:
        cost, name, items = next(o for o in armed if room.glyphs(o[1], o[2]))
        verb = "costs" if smallest == 1 else "cost"
        return ScenarioError(f"the {side.value} cannot afford its smallest army: {_units(smallest)} {verb} at least {total} gold "
                             f"(the cheapest is a {name} with {_names(items, 'and')} at {cost}), more than its war chest "
                             f"of {rules.war_chest}", base + ("war_chest",))
    return None


def _why_not(room: Room, usable: set[str]) -> str:
    """What the zone's other tiles are: ground none of those classes can stand on, or held by placed units."""
    parts = []
    for glyph, tiles in sorted(room.by_glyph.items(), key=lambda entry: (-len(entry[1]), entry[0])):
        if glyph not in usable:
            parts.append(f"{len(tiles)} {'is' if len(tiles) == 1 else 'are'} {room.terrain_name(glyph)}")
    if room.held:
        names = _names(sorted(set(room.held.values())), "and")
        parts.append(f"{len(room.held)} {'is' if len(room.held) == 1 else 'are'} held by {names}")
    if not parts:
        return f" (the zone has only {_tiles(len(room.zone))})"
    return f" (of the zone's {_tiles(len(room.zone))}, {_names(parts, 'and')})"


def cheapest_by_glyph(room: Room, options: Sequence[Option]) -> dict[str, int]:
    """For each glyph of the zone some option can stand on, the gold of the cheapest such option."""
    best: dict[str, int] = {}
    for cost, unit_class, items in options:  # cheapest first
        for glyph in room.glyphs(unit_class, items):
            best.setdefault(glyph, cost)
    return best


def cheapest_army(room: Room, cheapest: dict[str, int], size: int, taken: dict[str, int] | None = None) -> float:
    """The least gold `size` more units cost when each stands on its own free tile (NOWHERE when they cannot
    all stand); `taken` counts tiles already spoken for, by glyph."""
    total, need = 0, size
    for glyph in sorted(cheapest, key=lambda g: (cheapest[g], g)):
        free = room.count(glyph) - (taken or {}).get(glyph, 0)
        use = min(free, need)
        total += use * cheapest[glyph]
        need -= use
        if need == 0:
            break
    return total if need == 0 else NOWHERE
