"""The `random` level: a uniformly random legal action, with free actions only now and then so battles end."""

from __future__ import annotations

from officers_chess.ai.policy import BasePolicy
from officers_chess.rules.battle.actions import Action, Discard, Equip, Trade
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.battle.seat_view import SeatView

FREE_ACTIONS = (Equip, Discard, Trade)
FREE_ACTION_CHANCE = 0.05


class RandomPolicy(BasePolicy):
    """Uniformly random among the legal actions, a baseline.

    Free actions (equip, discard, trade) do not end a turn, and a unit has many of them, so a
    purely uniform choice would shuffle inventories for ever. They are taken with probability
    `FREE_ACTION_CHANCE` only; otherwise the choice is uniform among the other legal actions
    (moves, attacks, specials, Canto, Wait).
    """

    name = "random"

    def decide(self, seat: SeatView) -> Action:
        state = seat.known  # the battle as its side knows it: the actions it may take are the same (rulings F30)
        actions = legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the battle is over")
        # Only mid-turn: before a move every unit of the side has them, and the level would shed its weapons.
        free = [a for a in actions if isinstance(a, FREE_ACTIONS)] if state.active is not None else []
        turn_enders = [a for a in actions if not isinstance(a, FREE_ACTIONS)]  # (moves, when nobody is mid-turn)
        if free and (not turn_enders or self.rng.random() < FREE_ACTION_CHANCE):
            return self.rng.choice(free)
        return self.rng.choice(turn_enders)
