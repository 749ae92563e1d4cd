"""Activation order: alternate one unit each; the side that runs out first leads the next round."""

from __future__ import annotations

import pytest

from factories import A, D, game, plains, unit, unit_class, weapon
from officers_chess.rules.battle.game import Attack, Move, Wait, apply_action, legal_actions
from officers_chess.rules.battle.turn_order import after_activation, waiting
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, UnitSetup, new_battle


def army(n_attackers: int, n_defenders: int):
    units = [unit(id=f"a{i + 1}", side=A, pos=(i, 0)) for i in range(n_attackers)]
    units += [unit(id=f"d{i + 1}", side=D, pos=(i, 2)) for i in range(n_defenders)]
    return units


def run_round_directly(units, first: Side):
    """Activate the first waiting unit of whoever is to act, using after_activation only.

    Returns the sides in activation order and the final NextUp.
    """
    to_act, finished_first, sequence = first, None, []
    while True:
        actor = waiting(units, to_act)[0]
        actor.activated = True
        sequence.append(to_act)
        nxt = after_activation(units, to_act, finished_first)
        if nxt.round_over:
            return sequence, nxt
        to_act, finished_first = nxt.to_act, nxt.finished_first


# --- after_activation directly ------------------------------------------------------------


def test_seed_example_five_against_seven():
    # P1 (5 units) activates its 5th and last unit, P2 its 6th and 7th: P1 goes first next round.
    sequence, nxt = run_round_directly(army(5, 7), first=A)
    assert sequence == [A, D] * 5 + [D, D]
    assert nxt.finished_first is A and nxt.to_act is A


def test_five_against_seven_when_the_bigger_side_starts():
    sequence, nxt = run_round_directly(army(5, 7), first=D)
    assert sequence == [D, A] * 5 + [D, D]
    assert nxt.to_act is A


@pytest.mark.parametrize("first", [A, D])
@pytest.mark.parametrize("n", [1, 3])
def test_equal_counts_alternate_and_the_starter_finishes_first(first, n):
    sequence, nxt = run_round_directly(army(n, n), first=first)
    assert sequence == [first, first.other] * n
    assert nxt.finished_first is first and nxt.to_act is first


def test_alternation_after_each_activation():
    units = army(3, 3)
    units[0].activated = True
    nxt = after_activation(units, A, None)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (D, None, False)


def test_when_one_side_is_exhausted_the_other_finishes_in_turn():
    units = army(1, 3)
    units[0].activated = True  # the attacker's only unit has acted
    nxt = after_activation(units, A, None)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (D, A, False)
    units[1].activated = True
    nxt = after_activation(units, D, nxt.finished_first)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (D, A, False)
    units[2].activated = units[3].activated = True
    nxt = after_activation(units, D, nxt.finished_first)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (A, A, True)


def test_side_exhausted_because_its_last_waiting_unit_was_routed():
    units = army(3, 2)
    units[0].activated = True  # a1 just acted ...
    units[3].activated = True  # d1 acted earlier
    units[4].hp = 0  # ... and routed d2, the defender's last waiting unit
    nxt = after_activation(units, A, None)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (A, D, False)


def test_both_exhausted_by_one_activation_the_acting_side_counts_as_first():
    units = army(1, 2)
    units[0].activated = True  # a1, the attacker's last unit, acted ...
    units[1].activated = True
    units[2].hp = 0  # ... and routed d2, the defender's last waiting unit
    nxt = after_activation(units, A, None)
    assert (nxt.to_act, nxt.finished_first, nxt.round_over) == (A, A, True)


def test_finished_first_is_kept_once_set():
    units = army(2, 2)
    for u in units:
        u.activated = True
    nxt = after_activation(units, A, D)
    assert nxt.round_over and nxt.finished_first is D and nxt.to_act is D


def test_routed_units_are_not_waiting():
    units = army(2, 1)
    units[1].hp = 0
    assert [u.id for u in waiting(units, A)] == ["a1"]
    units[0].activated = True
    assert waiting(units, A) == []


# --- through apply_action ------------------------------------------------------------------------


def activate_and_wait(state, unit_id):
    state = apply_action(state, Move(unit=unit_id, to=state.unit(unit_id).pos)).state
    return apply_action(state, Wait()).state


def play_round(state):
    """Activate whatever unit is first to act, waiting in place, until the round number changes."""
    start, sequence = state.round, []
    while state.round == start:
        actor = state.waiting(state.to_act)[0]
        sequence.append(actor.side)
        state = activate_and_wait(state, actor.id)
    return state, sequence


def spread_armies(n_attackers, n_defenders):
    units = [unit(id=f"a{i + 1}", side=A, pos=(i, 0)) for i in range(n_attackers)]
    units += [unit(id=f"d{i + 1}", side=D, pos=(i, 9)) for i in range(n_defenders)]
    return units


