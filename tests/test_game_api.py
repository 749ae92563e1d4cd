"""legal_actions / apply_action: the one way to play, its refusals, healing, victory and random playouts."""

from __future__ import annotations

import random

import pytest

from factories import RA, RD, A, D, battle_map, game, glyph, plains, unit, weapon
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.events import Attacked, BattleEnded, Healed
from officers_chess.rules.battle.game import (
    Attack, Discard, Equip, GameState, IllegalAction, Move, Trade, Wait, apply_action, legal_actions,
)
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.combat.exchange import resolve
from officers_chess.rules.pieces.models import Side
from muster_helpers import start


def duel_state(**kw) -> GameState:
    """a1 and d1 three tiles apart on open ground; a2 far off. The attacker acts."""
    units = [
        unit(id="a1", side=A, pos=(0, 0)),
        unit(id="a2", side=A, pos=(0, 4)),
        unit(id="d1", side=D, pos=(3, 0)),
    ]
    return game(plains(8, 5), units, **kw)


def snapshot(state: GameState) -> str:
    return state.model_dump_json()


# --- the shape of a turn ---------------------------------------------------------------------


def test_a_turn_starts_with_moves_for_every_waiting_unit_and_reachable_tile():
    state = duel_state()
    actions = legal_actions(state)
    moves = [a for a in actions if isinstance(a, Move)]
    waiting = {u.id for u in state.waiting(A)}
    # Besides the moves, only the free actions a waiting unit may take before it moves (it activates to take them).
    assert all(isinstance(a, (Equip, Discard, Trade)) and a.unit in waiting for a in actions if not isinstance(a, Move))
    expected = {(u.id, pos) for u in state.waiting(A) for pos in state.reach(u).costs}
    assert {(a.unit, a.to) for a in moves} == expected
    assert ("a1", (0, 0)) in expected  # staying put is a move
    assert ("a1", (3, 0)) not in expected  # the enemy's tile is not


def test_after_a_move_the_unit_may_attack_a_target_in_reach_or_wait():
    state = apply_action(duel_state(), Move(unit="a1", to=(2, 0))).state
    assert state.unit("a1").pos == (2, 0)
    assert state.active is not None and state.active.unit == "a1" and state.active.start == (0, 0)
    assert main_actions(state) == [Attack(target="d1"), Wait()]
    assert Discard(item=0) in legal_actions(state)  # free actions stay open beside them


def test_after_a_move_out_of_reach_only_wait_is_legal():
    state = apply_action(duel_state(), Move(unit="a1", to=(0, 1))).state
    assert main_actions(state) == [Wait()]


def test_ranged_unit_targets_only_at_its_range():
    units = [unit(id="a1", side=A, pos=(0, 0), weapon=weapon("bow", range=(2, 2))), unit(id="d1", side=D, pos=(3, 0))]
    state = game(plains(6), units)
    at_one = apply_action(state, Move(unit="a1", to=(2, 0))).state
    at_two = apply_action(state, Move(unit="a1", to=(1, 0))).state
    assert main_actions(at_one) == [Wait()]
    assert main_actions(at_two) == [Attack(target="d1"), Wait()]


def test_unarmed_unit_can_only_wait():
    units = [unit(id="a1", side=A, pos=(0, 0), weapon=None), unit(id="d1", side=D, pos=(1, 0))]
    state = apply_action(game(plains(4), units), Move(unit="a1", to=(0, 0))).state
    assert main_actions(state) == [Wait()]


def test_attack_resolves_with_the_states_dice_and_ends_the_turn():
    state = apply_action(duel_state(seed=11), Move(unit="a1", to=(2, 0))).state
    outcome = apply_action(state, Attack(target="d1"))
    new = outcome.state
    plan = state.plan(state.unit("a1"), state.unit("d1"))
    _, a_hp, d_hp, dice = resolve(plan, 20, 20, state.dice)
    assert (new.unit("a1").hp, new.unit("d1").hp) == (a_hp, d_hp)
    assert new.dice == dice and new.dice.draws == len(plan.order)
    assert new.active is None and new.unit("a1").activated
    assert new.to_act is D


@pytest.mark.parametrize("acting_side", [A, D])
def test_battle_log_names_the_unit_behind_each_swing(acting_side):
    # Swings are labelled by their role in the exchange; the event must still credit the right
    # unit when the defending army attacks (the log's wording is tested in test_battle_log.py).
    me = unit(id="m1", side=acting_side, pos=(0, 0), str=0, weapon=weapon(might=0))
    foe = unit(id="f1", side=acting_side.other, pos=(1, 0), str=0, weapon=weapon(might=0))
    state = game(plains(4), [me, foe], to_act=acting_side, seed=3)
    outcome = apply_action(apply_action(state, Move(unit="m1", to=(0, 0))).state, Attack(target="f1"))
    (attacked,) = [e for e in outcome.events if isinstance(e, Attacked)]
    assert [s.role for s in attacked.swings] == [RA, RD]  # roles: attacker's swing, then the counter
    assert [attacked.names[s.role] for s in attacked.swings] == ["M1", "F1"]


