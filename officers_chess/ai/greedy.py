"""The `greedy` level: attack the best exact forecast in reach, else heal a hurt ally, else walk toward the enemy."""

from __future__ import annotations

from officers_chess.ai.directives import Directive, directive, keep_apart, throws_itself_away
from officers_chess.ai.goals import aims_of
from officers_chess.ai.policy import BasePolicy, rearm_after_staff, staying_to_rearm
from officers_chess.rules.battle.actions import Action, Attack, Move, Special, Wait
from officers_chess.rules.battle.flight import flees
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.battle.victory import standing
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import usable_weapon, weapon_range
from officers_chess.rules.combat.exchange import Forecast, Role
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.tags import tag_args

PREY_POINTS = 100.0  # a pursue order's prey outranks any other attack this level scores


def allowed_tiles(unit: Unit, tiles: list[Pos], order: Directive | None) -> list[Pos]:
    """The tiles an order lets the unit end its move on: where it stands (hold), or near what it guards or hunts
    when it can get there this turn."""
    if order is None:
        return tiles
    if order.stay:
        return [unit.pos] if unit.pos in tiles else tiles[:1]
    if order.keep is not None:
        return keep_apart(tiles, order.keep)
    if order.near is not None:
        return [p for p in tiles if p in order.near] or tiles
    return tiles

KILL_WEIGHT = 20.0  # a rout is worth this many points of expected damage (a unit out of the fight for good)
OBJECTIVE_SPECIALS = ("seize", "escape", "raze")


def clock_tiles(state: GameState, side: Side) -> list[Pos]:
    """The tiles `side` wants for the clock, unless the clock already favours it: those to hold or control it does
    not have yet, and those the enemy's clock counts that the enemy has now (`Aims.retake_tiles`)."""
    if standing(state) is side:
        return []
    aims = aims_of(state, side)
    return sorted(set(aims.claim_tiles) | (set(aims.hold_tiles) - {u.pos for u in state.living(side)})
                  | set(aims.retake_tiles))


def attack_score(fc: Forecast, attacker_hp: int, defender_hp: int) -> float:
    """Expected damage dealt minus taken, plus the kill chance and minus the death chance (weighted)."""
    dealt = defender_hp - sum(float(p) * hp for hp, p in fc.hp_after(Role.DEFENDER).items())
    taken = attacker_hp - sum(float(p) * hp for hp, p in fc.hp_after(Role.ATTACKER).items())
    kill, death = float(fc.p_routed(Role.DEFENDER)), float(fc.p_routed(Role.ATTACKER))
    return dealt - taken + KILL_WEIGHT * (kill - death)


