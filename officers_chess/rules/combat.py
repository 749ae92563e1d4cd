"""The v0.6 attack exchange: one plan of swings, shared by the exact forecast and the dice resolver."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal

from officers_chess.rules.dice import Dice
from officers_chess.rules.models import DamageKind, Unit, WeaponType
from officers_chess.rules.tags import tag_args, tag_total
from officers_chess.rules.terrain import Terrain

SwingResult = Literal["miss", "hit", "crit"]


class Role(Enum):
    """A unit's part in one exchange: the one who attacks, or the one attacked.

    Deliberately not the army `Role`: a defending army's unit that strikes is the
    exchange's attacker, and the two must never be mixed up.
    """

    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Role:
        return Role.DEFENDER if self is Role.ATTACKER else Role.ATTACKER

# Each weapon type and the type it has the advantage over.
TRIANGLE_BEATS: dict[WeaponType, WeaponType] = {
    WeaponType.SWORD: WeaponType.AXE,
    WeaponType.AXE: WeaponType.LANCE,
    WeaponType.LANCE: WeaponType.SWORD,
    WeaponType.REASON: WeaponType.FAITH,
    WeaponType.FAITH: WeaponType.DARK,
    WeaponType.DARK: WeaponType.REASON,
}
EFFECTIVE_BONUS = 3


@dataclass(frozen=True)
class Modifier:
    """One adjustment to a number in an exchange, with the rule that caused it."""

    role: Role
    what: str
    value: int
    rule: str


@dataclass(frozen=True)
class SwingProfile:
    """Everything one unit's swings depend on: what it needs to roll and what a hit does."""

    skill: int
    crit_top: int
    damage: int
    crit_damage: int

    def result(self, roll: int) -> SwingResult:
        """Classify one d20 roll: at or under Skill hits, 1 always hits, a hit in the crit range crits."""
        hits = roll == 1 or roll <= self.skill
        if not hits:
            return "miss"
        return "crit" if roll <= self.crit_top else "hit"

    def damage_of(self, result: SwingResult) -> int:
        return {"miss": 0, "hit": self.damage, "crit": self.crit_damage}[result]

    def outcomes(self) -> list[tuple[Fraction, SwingResult]]:
        """The chance of each result, counted face by face with `result` (so never out of step)."""
        counts: dict[SwingResult, int] = {}
        for roll in range(1, 21):
            result = self.result(roll)
            counts[result] = counts.get(result, 0) + 1
        return [(Fraction(n, 20), result) for result, n in counts.items()]

    @property
    def hit_chance(self) -> Fraction:
        return sum((p for p, r in self.outcomes() if r != "miss"), Fraction(0))

    @property
    def crit_chance(self) -> Fraction:
        return sum((p for p, r in self.outcomes() if r == "crit"), Fraction(0))


@dataclass(frozen=True)
class Fighter:
    """A unit as it stands in an exchange: the unit, and the terrain under it."""

    unit: Unit
    terrain: Terrain


@dataclass(frozen=True)
class ExchangePlan:
    """Who swings in which order, and each role's swing profile."""

    attacker: SwingProfile
    defender: SwingProfile | None  # None when the defender cannot counter
    order: tuple[Role, ...]
    attack_speed: dict[Role, int]
    modifiers: tuple[Modifier, ...] = field(default=())

    def profile(self, role: Role) -> SwingProfile:
        profile = self.attacker if role is Role.ATTACKER else self.defender
        assert profile is not None
        return profile

    def swings(self, role: Role) -> int:
        return sum(1 for s in self.order if s is role)


def triangle_edge(user: Unit, foe: Unit) -> int:
    """+1 when the user's weapon has the triangle advantage, -1 at a disadvantage, else 0."""
    mine, theirs = user.equipped_weapon, foe.equipped_weapon
    if mine is None or theirs is None:
        return 0
    edge = 1 if TRIANGLE_BEATS.get(mine.type) is theirs.type else -1 if TRIANGLE_BEATS.get(theirs.type) is mine.type else 0
    # Each Inverted unit in the pair (from its class or equipped items) turns the triangle around once.
    flips = sum(1 for u in (user, foe) if u.has("Inverted"))
    return -edge if flips % 2 else edge


