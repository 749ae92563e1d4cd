"""What a unit the computer could hire is worth against the enemy it expects, by the exact forecast on the ground it will hold."""

from __future__ import annotations

from officers_chess.ai.assess import boil, exchange_score
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.board.terrain import Terrain, terrain_table
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.armament import usable_weapon, weapon_range
from officers_chess.rules.combat.exchange import Fighter, forecast
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, Unit, WeaponType
from officers_chess.rules.scenario.deploy_room import Option, hire_options
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, UnitSetup, build_unit, deploy_zone

FOES = 8  # the enemy's likely hires a unit is measured against (spread over what the enemy can afford)
GROUNDS = 2  # the commonest kinds of ground in the deployment zone the measure is taken on
WORST_SHARE = 0.5  # how much of the worth is the worst quarter of its matchups: a unit the enemy can counter is a risk


class Matchups:
    """Units of a scenario's catalogue measured against each other: one unit's attack on another at its best range,
    the exchange scored as the computer scores any attack. Remembered for the whole battle's army building."""

    def __init__(self, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap | None) -> None:
        self.scenario = scenario
        self.catalogue = catalogue
        self.battle_map = battle_map
        self._units: dict[tuple, Unit | None] = {}
        self._scores: dict[tuple, float] = {}
        self._grounds: dict[Side, list[tuple[Terrain, float]]] = {}

    def unit(self, side: Side, unit_class: str, items: tuple[str, ...] | list[str]) -> Unit | None:
        """A unit of that class carrying those items, as the battle would build it (None if it cannot be)."""
        key = (side, unit_class, tuple(items))
        if key not in self._units:
            setup = UnitSetup(name="probe", unit_class=unit_class, items=list(items), at=(1, 1))
            try:
                self._units[key] = build_unit(setup, side, f"{side.value}:{unit_class}:{'+'.join(items)}", self.catalogue,
                                              self.battle_map or _OPEN_FIELD, ())
            except ScenarioError:
                self._units[key] = None
        return self._units[key]

    def grounds(self, side: Side) -> list[tuple[Terrain, float]]:
        """The kinds of ground the side's units will fight on first (its deployment zone), by share of tiles."""
        if side not in self._grounds:
            table = terrain_table(self.scenario.edition)
            glyphs: list[str] = []
            if self.battle_map is not None:
                zone = deploy_zone(self.scenario, side)
                rows = self.battle_map.rows
                glyphs = [rows[y][x] for x, y in zone if 0 <= y < len(rows) and 0 <= x < len(rows[y])]
            counts: dict[str, int] = {}
            for glyph in glyphs:
                if glyph in table and table[glyph].foot is not None:
                    counts[glyph] = counts.get(glyph, 0) + 1
            top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:GROUNDS]
            total = sum(count for _, count in top)
            plains = table.get(".") or next(iter(table.values()))
            self._grounds[side] = [(table[g], count / total) for g, count in top] if total else [(plains, 1.0)]
        return self._grounds[side]

    def attack(self, attacker: Unit, defender: Unit, ground: Terrain) -> float:
        """The score of `attacker`'s best attack on `defender` (both on `ground`): 0 when it cannot strike."""
        key = (attacker.id, defender.id, ground.id)
        if key not in self._scores:
            best = 0.0
            weapon = usable_weapon(attacker)
            if weapon is not None and weapon.type not in (WeaponType.STAFF, WeaponType.STONE):
                low, high = weapon_range(attacker, weapon)
                edition = rules_for(self.scenario.edition)
                scores = []
                for gap in range(max(1, low), high + 1):
                    plan = edition.plan(Fighter(attacker, ground), Fighter(defender, ground), gap, None)
                    ex = boil(forecast(plan, attacker.hp, defender.hp), attacker.hp, defender.hp)
                    scores.append(exchange_score(ex, 1.0, 1.0))
                best = max(scores, default=0.0)
            self._scores[key] = best
        return self._scores[key]

    def worth(self, side: Side, option: Option, foes: list[Unit]) -> float:
        """What hiring `option` is worth against `foes`: over each foe, the unit's attack on it less the foe's attack
        on the unit, on the side's ground; half the mean, half the mean of its worst quarter."""
        unit = self.unit(side, option[1], option[2])
        if unit is None or not foes:
            return 0.0
        grounds = self.grounds(side)
        each = sorted(sum(share * (self.attack(unit, foe, ground) - self.attack(foe, unit, ground))
                          for ground, share in grounds) for foe in foes)
        worst = each[:max(1, len(each) // 4)]
        return WORST_SHARE * sum(worst) / len(worst) + (1 - WORST_SHARE) * sum(each) / len(each)

    def likely_foes(self, side: Side, classes: list[str] | None = None) -> list[Unit]:
        """The enemy units `side` should expect, from what a player on that side may know: the enemy's classes (its
        placed army's, or those Scouting showed) but never its inventories. Up to `FOES` options, each a class with
        a weapon it could carry, spread over the dearer half of what a slot of the enemy's chest affords (over all
        its weapons when the enemy does not hire)."""
        foe = side.other
        hires = self.scenario.hires(foe)
        if classes is None and not hires:
            classes = sorted({u.unit_class for u in self.scenario.armies.get(foe, [])})
        armed, _ = hire_options(self.scenario, self.catalogue, foe)
        if classes is not None:
            armed = [o for o in armed if o[1] in classes]
        if not armed:
            return []
        pool = armed
        rules = self.scenario.rules(foe)
        if hires and rules.war_chest:
            typical = armed[len(armed) // 2][0]
            size = max(1, min(rules.army.max, rules.war_chest // max(1, typical)))
            fair = [o for o in armed if o[0] <= 1.25 * rules.war_chest / size] or armed[:1]
            pool = fair[len(fair) // 2:]
        step = max(1, len(pool) // FOES)
        return [u for u in (self.unit(foe, o[1], o[2]) for o in pool[::step]) if u is not None]


_OPEN_FIELD = BattleMap(name="open field", rows=["." * 4] * 4)
