"""Status effects of v0.6, one rule at a time: the round-start d20s, Poisoned, Barrier,
Silenced and Slowed, Sleep and Petrified, Berserk.

Turn rules are driven through `legal_actions` / `apply_action`; numbers through the plan.
Baseline units (factories.py): Str 5, Skl 10, Spd 5, Def 2, Res 1, 20 HP, a 5-Might sword.
"""

from __future__ import annotations

import pytest

from factories import (
    RA,
    A,
    D,
    battle_map,
    consumable,
    d20s,
    game,
    plains,
    plan,
    seed_for,
    staff,
    unit,
    weapon,
)
from officers_chess.rules.battle.actions import Special, Strike
from officers_chess.rules.battle.events import BattleEnded, Routed, StatusRoll
from officers_chess.rules.battle.game import (
    Attack,
    Discard,
    Equip,
    GameState,
    IllegalAction,
    Move,
    Trade,
    Wait,
    apply_action,
    legal_actions,
)
from officers_chess.rules.battle.upkeep import apply_status
from officers_chess.rules.pieces.statuses import Status, StatusName

ROLLED = [StatusName.BERSERK, StatusName.PETRIFIED, StatusName.POISONED, StatusName.SLEEP]
HIT = range(2, 11)


def stay(state: GameState, unit_id: str) -> GameState:
    """Activate the unit where it stands."""
    return apply_action(state, Move(unit=unit_id, to=state.unit(unit_id).pos)).state


def pass_turn(state: GameState, unit_id: str | None = None) -> GameState:
    """Activate a unit (the first waiting one of the side to act by default) where it stands, and wait."""
    if unit_id is None:
        unit_id = state.waiting(state.to_act)[0].id
    return apply_action(stay(state, unit_id), Wait()).state


def finish_round(state: GameState) -> tuple[GameState, list]:
    """Every unit stays and waits until the round changes; returns the state and the last events."""
    start = state.round
    events: list = []
    while state.round == start and not state.is_over:
        unit_id = state.waiting(state.to_act)[0].id
        state = stay(state, unit_id)
        out = apply_action(state, Wait())
        state, events = out.state, out.events
    return state, events


def kinds(state: GameState) -> list[type]:
    return [type(a) for a in legal_actions(state)]


def far_apart(*statuses, seed: int = 0, hp: int | None = None) -> GameState:
    """a1 (with the statuses) and d1 well out of each other's reach."""
    # A berserk unit must move in on anyone it can reach this turn (docs/rulings.md S2): keep d1 beyond that.
    names = {s.name if isinstance(s, Status) else StatusName(s) for s in statuses}
    width = 14 if StatusName.BERSERK in names else 7
    units = [unit(id="a1", side=A, pos=(0, 0), statuses=statuses, hp=hp), unit(id="d1", side=D, pos=(width - 1, 0))]
    return game(plains(width), units, seed=seed)


# --- the round-start rolls --------------------------------------------------------------------


def test_round_start_rolls_each_lasting_status_in_a_fixed_order_unit_by_unit():
    units = [
        # statuses listed out of order on purpose: the rolls follow Berserk, Petrified, Poisoned, Sleep
        unit(id="a1", side=A, pos=(0, 0), statuses=["Sleep", "Poisoned"]),
        unit(id="d1", side=D, pos=(6, 0), statuses=["Petrified", "Berserk"]),
        unit(id="a2", side=A, pos=(0, 2), statuses=["Silenced", "Barrier"]),  # these are never rolled for
    ]
    seed = 0
    rolls = d20s(seed, 4)
    assert rolls == [16, 6, 11, 14]
    state, events = finish_round(game(plains(7, 3), units, seed=seed))
    assert state.round == 2
    got = [(e.unit, e.status, e.roll, e.ended) for e in events if isinstance(e, StatusRoll)]
    assert got == [
        ("A1", "Poisoned", 16, False),
        ("A1", "Sleep", 6, True),
        ("D1", "Berserk", 11, False),
        ("D1", "Petrified", 14, False),
    ]
    assert state.dice.draws == 4
    assert [s.name for s in state.unit("a1").statuses] == [StatusName.POISONED]
    assert state.unit("a1").hp == 18
    assert {s.name for s in state.unit("d1").statuses} == {StatusName.BERSERK, StatusName.PETRIFIED}


