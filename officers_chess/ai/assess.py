"""What an exchange is worth to the computer: unit values and exact-forecast scores, cached per decision."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import conditions
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.armament import usable_weapon, weapon_range
from officers_chess.rules.combat.exchange import ExchangePlan, Fighter, Forecast, Role, SwingProfile, forecast
from officers_chess.rules.pieces.inventory import can_equip
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.tags import tag_args

# A rout costs the routed side this many points beyond the HP it lost: the unit will never act again.
ROUT_POINTS = 14.0
VIP_VALUE = 3.0  # a unit whose fall decides the battle (protect / defeat conditions)
LEADER_VALUE = 2.0  # a Leader the side needs to seize with
HEALER_VALUE = 1.3
PUNCH_SHARE = 0.5  # how much of a unit's value comes from how hard it hits


@dataclass(frozen=True)
class Exchange:
    """One attack's forecast boiled down to expectations (floats, from the exact Fractions)."""

    dealt: float  # expected HP the defender loses
    taken: float  # expected HP the attacker loses
    kill: float  # chance the defender is routed
    death: float  # chance the attacker is routed
    # The exact joint outcomes, (attacker HP, defender HP, chance): what the hard level looks ahead over.
    outcomes: tuple[tuple[int, int, float], ...] = ()


def boil(fc: Forecast, attacker_hp: int, defender_hp: int) -> Exchange:
    after_d = fc.hp_after(Role.DEFENDER)
    after_a = fc.hp_after(Role.ATTACKER)
    return Exchange(
        dealt=defender_hp - sum(float(p) * hp for hp, p in after_d.items()),
        taken=attacker_hp - sum(float(p) * hp for hp, p in after_a.items()),
        kill=float(after_d.get(0, 0)),
        death=float(after_a.get(0, 0)),
        outcomes=tuple((a, d, float(p)) for (a, d), p in fc.outcomes.items()),
    )


def armed_forms(unit: Unit) -> list[Unit]:
    """The unit with each fighting weapon it could attack with now (equipping is a free action):
    not staves or stones, not weapons out of uses, a relic it may not wield or a tome while
    silenced, and nothing at all while asleep or turned to stone."""
    if unit.cannot_swing:
        return []
    forms = []
    for index, item in enumerate(unit.inventory):
        if isinstance(item, Weapon) and item.type not in (WeaponType.STAFF, WeaponType.STONE) and can_equip(unit, item):
            form = unit if index == unit.weapon else unit.model_copy(update={"weapon": index})
            if usable_weapon(form) is item:
                forms.append(form)
    return forms


def is_healer(unit: Unit) -> bool:
    return any(isinstance(i, Weapon) and i.type is WeaponType.STAFF and tag_args(i.tags, "Heal") for i in unit.inventory)


def unit_values(state: GameState, book: ExchangeBook | None = None) -> dict[str, float]:
    """How much each unit on the field matters to the battle, 1.0 for an ordinary unit.

    A unit named by a protect or defeat condition is worth several ordinary ones; so is a
    Leader when its side can win by seizing; healers a little more, for the HP they give back.
    """
    book = book or ExchangeBook()
    vips: set[str] = set()
    for side in Side:
        for cond in conditions(state, side):
            if cond.kind in ("protect", "defeat") and cond.unit:
                vips.add(cond.unit)
    values: dict[str, float] = {}
    living = state.living()
    open_ground = state.terrain_named("plains")
    punch = book.punches(state, living, open_ground)
    # Each side is measured against its own average: punch ranks a side's units (whom to shield, whom to wear
    # down first) without making one side's HP dearer than the other's, which would make the harder-hitting
    # side timid and the weaker one bold.
    mean = {side: sum(punch[u.id] for u in living if u.side is side) / max(1, sum(u.side is side for u in living))
            for side in Side}
    for unit in living:
        # A unit that hits harder is worth more: routing it spares more HP later, losing it costs more. (With no
        # enemy in sight nothing can be measured, and every unit is ordinary.)
        share = punch[unit.id] / mean[unit.side] if mean[unit.side] > 0 else 1.0
        value = (1 - PUNCH_SHARE) + PUNCH_SHARE * share
        if unit.name in vips:
            value = VIP_VALUE
        elif state.seize_tiles and (unit.has("Leader") or unit.has("Seize")) and can_seize(state, unit.side):
            value = LEADER_VALUE
        elif is_healer(unit):
            value = max(value, HEALER_VALUE)
        values[unit.id] = value
    return values


def can_seize(state: GameState, side: Side) -> bool:
    return any(c.kind == "seize" for c in conditions(state, side))


def exchange_score(ex: Exchange, attacker_value: float, defender_value: float) -> float:
    """Value-weighted damage dealt minus taken, with each rout worth `ROUT_POINTS` more."""
    gain = defender_value * (ex.dealt + ROUT_POINTS * ex.kill)
    loss = attacker_value * (ex.taken + ROUT_POINTS * ex.death)
    return gain - loss


