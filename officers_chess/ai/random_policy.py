"""The `random` level: a uniformly random legal action, with free actions only now and then so battles end."""

from __future__ import annotations

from officers_chess.ai.goals import Fields
from officers_chess.ai.idle_rounds import OBJECTIVE_SPECIALS, walking_gap, where_the_win_lies
from officers_chess.ai.policy import BasePolicy
from officers_chess.rules.battle.actions import Action, Attack, Discard, Equip, Move, Special, Strike, Trade
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import standing

FREE_ACTIONS = (Equip, Discard, Trade)
FREE_ACTION_CHANCE = 0.05


class RandomPolicy(BasePolicy):
    """Uniformly random among the legal actions, a baseline.

    Free actions (equip, discard, trade) do not end a turn, and a unit has many of them, so a
    purely uniform choice would shuffle inventories for ever. They are taken with probability
    `FREE_ACTION_CHANCE` only; otherwise the choice is uniform among the other legal actions
    (moves, attacks, specials, Canto, Wait). While its side is losing on the clock, the moves that take a unit
    nowhere nearer its side's win are left out (when any other is left), and mid-turn it strikes or takes its
    objective when it can.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._fields = Fields()

    def decide(self, seat: SeatView) -> Action:
        state = seat.known  # the battle as its side knows it: the actions it may take are the same (rulings F30)
        actions = legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the battle is over")
        # Only mid-turn: before a move every unit of the side has them, and the level would shed its weapons.
        free = [a for a in actions if isinstance(a, FREE_ACTIONS)] if state.active is not None else []
        turn_enders = [a for a in actions if not isinstance(a, FREE_ACTIONS)]  # (moves, when nobody is mid-turn)
        turn_enders = self._toward_winning(state, turn_enders)
        if free and (not turn_enders or self.rng.random() < FREE_ACTION_CHANCE):
            return self.rng.choice(free)
        return self.rng.choice(turn_enders)

    def _toward_winning(self, state: GameState, moves: list[Action]) -> list[Action]:
        """While the clock is against its side (`standing`), only the moves that end no farther from where the
        side's win lies (`where_the_win_lies`), when there are any: still random, never idle while losing
        (rulings P18, P20)."""
        side = state.to_act
        if standing(state) is not side.other:
            return moves
        if state.active is not None:  # mid-turn: a blow or an objective action, when there is one
            strikes = [a for a in moves if isinstance(a, (Attack, Strike))
                       or (isinstance(a, Special) and a.name in OBJECTIVE_SPECIALS)]
            return strikes or moves
        kept = []
        for move in moves:
            if not isinstance(move, Move):
                kept.append(move)
                continue
            unit = state.unit(move.unit)
            goals = where_the_win_lies(state, unit, side)
            if goals and walking_gap(self._fields, state, unit, goals, move.to) < walking_gap(
                    self._fields, state, unit, goals, unit.pos):
                kept.append(move)
        return kept if any(isinstance(m, Move) for m in kept) else moves