def can_counter(defender: Unit, distance: int) -> bool:
    """The defender counters with an equipped weapon that reaches, or at any range with DistantCounter."""
    weapon = defender.equipped_weapon
    if weapon is None or not defender.alive:
        return False
    return weapon.reaches(distance) or defender.has("DistantCounter")


def _profile(me: Fighter, foe: Fighter, role: Role, mods: list[Modifier]) -> SwingProfile:
    unit, target = me.unit, foe.unit
    weapon = unit.equipped_weapon
    assert weapon is not None, "a unit without a weapon cannot swing"

    def note(what: str, value: int, rule: str) -> None:
        if value:
            mods.append(Modifier(role, what, value, rule))

    for stat in ("strength", "skill"):
        note(stat, unit.stat(stat) - getattr(unit.unit_class.stats, stat), "bonus")
    edge = triangle_edge(unit, target)
    rule = "inverted" if unit.has("Inverted") or target.has("Inverted") else "weapon-triangle"
    note("skill", edge, rule)
    note("damage", edge, rule)
    inaccurate = tag_total(unit.tags, "Inaccurate")
    note("skill", -inaccurate, "inaccurate")
    skill = unit.stat("skill") + edge - inaccurate

    lucky = tag_total(unit.tags, "Lucky")
    note("crit range", lucky, "lucky")

    effective = False
    countered = set(tag_args(target.tags, "Countermeasure"))
    for wanted in tag_args(unit.tags, "Effective"):
        if target.has(wanted):
            if wanted in countered:
                mods.append(Modifier(role.other, "effective", -EFFECTIVE_BONUS, "countermeasure"))
            else:
                effective = True
    if effective:  # several matching Effective tags still give +3 once
        note("damage", EFFECTIVE_BONUS, "effective")

    raw = unit.stat("strength") + weapon.might + edge + (EFFECTIVE_BONUS if effective else 0)
    terrain = target.terrain_bonus(foe.terrain)
    if weapon.damage is DamageKind.MAGIC:
        resistance_bonus = target.stat("resistance") - target.unit_class.stats.resistance
        if resistance_bonus:
            mods.append(Modifier(role.other, "resistance", resistance_bonus, "bonus"))
        reduction = target.stat("resistance") + terrain
    else:
        accessory = target.equipped_accessory
        shield = accessory.defense if accessory else 0
        bonus = target.stat("defense") - target.unit_class.stats.defense
        if bonus:
            mods.append(Modifier(role.other, "defense", bonus, "bonus"))
        if shield:
            mods.append(Modifier(role.other, "defense", shield, "accessory"))
        reduction = target.stat("defense") + terrain + shield
        if unit.has("Piercing"):
            note("ignores defense", reduction, "piercing")
            reduction = 0
    if terrain:
        mods.append(Modifier(role.other, "defense" if weapon.damage is DamageKind.MARTIAL else "resistance", terrain, "terrain"))
    damage = max(0, raw - reduction)
    guarded = target.has("Guarded")
    if guarded:
        mods.append(Modifier(role.other, "crit multiplier", -1, "guarded"))
    return SwingProfile(skill=skill, crit_top=1 + lucky, damage=damage, crit_damage=damage if guarded else damage * 2)