class ExchangeBook:
    """Exact forecasts of attacks, remembered while nothing they depend on changes.

    The key holds everything a forecast reads from each unit (HP, statuses, equipment, inventory
    uses, form, lowered stats) plus the terrain both stand on and their distance, so a cached
    answer is always the answer the resolver would give.
    """

    def __init__(self) -> None:
        self._memo: dict[tuple, Exchange] = {}
        self._plans: dict[tuple, ExchangePlan] = {}
        self._blows: dict[tuple, float] = {}

    @staticmethod
    def _fingerprint(unit: Unit) -> tuple:
        return (
            unit.id, unit.hp, unit.weapon, unit.accessory, unit.transformed,
            tuple((s.name, s.left) for s in unit.statuses) if unit.statuses else (),
            tuple(getattr(i, "uses_left", None) for i in unit.inventory),
            None if unit.inflicted is None else (unit.inflicted.stat, unit.inflicted.amount, unit.inflicted.pending),
        )

    def exchange(self, state: GameState, attacker: Unit, at: Pos, defender: Unit, defender_at: Pos,
                 art: str | None = None, guarding: bool = False) -> Exchange:
        """The attack of `attacker` standing on `at` on `defender` standing on `defender_at` (a Qi Adept
        `guarding` an ally when it steps in)."""
        return self.exchange_on(state, attacker, state.map.terrain_at(at), defender, state.map.terrain_at(defender_at),
                                distance(at, defender_at), art, guarding)

    def exchange_on(self, state: GameState, attacker: Unit, a_terrain: Terrain, defender: Unit, d_terrain: Terrain,
                    gap: int, art: str | None = None, guarding: bool = False) -> Exchange:
        """The same, given the terrain under each unit and the distance between them."""
        # Backup depends on where allies stand, not on the pair alone, so it is part of the key.
        backed = (state.backed(attacker, defender), state.backed(defender, attacker))
        key = (self._fingerprint(attacker), self._fingerprint(defender), a_terrain.id, d_terrain.id, gap, art, backed,
               guarding)
        found = self._memo.get(key)
        if found is None:
            # The plan (chances, damage, order of swings) reads no HP, so the look-ahead's hypothetical HP share one.
            plan_key = (key[0][:1] + key[0][2:], key[1][:1] + key[1][2:]) + key[2:]
            plan = self._plans.get(plan_key)
            if plan is None:
                if len(self._plans) > 50_000:
                    self._plans.clear()
                plan = self._plans[plan_key] = state.rules.plan(
                    Fighter(attacker, a_terrain, backed=backed[0]),
                    Fighter(defender, d_terrain, backed=backed[1], guarding=guarding), gap, state.arts[art] if art else None)
            found = boil(forecast(plan, attacker.hp, defender.hp), attacker.hp, defender.hp)
            if len(self._memo) > 50_000:  # a long battle: forget the old positions rather than grow for ever
                self._memo.clear()
            self._memo[key] = found
        return found

    def punches(self, state: GameState, units: list[Unit], open_ground: Terrain) -> dict[str, float]:
        """How hard each unit hits, a rough measure for its value: what one attack of its best weapon deals in
        expectation (hit and crit chances, follow-ups, Brave) on each of `units` on the other side, both on open
        ground, averaged. The edition's own exchange plan decides, so a tome hits with Magic where the edition
        says it does."""
        # HP is left out of the keys: a plan hardly depends on it, and hypothetical HP would flood the memo.
        marks = {u.id: (u.id,) + self._fingerprint(u)[2:] for u in units}
        found: dict[str, float] = {}
        for side in {u.side for u in units}:
            enemies = [u for u in units if u.side is not side]
            for unit in units:
                if unit.side is side:
                    found[unit.id] = self._punch(state, unit, marks[unit.id], enemies, marks, open_ground)
        return found

    def _punch(self, state: GameState, unit: Unit, mark: tuple, enemies: list[Unit], marks: dict[str, tuple],
               open_ground: Terrain) -> float:
        best = 0.0
        for form in armed_forms(unit):
            weapon = usable_weapon(form)
            assert weapon is not None
            gap = weapon_range(form, weapon)[0]
            total = 0.0
            for enemy in enemies:
                # Remembered blow by blow, not army by army: a look-ahead that routs one enemy changes the army,
                # not the blows on the rest.
                key = (mark, form.weapon, marks[enemy.id], open_ground.id)
                blow = self._blows.get(key)
                if blow is None:
                    if len(self._blows) > 50_000:  # as with the forecasts: forget old armies, never grow for ever
                        self._blows.clear()
                    plan = state.rules.plan(Fighter(form, open_ground), Fighter(enemy, open_ground), gap)
                    # On the enemy at full HP: a blow that Decimate or Devastate sets is counted from that HP.
                    blow = self._blows[key] = _expected_blows(plan.attacker, plan.swings(Role.ATTACKER), enemy.max_hp)
                total += blow
            best = max(best, total / max(1, len(enemies)))
        return best


def _expected_blows(swing: SwingProfile, swings: int, target_hp: int) -> float:
    """What `swings` swings are expected to deal to a target of `target_hp`. A blow the damage formula sets is the
    same each swing; one the target's HP sets (Decimate, Devastate, Assassinate's crit) is worked out swing by swing
    on the HP the earlier ones are expected to leave, so a Devastate hit counts as the HP it takes, once."""
    if swing.ineffective:
        return 0.0
    if swing.hp_rule("hit") is None and swing.hp_rule("crit") is None:
        return swings * _expected_blow(swing, swing.damage, swing.crit_damage)
    total, hp = 0.0, float(target_hp)
    for _ in range(swings):
        left = round(hp)
        blow = _expected_blow(swing, swing.dealt("hit", left), swing.dealt("crit", left))
        total += blow
        hp = max(0.0, hp - blow)
    return total


def _expected_blow(swing: SwingProfile, damage: int, crit_damage: int) -> float:
    """One swing's expected damage: hit chance times `damage`, plus the crit's extra over it at its chance."""
    if swing.always_hits:
        return float(damage)
    hit = min(1.0, max(1 if swing.natural_one else 0, swing.skill) / swing.faces)
    crit = min(1.0, max(0, min(swing.crit_top, swing.skill)) / swing.faces)
    return hit * damage + crit * (crit_damage - damage)
