"""The v0.6 attack exchange: one plan of swings, shared by the exact forecast and the dice resolver."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal

from officers_chess.rules.dice import Dice
from officers_chess.rules.models import Art, DamageKind, Unit, Weapon, WeaponType
from officers_chess.rules.statuses import StatusName
from officers_chess.rules.tags import tag_args, tag_total
from officers_chess.rules.terrain import Terrain

SwingResult = Literal["miss", "hit", "crit", "backfire"]


class Role(Enum):
    """A unit's part in one exchange: the one who attacks, or the one attacked.

    Deliberately not the army `Side`: a defending army's unit that strikes is the
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
TOMES = (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK)
EFFECTIVE_BONUS = 3
DEVIL_ROLLS = (9, 10)
PETRIFIED_LUCKY = 2


@dataclass(frozen=True)
class Modifier:
    """One adjustment to a number in an exchange, with the rule that caused it."""

    role: Role
    what: str
    value: int
    rule: str


@dataclass(frozen=True)
class SwingProfile:
    """Everything one unit's swings depend on: what it needs to roll and what a hit does.

    `result` classifies a d20 roll and `apply` carries out its effect; the exact
    forecast and the resolver both go through these two, so they cannot disagree.
    """

    skill: int
    crit_top: int
    damage: int
    crit_damage: int
    devil: bool = False  # rolls of 9 or 10 turn on the wielder
    drain: bool = False  # heals the wielder by half of what it deals
    decimate: bool = False  # a hit takes half the target's current HP
    devastate: bool = False  # a hit leaves the target at 1 HP
    assassinate: bool = False  # a crit takes all the target's HP
    ineffective: bool = False  # the target takes no damage at all

    def result(self, roll: int) -> SwingResult:
        """Classify one d20 roll: at or under Skill hits, 1 always hits, a hit in the crit range crits."""
        if self.devil and roll in DEVIL_ROLLS:
            return "backfire"
        hits = roll == 1 or roll <= self.skill
        if not hits:
            return "miss"
        return "crit" if roll <= self.crit_top else "hit"

    def damage_of(self, result: SwingResult) -> int:
        """The nominal damage of a result, before HP-dependent tags (shown in forecasts and logs)."""
        return {"miss": 0, "hit": self.damage, "crit": self.crit_damage, "backfire": self.damage}[result]

    def dealt(self, result: SwingResult, target_hp: int) -> int:
        """Damage the target actually takes from this result at its current HP."""
        if result in ("miss", "backfire") or self.ineffective:
            return 0
        if result == "crit" and self.assassinate:
            amount = target_hp
        elif self.decimate:
            amount = max(1, target_hp // 2)
        elif self.devastate:
            amount = target_hp - 1
        else:
            amount = self.crit_damage if result == "crit" else self.damage
        return min(target_hp, amount)

    def apply(self, result: SwingResult, my_hp: int, my_max: int, target_hp: int) -> tuple[int, int]:
        """HP of the swinger and of its target after one swing with this result."""
        if result == "backfire":
            return max(0, my_hp - self.damage), target_hp
        dealt = self.dealt(result, target_hp)
        if self.drain and dealt:
            my_hp = min(my_max, my_hp + dealt // 2)
        return my_hp, target_hp - dealt

    def outcomes(self) -> list[tuple[Fraction, SwingResult]]:
        """The chance of each result, counted face by face with `result` (so never out of step)."""
        counts: dict[SwingResult, int] = {}
        for roll in range(1, 21):
            result = self.result(roll)
            counts[result] = counts.get(result, 0) + 1
        return [(Fraction(n, 20), result) for result, n in counts.items()]

    @property
    def hit_chance(self) -> Fraction:
        return sum((p for p, r in self.outcomes() if r in ("hit", "crit")), Fraction(0))

    @property
    def crit_chance(self) -> Fraction:
        return sum((p for p, r in self.outcomes() if r == "crit"), Fraction(0))

    @property
    def backfire_chance(self) -> Fraction:
        return sum((p for p, r in self.outcomes() if r == "backfire"), Fraction(0))


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
    max_hp: dict[Role, int] = field(default_factory=lambda: {Role.ATTACKER: 20, Role.DEFENDER: 20})

    def profile(self, role: Role) -> SwingProfile:
        profile = self.attacker if role is Role.ATTACKER else self.defender
        assert profile is not None
        return profile

    def swings(self, role: Role) -> int:
        return sum(1 for s in self.order if s is role)


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
    if defender.has_status(StatusName.SLEEP) or defender.has_status(StatusName.PETRIFIED):
        return False
    return reaches(defender, weapon, distance) or defender.has("DistantCounter")


def _profile(me: Fighter, foe: Fighter, role: Role, mods: list[Modifier], art: Art | None = None) -> SwingProfile:
    unit, target = me.unit, foe.unit
    weapon = usable_weapon(unit)
    assert weapon is not None, "a unit without a usable weapon cannot swing"
    kind = attack_type(unit)[1]
    tags = unit.tags + (list(art.tags) if art else [])

    def note(what: str, value: int, rule: str, who: Role = role) -> None:
        if value:
            mods.append(Modifier(who, what, value, rule))

    for stat in ("strength", "skill"):
        note(stat, unit.stat(stat) - getattr(unit.stats, stat) - _inflicted(unit, stat), "bonus")
        note(stat, _inflicted(unit, stat), "inflict")
    edge = triangle_edge(unit, target)
    rule = "inverted" if unit.has("Inverted") or target.has("Inverted") else "weapon-triangle"
    note("skill", edge, rule)
    note("damage", edge, rule)
    inaccurate = tag_total(tags, "Inaccurate")
    note("skill", -inaccurate, "inaccurate")
    art_skill, art_might = (art.skill, art.might) if art else (0, 0)
    note("skill", art_skill, "art")
    note("damage", art_might, "art")
    skill = unit.stat("skill") + edge - inaccurate + art_skill

    lucky = tag_total(tags, "Lucky")
    note("crit range", lucky, "lucky")
    petrified = PETRIFIED_LUCKY if target.has_status(StatusName.PETRIFIED) else 0
    note("crit range", petrified, "petrified")

    effective = False
    countered = set(tag_args(target.tags, "Countermeasure"))
    for wanted in tag_args(tags, "Effective"):
        if target.has(wanted):
            if wanted in countered:
                mods.append(Modifier(role.other, "effective", -EFFECTIVE_BONUS, "countermeasure"))
            else:
                effective = True
    if effective:  # several matching Effective tags still give +3 once
        note("damage", EFFECTIVE_BONUS, "effective")

    raw = unit.stat("strength") + weapon.might + edge + art_might + (EFFECTIVE_BONUS if effective else 0)
    terrain = target.terrain_bonus(foe.terrain)
    if kind is DamageKind.MAGIC:
        resistance_bonus = target.stat("resistance") - target.stats.resistance
        note("resistance", resistance_bonus, "bonus", role.other)
        reduction = target.stat("resistance") + terrain
        if terrain:
            mods.append(Modifier(role.other, "resistance", terrain, "terrain"))
    else:
        accessory = target.equipped_accessory
        shield = accessory.defense if accessory else 0
        note("defense", target.stat("defense") - target.stats.defense, "bonus", role.other)
        note("defense", shield, "accessory", role.other)
        if terrain:
            mods.append(Modifier(role.other, "defense", terrain, "terrain"))
        reduction = target.stat("defense") + terrain + shield
        if "Piercing" in tags:
            note("ignores defense", reduction, "piercing")
            reduction = 0
    damage = max(0, raw - reduction)
    ineffective = any(target.has(t) for t in tag_args(tags, "Ineffective"))
    if ineffective:
        note("damage", -damage, "ineffective")
    guarded = target.has("Guarded")
    if guarded:
        mods.append(Modifier(role.other, "crit multiplier", -1, "guarded"))
    assassinate = "Assassinate" in tags and not target.unit_class.promoted
    for flag, rule in (("Devil", "devil"), ("Drain", "drain"), ("Decimate", "decimate"), ("Devastate", "devastate")):
        if flag in tags:
            mods.append(Modifier(role, rule, 1, rule))
    if assassinate:
        mods.append(Modifier(role, "assassinate", 1, "assassinate"))
    return SwingProfile(
        skill=skill,
        crit_top=1 + lucky + petrified,
        damage=damage,
        crit_damage=damage if guarded else damage * 2,
        devil="Devil" in tags,
        drain="Drain" in tags,
        decimate="Decimate" in tags,
        devastate="Devastate" in tags,
        assassinate=assassinate,
        ineffective=ineffective,
    )


def _inflicted(unit: Unit, stat: str) -> int:
    return unit.inflicted.amount if unit.inflicted and unit.inflicted.stat == stat else 0


def plan_exchange(attacker: Fighter, defender: Fighter, distance: int, art: Art | None = None) -> ExchangePlan:
    """Work out one attack: each role's swing profile and the order of every swing.

    With a combat `art`, the attacker's swings carry the art's bonuses and tags, and
    the art never follows up (docs/rulings.md).
    """
    mods: list[Modifier] = []
    a_profile = _profile(attacker, defender, Role.ATTACKER, mods, art)
    counters = can_counter(defender.unit, distance)
    d_profile = _profile(defender, attacker, Role.DEFENDER, mods) if counters else None
    if counters and not reaches(defender.unit, usable_weapon(defender.unit), distance):  # type: ignore[arg-type]
        mods.append(Modifier(Role.DEFENDER, "counter range", distance, "distant-counter"))

    def attack(role: Role, unit: Unit, extra_tags: tuple[str, ...] = ()) -> list[Role]:
        brave = unit.has("Brave") or "Brave" in extra_tags
        if brave:
            mods.append(Modifier(role, "swings", 2, "brave"))
        return [role] * (2 if brave else 1)

    speeds = {Role.ATTACKER: attacker.unit.attack_speed, Role.DEFENDER: defender.unit.attack_speed}
    order = attack(Role.ATTACKER, attacker.unit, tuple(art.tags) if art else ())
    if counters:
        order += attack(Role.DEFENDER, defender.unit)
    faster = max(speeds, key=speeds.__getitem__) if speeds[Role.ATTACKER] != speeds[Role.DEFENDER] else None
    if faster is not None and (faster is Role.ATTACKER or counters):
        unit = attacker.unit if faster is Role.ATTACKER else defender.unit
        if unit.has("Complex"):
            mods.append(Modifier(faster, "follow-up", 0, "complex"))
        elif faster is Role.ATTACKER and art is not None:
            mods.append(Modifier(faster, "follow-up", 0, "art"))
        else:
            mods.append(Modifier(faster, "follow-up", 1, "follow-up"))
            order += attack(faster, unit)
    # Brave notes are appended once per attack; keep one per role.
    unique = tuple(dict.fromkeys(mods))
    max_hp = {Role.ATTACKER: attacker.unit.max_hp, Role.DEFENDER: defender.unit.max_hp}
    return ExchangePlan(a_profile, d_profile, tuple(order), speeds, unique, max_hp)


@dataclass(frozen=True)
class Forecast:
    """The exact outcome distribution of an exchange."""

    plan: ExchangePlan
    outcomes: dict[tuple[int, int], Fraction]  # (attacker HP, defender HP) -> probability
    landed: dict[Role, Fraction] = field(default_factory=dict)  # chance each role lands at least one hit

    def hp_after(self, role: Role) -> dict[int, Fraction]:
        index = 0 if role is Role.ATTACKER else 1
        dist: dict[int, Fraction] = {}
        for hps, p in self.outcomes.items():
            dist[hps[index]] = dist.get(hps[index], Fraction(0)) + p
        return dict(sorted(dist.items(), reverse=True))

    def p_routed(self, role: Role) -> Fraction:
        return self.hp_after(role).get(0, Fraction(0))


def _swing(plan: ExchangePlan, role: Role, result: SwingResult, hps: tuple[int, int]) -> tuple[int, int]:
    """HP of (attacker, defender) after `role` swings with `result`."""
    profile = plan.profile(role)
    if role is Role.ATTACKER:
        mine, theirs = profile.apply(result, hps[0], plan.max_hp[Role.ATTACKER], hps[1])
        return mine, theirs
    mine, theirs = profile.apply(result, hps[1], plan.max_hp[Role.DEFENDER], hps[0])
    return theirs, mine


# A state of the enumeration: both HPs, and whether each role has landed a hit yet.
_State = tuple[int, int, bool, bool]


def forecast(plan: ExchangePlan, attacker_hp: int, defender_hp: int) -> Forecast:
    """Enumerate every roll of every swing; no sampling, so the numbers are exact."""
    dist: dict[_State, Fraction] = {(attacker_hp, defender_hp, False, False): Fraction(1)}
    for role in plan.order:
        outcomes = plan.profile(role).outcomes()
        nxt: dict[_State, Fraction] = {}
        for state, p in dist.items():
            a, d, a_landed, d_landed = state
            if a == 0 or d == 0:  # a routed unit swings no more, and is swung at no more
                nxt[state] = nxt.get(state, Fraction(0)) + p
                continue
            for q, result in outcomes:
                a2, d2 = _swing(plan, role, result, (a, d))
                hit = result in ("hit", "crit")
                key = (a2, d2, a_landed or (hit and role is Role.ATTACKER), d_landed or (hit and role is Role.DEFENDER))
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    outcomes: dict[tuple[int, int], Fraction] = {}
    landed = {Role.ATTACKER: Fraction(0), Role.DEFENDER: Fraction(0)}
    for (a, d, a_landed, d_landed), p in dist.items():
        outcomes[(a, d)] = outcomes.get((a, d), Fraction(0)) + p
        landed[Role.ATTACKER] += p if a_landed else 0
        landed[Role.DEFENDER] += p if d_landed else 0
    return Forecast(plan, outcomes, landed)


@dataclass(frozen=True)
class Swing:
    """One resolved swing, as the battle log shows it."""

    role: Role
    roll: int
    needed: int
    crit_top: int
    result: SwingResult
    damage: int  # damage actually taken (by the wielder on a backfire)
    target_hp: int  # the HP of whoever took the damage, after it

    @property
    def landed(self) -> bool:
        return self.result in ("hit", "crit")


def _swing_words(me: str, foe: str, profile: SwingProfile) -> str:
    crit = f", crits on {profile.crit_top} or less" if profile.crit_top >= 1 else ""
    return f"{me}'s swing at {foe}: hits on {max(1, profile.skill)} or less{crit}"


def resolve(plan: ExchangePlan, attacker_hp: int, defender_hp: int, dice: Dice,
            names: tuple[str, str] = ("the attacker", "the defender")) -> tuple[list[Swing], int, int, Dice]:
    """Roll the exchange for real, swing by swing, with the same plan and rules as `forecast`.
    `names` (attacker, defender) only word the request for a roll when the players roll their own dice."""
    hps = (attacker_hp, defender_hp)
    swings: list[Swing] = []
    for role in plan.order:
        if 0 in hps:
            break
        profile = plan.profile(role)
        me, foe = names if role is Role.ATTACKER else names[::-1]
        roll, dice = dice.d20(_swing_words(me, foe, profile))
        result = profile.result(roll)
        before = hps
        hps = _swing(plan, role, result, hps)
        mine, theirs = (0, 1) if role is Role.ATTACKER else (1, 0)
        hurt = mine if result == "backfire" else theirs
        swings.append(Swing(role, roll, profile.skill, profile.crit_top, result, before[hurt] - hps[hurt], hps[hurt]))
    return swings, hps[0], hps[1], dice
