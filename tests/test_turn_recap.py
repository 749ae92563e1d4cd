"""The recap of the computer's turn, without a terminal: one step per activation, the path walked and the blows
struck as the rules moved them, and under fog only what the person's side saw."""

from __future__ import annotations

from factories import A, D, game, plains, unit

from officers_chess.rules.battle.actions import Attack, Move, Wait
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.session.controller import BattleController
from officers_chess.rules.battle.events import tile_name
from officers_chess.session.turn_recap import walked


def reader(c: BattleController):
    return None if c.logs.readers == (None,) else c.viewer  # the log on screen, as the battle screen picks it


def computer(c: BattleController, *actions) -> None:
    for action in actions:
        assert c.take(lambda a=action: c.play_computer(a), reader(c), None, action) is not None


def person(c: BattleController, *actions) -> None:
    for action in actions:
        assert c.take(lambda a=action: c.perform(a), reader(c)) is not None


def two_defenders(fog: bool = False):
    state = game(plains(12, 3), [unit(id="a1", side=A, pos=(0, 1)), unit(id="d1", side=D, pos=(5, 1)),
                                 unit(id="d2", side=D, pos=(11, 2))], to_act=D)
    return state.model_copy(update={"fog": True}) if fog else state


def test_each_activation_is_one_step_with_the_path_the_rules_walked_and_the_blow_it_struck():
    c = BattleController(two_defenders(), humans=frozenset({A}))
    before = c.state
    computer(c, Move(unit="d1", to=(1, 1)), Attack(target="a1"))
    [step] = c.recap.steps
    assert step.actor == "D1" and step.path == tuple(before.reach(before.unit("d1")).path_to((1, 1)))
    assert step.path[0] == (5, 1) and step.path[-1] == (1, 1) and len(step.path) == 5
    [blow] = step.blows
    assert (blow.origin, blow.target) == ((1, 1), (0, 1))  # where D1 stood and where A1 stood, by the rules' state
    assert step.lines == tuple(c.logs.lines(reader(c))[-len(step.lines):])  # the log's own lines, nothing reworded
    assert step.known.unit("d1").pos == (1, 1) and step.focus == (0, 1)
    assert blow.struck == "A1" and step.caption() == "D1 moved 6,2 → 2,2 and attacked A1."


def test_a_persons_step_closes_the_recap_and_the_next_computer_turn_begins_a_new_one():
    c = BattleController(two_defenders(), humans=frozenset({A}))
    computer(c, Move(unit="d1", to=(4, 1)), Wait())
    assert [s.actor for s in c.recap.steps] == ["D1"]
    person(c, Move(unit="a1", to=(0, 0)), Wait())
    assert [s.actor for s in c.recap.steps] == ["D1"]  # still there to look at while the person plays
    computer(c, Move(unit="d2", to=(10, 2)), Wait())
    [step] = c.recap.steps
    assert step.actor == "D2" and step.path == ((11, 2), (10, 2)) and not step.blows


def test_under_fog_only_the_tiles_the_person_saw_are_on_the_path_and_an_unseen_walk_leaves_no_step():
    c = BattleController(two_defenders(fog=True), humans=frozenset({A}))
    before = c.state
    computer(c, Move(unit="d1", to=(3, 1)), Wait())
    [step] = c.recap.steps
    seen = visible_tiles(before, A) | visible_tiles(c.state, A)
    full = walked(before, "d1", (5, 1), (3, 1))
    assert step.path == tuple(p for p in full if p in seen) and step.path and len(step.path) < len(full)
    assert step.sight == c.visible() and "d2" not in {u.id for u in step.known.units}
    assert step.walk == (False, True) and step.caption() == f"D1 came into sight at {tile_name(step.path[-1])}." 
    person(c, Move(unit="a1", to=(0, 1)), Wait())
    computer(c, Move(unit="d2", to=(10, 2)), Wait())  # far out of sight: the person only knows a unit acted
    assert [(s.actor, s.path, s.blows) for s in c.recap.steps] == [(None, (), ())]
    assert c.recap.steps[0].lines == ("The defender activates a unit out of sight.",
                                      "— Round 2: the attacker activates first —")
    assert c.recap.steps[0].caption() == "A unit out of sight acted."
