"""The `easy` level (rulings L10): of the choices `normal` sees, a sound one at random, never one far below the best."""

from __future__ import annotations

from officers_chess.ai.easy import EasyPolicy
from officers_chess.ai.judge import Judge
from officers_chess.ai.normal import NormalPolicy
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Attack, Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.battle.vision import acting_side
from officers_chess.rules.pieces.models import Side


def _gains(state):
    """Each activation's gain as `normal` weighs it, on the side's own view."""
    known = view(state, acting_side(state)).known
    judge_from = NormalPolicy(0)
    judge = Judge(known, known.to_act, judge_from.book, judge_from.fields, judge_from.rout_care)
    return {(c.unit.id, c.pos): c.gain for c in judge_from._candidates(judge, legal_actions(known))}


def test_easy_opens_with_a_sound_activation_but_not_always_the_best():
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=3)
    gains = _gains(state)
    best = max(gains.values())
    chosen = set()
    for seed in range(12):
        move = make_policy("easy", seed).choose(state)
        assert isinstance(move, Move)
        assert gains[(move.unit, move.to)] >= best - 6.0  # never a choice far below the best (L10: 6 points)
        chosen.add((move.unit, move.to))
    assert len(chosen) > 1  # a beginner does not always find the best one
    assert any(gains[c] < best for c in chosen)


def test_easy_plays_a_whole_battle_to_its_end_through_the_rules_actions():
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=5)
    policies = {side: EasyPolicy(7 + i) for i, side in enumerate(type(state.to_act))}
    for _ in range(400):
        if state.is_over:
            break
        state = apply_action(state, policies[state.to_act].choose(state)).state
    assert state.is_over


def _beside_the_archer(seed: int = 3):
    """Training Yard with Tilda (a lance) activated beside Wren (a bow, who cannot strike back at one tile)."""
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=seed).model_copy(deep=True)
    next(u for u in state.units if u.name == "Tilda").pos = (1, 5)  # Wren stands at (0, 5)
    return apply_action(state, Move(unit="d2", to=(1, 5))).state


def test_easy_strikes_an_enemy_beside_it_when_the_forecast_is_good():
    state = _beside_the_archer()
    known = view(state, acting_side(state)).known
    normal = NormalPolicy(0)
    judge = Judge(known, known.to_act, normal.book, normal.fields, normal.rout_care)
    best = normal._ranked(judge, judge.view.unit("d2"))[0].first
    assert best == Attack(target="a2")  # the forecast is good: `normal` strikes the archer
    choices = [make_policy("easy", seed).choose(state) for seed in range(40)]
    strikes = sum(isinstance(c, Attack) and c.target == "a2" for c in choices)
    assert strikes >= 38  # a beginner does not stand beside a bowman it can hit and wait (rulings L65)


class _Passive:
    """A side that never attacks: each unit walks as close to the enemy as it can (as the tester's units came
    up to the yard's holders) and waits there."""

    def choose(self, state):
        actions = legal_actions(state)
        if state.active_unit is None:
            foes = [u.pos for u in state.units if u.side is not state.to_act and u.hp > 0]

            def gap(move: Move) -> int:
                return min(abs(move.to[0] - x) + abs(move.to[1] - y) for x, y in foes)

            moves = [a for a in actions if isinstance(a, Move)]
            return min(moves, key=gap) if moves else actions[0]
        return Wait() if Wait() in actions else actions[0]


def test_easy_deals_damage_in_a_whole_training_yard_battle_against_a_passive_opponent():
    # Easy holding the yard, as the tester met it (it dealt 0 damage), at four seeds; and as the challenger once.
    for seed, easy_side in ((0, Side.DEFENDER), (1, Side.DEFENDER), (2, Side.DEFENDER), (3, Side.DEFENDER),
                            (5, Side.ATTACKER)):
        start = load_scenario(find_scenario("training_yard")).new_battle(seed=seed)
        policies = {easy_side: EasyPolicy(seed), easy_side.other: _Passive()}
        state = start
        for _ in range(400):
            if state.is_over:
                break
            state = apply_action(state, policies[state.to_act].choose(state)).state
        assert state.is_over
        hp_before = sum(u.hp for u in start.units if u.side is easy_side.other)
        hp_after = sum(max(u.hp, 0) for u in state.units if u.side is easy_side.other)
        assert hp_before - hp_after > 0, easy_side  # the easy computer fights (the tester saw 0 damage dealt)