def test_seed_example_through_apply_action():
    state = game(plains(8, 10), spread_armies(5, 7), to_act=A)
    state, sequence = play_round(state)
    assert sequence == [A, D] * 5 + [D, D]
    assert state.round == 2 and state.to_act is A and state.finished_first is None
    assert all(not u.activated for u in state.units)
    # Round 2 plays the same way: the attacker again runs out first and leads round 3.
    state, sequence = play_round(state)
    assert sequence == [A, D] * 5 + [D, D]
    assert state.round == 3 and state.to_act is A


def test_bigger_side_starting_hands_the_lead_to_the_smaller_side():
    state = game(plains(8, 10), spread_armies(5, 7), to_act=D)
    state, sequence = play_round(state)
    assert sequence == [D, A] * 5 + [D, D]
    assert state.to_act is A  # round 2 starts with the side that finished first
    state, sequence = play_round(state)
    assert sequence == [A, D] * 5 + [D, D]


def test_equal_counts_through_apply_action():
    state = game(plains(8, 10), spread_armies(3, 3), to_act=D)
    state, sequence = play_round(state)
    assert sequence == [D, A, D, A, D, A]
    assert state.to_act is D


def test_only_the_side_to_act_may_move():
    state = game(plains(8, 10), spread_armies(2, 2), to_act=A)
    assert {a.unit for a in legal_actions(state)} == {"a1", "a2"}
    state = activate_and_wait(state, "a1")
    assert state.to_act is D
    assert {a.unit for a in legal_actions(state)} == {"d1", "d2"}


def killer(**kw):
    # Always hits (Skl 20) for 30 - Def: routs anything in one swing.
    return unit(str=30, skl=20, **kw)


def test_routing_the_enemys_last_waiting_unit_makes_it_finish_first():
    # Attacker a1 (killer) and a2; defender d1 (far away) and d2 (next to a1).
    units = [
        killer(id="a1", side=A, pos=(0, 0)),
        unit(id="a2", side=A, pos=(7, 0)),
        unit(id="d1", side=D, pos=(7, 9)),
        unit(id="d2", side=D, pos=(1, 0)),
    ]
    state = game(plains(8, 10), units, to_act=D)
    state = activate_and_wait(state, "d1")
    assert state.to_act is A
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    state = apply_action(state, Attack(target="d2")).state
    assert not state.unit("d2").on_field
    # The defender has no unit left to activate: it finished first; the attacker finishes alone.
    assert state.finished_first is D and state.to_act is A and state.round == 1
    state = activate_and_wait(state, "a2")
    assert state.round == 2 and state.to_act is D


def test_routing_the_last_waiting_enemy_with_ones_own_last_unit_leads_next_round():
    units = [
        killer(id="a1", side=A, pos=(0, 0)),
        unit(id="d1", side=D, pos=(7, 9)),
        unit(id="d2", side=D, pos=(1, 0)),
    ]
    state = game(plains(8, 10), units, to_act=D)
    state = activate_and_wait(state, "d1")
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    state = apply_action(state, Attack(target="d2")).state
    # Both sides ran out on the attacker's activation: the attacker counts as first.
    assert state.round == 2 and state.to_act is A
    assert state.winner is None


def test_a_unit_routed_by_a_counter_still_ends_its_sides_activation():
    units = [
        unit(id="a1", side=A, pos=(0, 0), skl=0, str=0, weapon=weapon(might=0)),
        unit(id="a2", side=A, pos=(7, 0)),
        killer(id="d1", side=D, pos=(1, 0)),
        unit(id="d2", side=D, pos=(7, 9)),
    ]
    state = game(plains(8, 10), units, to_act=A)
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    state = apply_action(state, Attack(target="d1")).state
    assert not state.unit("a1").on_field
    assert state.to_act is D
    assert state.unit("a1").activated


# --- round 1: who starts -------------------------------------------------------------------------


def _scenario(first_deployer: Side, first_to_act: Side | None) -> tuple[Scenario, Catalogue]:
    cls = unit_class(name="Tester")
    sword = weapon(name="Sword")
    catalogue = Catalogue(classes={"Tester": cls}, items={"Sword": sword})
    armies = {
        A: [UnitSetup(name="Ann", unit_class="Tester", items=["Sword"], at=(1, 1))],
        D: [UnitSetup(name="Dan", unit_class="Tester", items=["Sword"], at=(5, 3))],
    }
    kwargs = {"first_to_act": first_to_act} if first_to_act is not None else {}
    return Scenario(name="t", map="m", first_deployer=first_deployer, armies=armies, **kwargs), catalogue


@pytest.mark.parametrize("deployer", [A, D])
def test_round_one_starts_with_the_first_deployer(deployer):
    scenario, catalogue = _scenario(deployer, None)
    state = new_battle(scenario, catalogue, plains(5, 3), seed=1)
    assert state.round == 1 and state.to_act is deployer
    assert {a.unit for a in legal_actions(state)} == {"a1" if deployer is A else "d1"}


@pytest.mark.parametrize("deployer, first", [(A, D), (D, A), (A, A)])
def test_first_to_act_overrides_the_deployer(deployer, first):
    scenario, catalogue = _scenario(deployer, first)
    assert new_battle(scenario, catalogue, plains(5, 3), seed=1).to_act is first