def test_wait_ends_the_turn():
    state = apply_action(duel_state(), Move(unit="a1", to=(1, 1))).state
    new = apply_action(state, Wait()).state
    assert new.active is None and new.unit("a1").activated and new.unit("a1").pos == (1, 1)
    assert new.to_act is D
    assert new.dice == state.dice  # waiting rolls nothing


# --- illegal actions ---------------------------------------------------------------------------


def _mid_turn():
    return apply_action(duel_state(), Move(unit="a1", to=(0, 1))).state


def _after_a1_acted_and_d1_acted():
    state = apply_action(apply_action(duel_state(), Move(unit="a1", to=(0, 0))).state, Wait()).state
    return apply_action(apply_action(state, Move(unit="d1", to=(3, 0))).state, Wait()).state


ILLEGAL = {
    "attack before moving": (duel_state, Attack(target="d1")),
    "wait before moving": (duel_state, Wait()),
    "move an enemy unit": (duel_state, Move(unit="d1", to=(4, 0))),
    "move an unknown unit": (duel_state, Move(unit="zz", to=(0, 0))),
    "move out of reach": (duel_state, Move(unit="a1", to=(6, 0))),
    "move onto the enemy": (duel_state, Move(unit="a1", to=(3, 0))),
    "move off the map": (duel_state, Move(unit="a1", to=(-1, 0))),
    "move a second unit mid-turn": (_mid_turn, Move(unit="a2", to=(0, 4))),
    "move the active unit again": (_mid_turn, Move(unit="a1", to=(0, 2))),
    "attack out of range": (_mid_turn, Attack(target="d1")),
    "attack an ally": (lambda: apply_action(duel_state(), Move(unit="a1", to=(0, 3))).state, Attack(target="a2")),
    "attack an unknown unit": (_mid_turn, Attack(target="zz")),
    "activate a unit twice in a round": (_after_a1_acted_and_d1_acted, Move(unit="a1", to=(0, 0))),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_actions_raise_and_leave_the_state_untouched(name):
    make, action = ILLEGAL[name]
    state = make()
    before = snapshot(state)
    copy = state.model_copy(deep=True)
    assert action not in legal_actions(state)
    with pytest.raises(IllegalAction):
        apply_action(state, action)
    assert snapshot(state) == before
    assert state == copy


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)
    with pytest.raises(ValueError):
        apply_action(duel_state(), Wait())


def test_a_routed_unit_cannot_be_attacked_or_moved():
    units = [
        unit(id="a1", side=A, pos=(0, 0)),
        unit(id="d1", side=D, pos=(1, 0), hp=0),
        unit(id="d2", side=D, pos=(5, 0)),
    ]
    state = game(plains(6), units)
    assert Move(unit="a1", to=(1, 0)) in legal_actions(state)  # the dead leave the tile free
    mid = apply_action(state, Move(unit="a1", to=(0, 0))).state
    assert Attack(target="d1") not in legal_actions(mid)
    with pytest.raises(IllegalAction):
        apply_action(mid, Attack(target="d1"))
    waited = apply_action(mid, Wait()).state
    with pytest.raises(IllegalAction):
        apply_action(waited, Move(unit="d1", to=(1, 0)))


# --- purity ----------------------------------------------------------------------------------


def test_apply_action_never_mutates_its_input():
    state = duel_state(seed=4)
    before = snapshot(state)
    for action in legal_actions(state):
        apply_action(state, action)
    assert snapshot(state) == before
    mid = apply_action(state, Move(unit="a1", to=(2, 0))).state
    mid_before = snapshot(mid)
    for action in legal_actions(mid):
        result = apply_action(mid, action).state
        assert result is not mid
    assert snapshot(mid) == mid_before


# --- healing tiles ---------------------------------------------------------------------------