@pytest.mark.parametrize("status", ROLLED)
@pytest.mark.parametrize("roll, ends", [(1, True), (10, True), (11, False), (20, False)])
def test_a_round_start_roll_of_one_to_ten_ends_the_status(status, roll, ends):
    state, _ = finish_round(far_apart(status, seed=seed_for(roll)))
    assert state.unit("a1").has_status(status) is not ends


def test_statuses_without_a_round_start_roll_are_never_rolled_for():
    state = far_apart("Silenced", "Slowed", "Barrier")
    state, _ = finish_round(state)
    assert state.dice.draws == 0


def test_routed_units_do_not_roll():
    units = [
        unit(id="a1", side=A, pos=(0, 0), statuses=["Sleep"], hp=0),
        unit(id="a2", side=A, pos=(0, 2)),
        unit(id="d1", side=D, pos=(6, 0)),
    ]
    state, _ = finish_round(game(plains(7, 3), units))
    assert state.dice.draws == 0


# --- Poisoned ---------------------------------------------------------------------------------


def test_poison_deals_two_on_eleven_to_twenty_and_nothing_when_it_ends():
    kept, _ = finish_round(far_apart("Poisoned", seed=seed_for(11)))
    assert kept.unit("a1").hp == 18 and kept.unit("a1").has_status(StatusName.POISONED)
    ended, _ = finish_round(far_apart("Poisoned", seed=seed_for(10)))
    assert ended.unit("a1").hp == 20 and not ended.unit("a1").statuses


def test_poison_can_rout_and_end_the_battle():
    state, events = finish_round(far_apart("Poisoned", seed=seed_for(15), hp=2))
    assert not state.unit("a1").on_field
    assert any(isinstance(e, Routed) and e.unit == "A1" for e in events)
    assert state.is_over and state.winner is D
    assert any(isinstance(e, BattleEnded) and e.winner is D for e in events)
    assert legal_actions(state) == []


# --- Barrier ----------------------------------------------------------------------------------


def test_barrier_adds_two_resistance():
    shielded = unit(id="d1", side=D, pos=(1, 0), statuses=["Barrier"])
    assert shielded.stat("resistance") == 3
    caster = unit(id="a1", weapon=weapon("dark", might=5))
    assert plan(caster, shielded).attacker.damage == 5 + 5 - 3
    assert plan(caster, unit(id="d1", side=D, pos=(1, 0))).attacker.damage == 5 + 5 - 1


def test_barrier_lasts_until_the_end_of_the_next_round():
    state = far_apart()
    apply_status(state, state.unit("a1"), StatusName.BARRIER, [])
    assert state.unit("a1").statuses == [Status(name=StatusName.BARRIER, left=2)]
    state, _ = finish_round(state)  # the end of this round
    assert state.round == 2 and state.unit("a1").has_status(StatusName.BARRIER)
    state = pass_turn(state)
    assert state.unit("a1").has_status(StatusName.BARRIER)  # its turns do not count it down
    state, _ = finish_round(state)  # the end of the next round
    assert state.round == 3 and not state.unit("a1").has_status(StatusName.BARRIER)


def test_a_second_barrier_renews_rather_than_stacks():
    state = far_apart(Status(name=StatusName.BARRIER, left=1))
    apply_status(state, state.unit("a1"), StatusName.BARRIER, [])
    assert state.unit("a1").statuses == [Status(name=StatusName.BARRIER, left=2)]
    assert state.unit("a1").stat("resistance") == 3


# --- Silenced and Slowed: one activation ------------------------------------------------------


@pytest.mark.parametrize("status", [StatusName.SILENCED, StatusName.SLOWED])
def test_caught_outside_its_turn_it_lasts_through_the_units_next_activation(status):
    state = far_apart()
    apply_status(state, state.unit("a1"), status, [])  # nobody is mid-turn
    state = stay(state, "a1")
    assert state.unit("a1").has_status(status)  # still on during that activation
    state = apply_action(state, Wait()).state
    assert not state.unit("a1").has_status(status)


@pytest.mark.parametrize("status", ["Silenced", "Slowed"])
def test_caught_during_its_own_turn_it_lasts_through_the_next_one(status):
    # a1 (Skl 0) attacks and misses; d1's counter lands the status on a1 mid-turn.
    units = [unit(id="a1", side=A, pos=(0, 0), skl=0), unit(id="d1", side=D, pos=(1, 0), weapon=weapon(might=0, tags=[f"Status({status})"]))]
    state = stay(game(plains(4), units, seed=seed_for(range(2, 21), HIT)), "a1")
    state = apply_action(state, Attack(target="d1")).state
    assert state.unit("a1").has_status(StatusName(status))  # survives the end of the turn it was caught in
    state = pass_turn(state, "d1")
    assert state.round == 2
    state = stay(state, "a1")
    assert state.unit("a1").has_status(StatusName(status))
    state = apply_action(state, Wait()).state
    assert not state.unit("a1").has_status(StatusName(status))


