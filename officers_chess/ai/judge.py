"""Judging a side's decision for the computer: unit values, objectives, danger and every option a unit has on a tile."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.assess import (
    ROUT_POINTS,
    Exchange,
    ExchangeBook,
    armed_forms,
    exchange_score,
    unit_values,
)
from officers_chess.ai.breach import breaches
from officers_chess.ai.clock_pressure import danger_weight, hurry
from officers_chess.ai.company import apart_cost
from officers_chess.ai.danger import DangerMap
from officers_chess.ai.directives import Directive, directive, keep_apart, throws_itself_away
from officers_chess.ai.goals import (
    UNREACHABLE,
    Aims,
    Fields,
    aims_of,
    objective_tiles,
)
from officers_chess.rules.battle.actions import Action, Attack, Equip, Special, Wait
from officers_chess.rules.battle.flight import side_broken
from officers_chess.rules.battle.game import arts_of
from officers_chess.rules.battle.specials import heal_amount, special_actions, staff_hit_chance
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import one_rout_from_defeat, standing
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import usable_weapon, weapon_range
from officers_chess.rules.pieces.models import Consumable, Side, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.movement import reachable

OBJECTIVE_POINTS = 1000.0  # seizing, escaping or razing when the scenario asks for it beats anything else
OBJECTIVE_STEP = 3.0  # points per movement point closer to the unit's own objective tile
ESCAPE_STEP = 1.0  # the same for a unit whose objective is an exit, which the enemy stands between (rulings P38)
ADVANCE_STEP = 0.8  # points per movement point closer to the enemy (or to the tiles the side must hold)
GUARD_STEP = 0.3  # points per movement point closer to the tiles the enemy is after
HOLD_POINTS = 6.0  # standing on a tile the side must hold or control
CLAIM_POINTS = 12.0  # stepping onto a tile to control that is not the side's yet: it stays the side's after
BLOCK_POINTS = 30.0  # standing on a throne or target an enemy could seize or raze next: nobody takes it from under us
DANCE_POINTS = 3.0  # a refreshed ally acts again: this, plus what its second activation gains
DANCE_MIN_GAIN = 1.0  # an action gaining no more than this in its second activation wastes the dance
STATUS_POINTS = 6.0  # a status staff that lands on an enemy
ORDER_STEP = 3.0  # points per movement point closer to where a scripted order sends the unit
PREY_POINTS = 12.0  # attacking the enemy a pursue order names
SUPPORT_TIMES = 3.0  # a support order values heals and dances this many times over
ROUT_CARE = 0.8  # the least weight of the danger of a rout, however late in the battle (NormalPolicy.rout_care in normal.py)
SHELTER_DANGER = 2.0  # a unit the side must protect weighs its danger this many times over
FALL_POINTS = 150.0  # and the chance it is routed costs this much more: the battle is lost with it
RETAKE_STEP = 1.0  # points per movement point closer to what the enemy's clock counts, per unit of hurry, when pressed
CONTEST_POINTS = 20.0  # routing an enemy off a tile its clock counts, when pressed: the clock turns with it
SPECIAL_TAGS = ("Dance", "Escape", "Fleeing", "Raze", "Saboteur", "Seize", "Leader", "Pick", "Heal", "Restore",
                "Status", "Rescue", "Warp", "Torch")


@dataclass(frozen=True)
class Option:
    """One thing a unit could do from a tile: the action to take first (an Equip before an attack with
    another weapon), its value, and the unit's expected HP afterwards."""

    value: float
    first: Action
    hp_after: float
    safe: float = 1.0  # chance the unit is still standing afterwards
    foe: str | None = None  # the enemy attacked, and the chance it is still standing afterwards
    foe_left: float = 1.0
    exchange: Exchange | None = None  # an attack's forecast, with its exact outcomes
    fighter: str | None = None  # who fights back: the enemy attacked, or a Qi Adept stepping in for it


@dataclass(frozen=True)
class Candidate:
    """One way to spend an activation: the unit, the tile it moves to, and what that gains over idling."""

    gain: float
    unit: Unit
    pos: Pos