@pytest.mark.parametrize("terrain", ["fort", "castle_gate", "throne"])
@pytest.mark.parametrize("hp, expected", [(10, 12), (17, 19), (19, 20), (20, 20)])
def test_healing_tiles_heal_two_at_end_of_turn_capped_at_max(terrain, hp, expected):
    units = [unit(id="a1", side=A, pos=(1, 0), hp=hp), unit(id="d1", side=D, pos=(5, 0))]
    state = game(battle_map("." + glyph(terrain) + "...."), units)
    moved = apply_action(state, Move(unit="a1", to=(1, 0))).state
    assert moved.unit("a1").hp == hp  # not on moving: at the end of the turn
    outcome = apply_action(moved, Wait())
    assert outcome.state.unit("a1").hp == expected
    heals = [e for e in outcome.events if isinstance(e, Healed)]
    assert [e.amount for e in heals] == ([expected - hp] if expected > hp else [])


def test_healing_applies_where_the_turn_ends_not_where_it_started():
    units = [unit(id="a1", side=A, pos=(1, 0), hp=10), unit(id="d1", side=D, pos=(5, 0))]
    state = game(battle_map("." + glyph("fort") + "...."), units)
    left = apply_action(apply_action(state, Move(unit="a1", to=(0, 0))).state, Wait()).state
    assert left.unit("a1").hp == 10
    arrived = game(battle_map("*....."), [unit(id="a1", side=A, pos=(2, 0), hp=10), unit(id="d1", side=D, pos=(5, 0))])
    arrived = apply_action(apply_action(arrived, Move(unit="a1", to=(0, 0))).state, Wait()).state
    assert arrived.unit("a1").hp == 12


def test_a_unit_routed_on_a_fort_is_not_healed():
    # Rulings T3: healing only if the unit survived its action.
    units = [
        unit(id="a1", side=A, pos=(0, 0), skl=0, str=0, weapon=weapon(might=0)),
        unit(id="a2", side=A, pos=(5, 0)),
        unit(id="d1", side=D, pos=(1, 0), str=30, skl=20),
    ]
    state = game(battle_map("*....."), units)
    outcome = apply_action(apply_action(state, Move(unit="a1", to=(0, 0))).state, Attack(target="d1"))
    assert outcome.state.unit("a1").hp == 0
    assert not [e for e in outcome.events if isinstance(e, Healed)]


def test_plain_tiles_and_idle_units_do_not_heal():
    units = [
        unit(id="a1", side=A, pos=(0, 0), hp=10),
        unit(id="d1", side=D, pos=(1, 0), hp=10),  # standing on the fort, but not the one acting
    ]
    state = game(battle_map(".*...."), units)
    new = apply_action(apply_action(state, Move(unit="a1", to=(0, 0))).state, Wait()).state
    assert new.unit("a1").hp == 10 and new.unit("d1").hp == 10


def test_healing_after_an_attack_from_a_fort():
    units = [
        unit(id="a1", side=A, pos=(0, 0), hp=15, str=0, skl=0, weapon=weapon(might=0)),
        unit(id="d1", side=D, pos=(1, 0), str=0, skl=0, weapon=weapon(might=0)),
    ]
    state = game(battle_map("*....."), units)
    mid = apply_action(state, Move(unit="a1", to=(0, 0))).state
    new = apply_action(mid, Attack(target="d1")).state
    assert new.unit("a1").hp == 17  # 0 damage either way, then the fort heals


# --- victory ---------------------------------------------------------------------------------


def test_routing_the_last_enemy_wins_and_ends_the_game():
    units = [unit(id="a1", side=A, pos=(0, 0), str=30, skl=20), unit(id="d1", side=D, pos=(2, 0))]
    state = game(plains(5), units)
    mid = apply_action(state, Move(unit="a1", to=(1, 0))).state
    outcome = apply_action(mid, Attack(target="d1"))
    new = outcome.state
    assert new.winner is A and new.is_over
    assert BattleEnded(A, "every defender unit was routed") in outcome.events
    assert legal_actions(new) == []
    before = snapshot(new)
    for action in (Wait(), Move(unit="a1", to=(1, 0)), Attack(target="d1")):
        with pytest.raises(IllegalAction):
            apply_action(new, action)
    assert snapshot(new) == before


def test_defender_wins_when_the_attacker_is_routed_by_a_counter():
    units = [
        unit(id="a1", side=A, pos=(0, 0), skl=0, str=0, weapon=weapon(might=0)),
        unit(id="d1", side=D, pos=(1, 0), str=30, skl=20),
        unit(id="d2", side=D, pos=(4, 0)),
    ]
    new = apply_action(apply_action(game(plains(5), units), Move(unit="a1", to=(0, 0))).state, Attack(target="d1")).state
    assert new.winner is D


def test_no_winner_while_both_sides_stand():
    state = duel_state()
    state = apply_action(apply_action(state, Move(unit="a1", to=(0, 0))).state, Wait()).state
    assert state.winner is None and not state.is_over


