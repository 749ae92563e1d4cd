"""The `easy` level (rulings L10): of the choices `normal` sees, a sound one at random, never one far below the best."""

from __future__ import annotations

from officers_chess.ai.easy import EasyPolicy
from officers_chess.ai.judge import Judge
from officers_chess.ai.normal import NormalPolicy
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Move
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.battle.vision import acting_side


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