class Judge:
    """Everything one decision needs, worked out once: the view of the side, unit values, objectives,
    danger zones and distance fields."""

    def __init__(self, state: GameState, side: Side, book: ExchangeBook, fields: Fields,
                 rout_care: float | None = ROUT_CARE, together: bool = False) -> None:
        self.view = player_view(state, side)
        self.side = side
        self.book = book
        self.fields = fields
        self.values = unit_values(self.view, book)
        self.aims: Aims = aims_of(self.view, side)
        self.enemies = self.view.living(side.other)
        self.allies = self.view.living(side)
        self.danger = DangerMap(self.view, self.enemies, book, self.values, self.allies)
        # Who the clock favours is who wins as things stand (tiles controlled, posts held), not the limit's
        # default winner: a side whose bridge was taken must retake it, however the limit reads (rulings P20).
        self.winning = standing(self.view)
        self.weight = danger_weight(self.view.round, self.aims.survive, self.winning is side)
        self.hurry = hurry(self.view, side, self.winning)
        # Losing on the clock to tiles the enemy has (a bridge it controls, a post it holds): those are to retake.
        self.retake = self.aims.retake_tiles if self.winning is side.other else frozenset()
        self.foes = frozenset(e.pos for e in self.enemies)
        self.contested = self._contested()
        # A side with a unit that has somewhere to get to (a Leader and a throne, a saboteur and targets, exits)
        # picks doors and breaks walls on the way; a side that only fights keeps its walls, which shelter it.
        self.objectives = frozenset(tile for a in self.allies for aim in [objective_tiles(self.view, a, self.aims)]
                                    if aim is not None for tile in aim[0])
        self.breaking_in = bool(self.objectives)
        self._orders: dict[str, Directive | None] = {}
        self.last_stand = self._last_stand()
        self.rout_care = rout_care
        # Whether a unit pays for standing far from its company (`apart_cost`): the hard level's judgement.
        self.together = together
        self._refreshed: dict[str, float] = {}
        self._special: dict[str, bool] = {}  # whether a unit has anything special to do (`_may_special`)

    def _contested(self) -> frozenset[Pos]:
        """The thrones and targets the enemy must seize or raze that one of its units able to do it could reach
        next activation: standing there denies it."""
        if not self.aims.block_tiles:
            return frozenset()
        theirs = aims_of(self.view, self.side.other)
        # Our units do not count as in the way: the one that would block may be the one deciding to move.
        own = [u for u in self.view.units if u.side is not self.side]
        found: set[Pos] = set()
        for enemy in self.enemies:
            aim = objective_tiles(self.view, enemy, theirs)
            if aim is not None and aim[1] in ("seize", "raze"):
                found.update(reachable(enemy, self.view.map, own, None).costs.keys() & aim[0])
        return frozenset(found & self.aims.block_tiles)

    def directive(self, unit: Unit) -> Directive | None:
        """The unit's scripted order now, if it has one that holds."""
        if unit.id not in self._orders:
            scripted = unit.orders or self.view.morale_rules is not None  # (morale steers units without scripts too)
            self._orders[unit.id] = directive(self.view, self.view.unit(unit.id)) if scripted else None
        return self._orders[unit.id]

    def sheltered(self, unit: Unit) -> bool:
        """Whether the battle falls with the unit (`Aims.shelter`, or our `last_stand`) and it is ours to keep out
        of harm: not when its script sends it in (its author decided)."""
        return (unit.name in self.aims.shelter or self.last_stand) and self.directive(unit) is None

    def _last_stand(self) -> bool:
        """Whether the side wins as things stand and the rout of any one of its units would lose it the battle: then
        every unit's fall loses the battle, as a ward's does (rulings P34). A side the clock is against must still
        take its chances (P20)."""
        return self.winning is self.side and one_rout_from_defeat(self.view, self.side)

    def spots(self, unit: Unit, tiles: list[Pos]) -> list[Pos]:
        """The tiles an order lets the unit end its move on: where it stands (hold), near what it guards; and,
        whatever the order, the tiles of its own objective in reach (a throne to seize, an exit, a target to raze):
        a script steers the unit, it does not forbid the win in front of it (rulings P36)."""
        order = self.directive(unit)
        if order is None:
            return tiles
        if order.stay:
            allowed = [unit.pos] if unit.pos in tiles else tiles[:1]
        elif order.keep is not None:
            allowed = keep_apart(tiles, order.keep)
        elif order.near is not None:
            near = [p for p in tiles if p in order.near]
            allowed = near or tiles  # too far to get there at once: every tile, the nearest scoring best
        else:
            return tiles
        aim = objective_tiles(self.view, unit, self.aims)
        goals = [p for p in tiles if aim is not None and aim[1] != "pick" and p in aim[0] and p not in allowed]
        return allowed + goals

    # --- where a unit stands ---------------------------------------------------

    def place_value(self, unit: Unit, pos: Pos, hp: float, safe: float = 1.0, foe: str | None = None,
                    foe_left: float = 1.0, danger: float = 1.0) -> float:
        """What ending the turn on `pos` is worth: progress toward the unit's aim, terrain, minus danger (that many
        times over: the hard level weighs part of it another way)."""
        value = 0.0
        order = self.directive(unit)
        aim = objective_tiles(self.view, unit, self.aims)
        if order is not None and (order.goal is not None or order.away or order.near is not None or order.keep):
            value += self._order_value(unit, order, pos)
        elif aim is not None:
            # Exits lie beyond the enemy: a cart that runs for them from round 1 runs into it, where one that lets
            # its escort clear the way and goes as the clock asks (hurry) gets out; measured in rulings P38.
            step = ESCAPE_STEP if aim[1] == "escape" else OBJECTIVE_STEP
            value -= step * self.hurry * self._gap(unit, aim[0], pos, self.foes)
        else:
            goals = self._goals(unit)
            if goals:
                value -= ADVANCE_STEP * self._gap(unit, goals, pos)
        if self.retake and aim is None and order is None:
            value -= RETAKE_STEP * self.hurry * self._gap(unit, self.retake, pos)
        elif self.aims.guard_tiles:
            value -= GUARD_STEP * self._gap(unit, self.aims.guard_tiles, pos)
        if pos in self.retake:
            value += CLAIM_POINTS * self.hurry  # standing there turns the tile back to us
        elif pos in self.aims.claim_tiles:
            value += CLAIM_POINTS
        elif pos in self.aims.hold_tiles:
            value += HOLD_POINTS
        if pos in self.contested:
            value += BLOCK_POINTS
        heal = self.view.map.terrain_at(pos).heal
        if heal and hp < unit.max_hp:
            value += min(heal, unit.max_hp - hp)
        if not danger:
            return value
        if self.together and self.winning is None:
            # Only while the clock favours nobody: a side it favours wins by lasting, wherever its units stand, and
            # the other must hurry to it rather than wait for its company (measured: rulings P29).
            value -= apart_cost(unit, pos, self.allies, self.enemies)
        sheltered = self.sheltered(unit)
        # Running out of time, every unit takes more blows; only the unit with the objective risks its rout too.
        weight = self.weight * (SHELTER_DANGER if sheltered else 1.0) / self.hurry
        harm, rout, counter = self.danger.parts(unit, pos, hp, foe, foe_left, wary=sheltered)
        if self.rout_care is not None:
            if not armed_forms(unit):
                weight = max(weight, 1.0)  # it cannot strike back: any blow is pure loss, whatever the round
            rout_weight = max(weight, self.rout_care / (self.hurry if aim is not None else 1.0))
        else:
            rout_weight = weight
        if sheltered:  # its fall loses the battle: that chance weighs in full, whatever the clock says
            rout_weight = max(rout_weight, 1.0)
            rout += FALL_POINTS * rout / (self.values.get(unit.id, 1.0) * ROUT_POINTS)
        value -= danger * safe * (weight * (harm - counter) + rout_weight * rout)
        return value

    def _order_value(self, unit: Unit, order: Directive, pos: Pos) -> float:
        if order.keep is not None:
            least, foes = order.keep
            return -ORDER_STEP * max(0, least - min(distance(pos, e) for e in foes))
        if order.goal is not None:
            return -ORDER_STEP * self._gap(unit, order.goal, pos)
        if order.near is not None:
            return -ORDER_STEP * min(distance(pos, p) for p in order.near)
        return ORDER_STEP * min((distance(pos, e.pos) for e in self.enemies), default=0)

    def _goals(self, unit: Unit) -> frozenset[Pos]:
        if unit.name in self.aims.shelter:
            return frozenset(a.pos for a in self.allies if a.id != unit.id)
        if usable_weapon(unit) is None and not armed_forms(unit):
            hurt = frozenset(a.pos for a in self.allies if a.id != unit.id and a.hp < a.max_hp)
            return hurt or frozenset(a.pos for a in self.allies if a.id != unit.id)
        held = {a.pos for a in self.allies if a.id != unit.id}
        # A tile to control is ours once claimed, even left behind: only those not ours yet draw units on.
        wanted = frozenset(t for t in self.aims.hold_tiles if t not in held and (t in self.aims.claim_tiles
                                                                                or t not in self.aims.control_tiles))
        return self.foes | wanted

    def _gap(self, unit: Unit, goals: frozenset[Pos], pos: Pos, crowded: frozenset[Pos] = frozenset()) -> float:
        gap = self.fields.gap(self.view, unit, goals, pos, crowded=crowded)
        if gap >= UNREACHABLE and self.breaking_in:  # walled off: head for the way in (a door, a wall to break)
            gap = self.fields.gap(self.view, unit, goals, pos, through=True, crowded=crowded)
        return min(gap, 60) if gap < UNREACHABLE else 60.0

    def _way_in(self, unit: Unit) -> frozenset[Pos]:
        """Where a door or wall in the way would lead the unit: its own objective's tiles, else its side's (any
        unit may open the way for the Leader), else the enemy and the tiles its side must hold."""
        aim = objective_tiles(self.view, unit, self.aims)
        if aim is not None:
            return aim[0]
        return self.objectives or self._goals(unit)

    # --- what a unit can do from a tile ----------------------------------------

    def options(self, unit: Unit, pos: Pos) -> list[Option]:
        """Every attack and useful special action from `pos` (the unit moved there), and waiting."""
        moved = unit if pos == unit.pos else unit.model_copy(update={"pos": pos})
        found = [Option(0.0, Wait(), unit.hp)]
        found += self._attacks(moved, pos)
        if unit.id not in self._special:  # (its kit and tags, not its tile: once per unit and decision)
            # Any unit of a broken side may flee by the exits (rulings P13): it has Escape to weigh too.
            self._special[unit.id] = _may_special(unit) or (bool(self.view.escape_tiles)
                                                             and side_broken(self.view, unit.side))
        if self._special[unit.id]:
            found += self._specials(moved)
        if self.breaking_in:
            found += [Option(value, action, unit.hp) for value, action in breaches(self.view, self.fields, moved, pos,
                                                                                     self._way_in(unit))]
        return found

    def _attacks(self, unit: Unit, pos: Pos) -> list[Option]:
        if unit.cannot_swing:
            return []
        found = []
        order = self.directive(unit)
        reckless = order is not None and order.reckless
        falls = self.sheltered(unit)
        arts = [None, *arts_of(self.view, unit)]
        for armed in armed_forms(unit):
            weapon = armed.inventory[armed.weapon]  # type: ignore[index]
            low, high = weapon_range(armed, weapon)  # type: ignore[arg-type]
            first_of = Equip(item=armed.weapon) if armed.weapon != unit.weapon else None  # type: ignore[arg-type]
            for enemy in self.enemies:
                if not low <= distance(pos, enemy.pos) <= high:
                    continue
                # A Qi Adept beside the enemy takes the attack: the exchange is with whoever will fight it.
                fighter = self.view.defender_for(armed, enemy, pos)
                for art in arts:
                    ex = self.book.exchange(self.view, armed, pos, fighter, fighter.pos, art, fighter is not enemy)
                    # Pressed for time, a side trades blows it would otherwise decline: its losses weigh less.
                    # A reckless order: the unit's own losses do not count, and its prey is struck whatever the counter.
                    own = 0.0 if reckless else self.values.get(unit.id, 1.0) / self.hurry
                    score = exchange_score(ex, own, self.values.get(fighter.id, 1.0))
                    if falls:
                        score -= FALL_POINTS * ex.death  # a counter that routs it loses the battle
                    if fighter.pos in self.retake:
                        # Off the tile the enemy's clock counts, the tile is free to take back: a rout now, or the
                        # blows that bring one nearer (trading is the way to win when the clock is lost).
                        score += CONTEST_POINTS * (ex.kill + ex.dealt / max(1, fighter.hp))
                    if order is not None and order.prey == enemy.id and (reckless or not throws_itself_away(ex.kill, ex.death)):
                        score = max(score, 0.0) + PREY_POINTS  # the order says strike it, short of dying for it
                    first = first_of or Attack(target=enemy.id, art=art)
                    found.append(Option(score, first, unit.hp - ex.taken, 1 - ex.death, enemy.id, 1 - ex.kill, ex,
                                        fighter.id))
        return found

    def _specials(self, unit: Unit) -> list[Option]:
        found = []
        for action in special_actions(self.view, unit):
            value = self.special_value(unit, action)
            if value > 0:
                found.append(Option(value, action, unit.hp))
        return found

    def special_value(self, unit: Unit, action: Special) -> float:
        value = self._special_value(unit, action)
        order = self.directive(unit)
        if order is not None and order.support and action.name in ("heal", "dance", "restore"):
            value *= SUPPORT_TIMES
        if order is not None and order.special == action.name:
            value = OBJECTIVE_POINTS  # flee or an objective order: the special it was sent for
        return value

    def _special_value(self, unit: Unit, action: Special) -> float:
        name = action.name
        if name in ("seize", "escape", "raze"):
            aim = objective_tiles(self.view, unit, self.aims)
            return OBJECTIVE_POINTS if aim is not None and aim[1] == name else 0.0
        if name == "pick":
            if action.at == unit.pos:
                return OBJECTIVE_POINTS / 10 if self.aims.heist else 2.0
            return 0.5
        target = self.view.unit(action.target) if action.target else None
        if name == "heal" and target is not None:
            restored = min(heal_amount(self.view, unit, action), target.max_hp - target.hp)
            # Healing oneself with an item uses the turn: worth it only for a real wound.
            if target.id == unit.id and restored < heal_amount(self.view, unit, action) / 2:
                return 0.0
            return self.values.get(target.id, 1.0) * restored
        if name == "dance" and target is not None:
            return self.refresh_gain(target)
        if name == "restore" and target is not None:
            return 3.0 * len(target.statuses)
        if name in ("status", "freeze", "entrap") and target is not None and target.side is not unit.side:
            return STATUS_POINTS * float(staff_hit_chance(self.view, unit, action.source, target)) * self.values.get(target.id, 1.0)
        return 0.0

    def refresh_gain(self, ally: Unit) -> float:
        """What a Dance on `ally` is worth: what the best action of its second activation (an attack, a heal, an
        objective: anything but waiting) gains over standing where it is, by the same valuation, plus a little
        for the turn itself. Nothing when it would only walk and wait: that dance is wasted."""
        if ally.id not in self._refreshed:
            self._refreshed[ally.id] = 0.0  # (a dancer weighing a dance on a dancer does not go round in circles)
            fresh = ally.model_copy(update={"activated": False})
            stay = self.place_value(fresh, fresh.pos, fresh.hp)
            gain = max((o.value + self.place_value(fresh, pos, o.hp_after, o.safe, o.foe, o.foe_left) - stay
                        for pos in self.view.reach(fresh).costs for o in self.options(fresh, pos)
                        if not isinstance(o.first, Wait)), default=0.0)
            self._refreshed[ally.id] = 0.0 if gain <= DANCE_MIN_GAIN else DANCE_POINTS + gain
        return self._refreshed[ally.id]

    def best(self, unit: Unit, pos: Pos) -> tuple[float, Option]:
        """The best option from `pos` with the value of standing there afterwards."""
        top: tuple[float, Option] | None = None
        for option in self.options(unit, pos):
            total = option.value + self.place_value(unit, pos, option.hp_after, option.safe, option.foe, option.foe_left)
            if top is None or total > top[0]:
                top = (total, option)
        assert top is not None
        return top


def _may_special(unit: Unit) -> bool:
    if any(isinstance(i, Consumable) or (isinstance(i, Weapon) and i.type is WeaponType.STAFF) for i in unit.inventory):
        return True
    return any(unit.has(tag) for tag in SPECIAL_TAGS)