def test_slowed_takes_one_tile_of_movement():
    state = far_apart("Slowed")
    a1 = state.unit("a1")
    assert a1.movement == 4
    assert max(state.reach(a1).costs.values()) == 4
    assert (4, 0) in state.reach(state.unit("d1")).costs  # the other unit is unaffected


def test_silenced_cannot_use_tomes_or_counter_with_them():
    units = [unit(id="a1", side=A, pos=(0, 0), statuses=["Silenced"], weapon=weapon("reason")), unit(id="d1", side=D, pos=(1, 0))]
    state = stay(game(plains(4), units), "a1")
    assert Attack not in kinds(state)
    assert plan(unit(id="d1", side=D), state.unit("a1")).defender is None


def test_silenced_cannot_use_magic_type_weapons():
    units = [unit(id="a1", side=A, pos=(0, 0), statuses=["Silenced"], weapon=weapon("sword", tags=["Magic(Dark)"])),
             unit(id="d1", side=D, pos=(1, 0))]
    state = stay(game(plains(4), units), "a1")
    assert Attack not in kinds(state)


def test_silenced_can_still_swing_a_sword():
    units = [unit(id="a1", side=A, pos=(0, 0), statuses=["Silenced"]), unit(id="d1", side=D, pos=(1, 0))]
    state = stay(game(plains(4), units), "a1")
    assert Attack(target="d1") in legal_actions(state)
    assert plan(unit(id="d1", side=D), state.unit("a1")).defender is not None


def test_silenced_cannot_use_staves_but_can_use_items():
    units = [
        unit(id="a1", side=A, pos=(0, 0), statuses=["Silenced"], hp=10,
             extra_items=[staff(tags=["Heal(5)"]), consumable(tags=["Heal(5)", "Consumable(1)"])]),
        unit(id="a2", side=A, pos=(1, 0), hp=10),
        unit(id="d1", side=D, pos=(6, 0)),
    ]
    state = stay(game(plains(7), units), "a1")
    specials = [a for a in legal_actions(state) if isinstance(a, Special)]
    assert specials == [Special(name="heal", source=2, target="a1")]  # the item on itself; no staff


# --- Sleep and Petrified ----------------------------------------------------------------------


def _beside_everything(status: str) -> GameState:
    """a1 (with the status, a heal staff and Dance) between a hurt ally, an enemy and a wall."""
    units = [
        unit(id="a1", side=A, pos=(1, 1), statuses=[status], tags=["Dance"], extra_items=[staff(tags=["Heal(5)"])]),
        unit(id="a2", side=A, pos=(1, 0), hp=10, activated=True),
        unit(id="a3", side=A, pos=(1, 2)),
        unit(id="d1", side=D, pos=(2, 1)),
    ]
    return game(battle_map("...", "#..", "..."), units)


@pytest.mark.parametrize("status", ["Sleep", "Petrified"])
def test_asleep_or_stone_a_unit_cannot_move(status):
    state = _beside_everything(status)
    a1 = state.unit("a1")
    assert state.reach(a1).costs == {(1, 1): 0}
    assert [a for a in legal_actions(state) if isinstance(a, Move) and a.unit == "a1"] == [Move(unit="a1", to=(1, 1))]
    with pytest.raises(IllegalAction):
        apply_action(state, Move(unit="a1", to=(1, 2)))


@pytest.mark.parametrize("status", ["Sleep", "Petrified"])
def test_asleep_or_stone_a_unit_cannot_attack_or_strike(status):
    state = stay(_beside_everything(status), "a1")
    for action in (Attack(target="d1"), Strike(at=(0, 1))):
        with pytest.raises(IllegalAction):
            apply_action(state, action)


@pytest.mark.parametrize("status", ["Sleep", "Petrified"])
def test_asleep_or_stone_a_unit_keeps_its_staves_items_specials_and_free_actions(status):
    # The text forbids moving and attacking, nothing more (docs/rulings.md S3).
    state = stay(_beside_everything(status), "a1")
    legal = legal_actions(state)
    assert Special(name="heal", source=1, target="a2") in legal
    assert Special(name="dance", target="a2") in legal
    assert Equip(item=1) in legal
    assert any(isinstance(a, Trade) and a.partner == "a3" for a in legal)
    assert any(isinstance(a, Discard) for a in legal) and Wait() in legal
    healed = apply_action(state, Special(name="heal", source=1, target="a2")).state
    assert healed.unit("a2").hp > 10


