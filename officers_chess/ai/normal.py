"""The `normal` level: every unit, tile and action valued by exact forecasts, danger zones and the scenario's objectives."""

from __future__ import annotations

from officers_chess.ai.assess import ExchangeBook, armed_forms
from officers_chess.ai.directives import throws_itself_away
from officers_chess.ai.goals import Fields
from officers_chess.ai.judge import OBJECTIVE_POINTS, ROUT_CARE, Candidate, Judge, Option
from officers_chess.ai.policy import BasePolicy, rearm_after_staff, staying_to_rearm
from officers_chess.ai.threat_map import threat_forecasts
from officers_chess.rules.battle.actions import Action, Attack, CantoMove, Equip, Move, Special, Wait
from officers_chess.rules.battle.game import legal_actions, staying
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Unit

OBJECTIVE_ACTIONS = ("seize", "escape", "raze")  # the specials a side may win by, on the tile for them


class NormalPolicy(BasePolicy):
    """The real opponent: for every unit that may act and every tile it can reach, the best of its
    attacks (exact forecast, value-weighted, rout chances), heals, dances and objective actions,
    plus what the tile is worth afterwards — progress toward its objective or the enemy, terrain,
    and the danger zones of the enemy's next activations. The unit with the most to gain acts."""

    name = "normal"
    follows_orders = True
    measures_hires = True
    # Late in a battle units take more risks (`danger_weight`), but a likely rout still weighs at least this much:
    # accepting blows is boldness, walking where the enemy routs you is a gift. None: as the risk of harm.
    rout_care: float | None = ROUT_CARE
    keeps_together = False  # whether its units pay for standing far from their company (`company.apart_cost`)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.book = ExchangeBook()
        self.fields = Fields()
        self._equipped: dict[tuple[int, str], set[int]] = {}  # weapons equipped this turn, per (round, unit)

    def decide(self, seat: SeatView) -> Action:
        state = seat.known  # the battle as its side knows it: the actions it may take are the same (rulings F30)
        actions = legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the battle is over")
        judge = Judge(state, state.to_act, self.book, self.fields, self.rout_care, self.keeps_together)
        if state.active_unit is None:
            self._equipped.clear()
            return self._activation(judge, state, actions)
        return self._turn(judge, state, actions)

    def _activation(self, judge: Judge, state: GameState, actions: list[Action]) -> Action:
        ranked = self._candidates(judge, actions)
        return actions[0] if not ranked else Move(unit=ranked[0].unit.id, to=ranked[0].pos)

    def _candidates(self, judge: Judge, actions: list[Action]) -> list[Candidate]:
        """Every unit that may activate on every tile its order allows, best gain first: what doing its best
        there is worth beyond idling where it stands."""
        tiles: dict[str, list[Pos]] = {}
        for action in actions:
            if isinstance(action, Move):
                tiles.setdefault(action.unit, []).append(action.to)
        found = []
        for unit_id, spots in tiles.items():
            unit = as_activated(judge.view.unit(unit_id))  # as its turn will find it (a pending Inflict in effect)
            stay = judge.place_value(unit, unit.pos, unit.hp)  # the worth of idling where it stands
            for pos in judge.spots(unit, spots):
                found.append(Candidate(judge.best(unit, pos)[0] - stay, unit, pos))
        found.sort(key=lambda c: -c.gain)  # stable: among equal gains the first listed wins, as before
        return found

    def _ranked(self, judge: Judge, unit: Unit) -> list[Option]:
        """The unit's options where it stands, best first."""
        return sorted(judge.options(unit, unit.pos),
                      key=lambda o: -(o.value + judge.place_value(unit, unit.pos, o.hp_after, o.safe, o.foe, o.foe_left)))

    def _turn(self, judge: Judge, state: GameState, actions: list[Action]) -> Action:
        unit = judge.view.unit(state.active_unit.id)  # type: ignore[union-attr]
        legal = set(actions)
        turn = state.active
        assert turn is not None
        tried = self._equipped.setdefault((state.round, unit.id), set())
        order = judge.directive(unit)
        if not turn.acted and order is not None and order.prey is not None:
            # The objective the unit stands on comes first: a Leader on the throne seizes it, whatever its script
            # says to strike next (it struck, and the battle went on; rulings P36).
            aim = next((a for a in actions if isinstance(a, Special) and a.name in OBJECTIVE_ACTIONS
                        and judge.special_value(unit, a) >= OBJECTIVE_POINTS), None)
            if aim is not None:
                return aim
            strike = next((a for a in actions if isinstance(a, Attack) and a.target == order.prey and a.art is None), None)
            if strike is not None and (order.reckless or not self._reckless(judge, unit, order.prey)):
                return strike  # a pursue order: the prey in reach is struck, not weighed
        if not turn.acted:
            for option in self._ranked(judge, unit):
                if isinstance(option.first, Wait):
                    break  # nothing left is worth more than ending the turn here
                if isinstance(option.first, Equip):
                    if option.first.item in tried:
                        continue  # equipped once already this turn: never swap back and forth
                    tried.add(option.first.item)
                if option.first in legal:
                    if isinstance(option.first, Attack) and len({f.weapon for f in armed_forms(unit)}) > 1:
                        return staying(option.first)  # then take up the weapon that answers the enemy best
                    return staying_to_rearm(unit, option.first)
        rearm = rearm_after_staff(unit, actions)
        if rearm is not None:
            return rearm
        guard = self._guard_weapon(judge, unit, actions) if turn.acted else None
        if guard is not None and guard.item not in tried:
            tried.add(guard.item)
            return guard
        cantos = [a for a in actions if isinstance(a, CantoMove)]
        if cantos and not (order is not None and order.stay):
            here = judge.place_value(unit, unit.pos, unit.hp)
            value, to = max((judge.place_value(unit, a.to, unit.hp), a.to) for a in cantos)
            if value > here:
                return CantoMove(to=to)
        if Wait() in legal:
            return Wait()
        return actions[0]  # only when the rules leave no other choice (a berserk unit must strike)

    @staticmethod
    def _reckless(judge: Judge, unit: Unit, prey_id: str) -> bool:
        """Whether striking the prey from where the unit stands would throw the unit away (`throws_itself_away`)."""
        prey = judge.view.unit(prey_id)
        fighter = judge.view.defender_for(unit, prey, unit.pos)
        ex = judge.book.exchange(judge.view, unit, unit.pos, fighter, fighter.pos, None, fighter is not prey)
        return throws_itself_away(ex.kill, ex.death)

    def _guard_weapon(self, judge: Judge, unit: Unit, actions: list[Action]) -> Equip | None:
        """Its action done, the weapon to hold through the enemy's turn: of those it carries, the one with which
        the enemies who could attack it next (each choosing its best attack against that weapon) lose the most
        and deal the least, by the exact forecasts. None when the weapon in hand is that one."""
        forms = armed_forms(unit)
        if len({f.weapon for f in forms}) < 2:
            return None
        enemies = judge.view.living(unit.side.other)

        def worth(form: Unit) -> float:
            return sum(float(a.expected_taken - a.expected_damage)
                       for a in threat_forecasts(judge.view, form, unit.pos, enemies))

        best = max(forms, key=lambda f: (worth(f), f.weapon == unit.weapon))
        equip = Equip(item=best.weapon) if best.weapon != unit.weapon else None  # type: ignore[arg-type]
        return equip if equip in actions else None
