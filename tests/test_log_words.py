"""The battle log's words add up: a blow capped by the HP left says the hit's damage too, and a move says its cost."""

from __future__ import annotations

from factories import A, D, game, plains, plan, unit

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.events import Attacked, Moved
from officers_chess.rules.battle.game import Attack, Move, apply_action
from officers_chess.rules.combat.exchange import Role, resolve
from officers_chess.rules.pieces.movement import reachable


def _first_hit(attacker, defender, hp: int):
    """The first seed whose opening swing lands, resolved against a defender with `hp` left."""
    exchange = plan(attacker, defender)
    for seed in range(200):
        swings, _, _, _ = resolve(exchange, attacker.hp, hp, Dice(seed=seed))
        if swings[0].result == "hit":
            return exchange, swings[0], seed
    raise AssertionError("no seed hit in 200")


def test_a_blow_capped_by_the_hp_left_says_the_hits_damage_and_the_hp_lost():
    attacker, defender = unit("a1", A, (0, 0)), unit("d1", D, (1, 0), hp=2)
    exchange, swing, seed = _first_hit(attacker, defender, 2)
    full = exchange.profile(Role.ATTACKER).damage_of("hit")  # the damage the forecast shows
    assert full > 2 and swing.damage == 2 and swing.blow == full
    state = apply_action(game(plains(2), [attacker, defender], seed=seed), Move(unit="a1", to=(0, 0))).state
    told = next(e for e in apply_action(state, Attack(target="d1")).events if isinstance(e, Attacked)).text()
    assert f"hit for {full}, 2 HP lost (all it had) → D1 0 HP" in told, told


def test_a_blow_the_hp_left_did_not_cap_keeps_the_short_words():
    attacker, defender = unit("a1", A, (0, 0)), unit("d1", D, (1, 0))
    exchange, swing, seed = _first_hit(attacker, defender, defender.hp)
    full = exchange.profile(Role.ATTACKER).damage_of("hit")
    assert swing.damage == full and swing.blow is None
    state = apply_action(game(plains(2), [attacker, defender], seed=seed), Move(unit="a1", to=(0, 0))).state
    told = next(e for e in apply_action(state, Attack(target="d1")).events if isinstance(e, Attacked)).text()
    assert f"hit, {full} HP lost → D1 {defender.hp - full} HP" in told, told


def test_a_move_says_the_movement_it_cost_as_the_rules_count_it():
    mover = unit("a1", A, (0, 0))
    state = game(plains(8, 3), [mover, unit("d1", D, (7, 2))])
    to = (3, 1)
    cost = reachable(mover, state.map, state.units).costs[to]
    moved = next(e for e in apply_action(state, Move(unit="a1", to=to)).events if isinstance(e, Moved))
    assert moved.text() == f"A1 moves 1,1 → 4,2 (cost {cost})."