def main_actions(state: GameState):
    """Legal actions less the free ones (Equip, Discard, Trade), which are open all turn."""
    return [a for a in legal_actions(state) if not isinstance(a, (Equip, Discard, Trade))]


# --- random playouts of every bundled scenario -------------------------------------------------

MAX_ROUNDS = 80


def _choose(state: GameState, rng: random.Random):
    """A random player leaning towards the fight, so that battles end within the cap.

    It takes a free action now and then (they are legal all turn long) but not so often
    that armies throw their weapons away.
    """
    actions = legal_actions(state)
    free = [a for a in actions if isinstance(a, (Equip, Discard, Trade)) and not _disarms(state, a)]
    # Before a move too (they then name the unit that activates to take them), but more rarely there:
    # every unit of the side is offered them, and discards would disarm the armies.
    if free and rng.random() < (0.02 if state.active is None else 0.05):
        return rng.choice(free)
    actions = [a for a in actions if not isinstance(a, (Equip, Discard, Trade))]
    if state.active is not None and state.active.moved:
        attacks = [a for a in actions if isinstance(a, Attack)]
        if attacks and rng.random() < 0.85:
            return rng.choice(attacks)
        return rng.choice(actions)
    unit_id = rng.choice(sorted({a.unit for a in actions}))
    moves = [a for a in actions if a.unit == unit_id]
    if rng.random() < 0.3:
        return rng.choice(moves)
    enemies = [u.pos for u in state.living(state.to_act.other)]
    return min(moves, key=lambda a: (min(distance(a.to, e) for e in enemies), rng.random()))


def _disarms(state: GameState, action) -> bool:
    """A discard of the unit's last weapon (a player leaning towards the fight keeps one)."""
    if not isinstance(action, Discard):
        return False
    unit = state.unit(action.unit) if action.unit else state.active_unit
    weapons = [i for i, item in enumerate(unit.inventory) if item.kind == "weapon"]
    return weapons == [action.item]


def _check_invariants(state: GameState) -> None:
    tiles = [u.pos for u in state.living()]
    assert len(tiles) == len(set(tiles)), "two living units share a tile"
    for u in state.units:
        assert 0 <= u.hp <= u.max_hp, u
        if u.on_field:
            assert state.map.contains(u.pos)
            assert u.entry_cost(state.map.terrain_at(u.pos)) is not None, f"{u.name} stands where it cannot"
    if not state.is_over:
        assert state.living(Side.ATTACKER) and state.living(Side.DEFENDER)
        if state.active is None:
            assert state.waiting(state.to_act), "the side to act has nobody to activate"
    assert GameState.model_validate_json(state.model_dump_json()) == state


SCENARIOS = bundled_scenarios()


def test_there_are_bundled_scenarios_to_play():
    assert {p.stem for p in SCENARIOS} >= {"training_yard", "ford_skirmish", "saltmarsh_keep", "long_march"}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_random_playout_keeps_the_invariants(path):
    loaded = load_scenario(path)
    finished = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = start(loaded, seed)  # sides that hire muster cheap armies first
        _check_invariants(state)
        activated_this_round: set[str] = set()
        while not state.is_over and state.round <= MAX_ROUNDS:
            action = _choose(state, rng)
            before, round_before = snapshot(state), state.round
            outcome = apply_action(state, action)
            new = outcome.state
            assert snapshot(state) == before, "apply_action mutated its input"
            if isinstance(action, Move) and state.reactivate != action.unit:  # only a Dance grants a second turn
                assert action.unit not in activated_this_round, "a unit activated twice in one round"
                activated_this_round.add(action.unit)
            if new.round != round_before:
                assert new.round == round_before + 1
                # Every unit alive at the end of the round activated in it (the round's last action may
                # rout a unit still waiting; units arriving with the new round are not counted).
                alive_at_end = {u.id for u in new.living()} & {u.id for u in state.units}
                assert alive_at_end <= activated_this_round
                activated_this_round = set()
            # HP only rises with a reason the log gives: a heal (tile, staff, item, Blessed, Sacred)
            # or a Drain weapon in an exchange the unit fought.
            healed = {e.unit for e in outcome.events if isinstance(e, Healed)}
            fought = {n for e in outcome.events if isinstance(e, Attacked) for n in e.names.values()}
            known = {u.id for u in state.units}
            for u in new.units:
                if u.id not in known:
                    continue  # a reinforcement that arrived with a timed event
                assert u.hp <= state.unit(u.id).hp or u.name in healed | fought, f"{u.name}'s HP rose unexplained"
            state = new
            _check_invariants(state)
        finished += state.is_over
    assert finished >= 1, "no playout reached a result within the round cap"
