"""Danger zones: which enemies could attack a tile next activation, and what standing there would cost."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.assess import ROUT_POINTS, ExchangeBook, armed_forms
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.pieces.models import Unit

# An enemy that has a better target elsewhere may still attack this one: it counts for this share.
ELSEWHERE_SHARE = 0.3
# Within this many points of its best target elsewhere, an enemy's choice is a coin toss between the two, and the
# threat counts for a share between ELSEWHERE_SHARE and all of it (a point either way should not flip it).
TOSS_UP = 2.0
# An enemy whose best attack on the unit would cost it more than it gains still counts for this share.
UNWELCOME_SHARE = 0.25
# How much of the damage our unit would deal back on the enemy's turn counts in its favour.
COUNTER_SHARE = 0.5


@dataclass(frozen=True)
class Threat:
    """One enemy's reach next activation: per distance, the tiles it could attack from where it can stand."""

    enemy: Unit
    arms: tuple[Unit, ...]  # the enemy with each fighting weapon it could hold (equipping is free)
    by_gap: dict[int, frozenset[Pos]]
    stands: frozenset[Pos] = frozenset()  # where it can end its move (and where it is)


def threats(state: GameState, enemies: list[Unit]) -> list[Threat]:
    """The danger zone of each enemy: every tile within its weapons' range of a tile it can move to."""
    found = []
    for enemy in enemies:
        arms = tuple(armed_forms(enemy))
        if not arms:
            continue
        stands = state.reach(enemy).costs
        gaps: dict[int, set[Pos]] = {}
        for armed in arms:
            low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
            for gap in range(max(1, low), high + 1):
                if gap not in gaps:
                    gaps[gap] = _ring(stands, gap, state.map.width, state.map.height)
        found.append(Threat(enemy, arms, {g: frozenset(t) for g, t in gaps.items()}, frozenset(stands) | {enemy.pos}))
    return found


def _in_the_way(threat: Threat, pos: Pos) -> bool:
    """Whether a unit on `pos` may be cutting the enemy's way: the tile borders where it can stand (its body
    blocks a path, or takes a tile the enemy could end on)."""
    x, y = pos
    return any((x + dx, y + dy) in threat.stands for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))


def _ring(stands: dict[Pos, int], gap: int, width: int, height: int) -> set[Pos]:
    offsets = [(dx, dy) for dx in range(-gap, gap + 1) for dy in (gap - abs(dx), -(gap - abs(dx)))]
    tiles: set[Pos] = set()
    for x, y in stands:
        for dx, dy in offsets:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height:
                tiles.add((nx, ny))
    return tiles