@pytest.mark.parametrize("status", ["Sleep", "Petrified"])
def test_asleep_or_stone_a_unit_cannot_counter(status):
    p = plan(unit(id="d1", side=D), unit(id="a1", statuses=[status], pos=(1, 0)))
    assert p.defender is None
    assert p.order == (RA,)


def test_the_same_units_awake_can_do_all_of_it():
    units = [
        unit(id="a1", side=A, pos=(1, 1), tags=["Dance"], extra_items=[staff(tags=["Heal(5)"])]),
        unit(id="a2", side=A, pos=(1, 0), hp=10, activated=True),
        unit(id="a3", side=A, pos=(1, 2)),
        unit(id="d1", side=D, pos=(2, 1)),
    ]
    state = stay(game(battle_map("...", "#..", "..."), units), "a1")
    actions = legal_actions(state)
    for action in (Attack(target="d1"), Strike(at=(0, 1)), Special(name="heal", source=1, target="a2"),
                   Special(name="dance", target="a2")):
        assert action in actions


def test_attacks_against_a_petrified_unit_crit_on_two_more_faces():
    stone = plan(unit(id="a1"), unit(id="d1", side=D, pos=(1, 0), statuses=["Petrified"]))
    assert stone.attacker.crit_top == 3
    asleep = plan(unit(id="a1"), unit(id="d1", side=D, pos=(1, 0), statuses=["Sleep"]))
    assert asleep.attacker.crit_top == 1
    lucky = plan(unit(id="a1", tags=["Lucky(1)"]), unit(id="d1", side=D, pos=(1, 0), statuses=["Petrified"]))
    assert lucky.attacker.crit_top == 4


# --- Berserk ----------------------------------------------------------------------------------


def _berserk(ally_hp: int, enemy_hp: int, far: bool = False) -> GameState:
    """A berserk a1 (with a staff, an item and a Dance) beside a hurt ally a2 and an enemy d1."""
    # `far`: beyond what a1 could reach this turn, moving included (a berserk unit must close in otherwise).
    units = [
        unit(id="a1", side=A, pos=(1, 1), statuses=["Berserk"], tags=["Dance"],
             extra_items=[staff(tags=["Heal(5)"]), consumable(tags=["Heal(5)", "Consumable(1)"])]),
        unit(id="a2", side=A, pos=(13, 1) if far else (1, 0), hp=ally_hp, activated=True),
        unit(id="d1", side=D, pos=(13, 3) if far else (2, 1), hp=enemy_hp),
    ]
    return stay(game(battle_map(*(row + "." * 7 for row in (".......", "#......", ".......", "......."))), units), "a1")


def test_berserk_must_attack_the_weakest_unit_in_reach_even_an_ally():
    state = _berserk(ally_hp=5, enemy_hp=10)
    assert legal_actions(state) == [Attack(target="a2")]
    with pytest.raises(IllegalAction):
        apply_action(state, Attack(target="d1"))
    with pytest.raises(IllegalAction):
        apply_action(state, Wait())
    after = apply_action(state, Attack(target="a2")).state
    assert after.active is None  # the turn is over


def test_berserk_attacks_the_weakest_enemy_when_that_is_weaker():
    state = _berserk(ally_hp=15, enemy_hp=10)
    assert legal_actions(state) == [Attack(target="d1")]


def test_berserk_may_choose_among_units_tied_for_weakest():
    state = _berserk(ally_hp=10, enemy_hp=10)
    assert set(legal_actions(state)) == {Attack(target="a2"), Attack(target="d1")}


def test_berserk_with_no_one_in_reach_can_only_wait():
    state = _berserk(ally_hp=5, enemy_hp=5, far=True)
    assert legal_actions(state) == [Wait()]  # no specials, no items, no free actions, no wall strikes


def test_berserk_unit_moves_freely_before_it_must_strike():
    units = [unit(id="a1", side=A, pos=(0, 0), statuses=["Berserk"]), unit(id="d1", side=D, pos=(4, 0))]
    state = game(plains(6), units)
    assert (3, 0) in state.reach(state.unit("a1")).costs
    state = apply_action(state, Move(unit="a1", to=(3, 0))).state
    assert legal_actions(state) == [Attack(target="d1")]
