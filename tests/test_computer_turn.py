"""The computer's side of the TUI without a terminal: who plays, what its actions show, what the log tells under fog."""

from __future__ import annotations

import pytest
from factories import A, D, game, plains, unit

from officers_chess.ai import play
from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Attack, Move, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.muster.phases import Phase
from officers_chess.session.controller import BattleController
from officers_chess.session.fog_log import log_lines
from officers_chess.session.modes import Mode
from officers_chess.session.muster_session import MusterSession
from officers_chess.session.players import BASELINES, check_levels, default_level, next_player, player_cycle, player_label


# --- who plays ---------------------------------------------------------------------------


def test_the_default_level_is_easy_when_the_core_has_it_else_normal_else_greedy(monkeypatch):
    assert default_level() == "easy"  # a newcomer's first opponent (rulings L11)
    monkeypatch.delitem(play.LEVELS, "easy")
    monkeypatch.setitem(play.LEVELS, "normal", GreedyPolicy)
    assert default_level() == "normal"
    monkeypatch.delitem(play.LEVELS, "normal")
    assert default_level() == "greedy"


def test_a_side_steps_from_human_through_every_level_in_order_of_strength_and_back(monkeypatch):
    assert player_cycle() == [None, "easy", "greedy", "normal", "hard"]  # weakest first; no baseline (L12)
    monkeypatch.setitem(play.LEVELS, "tutor", GreedyPolicy)  # a level added later is offered too
    cycle = player_cycle()
    assert cycle[0] is None and cycle[1] == default_level()
    assert sorted(cycle[1:]) == sorted(set(play.LEVELS) - set(BASELINES))
    player = None
    seen = []
    for _ in cycle:
        player = next_player(player)
        seen.append(player)
    assert seen[-1] is None and sorted(seen[:-1]) == sorted(set(play.LEVELS) - set(BASELINES))
    assert player_label(None) == "Human" and player_label("greedy") == "CPU (greedy)"


def test_an_unknown_level_is_refused_with_the_levels_there_are():
    with pytest.raises(ValueError, match="unknown level 'grandmaster' for the defender.*greedy"):
        check_levels({D: "grandmaster"})


# --- the controller while the computer acts ----------------------------------------------------


def duel(fog: bool = False, gap: int = 5):
    state = game(plains(12, 3), [unit(id="a1", side=A, pos=(0, 1)), unit(id="d1", side=D, pos=(gap, 1))], to_act=D)
    return state.model_copy(update={"fog": True}) if fog else state


def test_the_computer_side_to_act_puts_the_controller_in_watching_mode_and_player_input_does_nothing():
    c = BattleController(duel(), humans=frozenset({A}))
    assert c.mode is Mode.COMPUTER and c.computer_to_act
    cursor = c.cursor
    c.move_cursor(1, 0)
    c.point_at((3, 2))
    assert c.confirm() == [] and c.wait() == [] and c.cancel() is None
    assert c.cursor == cursor and c.selected is None and c.state is not None and c.mode is Mode.COMPUTER


def test_a_computer_move_shows_the_unit_and_its_range_then_the_path_to_its_destination():
    c = BattleController(duel(), humans=frozenset({A}))
    move = Move(unit="d1", to=(1, 1))
    first, second = c.glimpses(move)
    assert first.cursor == (5, 1) and first.selected == "d1"
    assert first.overlays.moves == frozenset(c.state.reach(c.state.unit("d1")).costs)
    assert second.cursor == (1, 1) and second.selected == "d1"
    assert second.overlays.moves == frozenset({(5, 1), (4, 1), (3, 1), (2, 1), (1, 1)})
    c.show(move, second)
    assert c.cursor == (1, 1) and c.overlays().moves == second.overlays.moves
    c.play_computer(move)
    assert c.mode is Mode.COMPUTER and c.selected == "d1"  # still its activation
    assert c.overlays().moves == frozenset()


def test_a_computer_attack_shows_the_forecast_before_it_is_rolled_then_the_player_takes_over():
    c = BattleController(duel(), humans=frozenset({A}))
    c.play_computer(Move(unit="d1", to=(1, 1)))
    attack = Attack(target="a1")
    [glimpse] = c.glimpses(attack)
    assert glimpse.cursor == (0, 1) and glimpse.overlays.targets == frozenset({(0, 1)}) and glimpse.beats > 1
    assert c.forecast() is None
    c.show(attack, glimpse)
    expected = c.state.forecast(c.state.unit("d1"), c.state.unit("a1"))
    assert c.forecast() == expected and c.hovered_unit.id == "a1" and c.selected_unit.id == "d1"
    events = c.play_computer(attack)
    assert events and c.forecast() is None
    if not c.state.is_over:
        assert c.mode is Mode.BROWSE and c.state.to_act is A and c.hovered_unit.id == "a1"


