"""A unit that must get out by the exits: it goes as fast as the clock asks, not through the enemy in round 1."""

from __future__ import annotations

import pytest
from factories import A, D, game, plains, unit, weapon

from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Condition, TimeLimit
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import distance


def _cart_before_the_ambush(round_number: int) -> GameState:
    """A row of plains: our cart (Fleeing, armed, whole) at the west end, a raider between it and the exits at the
    east end, and the clock against us (the raider's side wins at nightfall after round 11)."""
    cart = unit("a1", A, (1, 1), tags=["Fleeing"], weapon=weapon(might=3), hp=20)
    raider = unit("d1", D, (10, 1), weapon=weapon(might=9), skl=12)
    state = game(plains(24, 3), [cart, raider]).model_copy(update={
        "escape_tiles": [(23, y) for y in range(3)],
        "victory": {A: [Condition(kind="escape", count=2), Condition(kind="rout")],
                    D: [Condition(kind="rout", share=0.5)]},
        "time_limit": TimeLimit(rounds=11, reason="Nightfall.", winner=D)})
    state.round = round_number
    return state


def _where_the_cart_ends(state: GameState, policy: NormalPolicy) -> tuple[int, int]:
    while True:
        state = apply_action(state, policy.choose(state)).state
        if state.active is None:
            return state.unit("a1").pos


def _in_the_raiders_reach(state: GameState, pos: tuple[int, int]) -> bool:
    raider = state.model_copy(update={"to_act": D})
    return any(distance(tile, pos) <= 1 for tile in raider.reach(raider.unit("d1")).costs)


@pytest.mark.parametrize("level", [NormalPolicy, HardPolicy])
def test_in_round_one_a_cart_keeps_out_of_the_raiders_reach(level):
    """Round 1 of 11: ten rounds are left to get out, and the exits are no nearer for taking the raider's blows now;
    the cart keeps out of its reach (carts ran in, and the Ravens took the convoy piece by piece; rulings P38). Both
    levels that weigh positions share the judgement."""
    state = _cart_before_the_ambush(1)
    pos = _where_the_cart_ends(state, level(0))
    assert not _in_the_raiders_reach(state, pos), pos


def test_late_in_the_battle_the_cart_runs_whatever_stands_in_the_way():
    """Round 10 of 11: there is no time left to wait; the clock's hurry outweighs the raider's blows, and the cart
    goes further toward the exits than it would in round 1, into the raider's reach."""
    state = _cart_before_the_ambush(10)
    pos = _where_the_cart_ends(state, NormalPolicy(0))
    assert _in_the_raiders_reach(state, pos), pos
    assert pos[0] > _where_the_cart_ends(_cart_before_the_ambush(1), NormalPolicy(0))[0]