class DangerMap:
    """What it costs a unit to end its turn on a tile, from the enemies that could attack it there.

    Each enemy is assumed to attack from the distance and with the weapon best for it (by the
    exact forecast), and to pick the target best for it; when the expected damage of the enemies
    together would take the unit's HP the rout is counted as likely.
    """

    def __init__(self, state: GameState, enemies: list[Unit], book: ExchangeBook, values: dict[str, float],
                 allies: list[Unit] | None = None) -> None:
        self.state = state
        self.book = book
        self.values = values
        self.threats = threats(state, enemies)
        self.allies = allies if allies is not None else []
        self._moved: dict[str, list[Threat]] = {}
        self._loose: list[Threat] | None = None  # `loose_threats`, when asked for
        self._memo: dict[tuple, tuple[float, float, float]] = {}
        self._others: dict[tuple[str, str, bool], float] = {}

    def threats_for(self, unit: Unit) -> list[Threat]:
        """The enemies' reach once `unit` has moved off its tile: one whose way it was cutting (an enemy cannot pass
        through it, nor stop where it stands) may get further. The player's danger zone asks the same (`heatmap`);
        without it a unit at the front stepped back behind the tile it had left, and thought itself safe there."""
        if unit.id not in self._moved:
            cut = [t for t in self.threats if _in_the_way(t, unit.pos)]
            if not cut:
                self._moved[unit.id] = self.threats
            else:
                away = self.state.model_copy(update={"units": [u for u in self.state.units if u.id != unit.id]})
                again = {t.enemy.id: t for t in threats(away, [t.enemy for t in cut])}
                self._moved[unit.id] = [again.get(t.enemy.id, t) for t in self.threats]
        return self._moved[unit.id]

    def loose_threats(self) -> list[Threat]:
        """The enemies' reach with every one of our units still to act this round gone from its tile: each may
        step aside before the enemy's blow comes (all of them do when the enemy has acted), so only those that
        have acted surely stand in its way. What a unit whose fall loses the battle reckons with."""
        if self._loose is None:
            ours = {a.side for a in self.allies}
            placed = self.state.model_copy(update={"units": [u for u in self.state.units
                                                             if u.side not in ours or u.activated]})
            self._loose = threats(placed, [t.enemy for t in self.threats])
        return self._loose

    def attack_on(self, threat: Threat, unit: Unit, pos: Pos) -> tuple[float, float, float, float] | None:
        """The enemy's best attack on `unit` standing on `pos`: (its score, damage, rout chance, its own loss)."""
        gaps = [gap for gap, tiles in threat.by_gap.items() if pos in tiles]
        if not gaps:  # most tiles asked about are out of this enemy's reach
            return None
        best: tuple[float, float, float, float] | None = None
        enemy_terrain = self.state.map.terrain_at(threat.enemy.pos)
        terrain = self.state.map.terrain_at(pos)
        value = self.values.get(unit.id, 1.0)
        enemy_value = self.values.get(threat.enemy.id, 1.0)
        for gap in gaps:
            for armed in threat.arms:
                low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
                if not low <= gap <= high:
                    continue
                ex = self.book.exchange_on(self.state, armed, enemy_terrain, unit, terrain, gap)
                loss = enemy_value * (ex.taken + ROUT_POINTS * ex.death)
                score = value * (ex.dealt + ROUT_POINTS * ex.kill) - loss
                if best is None or score > best[0]:
                    best = (score, ex.dealt, ex.kill, loss)
        return best

    def _elsewhere(self, threat: Threat, unit: Unit, wary: bool = False) -> float:
        """The enemy's best attack on any other of our units where they stand (0 when it has none)."""
        key = (threat.enemy.id, unit.id, wary)
        if key not in self._others:
            scores = [a[0] for other in self.allies if other.id != unit.id
                      for a in [self.attack_on(threat, other, other.pos)] if a is not None]
            self._others[key] = max(scores, default=0.0)
        return self._others[key]

    def cost(self, unit: Unit, pos: Pos, hp: float | None = None, foe: str | None = None, foe_left: float = 1.0) -> float:
        """The whole expected loss: `parts` added up."""
        harm, rout, counter = self.parts(unit, pos, hp, foe, foe_left)
        return harm + rout - counter

    def parts(self, unit: Unit, pos: Pos, hp: float | None = None, foe: str | None = None,
              foe_left: float = 1.0, wary: bool = False) -> tuple[float, float, float]:
        """Expected loss (in value-weighted HP) for `unit` standing on `pos` through the enemy's next activations,
        in three parts: the HP it loses, its rout (`ROUT_POINTS` times the chance), and what its counters take
        back from the attackers (to subtract).

        An enemy that would rather attack this unit here than any other of ours counts in full; one
        with a better target elsewhere counts for `ELSEWHERE_SHARE` (it may still change its mind).
        `foe` is an enemy the unit has just attacked: it is still a threat only if it was not routed
        (`foe_left` is that chance).
        """
        key = (unit.id, unit.hp, unit.weapon, pos, None if hp is None else round(hp), foe, round(foe_left, 2), wary)
        if key in self._memo:
            return self._memo[key]
        value = self.values.get(unit.id, 1.0)
        hits: list[tuple[float, float, float, float]] = []  # (weight, dealt, kill, enemy's loss)
        for threat in self.loose_threats() if wary else self.threats_for(unit):
            best = self.attack_on(threat, unit, pos)
            if best is None or (best[0] <= 0 and not UNWELCOME_SHARE):
                continue
            if best[0] <= 0:  # it would cost the enemy more: unlikely, not unthinkable (a person may try it)
                weight = UNWELCOME_SHARE
            else:
                lead = best[0] - self._elsewhere(threat, unit, wary)
                weight = ELSEWHERE_SHARE + (1 - ELSEWHERE_SHARE) * min(1.0, max(0.0, 0.5 + lead / (2 * TOSS_UP)))
            if threat.enemy.id == foe:
                weight *= foe_left
            hits.append((weight, best[1], best[2], best[3]))
        dealt = 0.0
        spared = 1.0
        loss_to_them = 0.0
        for weight, expected, kill, loss in hits:
            dealt += weight * expected
            spared *= 1 - weight * kill
            loss_to_them += weight * loss
        left = unit.hp if hp is None else hp
        # Several threats together may rout a unit that no single one could.
        ganged = min(1.0, max(0.0, (dealt - 0.5 * left) / max(1.0, left)))
        rout = max(1 - spared, ganged)
        found = (value * min(dealt, left), value * ROUT_POINTS * rout, COUNTER_SHARE * loss_to_them)
        self._memo[key] = found
        return found
