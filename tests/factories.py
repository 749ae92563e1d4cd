"""Small factories for rules-core tests.

Units, classes and items are built directly here (never looked up in the bundled
catalogue) so the tests keep their meaning when the catalogue's numbers are retuned.
"""

from __future__ import annotations

from typing import Iterable

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.game import GameState
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.combat.exchange import ExchangePlan, Fighter, Role, plan_exchange
from officers_chess.rules.pieces.models import (
    FULL_HP, Accessory, Consumable, DamageKind, Side, Stats, Unit, UnitClass, Weapon, WeaponType,
)
from officers_chess.rules.pieces.statuses import Status, StatusName

A, D = Side.ATTACKER, Side.DEFENDER  # armies
RA, RD = Role.ATTACKER, Role.DEFENDER  # parts in one exchange
MAGIC_TYPES = {WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK}

_DEFAULT_STATS = {"str": 5, "skl": 10, "spd": 5, "def": 2, "res": 1, "hp": FULL_HP}


def stats(**overrides: int) -> Stats:
    """Stats with plain defaults (str 5, skl 10, spd 5, def 2, res 1, hp 20); keys use the file names."""
    values = dict(_DEFAULT_STATS)
    for key, value in overrides.items():
        values[key.rstrip("_")] = value  # allow def_=... as a keyword
    return Stats.model_validate(values)


def weapon(
    type: str | WeaponType = "sword",
    might: int = 5,
    weight: int = 0,
    range: tuple[int, int] = (1, 1),
    tags: Iterable[str] = (),
    name: str | None = None,
    damage: str | DamageKind | None = None,
) -> Weapon:
    type = WeaponType(type)
    if damage is None:
        damage = DamageKind.MAGIC if type in MAGIC_TYPES else DamageKind.MARTIAL
    return Weapon(
        name=name or f"Test {type.value}",
        type=type,
        damage=DamageKind(damage),
        might=might,
        weight=weight,
        range=range,
        tags=list(tags),
    )


_make_weapon = weapon


def staff(
    tags: Iterable[str] = (),
    range: tuple[int, int] = (1, 1),
    name: str = "Test Staff",
    strength_reach: bool = False,
) -> Weapon:
    """A staff: a weapon of type staff that does nothing in combat; its tags are its special actions."""
    return Weapon(
        name=name,
        type=WeaponType.STAFF,
        damage=DamageKind.MAGIC,
        range=range,
        tags=list(tags),
        strength_reach=strength_reach,
    )


def consumable(tags: Iterable[str] = (), name: str = "Test Item", used: int = 0) -> Consumable:
    """A consumable item (a vulnerary, a key ...); its tags say what using it does."""
    return Consumable(name=name, tags=list(tags), used=used)


def accessory(defense: int = 0, weight: int = 0, tags: Iterable[str] = (), name: str = "Test Trinket") -> Accessory:
    return Accessory(name=name, defense=defense, weight=weight, tags=list(tags))


def unit_class(
    tags: Iterable[str] = (),
    name: str = "Tester",
    letter: str = "T",
    promoted: bool = False,
    wields: Iterable[str | WeaponType] | None = None,
    transformed: Stats | None = None,
    **stat_overrides: int,
) -> UnitClass:
    """A class wielding every weapon type (unless `wields` says otherwise)."""
    return UnitClass(
        name=name,
        letter=letter,
        stats=stats(**stat_overrides),
        wields=list(WeaponType) if wields is None else [WeaponType(w) for w in wields],
        tags=list(tags),
        promoted=promoted,
        transformed=transformed,
    )


def unit(
    id: str = "a1",
    side: Side = A,
    pos: Pos = (0, 0),
    weapon: Weapon | None | str = "default",
    accessory: Accessory | None = None,
    tags: Iterable[str] = (),
    hp: int | None = None,
    extra_items: Iterable = (),
    activated: bool = False,
    cls: UnitClass | None = None,
    statuses: Iterable[str | StatusName | Status] = (),
    crests: Iterable[str] = (),
    scenario_tags: Iterable[str] = (),
    **stat_overrides: int,
) -> Unit:
    """A unit of a throw-away class (or of `cls`); by default it carries a 5-Might, weightless sword.

    `statuses` may be names (lasting until a roll or a count removes them) or `Status` objects.
    """
    cls = unit_class(tags=tags, **stat_overrides) if cls is None else cls
    inventory: list = []
    weapon_index = accessory_index = None
    if weapon == "default":
        weapon = _make_weapon()
    if weapon is not None:
        weapon_index = len(inventory)
        inventory.append(weapon)
    if accessory is not None:
        accessory_index = len(inventory)
        inventory.append(accessory)
    inventory.extend(extra_items)
    return Unit(
        id=id,
        name=id.upper(),
        side=side,
        unit_class=cls,
        inventory=inventory,
        weapon=weapon_index,
        accessory=accessory_index,
        hp=cls.stats.hp if hp is None else hp,
        pos=pos,
        activated=activated,
        statuses=[s if isinstance(s, Status) else Status(name=StatusName(s)) for s in statuses],
        crests=list(crests),
        scenario_tags=list(scenario_tags),
    )


def glyph(terrain_id: str) -> str:
    return TERRAIN[terrain_id].glyph


def battle_map(*rows: str, name: str = "test map") -> BattleMap:
    return BattleMap(name=name, rows=list(rows))


def plains(width: int, height: int = 1) -> BattleMap:
    return battle_map(*["." * width for _ in range(height)])


def plan(
    attacker: Unit,
    defender: Unit,
    distance: int = 1,
    attacker_terrain: str = "plains",
    defender_terrain: str = "plains",
) -> ExchangePlan:
    return plan_exchange(
        Fighter(attacker, TERRAIN[attacker_terrain]),
        Fighter(defender, TERRAIN[defender_terrain]),
        distance,
    )


def game(
    battle_map: BattleMap,
    units: list[Unit],
    to_act: Side = A,
    seed: int = 0,
) -> GameState:
    return GameState(scenario="test", map=battle_map, units=units, to_act=to_act, dice=Dice(seed=seed))


def d20s(seed: int, n: int, draws: int = 0) -> list[int]:
    """The first `n` d20 rolls of `Dice(seed=seed, draws=draws)`."""
    dice, rolls = Dice(seed=seed, draws=draws), []
    for _ in range(n):
        roll, dice = dice.d20()
        rolls.append(roll)
    return rolls


_SEEDS: dict[tuple, int] = {}


def seed_for(*wanted: int | range | None) -> int:
    """The smallest seed whose first d20 rolls match `wanted` (a number, a range of numbers, or None for any).

    >>> d20s(seed_for(9, range(11, 21)), 2)[0]
    9
    """
    key = tuple((w.start, w.stop) if isinstance(w, range) else w for w in wanted)
    if key not in _SEEDS:
        for seed in range(200_000):
            rolls = d20s(seed, len(wanted))
            if all(w is None or (r in w if isinstance(w, range) else r == w) for r, w in zip(rolls, wanted)):
                _SEEDS[key] = seed
                break
        else:  # pragma: no cover - only with an impossible wish
            raise LookupError(f"no seed below 200000 rolls {wanted}")
    return _SEEDS[key]
