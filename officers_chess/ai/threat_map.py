"""What the enemy threatens: danger zones, who could attack a unit on a tile and with what forecast, and a move heatmap.

Built on the computer's own danger geometry (`ai.danger.threats`) and the combat module's one
forecast, so the battle screen's overlays and the computer read the board the same way. Pass a
player's view (`vision.player_view`) and the enemies it shows: nothing hidden is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from officers_chess.ai.assess import armed_forms
from officers_chess.ai.danger import Threat, threats
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.combat.exchange import Forecast, Role
from officers_chess.rules.pieces.models import Unit


def zone_of(threat: Threat) -> frozenset[Pos]:
    """Every tile the enemy of `threat` could attack next activation, at any range."""
    return frozenset().union(*threat.by_gap.values())


def danger_zone(state: GameState, enemies: list[Unit]) -> dict[Pos, int]:
    """Each tile some of `enemies` could attack next activation, with how many of them could."""
    zone: dict[Pos, int] = {}
    for threat in threats(state, enemies):
        for pos in zone_of(threat):
            zone[pos] = zone.get(pos, 0) + 1
    return zone


def standing_at(state: GameState, unit: Unit, pos: Pos) -> GameState:
    """The state with `unit` moved to `pos` and nothing else changed: for asking "what if it stood there".

    A unit that has not started its turn yet first gets what its tile does at the start of a turn
    (the d100 draft's heal tiles and flames), as it will when it moves.
    """
    hp = unit.hp
    ready = unit
    if not unit.activated and (state.active is None or state.active.unit != unit.id):
        tile = state.map.terrain_at(unit.pos)
        hp = max(0, hp - tile.burn)
        if hp and tile.heal_at_start:
            hp = min(unit.max_hp, hp + tile.heal)
        ready = as_activated(unit.model_copy(update={"hp": hp}))  # a pending Inflict in effect, a shifter transformed
        hp = ready.hp
    units = [ready.model_copy(update={"pos": pos, "hp": hp}) if u.id == unit.id else u for u in state.units]
    return state.model_copy(update={"units": units})


def attackers_at(state: GameState, unit: Unit, pos: Pos, enemies: list[Unit]) -> list[Threat]:
    """The enemies that could attack `unit` next activation if it stood on `pos` (where it blocks them, not where it was)."""
    placed = standing_at(state, unit, pos)
    return [t for t in threats(placed, enemies) if pos in zone_of(t)]


@dataclass(frozen=True)
class AttackForecast:
    """One enemy's best attack on a unit standing on a tile: with which weapon, from where, and the exact forecast."""

    enemy: Unit  # armed as for this attack (equipping is free)
    origin: Pos  # the tile it attacks from
    forecast: Forecast  # the enemy is the attacker, our unit the defender
    hp: int  # our unit's HP before the attack

    @property
    def rout_chance(self) -> Fraction:
        return self.forecast.p_routed(Role.DEFENDER)

    @property
    def expected_damage(self) -> Fraction:
        after = self.forecast.hp_after(Role.DEFENDER)
        return self.hp - sum((p * hp for hp, p in after.items()), Fraction(0))

    @property
    def expected_taken(self) -> Fraction:
        """HP the enemy expects to lose to our counter."""
        after = self.forecast.hp_after(Role.ATTACKER)
        return self.enemy.hp - sum((p * hp for hp, p in after.items()), Fraction(0))


def threat_forecasts(state: GameState, unit: Unit, pos: Pos, enemies: list[Unit]) -> list[AttackForecast]:
    """Every enemy that could attack `unit` standing on `pos` next activation, each with its best attack
    (most likely to rout, then most damage, then least damage taken back; on a tie the cheapest tile to
    reach), worst first."""
    placed = standing_at(state, unit, pos)
    target = placed.unit(unit.id)
    found: list[AttackForecast] = []
    for threat in threats(placed, enemies):
        if pos not in zone_of(threat):
            continue
        stands = placed.reach(threat.enemy).costs
        best: tuple[tuple, AttackForecast] | None = None
        for armed in threat.arms:
            low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
            for origin in sorted(stands, key=lambda p: (stands[p], p[1], p[0])):
                if not max(1, low) <= distance(origin, pos) <= high:
                    continue
                attack = AttackForecast(armed, origin, placed.forecast(armed, target, attacker_pos=origin), target.hp)
                rank = (attack.rout_chance, attack.expected_damage, -attack.expected_taken)
                if best is None or rank > best[0]:
                    best = (rank, attack)
        if best is not None:
            found.append(best[1])
    return sorted(found, key=lambda a: (-a.rout_chance, -a.expected_damage, a.enemy.name))


@dataclass(frozen=True)
class TileHeat:
    """What a tile offers the unit moving there: its best chance to rout an enemy from it, and how many enemies could attack it there afterwards."""

    kill: Fraction
    victim: str | None  # the enemy (id) that best chance is against
    threats: int


def best_kill(state: GameState, unit: Unit, pos: Pos, enemies: list[Unit]) -> tuple[Fraction, str | None]:
    """The unit's best chance to rout one of `enemies` by attacking from `pos`, with any weapon it could equip."""
    best: tuple[Fraction, str | None] = (Fraction(0), None)
    for armed in armed_forms(unit):
        low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
        for enemy in enemies:
            if max(1, low) <= distance(pos, enemy.pos) <= high:
                kill = state.forecast(armed, enemy, attacker_pos=pos).p_routed(Role.DEFENDER)
                if kill > best[0]:
                    best = (kill, enemy.id)
    return best


def heatmap(state: GameState, unit: Unit, tiles: set[Pos] | frozenset[Pos], enemies: list[Unit]) -> dict[Pos, TileHeat]:
    """For each tile the unit may move to: its best rout chance from there and the enemies that could attack it there.

    The same numbers as `best_kill` and `attackers_at` tile by tile, computed once for all tiles: forecasts
    are shared between tiles of the same terrain and range, and an enemy's movement is worked out again
    only for tiles it could walk onto (elsewhere the unit cannot be in its way).
    """
    forms = armed_forms(unit)
    fc_memo: dict[tuple, Fraction] = {}
    away = state.model_copy(update={"units": [u for u in state.units if u.id != unit.id]})
    base = [(t, zone_of(t), away.reach(t.enemy).costs) for t in threats(away, enemies)]
    heat: dict[Pos, TileHeat] = {}
    for pos in tiles:
        kill, victim = Fraction(0), None
        terrain = state.map.terrain_at(pos).id
        for armed in forms:
            low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
            for enemy in enemies:
                gap = distance(pos, enemy.pos)
                if not max(1, low) <= gap <= high:
                    continue
                key = (armed.weapon, terrain, gap, enemy.id)
                if key not in fc_memo:
                    fc_memo[key] = state.forecast(armed, enemy, attacker_pos=pos).p_routed(Role.DEFENDER)
                if fc_memo[key] > kill:
                    kill, victim = fc_memo[key], enemy.id
        count = 0
        for threat, zone, walks in base:
            if pos in walks:  # standing there could block this enemy's way: ask again
                count += any(pos in zone_of(t) for t in threats(standing_at(state, unit, pos), [threat.enemy]))
            else:
                count += pos in zone
        heat[pos] = TileHeat(kill, victim, count)
    return heat
