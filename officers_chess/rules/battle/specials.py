"""Special actions: staves, item use, and the actions classes and scenario roles grant (Dance, Pick, Seize ...)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from officers_chess.rules.battle.actions import Special
from officers_chess.rules.battle.events import Acted, Ambushed, Event, TerrainChanged
from officers_chess.rules.battle.flight import ESCAPE_ROLES, flees, side_broken
from officers_chess.rules.battle.state import GameState, Light, Vein
from officers_chess.rules.battle.upkeep import apply_status, heal
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.board.terrain import Terrain, vein_made
from officers_chess.rules.combat.armament import reaches
from officers_chess.rules.combat.exchange import Fighter
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS, add_item, can_equip, equip, spend_use
from officers_chess.rules.pieces.models import Consumable, Item, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.movement import STEPS
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import has_tag, tag_args, tag_total

# Statuses a staff puts on allies without a roll; the rest are inflicted on enemies, with one.
HELPFUL = (StatusName.BARRIER,)


class IllegalSpecial(ValueError):
    """A special action that is not possible now."""


@dataclass(frozen=True)
class Source:
    """Where a special action comes from: the unit itself (class, role, accessory), a staff, or a consumable."""

    index: int | None
    tags: list[str]
    kind: str  # "unit", "staff" or "item"


def sources(unit: Unit) -> list[Source]:
    """Everything that could grant the unit a special action now."""
    # Asleep or petrified, a unit cannot move or attack, nothing more: its staves, items and special actions
    # stay its own (docs/rulings.md S3). A berserk one may only attack (S2).
    if unit.has_status(StatusName.BERSERK):
        return []
    found = [Source(None, _own_tags(unit), "unit")]
    silenced = unit.has_status(StatusName.SILENCED)
    for index, item in enumerate(unit.inventory):
        if isinstance(item, Weapon) and item.type is WeaponType.STAFF and can_equip(unit, item) and not silenced:
            found.append(Source(index, unit.item_tags(item), "staff"))
        elif isinstance(item, Consumable) and item.uses_left != 0:
            found.append(Source(index, unit.item_tags(item), "item"))
    return found


def action_tags(unit: Unit, action: Special) -> list[str]:
    """The tags a special action works with: its staff's or item's, or the unit's own.

    Not `unit.tags`, which also holds the equipped weapon's: a class Heal(4) used while a
    Heal(10) staff was in hand would heal 14.
    """
    return unit.item_tags(unit.inventory[action.source]) if action.source is not None else _own_tags(unit)


def heal_amount(state: GameState, unit: Unit, action: Special) -> int:
    """HP a heal action restores (before the target's maximum caps it): Heal(X) plus the user's GreaterHeal,
    plus what the edition adds for a staff or the user's own gift (the d100 draft adds Magic)."""
    base = sum(int(x) for x in tag_args(action_tags(unit, action), "Heal")) + tag_total(unit.tags, "GreaterHeal")
    kind = unit.inventory[action.source].kind if action.source is not None else "unit"
    own = kind == "weapon" or action.source is None  # a staff, or the unit's own Heal; not a potion
    return base + (state.rules.heal_bonus(unit) if own else 0)


def _own_tags(unit: Unit) -> list[str]:
    """The tags behind a unit's own special actions: its class, its scenario role, its equipped accessory."""
    return unit.own_tags


def _in_reach(state: GameState, unit: Unit, source: Source, other: Unit) -> bool:
    """Staves reach as far as their range; the unit's own actions reach adjacent tiles."""
    if source.kind == "staff":
        staff = unit.inventory[source.index]  # type: ignore[index]
        return reaches(unit, staff, distance(unit.pos, other.pos))  # type: ignore[arg-type]
    return distance(unit.pos, other.pos) == 1


def _allies(state: GameState, unit: Unit, source: Source) -> list[Unit]:
    if source.kind == "item":
        return [unit]  # consumables are used on oneself
    return [a for a in state.living(unit.side) if a.id != unit.id and _in_reach(state, unit, source, a)]


def _free(state: GameState, mover: Unit, pos: Pos) -> bool:
    return (
        state.map.contains(pos)
        and state.unit_at(pos) is None
        and mover.entry_cost(state.map.terrain_at(pos)) is not None
    )


def rescue_spots(state: GameState, unit: Unit, target: Unit) -> list[Pos]:
    """Free tiles beside the user where the rescued ally can stand."""
    spots = [(unit.pos[0] + dx, unit.pos[1] + dy) for dx, dy in STEPS]
    return [p for p in spots if _free(state, target, p)]


def warp_spots(state: GameState, unit: Unit, target: Unit, staff: Item | None = None) -> list[Pos]:
    """Free tiles the ally can be sent to, where it can stand: within the user's Strength in tiles in v0.6
    (docs/rulings.md), within the staff's range in the later editions (E20)."""
    reach = state.rules.warp_reach(unit, staff if isinstance(staff, Weapon) else None)
    x0, y0 = unit.pos
    return [
        (x, y)
        for y in range(max(0, y0 - reach), min(state.map.height, y0 + reach + 1))
        for x in range(max(0, x0 - reach), min(state.map.width, x0 + reach + 1))
        if distance((x, y), unit.pos) <= reach and _free(state, target, (x, y))
    ]


def _warp_targets(state: GameState, unit: Unit, source: Source) -> list[Unit]:
    """The allies Warp may move: those in the action's reach, or in the d100 draft only those beside the user
    ("target adjacent allied unit"; the staff's range is where they may be sent, docs/rulings.md E41)."""
    allies = _allies(state, unit, source)
    if source.kind == "item" or not state.rules.warp_needs_adjacent:
        return allies
    return [a for a in state.living(unit.side) if a.id != unit.id and distance(unit.pos, a.pos) == 1]


def _foes(state: GameState, unit: Unit, source: Source) -> list[Unit]:
    return [e for e in state.living(unit.side.other) if _in_reach(state, unit, source, e)]


def _tiles_in_reach(state: GameState, unit: Unit, source: Source) -> list[Pos]:
    """Tiles a staff's range (or, for a unit's own action, the tiles beside it) covers."""
    if source.kind == "staff":
        staff = unit.inventory[source.index]  # type: ignore[index]
        assert isinstance(staff, Weapon)
        return [(x, y) for y in range(state.map.height) for x in range(state.map.width)
                if reaches(unit, staff, distance(unit.pos, (x, y)))]
    return [(unit.pos[0] + dx, unit.pos[1] + dy) for dx, dy in STEPS if state.map.contains((unit.pos[0] + dx, unit.pos[1] + dy))]


def vein_terrain(state: GameState, name: str) -> Terrain | None:
    """The terrain Vein(Name) creates in this battle's edition, or None when its table cannot make it."""
    return vein_made(name, state.map.terrain_table.values())


def _doors_beside(state: GameState, unit: Unit) -> list[Pos]:
    door = state.terrain_named("door").glyph
    spots = [(unit.pos[0] + dx, unit.pos[1] + dy) for dx, dy in STEPS]
    return [p for p in spots if state.map.contains(p) and state.map.rows[p[1]][p[0]] == door]


def special_actions(state: GameState, unit: Unit) -> list[Special]:
    """Every special action the unit may take now."""
    actions: list[Special] = []
    for source in sources(unit):
        tags, index = source.tags, source.index
        if tag_args(tags, "Heal"):
            actions += [Special(name="heal", source=index, target=a.id) for a in _allies(state, unit, source) if a.hp < a.max_hp]
        if has_tag(tags, "Restore"):
            actions += [Special(name="restore", source=index, target=a.id) for a in _allies(state, unit, source) if a.statuses]
        for status in tag_args(tags, "Status"):
            if source.kind == "unit":
                continue  # on a class, Status(Effect) rides on its hits, not an action
            name = StatusName(status)
            if source.kind == "item" or name in HELPFUL:
                targets = _allies(state, unit, source) + ([unit] if source.kind == "staff" and name in HELPFUL else [])
            else:
                targets = [e for e in state.living(unit.side.other) if _in_reach(state, unit, source, e)]
            actions += [Special(name="status", source=index, target=t.id) for t in targets]
        if has_tag(tags, "Rescue"):
            for ally in _allies(state, unit, source):
                actions += [Special(name="rescue", source=index, target=ally.id, at=p) for p in rescue_spots(state, unit, ally)]
        if has_tag(tags, "Warp"):
            for ally in _warp_targets(state, unit, source):
                actions += [Special(name="warp", source=index, target=ally.id, at=p) for p in warp_spots(state, unit, ally, unit.inventory[index] if index is not None else None)]
        if tag_args(tags, "Torch"):
            actions.append(Special(name="torch", source=index))
        if has_tag(tags, "Entrap"):
            for foe in _foes(state, unit, source):
                spots = [(foe.pos[0] + dx, foe.pos[1] + dy) for dx, dy in STEPS]
                actions += [Special(name="entrap", source=index, target=foe.id, at=p) for p in spots if _free(state, foe, p)]
        if has_tag(tags, "Freeze"):
            actions += [Special(name="freeze", source=index, target=foe.id) for foe in _foes(state, unit, source)]
        if has_tag(tags, "Rewarp"):
            actions += [Special(name="rewarp", source=index, at=p) for p in _tiles_in_reach(state, unit, source)
                        if p != unit.pos and _free(state, unit, p)]
        for name in tag_args(tags, "Vein"):
            if vein_terrain(state, str(name)) is not None:
                # Not on tiles nobody may enter (walls, doors ...): a unit could stand there when the tile comes back.
                actions += [Special(name="vein", source=index, at=p) for p in _tiles_in_reach(state, unit, source)
                            if state.unit_at(p) is None and all(v.at != p for v in state.veins)
                            and state.map.terrain_at(p).foot is not None]
        if has_tag(tags, "Pick"):
            actions += [Special(name="pick", source=index, at=door) for door in _doors_beside(state, unit)]
            chest = next((c for c in state.chests if c.at == unit.pos), None)
            if chest is not None and len(unit.inventory) < INVENTORY_SLOTS:
                actions.append(Special(name="pick", source=index, at=unit.pos))
        if source.kind != "unit":
            continue
        if has_tag(tags, "Dance"):
            actions += [
                Special(name="dance", target=a.id)
                for a in state.living(unit.side)
                if a.id != unit.id and a.activated and not a.danced and distance(a.pos, unit.pos) == 1
            ]
        for role, action, tiles in (
            (ESCAPE_ROLES, "escape", state.escape_tiles),
            (("Raze", "Saboteur"), "raze", state.raze_tiles),
            (("Seize", "Leader"), "seize", state.seize_tiles),
        ):
            # Any unit of a broken side may leave by the exits, whoever plays it (rulings P13).
            broken = action == "escape" and side_broken(state, unit.side)
            if (broken or any(has_tag(tags, t) for t in role)) and unit.pos in tiles:
                actions.append(Special(name=action, source=None))  # type: ignore[arg-type]
    return actions


# Special actions that put a unit, or new ground, on a tile chosen from what the side knows.
_PLACINGS = ("rescue", "warp", "entrap", "rewarp", "vein")


def _placed_into_the_unknown(state: GameState, unit: Unit, target: Unit | None, action: Special,
                             events: list[Event]) -> bool:
    """Under fog the tile was offered from what the user's side knows; on the battle itself it may hold a hidden
    unit, or ground the one placed can no longer stand on. True (and an Ambushed event) when it does."""
    if action.name not in _PLACINGS or action.at is None:
        return False
    placed = unit if action.name in ("rewarp", "vein") else target
    assert placed is not None
    there = state.unit_at(action.at)
    if there is not None and there.id != placed.id:
        events.append(Ambushed(unit.name, unit.id, action.at, there.name, there.id, verb=action.name))
        return True
    if action.name != "vein" and placed.entry_cost(state.map.terrain_at(action.at)) is None:
        events.append(Ambushed(unit.name, unit.id, action.at, verb=action.name))
        return True
    return False


def perform(state: GameState, unit: Unit, action: Special, events: list[Event]) -> None:
    """Carry out a legal special action (the caller checked legality with `special_actions`)."""
    source = unit.inventory[action.source] if action.source is not None else None
    tags = action_tags(unit, action)
    target = state.unit(action.target) if action.target else None
    if isinstance(source, Weapon) and source.type is WeaponType.STAFF:
        equip(unit, action.source)  # type: ignore[arg-type]  # using a staff takes it in hand
    what = f" with {source.name}" if source is not None else ""
    if state.fog and _placed_into_the_unknown(state, unit, target, action, events):
        pass  # the tile was not what the side believed: the attempt is spent, nothing moves (rulings F32)
    elif action.name == "heal":
        assert target is not None
        amount = heal_amount(state, unit, action)
        events.append(Acted(f"{unit.name} uses {source.name}." if target is unit and source is not None
                            else f"{unit.name} heals {target.name}{what}.", (unit.id, target.id)))
        heal(target, amount, "", events)
    elif action.name == "restore":
        assert target is not None
        target.statuses = []
        events.append(Acted(f"{unit.name} restores {target.name}{what}: every status is lifted.", (unit.id, target.id)))
    elif action.name == "status":
        assert target is not None
        _status_staff(state, unit, target, StatusName(tag_args(tags, "Status")[0]), source, events)
    elif action.name in ("rescue", "warp"):
        assert target is not None and action.at is not None
        events.append(Acted(f"{unit.name} {'rescues' if action.name == 'rescue' else 'warps'} {target.name}{what}.",
                            (unit.id, target.id), (action.at,)))
        target.pos = action.at
    elif action.name == "entrap":
        assert target is not None and action.at is not None
        if _lands(state, unit, target, "Entrap", what, events):
            events.append(Acted(f"{target.name} is dragged to {action.at[0] + 1},{action.at[1] + 1}.", (unit.id, target.id),
                                (action.at,)))
            target.pos = action.at
    elif action.name == "freeze":
        assert target is not None
        if _lands(state, unit, target, "Freeze", what, events):
            apply_status(state, target, StatusName.FROZEN, events)
    elif action.name == "rewarp":
        assert action.at is not None
        events.append(Acted(f"{unit.name} warps itself{what} to {action.at[0] + 1},{action.at[1] + 1}.", (unit.id,),
                            (action.at,)))
        unit.pos = action.at
    elif action.name == "vein":
        assert action.at is not None
        terrain = vein_terrain(state, str(tag_args(tags, "Vein")[0]))
        assert terrain is not None
        before = state.map.terrain_at(action.at)
        x, y = action.at
        state.veins = [*state.veins, Vein(at=action.at, was=state.map.rows[y][x])]
        state.set_terrain(action.at, terrain)
        events.append(Acted(f"{unit.name} calls up {terrain.name.lower()}{what} until the end of the round.", (unit.id,),
                            (action.at,)))
        events.append(TerrainChanged(action.at, before.name, terrain.name))
    elif action.name == "torch":
        radius = sum(int(x) for x in tag_args(tags, "Torch"))
        state.lights.append(Light(at=unit.pos, radius=radius, rounds=2))
        events.append(Acted(f"{unit.name} lights a torch{what}: {radius} tiles around are lit.", (unit.id,), (unit.pos,)))
    elif action.name == "dance":
        assert target is not None
        target.activated = False
        target.danced = True
        state.reactivate = target.id
        events.append(Acted(f"{unit.name} dances for {target.name}, who may act again now.", (unit.id, target.id)))
    elif action.name == "escape":
        if flees(state, unit):  # judged before it leaves: the side's morale as it stood when the unit went
            unit.fled = True
            events.append(Acted(f"{unit.name} flees the battlefield: the {unit.side.value} is broken.", (unit.id,)))
        else:
            events.append(Acted(f"{unit.name} escapes the battlefield.", (unit.id,)))
        unit.escaped = True
    elif action.name == "raze":
        before = state.map.terrain_at(unit.pos)
        state.set_terrain(unit.pos, state.terrain_named("ruins"))
        state.raze_tiles = [t for t in state.raze_tiles if t != unit.pos]
        state.tallies[unit.side].razed += 1
        events.append(TerrainChanged(unit.pos, before.name, "ruins"))
    elif action.name == "seize":
        state.seized_by = unit.side  # the victory conditions decide what it is worth
        events.append(Acted(f"{unit.name} seizes the {state.map.terrain_at(unit.pos).name.lower()}!", (unit.id,), (unit.pos,)))
    elif action.name == "pick":
        assert action.at is not None
        if action.at == unit.pos:
            chest = next(c for c in state.chests if c.at == unit.pos)
            state.chests = [c for c in state.chests if c is not chest]
            add_item(unit, chest.item)
            state.tallies[unit.side].loot.append(f"{unit.id}:{chest.item.name}")
            events.append(Acted(f"{unit.name} opens the chest{what}: {chest.item.name}.", (unit.id,), (unit.pos,)))
        else:
            state.set_terrain(action.at, state.terrain_named("floor"))
            events.append(TerrainChanged(action.at, "door", "floor"))
    if action.source is not None and isinstance(source, (Consumable, Weapon)):
        index = next((i for i, it in enumerate(unit.inventory) if it is source), None)
        if index is not None:
            spend_use(unit, index)


def _status_staff(state: GameState, unit: Unit, target: Unit, name: StatusName, source: Item | None, events: list[Event]) -> None:
    """A staff's status: allies (and helpful statuses) need no roll; enemies must be hit (a d20 at or under Skill)."""
    used = source.name if source is not None else "its gift"
    what = f" with {used}"
    if target.side is unit.side or name in HELPFUL:
        events.append(Acted(f"{unit.name} uses {used}" + ("." if target is unit else f" on {target.name}."), (unit.id, target.id)))
        apply_status(state, target, name, events)
        return
    if _lands(state, unit, target, name.value, what, events):
        apply_status(state, target, name, events)


def _lands(state: GameState, unit: Unit, target: Unit, effect: str, what: str, events: list[Event]) -> bool:
    """An action used on an enemy must hit as an attack would (a d20 under Skill, or the later editions' d100)."""
    faces, needed, natural_one = staff_roll(state, unit, None, target)
    low = 1 if natural_one else 0
    roll, state.dice = state.dice.die(faces, f"{unit.name}'s {effect} on {target.name}: takes hold on {max(low, needed)} or less",
                                      (unit.id, target.id))
    landed = (natural_one and roll == 1) or roll <= needed
    verdict = "it takes hold" if landed else "no effect"
    events.append(Acted(f"{unit.name} casts {effect} on {target.name}{what}: d{faces} {roll} vs ≤{max(low, needed)}: {verdict}.",
                        (unit.id, target.id)))
    return landed


def staff_roll(state: GameState, unit: Unit, source: int | None, target: Unit) -> tuple[int, int, bool]:
    """The roll an action on an enemy needs: (die faces, at or under, a 1 always lands), with the staff at
    `source` in hand (its Inaccurate counts, the Bonus of the weapon it replaces does not)."""
    if source is not None and unit.weapon != source:
        unit = unit.model_copy(update={"weapon": source})  # using a staff equips it
    return state.rules.staff_hit(unit, Fighter(target, state.map.terrain_at(target.pos)))


def staff_hit_chance(state: GameState, unit: Unit, source: int | None, target: Unit) -> Fraction:
    """The chance an action used on an enemy takes hold (shown before the player commits)."""
    faces, needed, natural_one = staff_roll(state, unit, source, target)
    return Fraction(min(faces, max(1 if natural_one else 0, needed)), faces)
