"""The computer decides from its seat's view (rulings P1, F33): two battles that differ only in what the side to act
cannot know get the same choice from every level, and the actions offered are the same whether they are worked
out on the battle or on the side's view of it."""

from __future__ import annotations

import os

import pytest
from test_noninterference import FIXTURES, battle_points, hidden_enemies, twins

from officers_chess.ai.levels import LEVEL_NAMES
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.battle.seat_view import SeatView, view
from officers_chess.rules.battle.vision import acting_side

POINTS = int(os.environ.get("OFFICERS_CHESS_NONINTERFERENCE") or 3)
BATTLES = [FIXTURES / "fog_yard.yaml", FIXTURES.parent.parent / "scenarios" / "wychmere_beacon.yaml"]


@pytest.mark.parametrize("path", BATTLES, ids=lambda p: p.stem)
def test_the_actions_offered_are_those_of_the_sides_view(path):
    loaded = load_scenario(path)
    for state in battle_points(loaded, 5, POINTS * 2):
        for fog in (True, False):
            battle = state.model_copy(update={"fog": fog})
            known = view(battle, acting_side(battle)).known
            assert legal_actions(known) == legal_actions(battle)


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("path", BATTLES, ids=lambda p: p.stem)
def test_every_level_chooses_the_same_whatever_it_cannot_know(path, level):
    loaded = load_scenario(path)
    compared = 0
    for state in battle_points(loaded, 3, POINTS):
        seat = acting_side(state)
        assert hidden_enemies(state, seat)
        first = make_policy(level, 11).choose(state.model_copy(deep=True))
        for what, twin in twins(state):
            chosen = make_policy(level, 11).choose(twin.model_copy(deep=True))
            assert chosen == first, f"{level} chose otherwise with {what} changed, round {state.round}"
            compared += 1
    assert compared > 0


def test_a_level_handed_the_whole_battle_is_caught(monkeypatch):
    """Planted: the computer handed the battle itself as if it were its side's view, and its judge reading it
    as it is."""
    from officers_chess.ai import judge, policy

    monkeypatch.setattr(policy, "view", lambda state, side: SeatView(side, state, None))
    monkeypatch.setattr(judge, "player_view", lambda state, side: state)
    with pytest.raises(AssertionError, match="normal chose otherwise"):
        test_every_level_chooses_the_same_whatever_it_cannot_know(BATTLES[0], "normal")
