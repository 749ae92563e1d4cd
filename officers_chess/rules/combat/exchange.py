"""The attack exchange: one plan of swings, shared by the exact forecast and the dice resolver (each edition
works out the numbers of the plan; see rules/editions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal, Protocol

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.pieces.models import Art, Unit

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

    `result` classifies a roll of the edition's hit die and `apply` carries out its effect;
    the exact forecast and the resolver both go through these two, so they cannot disagree.
    """

    skill: int  # hits on this or less (Skill in v0.6; the to-hit number on a d100 in the later editions)
    crit_top: int
    damage: int
    crit_damage: int
    faces: int = 20  # the hit die
    natural_one: bool = True  # v0.6: a 1 always hits
    always_hits: bool = False  # Homing: no roll can miss, and none crits
    breaks: bool = False  # a hit that deals damage leaves the target Broken (later editions)
    pushes: bool = False  # Heavy: a hit pushes the target one tile back
    devil: bool = False  # rolls of 9 or 10 turn on the wielder
    drain: bool = False  # heals the wielder by half of what it deals
    decimate: bool = False  # a hit takes half the target's current HP
    devastate: bool = False  # a hit leaves the target at 1 HP
    assassinate: bool = False  # a crit takes all the target's HP
    ineffective: bool = False  # the target takes no damage at all
    # (damage, crit damage) of the role's hits after its first landing one, when a bonus counts once per combat
    # (d100 Backup); None when every hit deals `damage` / `crit_damage`.
    later: tuple[int, int] | None = None

    def result(self, roll: int) -> SwingResult:
        """Classify one d20 roll: at or under Skill hits, 1 always hits, a hit in the crit range crits."""
        if self.devil and roll in DEVIL_ROLLS:
            return "backfire"
        if self.always_hits:
            return "hit"
        hits = (self.natural_one and roll == 1) or roll <= self.skill
        if not hits:
            return "miss"
        return "crit" if roll <= self.crit_top else "hit"

    def damage_of(self, result: SwingResult) -> int:
        """The nominal damage of a result, before HP-dependent tags (shown in forecasts and logs)."""
        return {"miss": 0, "hit": self.damage, "crit": self.crit_damage, "backfire": self.damage}[result]

    def dealt(self, result: SwingResult, target_hp: int, landed: bool = False) -> int:
        """Damage the target actually takes from this result at its current HP (`landed`: this role has
        already hit in this exchange)."""
        return min(target_hp, self.blow(result, target_hp, landed))

    def hp_rule(self, result: SwingResult) -> str | None:
        """The tag that sets this result's damage from the target's HP instead of the damage formula (assassinate,
        decimate, devastate), None when the formula's figure stands."""
        if result in ("miss", "backfire") or self.ineffective:
            return None
        if result == "crit" and self.assassinate:
            return "assassinate"
        return "decimate" if self.decimate else "devastate" if self.devastate else None

    def blow(self, result: SwingResult, target_hp: int, landed: bool = False) -> int:
        """The damage this result deals before the target's remaining HP caps it (`dealt` takes the cap)."""
        if result in ("miss", "backfire") or self.ineffective:
            return 0
        rule = self.hp_rule(result)
        if rule == "assassinate":
            amount = target_hp
        elif rule == "decimate":
            amount = max(1, target_hp // 2)
        elif rule == "devastate":
            amount = target_hp - 1
        else:
            hit, crit = self.later if landed and self.later is not None else (self.damage, self.crit_damage)
            amount = crit if result == "crit" else hit
        return amount

    def apply(self, result: SwingResult, my_hp: int, my_max: int, target_hp: int,
              landed: bool = False) -> tuple[int, int]:
        """HP of the swinger and of its target after one swing with this result (`landed` as for `dealt`)."""
        if result == "backfire":
            return max(0, my_hp - self.damage), target_hp
        dealt = self.dealt(result, target_hp, landed)
        if self.drain and dealt:
            my_hp = min(my_max, my_hp + dealt // 2)
        return my_hp, target_hp - dealt

    def outcomes(self) -> list[tuple[Fraction, SwingResult]]:
        """The chance of each result, counted face by face with `result` (so never out of step)."""
        return [(Fraction(n, self.faces), result) for n, result in self.face_counts()]

    def face_counts(self) -> list[tuple[int, SwingResult]]:
        """How many of the die's faces give each result."""
        counts: dict[SwingResult, int] = {}
        for roll in range(1, self.faces + 1):
            result = self.result(roll)
            counts[result] = counts.get(result, 0) + 1
        return [(n, result) for result, n in counts.items()]

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
    """A unit as it stands in an exchange: the unit, the terrain under it, and what its neighbours lend it."""

    unit: Unit
    terrain: Terrain
    backed: bool = False  # an ally with Backup could attack this fighter's foe (later editions)
    guarding: bool = False  # a Qi Adept taking this attack for an adjacent ally


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


class CombatRules(Protocol):
    """What combat asks of an edition: how one attack is planned, and how far a Magic-reach staff goes."""

    def plan(self, attacker: Fighter, defender: Fighter, distance: int, art: Art | None = None) -> ExchangePlan: ...

    def magic_reach(self, unit: Unit) -> int: ...


_COMBAT_RULES: dict[str, CombatRules] = {}  # each edition's, by name: the editions package plugs them in


def plug_in_combat(edition: str, rules: CombatRules) -> None:
    """Make `rules` the combat of the edition called `edition` (the editions package calls this as the rules load)."""
    _COMBAT_RULES[edition] = rules


def combat_rules(edition: str) -> CombatRules:
    """The combat of the edition called `edition` (KeyError naming the known ones otherwise)."""
    try:
        return _COMBAT_RULES[edition]
    except KeyError:
        raise KeyError(f"unknown edition {edition!r} (this version plays {', '.join(_COMBAT_RULES)})") from None


def plan_exchange(attacker: Fighter, defender: Fighter, distance: int, art: Art | None = None,
                  edition: str = "v0.6") -> ExchangePlan:
    """Work out one attack under an edition's rules: each role's swing profile and the order of every swing."""
    return combat_rules(edition).plan(attacker, defender, distance, art)


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


def _swing(plan: ExchangePlan, role: Role, result: SwingResult, hps: tuple[int, int],
           landed: bool = False) -> tuple[int, int]:
    """HP of (attacker, defender) after `role` swings with `result` (`landed`: `role` has hit before)."""
    profile = plan.profile(role)
    if role is Role.ATTACKER:
        mine, theirs = profile.apply(result, hps[0], plan.max_hp[Role.ATTACKER], hps[1], landed)
        return mine, theirs
    mine, theirs = profile.apply(result, hps[1], plan.max_hp[Role.DEFENDER], hps[0], landed)
    return theirs, mine


# A state of the enumeration: both HPs, whether each role has landed a hit yet, and whether the
# defender has been Broken (it then counters no more in this exchange).
_State = tuple[int, int, bool, bool, bool]


def breaks_now(plan: ExchangePlan, role: Role, result: SwingResult, target_before: int, target_after: int) -> bool:
    """Whether this swing leaves the defender Broken: a breaking attacker's hit that deals damage."""
    return role is Role.ATTACKER and plan.profile(role).breaks and result in ("hit", "crit") and target_after < target_before


def forecast(plan: ExchangePlan, attacker_hp: int, defender_hp: int) -> Forecast:
    """Enumerate every roll of every swing; no sampling, so the numbers are exact."""
    # Counted in whole numbers of equally likely rolls (each swing multiplies the count of paths by its die's
    # faces), and only made fractions at the end: the same exact chances, without a fraction reduced at every step.
    dist: dict[_State, int] = {(attacker_hp, defender_hp, False, False, False): 1}
    paths = 1
    for role in plan.order:
        profile = plan.profile(role)
        faces = profile.faces
        counts = profile.face_counts()
        paths *= faces
        nxt: dict[_State, int] = {}
        for state, n in dist.items():
            a, d, a_landed, d_landed, broken = state
            # A routed unit swings no more and is swung at no more; a Broken defender counters no more.
            if a == 0 or d == 0 or (broken and role is Role.DEFENDER):
                nxt[state] = nxt.get(state, 0) + n * faces
                continue
            for k, result in counts:
                a2, d2 = _swing(plan, role, result, (a, d), a_landed if role is Role.ATTACKER else d_landed)
                hit = result in ("hit", "crit")
                key = (a2, d2, a_landed or (hit and role is Role.ATTACKER), d_landed or (hit and role is Role.DEFENDER),
                       broken or breaks_now(plan, role, result, d, d2))
                nxt[key] = nxt.get(key, 0) + n * k
        dist = nxt
    totals: dict[tuple[int, int], int] = {}
    landed = {Role.ATTACKER: 0, Role.DEFENDER: 0}
    for (a, d, a_landed, d_landed, _broken), n in dist.items():
        totals[(a, d)] = totals.get((a, d), 0) + n
        landed[Role.ATTACKER] += n if a_landed else 0
        landed[Role.DEFENDER] += n if d_landed else 0
    return Forecast(plan, {hps: Fraction(n, paths) for hps, n in totals.items()},
                    {role: Fraction(n, paths) for role, n in landed.items()})


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
    faces: int = 20  # the die rolled
    broke: bool = False  # it left the defender Broken
    blow: int | None = None  # the damage before the HP left capped it, when it was more than `damage` (rulings L109)

    @property
    def landed(self) -> bool:
        return self.result in ("hit", "crit")


def _swing_words(me: str, foe: str, profile: SwingProfile) -> str:
    die = "" if profile.faces == 20 else f"d{profile.faces}, "
    if profile.always_hits:
        return f"{me}'s swing at {foe}: {die}always hits"
    crit = f", crits on {profile.crit_top} or less" if profile.crit_top >= 1 else ""
    low = 1 if profile.natural_one else 0
    return f"{me}'s swing at {foe}: {die}hits on {max(low, profile.skill)} or less{crit}"


def resolve(plan: ExchangePlan, attacker_hp: int, defender_hp: int, dice: Dice,
            names: tuple[str, str] = ("the attacker", "the defender"),
            ids: tuple[str, ...] = ()) -> tuple[list[Swing], int, int, Dice]:
    """Roll the exchange for real, swing by swing, with the same plan and rules as `forecast`.
    `names` (attacker, defender) only word the request for a roll when the players roll their own dice, and
    `ids` say whom that request concerns."""
    hps = (attacker_hp, defender_hp)
    swings: list[Swing] = []
    broken = False
    landed: set[Role] = set()  # the roles that have hit in this exchange (a once-per-combat bonus is spent)
    for role in plan.order:
        if 0 in hps:
            break
        if broken and role is Role.DEFENDER:
            continue
        profile = plan.profile(role)
        me, foe = names if role is Role.ATTACKER else names[::-1]
        roll, dice = dice.die(profile.faces, _swing_words(me, foe, profile), ids)
        result = profile.result(roll)
        before, had_landed = hps, role in landed
        hps = _swing(plan, role, result, hps, had_landed)
        if result in ("hit", "crit"):
            landed.add(role)
        mine, theirs = (0, 1) if role is Role.ATTACKER else (1, 0)
        hurt = mine if result == "backfire" else theirs
        broke = not broken and breaks_now(plan, role, result, before[1], hps[1])
        broken = broken or broke
        taken = before[hurt] - hps[hurt]
        # What the blow would have dealt, kept only when the HP left capped it, so the log can say so.
        blow = profile.damage if result == "backfire" else profile.blow(result, before[hurt], had_landed)
        swings.append(Swing(role, roll, profile.skill, profile.crit_top, result, taken, hps[hurt],
                            profile.faces, broke, blow if blow > taken else None))
    return swings, hps[0], hps[1], dice