class GreedyPolicy(BasePolicy):
    """One-step greedy, a baseline: of every unit that may activate and every tile it reaches, take the
    attack with the best forecast score (`attack_score`) when it is positive; else heal the most
    hurt ally a staff can reach; else move the unit nearest the enemy (or a Leader toward a seize
    tile, a Fleeing unit toward an escape tile) as close as it gets, and wait.

    Objective actions (seize, escape, raze) are taken whenever they are legal.
    """

    name = "greedy"
    follows_orders = True  # a scenario's scripts hold at every level that plays tactics (docs/rulings.md P4)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._forecasts: dict[tuple, float] = {}

    def decide(self, seat: SeatView) -> Action:
        state = seat.known  # the battle as its side knows it: the actions it may take are the same (rulings F30)
        actions = legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the battle is over")
        self._forecasts.clear()  # HP and statuses change between decisions
        view = player_view(state, state.to_act)  # it decides from what its side can see, like a player
        if state.active_unit is None:
            return self._activation(view, actions)
        seen = {u.id for u in view.units}
        actions = [a for a in actions if not getattr(a, "stay", False)]  # it stays only to rearm (staying_to_rearm)
        return self._turn(view, [a for a in actions if not isinstance(a, Attack) or a.target in seen] or actions)

    # --- mid-turn --------------------------------------------------------------

    def _turn(self, state: GameState, actions: list[Action]) -> Action:
        unit = state.active_unit
        assert unit is not None
        for action in actions:
            # A flight is no objective: it is taken below, when the unit's flee order sends it (rulings P15).
            if isinstance(action, Special) and action.name in OBJECTIVE_SPECIALS and not (
                    action.name == "escape" and flees(state, unit)):
                return action
        rearm = rearm_after_staff(unit, actions)
        if rearm is not None:
            return rearm
        order = directive(state, unit)
        if order is not None and order.special is not None:  # an objective order: the special it was sent for
            sent = next((a for a in actions if isinstance(a, Special) and a.name == order.special), None)
            if sent is not None:
                return sent
        attacks = [a for a in actions if isinstance(a, Attack)]
        if order is not None and order.prey is not None:
            strike = next((a for a in attacks if a.target == order.prey and a.art is None), None)
            if strike is not None and (order.reckless or not self._reckless(state, unit, state.unit(order.prey), unit.pos)):
                return strike  # a pursue order: the prey in reach is struck, short of dying for it
        heals = [a for a in actions if isinstance(a, Special) and a.name == "heal"]
        if heals and order is not None and order.support:  # a support order: the heal comes first
            return staying_to_rearm(unit, max(heals, key=lambda a: state.unit(a.target).max_hp - state.unit(a.target).hp))
        if attacks:
            scored = [(self._score(state, unit, state.unit(a.target), unit.pos, a.art), i) for i, a in enumerate(attacks)]
            best, index = max(scored)
            if best > 0 or Wait() not in actions:
                return attacks[index]
        if heals:
            return staying_to_rearm(unit, max(heals, key=lambda a: state.unit(a.target).max_hp - state.unit(a.target).hp))
        if Wait() in actions:
            return Wait()
        return actions[0]  # only when the rules leave no other choice

    # --- choosing whom to activate and where --------------------------------------

    def _activation(self, state: GameState, actions: list[Action]) -> Action:
        tiles: dict[str, list[Pos]] = {}
        for action in actions:
            if isinstance(action, Move):  # (free actions before a move are never worth it at this level)
                tiles.setdefault(action.unit, []).append(action.to)
        movers = [as_activated(state.unit(uid)) for uid in tiles]  # as their turns will find them
        orders = {unit.id: directive(state, unit) for unit in movers}  # scripted units' orders bound their choice
        for unit in movers:
            tiles[unit.id] = allowed_tiles(unit, tiles[unit.id], orders[unit.id])
        for unit in movers:  # an objective order (escape, seize, raze, open chests) with its tile in reach: go there
            order = orders[unit.id]
            if order is not None and order.special is not None and order.goal:
                there = sorted(p for p in tiles[unit.id] if p in order.goal)
                if there:
                    return Move(unit=unit.id, to=there[0])
        supporting = [u for u in movers if orders[u.id] is not None and orders[u.id].support]
        heal = self._heal_move(state, supporting, tiles)
        if heal is not None:
            return heal
        best: tuple[float, Move] | None = None
        for unit in movers:
            prey = orders[unit.id].prey if orders[unit.id] is not None else None
            for pos in tiles[unit.id]:
                for target in state.targets_from(unit, pos):
                    if prey is not None and target.id != prey:
                        continue  # a pursue order: only its prey
                    score = self._score(state, unit, target, pos, None)
                    bold = orders[unit.id] is not None and orders[unit.id].reckless
                    if prey is not None and (bold or not self._reckless(state, unit, target, pos)):
                        score = max(score, 0.0) + PREY_POINTS  # the order says strike it, short of dying for it
                    if score > 0 and (best is None or score > best[0]):
                        best = (score, Move(unit=unit.id, to=pos))
        if best is not None:
            return best[1]
        heal = self._heal_move(state, movers, tiles)
        if heal is not None:
            return heal
        return self._advance(state, movers, tiles, orders)

    def _heal_move(self, state: GameState, movers: list[Unit], tiles: dict[str, list[Pos]]) -> Move | None:
        best: tuple[int, Move] | None = None
        for unit in movers:
            for staff in (i for i in unit.inventory if isinstance(i, Weapon) and i.type is WeaponType.STAFF):
                if not tag_args(staff.tags, "Heal"):
                    continue
                low, high = weapon_range(unit, staff)
                hurt = [a for a in state.living(unit.side) if a.id != unit.id and a.hp < a.max_hp]
                for ally in hurt:
                    for pos in tiles[unit.id]:
                        if low <= distance(pos, ally.pos) <= high:
                            need = ally.max_hp - ally.hp
                            if best is None or need > best[0]:
                                best = (need, Move(unit=unit.id, to=pos))
                            break
        return best[1] if best else None

    def _advance(self, state: GameState, movers: list[Unit], tiles: dict[str, list[Pos]],
                 orders: dict[str, Directive | None]) -> Move:
        enemies = [e.pos for e in state.living(movers[0].side.other)]
        order_of = {u.id: orders.get(u.id) for u in movers}
        for unit in movers:  # a flee order with no exit on the map: as far from the enemy as it can get
            order = order_of[unit.id]
            if order is not None and order.away and enemies:
                to = max(tiles[unit.id], key=lambda p: (min(distance(p, e) for e in enemies), -p[1], -p[0]))
                return Move(unit=unit.id, to=to)

        def goals(unit: Unit) -> list[Pos]:
            order = order_of[unit.id]
            if order is not None and order.goal:
                return list(order.goal)  # advance, retreat, flee, pursue: where the order sends it
            if state.seize_tiles and (unit.has("Seize") or unit.has("Leader")):
                return list(state.seize_tiles)
            if state.escape_tiles and (unit.has("Escape") or unit.has("Fleeing")):
                return list(state.escape_tiles)
            # The tiles its side's clock counts and it does not have (to control, to hold, to take back), beside
            # the enemy: under fog they are what it knows to walk to (rulings P20).
            return enemies + wanted or [unit.pos]

        wanted = clock_tiles(state, movers[0].side)

        def gap(unit: Unit, pos: Pos) -> int:
            return min(distance(pos, g) for g in goals(unit))

        unit = min(movers, key=lambda u: (gap(u, u.pos), u.id))
        # Armed units close in; a unit with no usable weapon stays out of reach of the nearest enemy's swing.
        armed = usable_weapon(unit) is not None
        to = min(tiles[unit.id], key=lambda p: (gap(unit, p) if armed else abs(gap(unit, p) - 3), p))
        return Move(unit=unit.id, to=to)

    @staticmethod
    def _reckless(state: GameState, unit: Unit, prey: Unit, pos: Pos) -> bool:
        fc = state.forecast(unit, prey, pos, None)
        return throws_itself_away(float(fc.p_routed(Role.DEFENDER)), float(fc.p_routed(Role.ATTACKER)))

    def _score(self, state: GameState, unit: Unit, target: Unit, pos: Pos, art: str | None) -> float:
        key = (unit.id, target.id, state.map.terrain_at(pos).id, distance(pos, target.pos), art)
        if key not in self._forecasts:
            self._forecasts[key] = attack_score(state.forecast(unit, target, pos, art), unit.hp, target.hp)
        return self._forecasts[key]