def plan_exchange(attacker: Fighter, defender: Fighter, distance: int) -> ExchangePlan:
    """Work out one attack: each role's swing profile and the order of every swing."""
    mods: list[Modifier] = []
    a_profile = _profile(attacker, defender, Role.ATTACKER, mods)
    counters = can_counter(defender.unit, distance)
    d_profile = _profile(defender, attacker, Role.DEFENDER, mods) if counters else None
    if counters and not defender.unit.equipped_weapon.reaches(distance):  # type: ignore[union-attr]
        mods.append(Modifier(Role.DEFENDER, "counter range", distance, "distant-counter"))

    def attack(role: Role, unit: Unit) -> list[Role]:
        brave = unit.has("Brave")
        if brave:
            mods.append(Modifier(role, "swings", 2, "brave"))
        return [role] * (2 if brave else 1)

    speeds = {Role.ATTACKER: attacker.unit.attack_speed, Role.DEFENDER: defender.unit.attack_speed}
    order = attack(Role.ATTACKER, attacker.unit)
    if counters:
        order += attack(Role.DEFENDER, defender.unit)
    faster = max(speeds, key=speeds.__getitem__) if speeds[Role.ATTACKER] != speeds[Role.DEFENDER] else None
    if faster is not None and (faster is Role.ATTACKER or counters):
        unit = attacker.unit if faster is Role.ATTACKER else defender.unit
        if unit.has("Complex"):
            mods.append(Modifier(faster, "follow-up", 0, "complex"))
        else:
            mods.append(Modifier(faster, "follow-up", 1, "follow-up"))
            order += attack(faster, unit)
    # Brave notes are appended once per attack; keep one per role.
    unique = tuple(dict.fromkeys(mods))
    return ExchangePlan(a_profile, d_profile, tuple(order), speeds, unique)


@dataclass(frozen=True)
class Forecast:
    """The exact outcome distribution of an exchange."""

    plan: ExchangePlan
    outcomes: dict[tuple[int, int], Fraction]  # (attacker HP, defender HP) -> probability

    def hp_after(self, role: Role) -> dict[int, Fraction]:
        index = 0 if role is Role.ATTACKER else 1
        dist: dict[int, Fraction] = {}
        for hps, p in self.outcomes.items():
            dist[hps[index]] = dist.get(hps[index], Fraction(0)) + p
        return dict(sorted(dist.items(), reverse=True))

    def p_routed(self, role: Role) -> Fraction:
        return self.hp_after(role).get(0, Fraction(0))


def _after_swing(hps: tuple[int, int], role: Role, damage: int) -> tuple[int, int]:
    a, d = hps
    return (a, max(0, d - damage)) if role is Role.ATTACKER else (max(0, a - damage), d)


def forecast(plan: ExchangePlan, attacker_hp: int, defender_hp: int) -> Forecast:
    """Enumerate every roll of every swing; no sampling, so the numbers are exact."""
    dist: dict[tuple[int, int], Fraction] = {(attacker_hp, defender_hp): Fraction(1)}
    for role in plan.order:
        profile = plan.profile(role)
        nxt: dict[tuple[int, int], Fraction] = {}
        for hps, p in dist.items():
            if 0 in hps:  # a routed unit swings no more, and is swung at no more
                nxt[hps] = nxt.get(hps, Fraction(0)) + p
                continue
            for q, result in profile.outcomes():
                after = _after_swing(hps, role, profile.damage_of(result))
                nxt[after] = nxt.get(after, Fraction(0)) + p * q
        dist = nxt
    return Forecast(plan, dist)


@dataclass(frozen=True)
class Swing:
    """One resolved swing, as the battle log shows it."""

    role: Role
    roll: int
    needed: int
    crit_top: int
    result: SwingResult
    damage: int
    target_hp: int


def resolve(plan: ExchangePlan, attacker_hp: int, defender_hp: int, dice: Dice) -> tuple[list[Swing], int, int, Dice]:
    """Roll the exchange for real, swing by swing, with the same plan and rules as `forecast`."""
    hps = (attacker_hp, defender_hp)
    swings: list[Swing] = []
    for role in plan.order:
        if 0 in hps:
            break
        profile = plan.profile(role)
        roll, dice = dice.d20()
        result = profile.result(roll)
        hps = _after_swing(hps, role, profile.damage_of(result))
        target_hp = hps[1] if role is Role.ATTACKER else hps[0]
        swings.append(Swing(role, roll, profile.skill, profile.crit_top, result, profile.damage_of(result), target_hp))
    return swings, hps[0], hps[1], dice
