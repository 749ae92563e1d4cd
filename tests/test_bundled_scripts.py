"""The bundled scenarios built on the deeper scripts play as their briefings say, in seeded battles between two `normal` players."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from officers_chess.ai.directives import directive
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Action, Move
from officers_chess.rules.battle.events import Event
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.morale import rallied
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.pieces.models import Side

A, D = Side.ATTACKER, Side.DEFENDER


@dataclass(frozen=True)
class Step:
    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


@cache
def battle(name: str, seed: int) -> tuple[Step, ...]:
    """A whole seeded battle, normal against normal, action by action."""
    loaded = load_scenario(find_scenario(name))
    policies = {A: make_policy("normal", seed), D: make_policy("normal", seed + 1)}
    state, steps = loaded.new_battle(seed), []
    while not state.is_over and len(steps) < 600:
        action = policies[state.to_act].choose(state)
        outcome = apply_action(state, action)
        steps.append(Step(state, action, outcome.state, tuple(outcome.events)))
        state = outcome.state
    return tuple(steps)


def enemy_within(state: GameState, side: Side, tiles: int) -> bool:
    return any(distance(a.pos, b.pos) <= tiles for a in state.living(side) for b in state.living(side.other))


def test_the_sleeping_garrison_holds_until_one_sees_the_column_then_wakes_as_one():
    steps = battle("sleeping_garrison", 3)
    woke = next(i for i, s in enumerate(steps) if "group 1:0" in s.after.woken)
    assert enemy_within(steps[woke].after, D, 3) and not enemy_within(steps[woke].before, D, 3)  # the moment it fires
    for step in steps[:woke]:
        if isinstance(step.action, Move) and step.before.to_act is D:
            assert step.action.to == step.before.unit(step.action.unit).pos  # asleep at their posts
    later = [s for s in steps[woke:] if isinstance(s.action, Move) and s.before.to_act is D]
    far = [s for s in later if min(distance(s.before.unit(s.action.unit).pos, e.pos) for e in s.before.living(A)) > 3]
    assert far and all(directive(s.before, s.before.unit(s.action.unit)).orders[0].behaviour == "pursue" for s in far)
    assert any(s.action.to != s.before.unit(s.action.unit).pos for s in far)  # ones who saw nothing come too


def test_the_lantern_patrol_walks_the_bank_and_its_horn_wakes_the_camp():
    steps = battle("lantern_patrol", 2)
    bank = {(x, y) for x in range(11, 14) for y in range(14)}
    horn = next(i for i, s in enumerate(steps) if any("A horn sounds" in e.text() for e in s.events))
    assert any(u.pos in bank for u in steps[horn].after.living(A))  # a raider has just set foot on the bank
    assert not any(u.pos in bank for u in steps[horn].before.living(A))
    camp = ("Sabra", "Holt", "Ivo")
    for step in steps[:horn]:
        if isinstance(step.action, Move) and step.before.unit(step.action.unit).name in camp:
            assert step.action.to == step.before.unit(step.action.unit).pos  # the camp sleeps
    after = steps[horn].after
    assert all([o.behaviour for o in u.orders] == ["pursue"] for u in after.living(D) if u.name in camp)
    walked = [s.action.to for s in steps[:horn] if isinstance(s.action, Move) and s.before.unit(s.action.unit).name == "Rowan"
              and not enemy_within(s.before, D, 2)]
    assert walked and all(x == 12 for x, _ in walked)  # along the bank's column, between its two ends


def test_the_wolves_break_when_their_morale_falls_and_run_unless_by_their_leader():
    def breaks_after_ulf_falls(seed: int) -> bool:
        steps = battle("wolves_of_ashby", seed)
        return any(s.after.morale.get(D, 8) <= 3 for s in steps) and any(
            e.text() == "Ulf is routed and leaves the field." for s in steps for e in s.events)

    seed = next(s for s in range(1, 20) if breaks_after_ulf_falls(s))
    steps = battle("wolves_of_ashby", seed)
    broke = next(i for i, s in enumerate(steps) if s.after.morale[D] <= 3)
    told = [e.text() for e in steps[broke].events]
    assert "The wolves lose their nerve and splash off across the millstream." in told
    assert any("The defender's morale falls to" in line and "it breaks" in line for line in told)
    running = 0
    for step in steps[broke + 1:]:
        if isinstance(step.action, Move) and step.before.to_act is D:
            mover = step.before.unit(step.action.unit)
            if step.before.morale[D] <= 3 and not rallied(mover, step.before.units, step.before.morale_rules):
                assert directive(step.before, mover).orders[0].behaviour == "flee"  # the band runs
                running += 1
    (fall,) = [s for s in steps if any(e.text() == "Ulf is routed and leaves the field." for e in s.events)]
    assert running or steps[-1].after.is_over
    assert any("(Ulf routed)" in e.text() and f"falls to {max(0, fall.before.morale[D] - 4)} of 8" in e.text()
               for e in fall.events)  # the leader's fall costs his side 4



def test_the_pit_at_brackwater_opens_when_a_rescuer_reaches_its_door_and_aldous_then_runs():
    pit_door, before_it = (10, 8), (11, 8)  # [11, 9] and [12, 9] in the file, 0-based here
    loaded = load_scenario(find_scenario("brackwater_gaol"))
    policies = {A: make_policy("normal", 1), D: make_policy("normal", 2)}
    state, steps, opened = loaded.new_battle(1), [], None
    while not state.is_over and (opened is None or len(steps) < opened + 30):  # a few rounds past the opening
        outcome = apply_action(state, policies[state.to_act].choose(state))
        steps.append(Step(state, None, outcome.state, tuple(outcome.events)))
        state = outcome.state
        if opened is None and state.map.rows[pit_door[1]][pit_door[0]] != "+":
            opened = len(steps) - 1
    assert opened is not None, "no rescuer reached the pit door"
    step = steps[opened]
    assert any(u.pos == before_it for u in step.after.living(A)) and step.after.map.rows[pit_door[1]][pit_door[0]] == "_"
    assert "The bar of the pit door is knocked out" in " ".join(e.text() for e in step.events)

    def aldous(s: GameState):
        return next(u for u in s.units if u.name == "Aldous")

    cell = {(8, 8), (9, 8)}  # the pit's two tiles
    assert {aldous(s.after).pos for s in steps[:opened]} <= cell  # shut in until then
    assert any(aldous(s.after).pos not in cell for s in steps[opened:])  # out he comes