def test_the_players_last_action_hands_the_turn_to_the_computer():
    state = duel().model_copy(update={"to_act": A})
    c = BattleController(state, humans=frozenset({A}))
    assert c.mode is Mode.BROWSE
    c.point_at((0, 1))
    c.confirm()
    c.confirm()  # stay put
    c.wait()
    assert c.mode is Mode.COMPUTER and c.state.to_act is D and c.selected is None


def test_between_two_people_the_view_is_the_side_to_act_and_between_two_computers_everything():
    state = duel(fog=True, gap=9)
    assert BattleController(state).viewer is D
    assert BattleController(state, humans=frozenset({A})).viewer is A
    watching = BattleController(state, humans=frozenset())
    assert watching.viewer is None and watching.visible() is None and watching.view is watching.state


def test_under_fog_the_computer_shows_nothing_of_a_move_out_of_the_players_sight():
    c = BattleController(duel(fog=True, gap=9), humans=frozenset({A}))
    assert c.viewer is A and "d1" not in {u.id for u in c.view.units}
    assert c.glimpses(Move(unit="d1", to=(8, 1))) == []
    before = c.state
    events = c.play_computer(Move(unit="d1", to=(8, 1)))
    assert log_lines(before, c.state, events, A) == []
    assert c.selected is None  # nothing marked where the player cannot see
    assert log_lines(before, c.state, events, None) == [e.text() for e in events]


def test_under_fog_a_move_into_sight_shows_only_the_tiles_the_player_sees():
    c = BattleController(duel(fog=True, gap=8), humans=frozenset({A}))
    move = Move(unit="d1", to=(3, 1))
    [glimpse] = c.glimpses(move)  # no glimpse of where it started
    seen = visible_tiles(c.state, A)
    assert (4, 1) not in seen and (3, 1) in seen
    assert glimpse.cursor == (3, 1) and glimpse.overlays.moves == {(3, 1)}  # the path from 9,2 is dark until its end
    before = c.state
    events = c.play_computer(move)
    assert log_lines(before, c.state, events, A) == ["D1 comes into sight at 4,2."]
    assert c.selected == "d1"


def test_under_fog_lines_naming_an_enemy_out_of_sight_are_left_out_but_a_fight_is_told():
    state = game(plains(12, 3), [unit(id="a1", side=A, pos=(0, 1)), unit(id="d1", side=D, pos=(1, 1)),
                                 unit(id="d2", side=D, pos=(11, 1))], to_act=D)
    state = state.model_copy(update={"fog": True})
    moved = apply_action(state, Move(unit="d2", to=(10, 1)))
    assert log_lines(state, moved.state, moved.events, A) == []
    waited = apply_action(moved.state, Wait())
    assert log_lines(moved.state, waited.state, waited.events, A) == []
    struck = apply_action(apply_action(waited.state, Move(unit="a1", to=(0, 1))).state, Wait())
    near = apply_action(struck.state, Move(unit="d1", to=(1, 1)))
    fight = apply_action(near.state, Attack(target="a1"))
    lines = log_lines(near.state, fight.state, fight.events, A)
    assert lines and lines[0].startswith("D1 attacks A1")
    assert not any("D2" in line for line in lines)


# --- army building for the computer ----------------------------------------------------------


def test_the_computer_takes_each_of_its_muster_steps_through_the_session():
    session = MusterSession(load_scenario(find_scenario("practice_muster")))
    policy = GreedyPolicy(3)
    phase, side = session.current()
    assert phase is Phase.HIRING
    before = session.muster
    after = session.computer_steps({side: policy})
    assert session.muster is before and not before.armies  # the session's own is untouched (the work runs in a thread)
    session.muster = after
    assert session.current()[1] is side.other  # it stopped at the person's step
    assert session.army(side).units and not session.problems(session.army(side), side)
    session.muster = session.computer_steps({side: policy, side.other: GreedyPolicy(4)})
    assert session.current()[1] is None
    for each in (A, D):
        assert set(session.placements(each)) == {r.name for r in session.army(each).units}
    state = session.new_battle(1)
    assert {u.side for u in state.units} == {A, D}
