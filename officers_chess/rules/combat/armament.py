"""What a unit fights with: its usable weapon, that weapon's reach and kind of damage, and the triangle between two."""

from __future__ import annotations

from officers_chess.rules.combat.exchange import combat_rules
from officers_chess.rules.pieces.models import DamageKind, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import tag_args, tag_total

# Each weapon type and the type it has the advantage over.
TRIANGLE_BEATS: dict[WeaponType, WeaponType] = {
    WeaponType.SWORD: WeaponType.AXE,
    WeaponType.AXE: WeaponType.LANCE,
    WeaponType.LANCE: WeaponType.SWORD,
    WeaponType.REASON: WeaponType.FAITH,
    WeaponType.FAITH: WeaponType.DARK,
    WeaponType.DARK: WeaponType.REASON,
}
TOMES = (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK)


def attack_type(unit: Unit) -> tuple[WeaponType | None, DamageKind | None]:
    """The weapon type the triangle sees, and the kind of damage: Magic(Type) turns a weapon's attacks to magic."""
    weapon = usable_weapon(unit)
    if weapon is None:
        return None, None
    magic = tag_args(unit.tags, "Magic")
    if magic:
        return WeaponType(str(magic[0]).lower()), DamageKind.MAGIC
    return weapon.type, weapon.damage


def is_magic_weapon(unit: Unit, weapon: Weapon) -> bool:
    """Tomes, and weapons whose attacks are magic of a type (Silenced units cannot use either)."""
    return weapon.type in TOMES or any(t.startswith("Magic(") for t in unit.item_tags(weapon))


def usable_weapon(unit: Unit) -> Weapon | None:
    """The equipped weapon if the unit can fight with it now (no staves; stones only in beast form; not silenced)."""
    weapon = unit.equipped_weapon
    if weapon is None or weapon.type is WeaponType.STAFF:
        return None
    if weapon.type is WeaponType.STONE and not unit.transformed:
        return None
    if unit.has_status(StatusName.SILENCED) and is_magic_weapon(unit, weapon):
        return None
    return weapon


def weapon_range(unit: Unit, weapon: Weapon) -> tuple[int, int]:
    """A weapon's range for this unit: SpellRange lengthens tomes, strong users throw some staves further."""
    low, high = weapon.range
    if weapon.type in TOMES:
        high += tag_total(unit.tags, "SpellRange")
    if weapon.strength_reach:
        high = max(high, unit.stat("strength") // 2)
    if weapon.magic_reach:
        high = max(high, combat_rules(weapon.edition).magic_reach(unit))
    return low, max(low, high)


def reaches(unit: Unit, weapon: Weapon, distance: int) -> bool:
    low, high = weapon_range(unit, weapon)
    return low <= distance <= high


def triangle_edge(user: Unit, foe: Unit) -> int:
    """+1 when the user's weapon has the triangle advantage, -1 at a disadvantage, else 0."""
    mine, theirs = attack_type(user)[0], attack_type(foe)[0]
    if mine is None or theirs is None:
        return 0
    edge = 1 if TRIANGLE_BEATS.get(mine) is theirs else -1 if TRIANGLE_BEATS.get(theirs) is mine else 0
    # Each Inverted unit in the pair (from its class or equipped items) turns the triangle around once.
    flips = sum(1 for u in (user, foe) if u.has("Inverted"))
    return -edge if flips % 2 else edge


def can_counter(defender: Unit, distance: int) -> bool:
    """The defender counters with a usable weapon that reaches (or with DistantCounter), unless asleep or petrified."""
    weapon = usable_weapon(defender)
    if weapon is None or not defender.on_field:
        return False
    if defender.cannot_swing:
        return False
    return reaches(defender, weapon, distance) or defender.has("DistantCounter")


def inflicted(unit: Unit, stat: str) -> int:
    """How much an Inflict lowers one of the unit's stats now."""
    held = unit.inflicted
    return held.amount if held and held.stat == stat and not held.pending else 0
