"""Scripted orders: how the lines are read, checked in scenario files, judged, described and followed.

A script is a list of `{when: <condition>, do: <behaviour>}` lines; the first line whose condition
holds is the unit's order, and the normal level follows it (tests/test_scripted_battle.py plays
whole battles with them). Positions here are tiny plains maps built with the rules-core
factories; every behaviour test has a control: the same position without the order, where the
unit does something else, so each test fails if the order is ignored.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from factories import A, D, battle_map, game, plains, staff, unit, weapon
from pydantic import ValidationError

from officers_chess.ai.directives import directive, threatened
from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.normal import NormalPolicy
from officers_chess.commands.console import main
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Action, Attack, Move, Special, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.orders import BEHAVIOUR_FORMS, CONDITION_FORMS, Order, OrderGroup, tile
from officers_chess.rules.pieces.order_now import current_order, describe, followed, holds

ORDERS = Path(__file__).parent / "fixtures" / "orders"


def order(do: str, when: str | None = None) -> Order:
    return Order.model_validate({"do": do} if when is None else {"when": when, "do": do})


def script(*lines: tuple[str, str] | str) -> list[Order]:
    """Lines as `"do"` (always) or `("when", "do")`."""
    return [order(line) if isinstance(line, str) else order(line[1], line[0]) for line in lines]


def scripted(u: Unit, *lines: tuple[str, str] | str) -> Unit:
    return u.model_copy(update={"orders": script(*lines)})


# --- reading the lines --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("when", "condition", "fields"),
    [
        ("always", "always", {}),
        ("enemy within 3", "enemy_within", {"number": 3}),
        ("round >= 4", "round_at_least", {"number": 4}),
        ("round ≥ 12", "round_at_least", {"number": 12}),
        ("round>=2", "round_at_least", {"number": 2}),
        ("hp <= 7", "hp_at_most", {"number": 7}),
        ("ally routed", "ally_routed", {"name": None}),
        ("ally Old Abe routed", "ally_routed", {"name": "Old Abe"}),
        ("enemy on [4, 2]", "enemy_on", {"at": (4, 2)}),
        ("enemy on [10,11]", "enemy_on", {"at": (10, 11)}),
    ],
)
def test_every_condition_form_is_read_into_its_fields(when, condition, fields):
    line = order("hold", when)
    assert line.condition == condition
    every = {"number": None, "name": None, "at": None}
    every.update(fields)
    assert {key: getattr(line, key) for key in every} == every
    assert line.when == when  # the words as written are kept for messages and saves


@pytest.mark.parametrize(
    ("do", "behaviour", "fields"),
    [
        ("hold", "hold", {}),
        ("guard [2, 3]", "guard_tile", {"goal": (2, 3)}),
        ("guard Old Abe", "guard_unit", {"target": "Old Abe"}),
        ("pursue nearest", "pursue", {"target": None}),
        ("pursue Grell", "pursue", {"target": "Grell"}),
        ("advance to [14, 3]", "advance", {"goal": (14, 3)}),
        ("retreat to healing", "retreat", {}),
        ("support", "support", {}),
        ("flee", "flee", {}),
    ],
)
def test_every_behaviour_form_is_read_into_its_fields(do, behaviour, fields):
    line = order(do)
    assert line.behaviour == behaviour
    every = {"goal": None, "target": None}
    every.update(fields)
    assert {key: getattr(line, key) for key in every} == every


def test_a_line_without_when_holds_always():
    line = Order.model_validate({"do": "flee"})
    assert (line.when, line.condition) == ("always", "always")


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        (("  Enemy   WITHIN 3 ", "PURSUE   Nearest"), ("enemy within 3", "pursue nearest")),
        (("Round >=  5", "Guard [ 2 ,3 ]"), ("round >= 5", "guard [2, 3]")),
        (("HP<=4", "Retreat  to Healing"), ("hp <= 4", "retreat to healing")),
        (("Ally  Routed", " Advance To [1,1]"), ("ally routed", "advance to [1, 1]")),
        (("ENEMY ON [3,  4]", "Flee "), ("enemy on [3, 4]", "flee")),
        (("Always", "Hold"), ("always", "hold")),
    ],
)
def test_case_and_spacing_do_not_matter(written, plain):
    loose, tidy = order(written[1], written[0]), order(plain[1], plain[0])
    fields = ("condition", "behaviour", "number", "name", "target", "at", "goal")
    assert [getattr(loose, f) for f in fields] == [getattr(tidy, f) for f in fields]


def test_names_keep_their_spelling_and_lose_only_extra_spaces():
    assert order("pursue  Old   Abe").target == "Old Abe"
    assert order("hold", "ally  Old Abe   routed").name == "Old Abe"


@pytest.mark.parametrize("when", ["enemy near", "round 3", "hp < 5", "enemy within", "enemy on 3, 4", "at dawn"])
def test_an_unknown_condition_names_every_form_allowed(when):
    with pytest.raises(ValidationError) as raised:
        order("hold", when)
    message = str(raised.value)
    assert f"unknown condition {when!r}" in message
    assert all(form in message for form in CONDITION_FORMS)


@pytest.mark.parametrize("do", ["charge", "dance", "advance to 3, 4", "retreat", "guard", "pursue", "hold fast"])
def test_an_unknown_behaviour_names_every_form_allowed(do):
    with pytest.raises(ValidationError) as raised:
        order(do)
    message = str(raised.value)
    assert f"unknown behaviour {do!r}" in message
    assert all(form in message for form in BEHAVIOUR_FORMS)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"when": "always"}, "an order needs `do`"),
        ({"do": 3}, "`do` is a line of words"),
        ({"when": 3, "do": "hold"}, "`when` is a line of words"),
        ({"do": "hold", "unless": "raining"}, "unless"),
    ],
)
def test_malformed_lines_are_refused(data, words):
    with pytest.raises(ValidationError, match=words):
        Order.model_validate(data)


def test_the_fields_come_from_the_words_and_a_hand_written_one_must_agree():
    """A file that writes `behaviour:` or `goal:` by hand cannot make the order say something else than its words."""
    assert order("advance to [3, 3]").model_dump()["goal"] == (3, 3)
    agreeing = Order.model_validate({"do": "advance to [3, 3]", "condition": "always", "goal": [3, 3]})
    assert (agreeing.behaviour, agreeing.goal) == ("advance", (3, 3))
    for data in (
        {"do": "advance to [3, 3]", "behaviour": "hold"},
        {"when": "round >= 3", "do": "hold", "number": 1},
        {"do": "pursue Grell", "target": "Maud"},
        {"when": "enemy on [1, 2]", "do": "hold", "at": [2, 1]},
    ):
        with pytest.raises(ValidationError, match="is read from the words of `when` and `do`"):
            Order.model_validate(data)


def test_an_order_group_names_a_side_or_units_but_not_both_and_not_neither():
    lines = [{"do": "hold"}]
    assert OrderGroup.model_validate({"side": "attacker", "script": lines}).side == "attacker"
    assert OrderGroup.model_validate({"units": ["Ann"], "script": lines}).units == ["Ann"]
    for bad in ({"script": lines}, {"side": "defender", "units": ["Bo"], "script": lines}):
        with pytest.raises(ValidationError, match="either `side` or `units`"):
            OrderGroup.model_validate(bad)
    with pytest.raises(ValidationError):
        OrderGroup.model_validate({"side": "attacker", "script": []})


def test_tiles_and_names_an_order_mentions_and_board_positions():
    line = order("guard [2, 3]", "enemy on [4, 5]")
    assert sorted(line.tiles()) == [(2, 3), (4, 5)] and line.units() == []
    named = order("pursue Grell", "ally Maud routed")
    assert sorted(named.units()) == ["Grell", "Maud"] and named.tiles() == []
    assert tile((1, 1)) == (0, 0) and tile((14, 3)) == (13, 2)


# --- scenario files: where the orders go, and `validate` --------------------------------------


def test_a_scenario_gives_each_unit_its_own_script_else_its_groups_else_its_sides():
    loaded = load_scenario(ORDERS / "good_orders.yaml")
    state = loaded.new_battle(0)
    by_name = {u.name: [(o.condition, o.behaviour) for o in u.orders] for u in state.units}
    assert by_name["Ann"] == [("round_at_least", "advance"), ("always", "hold")]  # her own, not the side's
    assert by_name["Cy"] == [("hp_at_most", "retreat"), ("enemy_on", "guard_tile"), ("always", "pursue")]
    assert by_name["Dee"] == [("ally_routed", "flee"), ("enemy_within", "pursue"), ("always", "guard_unit")]
    assert by_name["Bo"] == [("always", "support")]  # the defender's side script; Dee's group came first
    dee = next(u for u in state.units if u.name == "Dee")
    assert (dee.orders[0].name, dee.orders[1].target, dee.orders[2].target) == ("Bo", "Ann", "Bo")
    ann = next(u for u in state.units if u.name == "Ann")
    assert ann.orders[0].goal == (8, 1)  # kept as written, column and row from 1


def test_the_good_orders_fixture_validates(capsys):
    assert main(["validate", str(ORDERS / "good_orders.yaml")]) == 0
    assert capsys.readouterr().out.split() == ["ok", str(ORDERS / "good_orders.yaml")]


# file name -> (1-based line of the mistake, words the message must contain, what stands on that line)
BROKEN_ORDERS: dict[str, tuple[int, str, str]] = {
    "unknown_behaviour.yaml": (17, "unknown behaviour 'charge'; write one of: hold, guard [X, Y]", "charge"),
    "unknown_condition.yaml": (18, "unknown condition 'at dawn'; write one of: always, enemy within N", "at dawn"),
    "tile_off_map.yaml": (18, "the tile of this order [9, 2] is off the map (8×5)", "guard [9, 2]"),
    "condition_tile_off_map.yaml": (18, "the tile of this order [3, 6] is off the map (8×5)", "enemy on [3, 6]"),
    "unknown_unit.yaml": (18, "no unit is named 'Anna'", "pursue Anna"),
    "group_unknown_unit.yaml": (15, "no unit is named 'Bob'", "Bob"),
    "pursue_an_ally.yaml": (18, "Cy is on the defender's own side: pursue names an enemy", "pursue Cy"),
    "guard_an_enemy.yaml": (18, "Ann is an enemy of the defender: guard names an ally", "guard Ann"),
    "guard_itself.yaml": (18, "Bo cannot guard itself", "guard Bo"),
}


def test_every_broken_orders_fixture_has_a_case():
    assert sorted(p.name for p in ORDERS.glob("*.yaml") if p.name != "good_orders.yaml") == sorted(BROKEN_ORDERS)


@pytest.mark.parametrize("name", sorted(BROKEN_ORDERS))
def test_validate_names_the_file_and_the_line_of_a_bad_order(name, capsys):
    path = ORDERS / name
    line, problem, written = BROKEN_ORDERS[name]
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"{path}:{line}: "), err
    assert problem in err, err
    assert written in path.read_text(encoding="utf-8").splitlines()[line - 1]  # the line holds the mistake


def test_the_scenario_guide_lists_every_condition_and_behaviour_form():
    guide = (Path(__file__).resolve().parent.parent / "docs" / "writing-scenarios.md").read_text(encoding="utf-8")
    for form in (*CONDITION_FORMS, *BEHAVIOUR_FORMS):
        assert f"| `{form}` |" in guide, form


# --- saves: a state whose units carry orders survives JSON exactly --------------------------


def test_a_state_with_scripted_units_round_trips_through_json_exactly():
    state = load_scenario(ORDERS / "good_orders.yaml").new_battle(5)
    assert all(u.orders for u in state.units)
    again = GameState.model_validate_json(state.model_dump_json())
    assert again == state
    assert [u.orders for u in again.units] == [u.orders for u in state.units]
    crafted = game(plains(4), [scripted(unit("a1", A, (0, 0)), ("enemy on [2, 1]", "guard [1, 1]"), ("ally X routed", "pursue Y"))])
    assert GameState.model_validate_json(crafted.model_dump_json()) == crafted


# --- conditions ------------------------------------------------------------------------------


def _judged(line: Order, me: Unit, others: list[Unit], round_number: int = 1) -> bool:
    return holds(line, me, [me, *others], round_number)


def test_always_holds():
    assert _judged(order("hold"), unit("a1", A, (0, 0)), [])


def test_enemy_within_counts_tiles_to_enemies_on_the_field_only():
    me = unit("a1", A, (0, 0))
    line = order("hold", "enemy within 3")
    assert _judged(line, me, [unit("d1", D, (2, 1))])  # 3 tiles away
    assert not _judged(line, me, [unit("d1", D, (3, 1))])  # 4 tiles away
    assert not _judged(line, me, [unit("a2", A, (1, 0))])  # an ally is no enemy
    assert not _judged(line, me, [unit("d1", D, (1, 0), hp=0)])  # a routed enemy counts for nothing
    assert not _judged(line, me, [unit("d1", D, (1, 0)).model_copy(update={"escaped": True})])


def test_round_at_least():
    line, me = order("hold", "round >= 3"), unit("a1", A, (0, 0))
    assert not _judged(line, me, [], round_number=2)
    assert _judged(line, me, [], round_number=3)
    assert _judged(line, me, [], round_number=9)


def test_hp_at_most_looks_at_the_unit_itself():
    line = order("hold", "hp <= 6")
    assert _judged(line, unit("a1", A, (0, 0), hp=6), [])
    assert not _judged(line, unit("a1", A, (0, 0), hp=7), [unit("a2", A, (1, 0), hp=1)])


def test_ally_routed_any_ally_or_a_named_one():
    me = unit("a1", A, (0, 0))
    anyone, named = order("hold", "ally routed"), order("hold", "ally A3 routed")
    fallen, other = unit("a2", A, (1, 0), hp=0), unit("a3", A, (2, 0))
    assert _judged(anyone, me, [fallen, other])
    assert not _judged(named, me, [fallen, other])  # A2 fell, not A3
    assert _judged(named, me, [fallen, other.model_copy(update={"hp": 0})])
    assert not _judged(anyone, me, [other, unit("d1", D, (3, 0), hp=0)])  # a routed enemy is no ally
    assert not _judged(anyone, me, [other.model_copy(update={"escaped": True})])  # escaping is not routing


def test_enemy_on_a_tile_counts_from_one():
    me, line = unit("a1", A, (0, 0)), order("hold", "enemy on [3, 2]")
    assert _judged(line, me, [unit("d1", D, (2, 1))])  # column 3, row 2
    assert not _judged(line, me, [unit("d1", D, (3, 2))])
    assert not _judged(line, me, [unit("a2", A, (2, 1))])  # an ally there does not count
    assert not _judged(line, me, [unit("d1", D, (2, 1), hp=0)])


def test_the_first_line_that_holds_is_the_order():
    me = scripted(unit("a1", A, (0, 0), hp=5), ("round >= 3", "advance to [4, 1]"), ("hp <= 5", "retreat to healing"), "hold")
    assert current_order(me, [me], 1).behaviour == "retreat"
    assert current_order(me, [me], 3).behaviour == "advance"  # earlier lines win
    healthy = me.model_copy(update={"hp": 20})
    assert current_order(healthy, [healthy], 2).behaviour == "hold"
    none_holds = scripted(unit("a1", A, (0, 0)), ("round >= 5", "flee"))
    assert current_order(none_holds, [none_holds], 1) is None
    assert current_order(unit("a1", A, (0, 0)), [], 1) is None


def test_describe_says_what_the_script_makes_the_unit_do_now():
    me = scripted(unit("a1", A, (0, 0)), ("round >= 3", "advance to [4, 1]"), "hold")
    assert describe(me, [me], 1) == "Hold until round 3"
    assert describe(me, [me], 3) == "Advance to 4,1 (from round 3)"
    guard = scripted(unit("a1", A, (0, 0)), ("enemy within 2", "pursue nearest"), "guard Maud")
    assert describe(guard, [guard], 1) == "Guard Maud"
    near = [guard, unit("d1", D, (1, 0))]
    assert describe(guard, near, 1) == "Pursue the nearest enemy (an enemy is within 2 tiles)"
    assert describe(scripted(unit("a1", A, (0, 0), hp=3), ("hp <= 4", "retreat to healing")), [], 1) == (
        "Retreat to heal (at 4 HP or less)"
    )
    assert describe(scripted(unit("a1", A, (0, 0)), ("round >= 4", "flee")), [], 1) == "none (plays freely)"
    assert describe(unit("a1", A, (0, 0)), [], 1) is None


@pytest.mark.parametrize(
    ("do", "label"),
    [
        ("hold", "Hold"),
        ("guard [2, 3]", "Guard 2,3"),
        ("guard Maud", "Guard Maud"),
        ("pursue nearest", "Pursue the nearest enemy"),
        ("pursue Grell", "Pursue Grell"),
        ("advance to [14, 3]", "Advance to 14,3"),
        ("retreat to healing", "Retreat to heal"),
        ("support", "Support allies"),
        ("flee", "Flee"),
    ],
)
def test_each_behaviour_has_words_for_the_unit_sheet(do, label):
    assert order(do).label() == label


# --- behaviours: the normal level follows the order, in small crafted positions ------------------
#
# Factory units: 20 HP, Str 5, Skl 10, Spd 5, Def 2, a 5-Might sword (8 damage a hit, no double
# attacks), 5 tiles of movement. Every other unit of the side to act has already acted, so the
# scripted unit is the one the policy activates; `activation` asks for the Move, applies it and
# asks again mid-turn until the turn ends.


def activation(state: GameState, seed: int = 0, level=NormalPolicy) -> tuple[list[Action], GameState]:
    """One activation of the side to act, chosen by a level (normal unless told): its actions and the state after."""
    policy, actions = level(seed), []
    while True:
        action = policy.choose(state)
        actions.append(action)
        state = apply_action(state, action).state
        if state.active is None or state.is_over:
            return actions, state


def let_the_enemy_stand(state: GameState) -> GameState:
    """The defender's units each stay where they are and wait, until the attacker is to act again."""
    while not state.is_over and state.to_act is D:
        waiting = state.waiting(D)
        state = apply_action(state, Move(unit=waiting[0].id, to=waiting[0].pos)).state
        state = apply_action(state, Wait()).state
    return state


def both(build) -> tuple[tuple[list[Action], GameState], tuple[list[Action], GameState]]:
    """The activation without the order (the control) and with it: `build(lines)` makes the position."""
    return activation(build(())), activation(build(None))


def test_hold_attacks_what_is_in_reach_without_moving():
    """A tough enemy beside it, a nearly routed one five tiles off: free, it walks over for the rout."""

    def position(lines):
        holder = scripted(unit("a1", A, (3, 2)), *(("hold",) if lines is None else lines))
        return game(plains(10, 5), [holder, unit("d1", D, (3, 1), hp=12), unit("d2", D, (7, 2), hp=1)])

    (free, _), (held, after) = both(position)
    assert free == [Move(unit="a1", to=(6, 2)), Attack(target="d2")]  # the control walks to the rout
    assert held == [Move(unit="a1", to=(3, 2)), Attack(target="d1")]
    assert after.unit("a1").pos == (3, 2)


def test_hold_does_not_walk_to_an_enemy_out_of_reach():
    def position(lines):
        holder = scripted(unit("a1", A, (2, 2)), *(("hold",) if lines is None else lines))
        return game(plains(10, 5), [holder, unit("d1", D, (5, 2), hp=3)])

    (free, _), (held, after) = both(position)
    assert free[0] == Move(unit="a1", to=(4, 2)) and free[1] == Attack(target="d1")
    assert held == [Move(unit="a1", to=(2, 2)), Wait()]
    assert after.unit("d1").hp == 3


def test_hold_until_a_round_then_the_next_line():
    def position(round_number):
        holder = scripted(unit("a1", A, (2, 2)), ("round >= 3", "advance to [10, 3]"), "hold")
        return game(plains(10, 5), [holder, unit("d1", D, (2, 4), hp=20, activated=True)]).model_copy(
            update={"round": round_number})

    assert activation(position(2))[0] == [Move(unit="a1", to=(2, 2)), Wait()]
    moved = activation(position(3))[0][0]
    assert isinstance(moved, Move) and moved.to == (7, 2)


def test_guard_a_tile_stays_within_two_tiles_of_it():
    def position(lines):
        guard = scripted(unit("a1", A, (2, 2)), *(("guard [2, 3]",) if lines is None else lines))
        return game(plains(14, 5), [guard, unit("d1", D, (9, 2), hp=3), unit("d2", D, (13, 4))])

    (_, loose), (kept, after) = both(position)
    assert distance(loose.unit("a1").pos, (1, 2)) > 2  # the control goes after the enemy
    assert distance(after.unit("a1").pos, (1, 2)) <= 2
    assert kept[-1] == Wait()


def test_guard_a_tile_fights_from_inside_its_ring_and_not_outside():
    """Free, it routs the weak enemy to the east; guarding [2, 3] it strikes the one within reach of the ring."""

    def position(lines):
        guard = scripted(unit("a1", A, (6, 2)), *(("guard [2, 3]",) if lines is None else lines))
        return game(plains(14, 5), [guard, unit("d1", D, (4, 2), hp=12), unit("d2", D, (9, 2), hp=1)])

    (free, _), (kept, after) = both(position)
    assert free[-1] == Attack(target="d2")
    assert kept[-1] == Attack(target="d1")
    assert distance(after.unit("a1").pos, (1, 2)) <= 2


def test_guard_a_tile_from_afar_walks_back_to_it():
    def position(lines):
        guard = scripted(unit("a1", A, (8, 2)), *(("guard [2, 3]",) if lines is None else lines))
        return game(plains(14, 5), [guard, unit("d1", D, (12, 2), hp=3)])

    (free, _), (kept, after) = both(position)
    assert free[-1] == Attack(target="d1")
    assert distance(after.unit("a1").pos, (1, 2)) <= 2 and kept[-1] == Wait()


def test_guard_a_unit_stays_within_two_tiles_of_the_ward_wherever_it_stands():
    def position(lines):
        guard = scripted(unit("a1", A, (4, 2)), *(("guard A2",) if lines is None else lines))
        ward = unit("a2", A, (9, 4), activated=True)
        return game(plains(14, 5), [guard, ward, unit("d1", D, (1, 0), hp=3)])

    (free, _), (_, after) = both(position)
    assert free[-1] == Attack(target="d1")  # the control goes the other way, for the weak enemy
    assert distance(after.unit("a1").pos, (9, 4)) <= 2


def test_pursue_name_attacks_the_named_enemy_though_a_weaker_one_is_nearer():
    def position(lines):
        hunter = scripted(unit("a1", A, (5, 2)), *(("pursue D2",) if lines is None else lines))
        return game(plains(14, 5), [hunter, unit("d1", D, (4, 2), hp=3), unit("d2", D, (9, 2))])

    (free, _), (hunted, after) = both(position)
    assert free[-1] == Attack(target="d1")  # the control strikes the weak enemy beside it (from whichever side)
    assert hunted[-1] == Attack(target="d2") and distance(hunted[0].to, (9, 2)) == 1
    assert after.unit("d1").hp == 3


def test_pursue_name_out_of_reach_closes_in_on_it():
    def position(lines):
        hunter = scripted(unit("a1", A, (5, 2)), *(("pursue D2",) if lines is None else lines))
        return game(plains(20, 5), [hunter, unit("d1", D, (4, 2), hp=3), unit("d2", D, (16, 2))])

    (free, _), (hunted, after) = both(position)
    assert free[-1] == Attack(target="d1")
    assert distance(after.unit("a1").pos, (16, 2)) == distance((5, 2), (16, 2)) - 5  # all five tiles toward it
    assert hunted[-1] == Wait() and after.unit("d1").hp == 3


@pytest.mark.parametrize("level", [GreedyPolicy, NormalPolicy])
def test_pursue_strikes_its_prey_but_not_into_a_counter_that_routs_the_pursuer(level):
    """Beside its prey, whose counter hits 80% of the time for 11: at full HP the hunter strikes (it survives any
    counter); at 6 HP the counter would rout it more likely than not, and the order does not spend it so."""

    def position(hp):
        hunter = scripted(unit("a1", A, (5, 2), hp=hp), "pursue D1")
        return game(plains(12, 5), [hunter, unit("d1", D, (6, 2), weapon=weapon(might=8), skl=16)])

    fresh, _ = activation(position(20), level=level)
    assert fresh[-1] == Attack(target="d1")
    worn, after = activation(position(6), level=level)
    assert Attack(target="d1") not in worn and after.unit("a1").hp == 6


def test_pursue_nearest_takes_the_nearest_enemy_over_a_weaker_one():
    def position(lines):
        hunter = scripted(unit("a1", A, (5, 2)), *(("pursue nearest",) if lines is None else lines))
        return game(plains(14, 5), [hunter, unit("d1", D, (5, 0), hp=14), unit("d2", D, (9, 2), hp=3)])

    (free, _), (hunted, _) = both(position)
    assert free[-1] == Attack(target="d2")
    assert hunted[-1] == Attack(target="d1")


def test_advance_gets_closer_to_its_tile_at_every_activation_until_there():
    goal = (13, 2)  # [14, 3]

    def position(lines):
        walker = scripted(unit("a1", A, (1, 2)), *(("advance to [14, 3]",) if lines is None else lines))
        return game(plains(16, 5), [walker, unit("d1", D, (1, 4), hp=20)])

    for lines, sent in (((), False), (None, True)):
        state, gaps = position(lines), []
        for _ in range(4):
            _, state = activation(state)
            gaps.append(distance(state.unit("a1").pos, goal))
            state = let_the_enemy_stand(state)
        if sent:
            assert gaps == [7, 2, 0, 0]  # 5 tiles each activation, then it stays on the tile
        else:
            assert gaps[0] > 10  # the control stays by the enemy instead


def test_retreat_to_healing_goes_to_the_fort():
    fort = (8, 2)
    field = battle_map("..........", "..........", "........*.", "..........", "..........")

    def position(lines):
        hurt = scripted(unit("a1", A, (4, 2), hp=6), *((("hp <= 6", "retreat to healing"),) if lines is None else lines))
        return game(field, [hurt, unit("d1", D, (1, 2), hp=5, weapon=None)])  # it cannot strike back

    (free, _), (fled, _) = both(position)
    assert free[-1] == Attack(target="d1")
    assert fled == [Move(unit="a1", to=fort), Wait()]
    # A line for 5 HP or less does not hold at 6: it fights as the control does.
    lines = (("hp <= 5", "retreat to healing"),)
    assert activation(position(lines))[0] == free


def test_retreat_to_healing_skips_a_fort_another_unit_stands_on():
    field = battle_map("..........", ".*........", "......*...", "..........", "..........")
    hurt = scripted(unit("a1", A, (4, 2), hp=6), "retreat to healing")
    state = game(field, [hurt, unit("a2", A, (6, 2), activated=True), unit("d1", D, (9, 4), hp=5)])
    assert activation(state)[1].unit("a1").pos == (1, 1)  # the free fort, farther than the one A2 stands on


def test_retreat_ends_on_the_fort_though_a_free_strike_waits_beside_it():
    """An archer next door cannot strike back at 1 tile: free, the hurt unit takes the swing; retreating,
    it ends on the fort it can reach (before the order bound it to the healing tile, it stopped one short)."""
    field = battle_map("..........", "..........", "..........", "..........", "...*......", "..........")

    def position(lines):
        hurt = scripted(unit("a1", A, (0, 3), hp=4), *(("retreat to healing",) if lines is None else lines))
        archer = unit("d1", D, (2, 3), hp=6, weapon=weapon("bow", might=4, range=(2, 2)), activated=True)
        return game(field, [hurt, archer])

    (free, _), (fled, after) = both(position)
    assert free[-1] == Attack(target="d1")
    assert fled[0] == Move(unit="a1", to=(3, 4)) and after.unit("a1").pos == (3, 4)


def _sheltered(lines) -> GameState:
    """A1 is the unit its side must protect; D1 stands beside it, D2 a little way off."""
    me = scripted(unit("a1", A, (4, 2), hp=10), *lines)
    state = game(plains(16, 5), [me, unit("d1", D, (5, 2)), unit("d2", D, (7, 1))])
    return state.model_copy(update={"victory": {A: [Condition(kind="protect", unit="A1"), Condition(kind="rout")]}})


def test_a_unit_to_be_protected_that_pursues_stays_within_reach_of_its_prey():
    """Free, a unit its side must protect keeps out of harm; told to pursue, it stays where it can strike."""
    free, _ = activation(_sheltered(()))
    # D1 can reach every tile A1 can get to; A1 leaves D1's side for one D2 (move 5, range 1) cannot reach too.
    # (It used to pick one tile of these, (0, 2), because its own body, reckoned still standing at (4, 2), made D1
    # walk round to the others: a unit that moves is not in the enemy's way, docs/rulings.md P7.)
    assert len(free) == 2 and free[-1] == Wait() and isinstance(free[0], Move)
    assert distance(free[0].to, (5, 2)) >= 4 and distance(free[0].to, (7, 1)) > 6, free
    _, after = activation(_sheltered(("pursue D1",)))
    assert distance(after.unit("a1").pos, (5, 2)) == 1


def test_a_unit_to_be_protected_that_pursues_strikes_its_prey():
    hunted, _ = activation(_sheltered(("pursue D1",)))
    assert hunted[-1] == Attack(target="d1")


def test_support_heals_a_hurt_ally_instead_of_attacking():
    def position(lines):
        healer = scripted(unit("a1", A, (4, 2), extra_items=[staff(tags=["Heal(10)"])]), *(("support",) if lines is None else lines))
        ally = unit("a2", A, (3, 2), hp=15, activated=True)
        return game(plains(10, 5), [healer, ally, unit("d1", D, (6, 2), hp=5, activated=True)])

    (free, _), (helped, after) = both(position)
    assert isinstance(free[-1], Attack)  # a small wound: free, it would rather strike the weak enemy
    # The heal keeps the turn open (stay) so the healer can take its sword back up before the enemy's turn.
    assert [a for a in helped if isinstance(a, Special)] == [Special(name="heal", source=1, target="a2", stay=True)]
    assert not any(isinstance(a, Attack) for a in helped)
    assert after.unit("a2").hp == 20 and after.unit("a1").equipped_weapon.type.value == "sword"


def test_flee_heads_for_the_exit_tiles():
    exits = [(11, 0), (11, 1), (11, 2)]

    def position(lines, start=(5, 2), tags=()):
        runner = scripted(unit("a1", A, start, tags=tags), *(("flee",) if lines is None else lines))
        others = [unit("a2", A, (0, 0), activated=True), unit("d1", D, (3, 2), hp=4), unit("d2", D, (2, 4))]
        return game(plains(12, 5), [runner, *others]).model_copy(update={"escape_tiles": exits})

    (free, _), (fled, after) = both(position)
    assert free[-1] == Attack(target="d1")
    assert min(distance(after.unit("a1").pos, e) for e in exits) == 1 and fled[-1] == Wait()
    # Able to Escape and within reach of an exit: it leaves the battle.
    fled, after = activation(position(None, start=(8, 2), tags=["Escape"]))
    assert fled[-1] == Special(name="escape") and after.unit("a1").escaped
    assert activation(position((), start=(8, 2), tags=["Escape"]))[0][-1] == Attack(target="d1")


def test_flee_without_exits_keeps_away_from_the_enemy():
    def position(lines):
        runner = scripted(unit("a1", A, (5, 2)), *(("flee",) if lines is None else lines))
        return game(plains(12, 5), [runner, unit("d1", D, (3, 2), hp=4), unit("d2", D, (2, 4))])

    (free, _), (_, after) = both(position)
    assert free[-1] == Attack(target="d1")

    def gap(state: GameState) -> int:
        return min(distance(state.unit("a1").pos, state.unit(e).pos) for e in ("d1", "d2"))

    assert gap(after) >= gap(position(None)) + 4


@pytest.mark.parametrize(
    "line",
    ["guard A2", "pursue D2", "retreat to healing"],
    ids=["guard-a-routed-ward", "pursue-a-routed-enemy", "retreat-with-no-healing-tile"],
)
def test_an_order_whose_unit_or_place_is_gone_falls_back_to_default_tactics(line):
    """The ward or the prey is routed, or the map has no healing tile: the unit plays as if free."""

    def position(lines):
        me = scripted(unit("a1", A, (4, 2)), *lines)
        fallen_ally, fallen_enemy = unit("a2", A, (0, 0), hp=0), unit("d2", D, (13, 4), hp=0)
        return game(plains(14, 5), [me, fallen_ally, unit("d1", D, (8, 2), hp=3), fallen_enemy])

    state = position((line,))
    assert current_order(state.unit("a1"), state.units, 1) is not None  # the line holds ...
    assert directive(state, state.unit("a1")) is None  # ... but there is nothing to follow
    free = activation(position(()))[0]
    assert activation(state)[0] == free == [Move(unit="a1", to=(7, 2)), Attack(target="d1")]


def test_a_ward_that_escaped_is_no_longer_guarded():
    me = scripted(unit("a1", A, (4, 2)), "guard A2")
    gone = unit("a2", A, (0, 0)).model_copy(update={"escaped": True})
    state = game(plains(14, 5), [me, gone, unit("d1", D, (8, 2), hp=3)])
    assert directive(state, state.unit("a1")) is None
    assert activation(state)[0][-1] == Attack(target="d1")


# --- the greedy level obeys scripts too (issue 16: orders hold at every level) ---------------------------


def greedy_activation(state: GameState, seed: int = 0) -> tuple[list[Action], GameState]:
    """One activation of the side to act, chosen by the greedy level."""
    from officers_chess.ai.greedy import GreedyPolicy

    return activation(state, seed, GreedyPolicy)


def test_greedy_holds_and_strikes_only_what_is_in_reach():
    def position(lines):
        holder = scripted(unit("a1", A, (3, 2)), *(("hold",) if lines is None else lines))
        return game(plains(10, 5), [holder, unit("d1", D, (3, 1), hp=12), unit("d2", D, (7, 2), hp=1)])

    free, _ = greedy_activation(position(()))
    held, after = greedy_activation(position(None))
    assert free[0] != Move(unit="a1", to=(3, 2))  # the control walks off for the rout
    assert held[0] == Move(unit="a1", to=(3, 2)) and after.unit("a1").pos == (3, 2)


def test_greedy_pursues_its_prey_whatever_the_odds():
    def position(lines):
        hunter = scripted(unit("a1", A, (0, 2)), *(("pursue D1",) if lines is None else lines))
        tough = unit("d1", D, (3, 2), weapon=weapon("axe", might=9))  # a bad trade: free, it is left alone
        return game(plains(10, 5), [hunter, tough, unit("d2", D, (0, 4), hp=2, weapon=None)])

    free, _ = greedy_activation(position(()))
    hunted, _ = greedy_activation(position(None))
    assert Attack(target="d1") not in free
    assert hunted[-1] == Attack(target="d1")


def test_greedy_advances_to_its_tile_rather_than_the_enemy():
    def position(lines):
        runner = scripted(unit("a1", A, (0, 0)), *(("advance to [1, 5]",) if lines is None else lines))
        return game(plains(12, 5), [runner, unit("d1", D, (11, 0))])

    free, _ = greedy_activation(position(()))
    going, after = greedy_activation(position(None))
    assert free[0].to[0] > 0  # the control heads for the enemy (east)
    assert after.unit("a1").pos == (0, 4)  # the order sends it south, to column 1, row 5


def test_greedy_supports_before_it_attacks():
    def position(lines):
        healer = scripted(unit("a1", A, (4, 2), extra_items=[staff(tags=["Heal(10)"])]),
                          *(("support",) if lines is None else lines))
        ally = unit("a2", A, (3, 2), hp=15, activated=True)
        return game(plains(10, 5), [healer, ally, unit("d1", D, (5, 2), hp=5, activated=True)])

    free, _ = greedy_activation(position(()))
    helped, after = greedy_activation(position(None))
    assert isinstance(free[-1], Attack)
    assert any(isinstance(a, Special) and a.name == "heal" for a in helped) and after.unit("a2").hp == 20


# --- down the list: a line takes what earlier lines left of the activation (issue 18) -------------


def test_followed_gives_each_holding_line_what_is_left_of_the_activation():
    me = scripted(unit("a1", A, (0, 0)), "hold", ("enemy within 2", "pursue nearest"), "support")
    near = [me, unit("d1", D, (1, 0))]
    lines = [(o.behaviour, sorted(parts)) for o, parts in followed(me, near, 1)]
    assert lines == [("hold", ["move"]), ("pursue", ["action"])]  # support finds nothing left
    assert [(o.behaviour, sorted(parts)) for o, parts in followed(me, [me], 1)] == [("hold", ["move"]), ("support", ["action"])]
    first = scripted(unit("a1", A, (0, 0)), "pursue nearest", "hold")
    assert [o.behaviour for o, _ in followed(first, near, 1)] == ["pursue"]  # it took both: hold has nothing left
    assert followed(scripted(unit("a1", A, (0, 0)), ("round >= 4", "flee")), [], 1) == []


def test_the_directive_merges_the_move_of_one_line_with_the_action_of_the_next():
    me = scripted(unit("a1", A, (3, 2)), "hold", "pursue D2")
    state = game(plains(10, 5), [me, unit("d1", D, (3, 1)), unit("d2", D, (4, 2))])
    found = directive(state, state.unit("a1"))
    assert found.stay and found.prey == "d2" and found.goal is None  # hold's move, pursue's action only
    assert [o.behaviour for o in found.orders] == ["hold", "pursue"] and found.move_line.behaviour == "hold"
    assert describe(state.unit("a1"), state.units, 1, list(found.orders)) == "Hold; Pursue D2"


def test_a_line_whose_target_is_gone_leaves_its_part_to_the_next_line():
    me = scripted(unit("a1", A, (3, 2)), "guard Maud", "hold")
    state = game(plains(10, 5), [me, unit("d1", D, (8, 1))])
    found = directive(state, state.unit("a1"))
    assert found.stay and [o.behaviour for o in found.orders] == ["hold"]  # no Maud on the field: the hold applies


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_a_unit_that_holds_strikes_the_prey_its_next_line_names(level):
    """Two enemies beside it: held alone it strikes the weaker; with `pursue D2` after `hold` it stays and
    strikes D2, as the list says (before, only the first line that held was ever followed)."""

    def position(lines):
        holder = scripted(unit("a1", A, (3, 2)), *lines)
        return game(plains(10, 5), [holder, unit("d1", D, (3, 1), hp=6), unit("d2", D, (4, 2))])

    held, _ = activation(position(("hold",)), level=level)
    both_lines, after = activation(position(("hold", "pursue D2")), level=level)
    assert held == [Move(unit="a1", to=(3, 2)), Attack(target="d1")]  # the control: the weak one
    assert both_lines == [Move(unit="a1", to=(3, 2)), Attack(target="d2")]
    assert after.unit("a1").pos == (3, 2)


def test_the_log_names_every_line_followed_and_holds_position_only_for_a_hold():
    from officers_chess.rules.battle.events import Moved

    assert Moved("Tam", (3, 3), (3, 3), 0, order="hold; pursue D2", held=True).text() == (
        "Tam holds position at 4,4 (its orders: hold, then pursue D2).")
    # Read as one sentence, not a list glued with "and": a way of fighting reads as the manner (rulings L97).
    assert Moved("Dunn", (6, 2), (6, 2), 0, order="hold in round 1; pursue the nearest enemy; strike at any cost",
                 held=True).text() == ("Dunn holds position at 7,3 (its orders: hold in round 1, then pursue the "
                                       "nearest enemy, striking at any cost).")
    assert Moved("Tam", (3, 3), (3, 4), 1, order="strike at any cost when hp <= 4").text() == (
        "Tam moves 4,4 → 4,5 (cost 1; its order: strike at any cost when hp <= 4).")
    assert Moved("Tam", (3, 3), (3, 3), 0, order="support allies").text() == "Tam stays at 4,4 (its order: support allies)."


# --- joined conditions, round ranges, hurt allies (issue 18) -------------------------------------


@pytest.mark.parametrize(
    ("when", "condition", "fields"),
    [
        ("round 3-5", "round_between", {"number": 3, "upto": 5}),
        ("rounds 2 to 4", "round_between", {"number": 2, "upto": 4}),
        ("ally hp <= 8", "ally_hp_at_most", {"number": 8}),
        ("ally Old Abe hp <= 8", "ally_hp_at_most", {"number": 8, "name": "Old Abe"}),
        ("hp <= 6 and enemy within 2", "compound", {}),
        ("not enemy within 3", "compound", {}),
    ],
)
def test_the_new_condition_forms_are_read(when, condition, fields):
    line = order("hold", when)
    every = {"number": None, "upto": None, "name": None, "at": None}
    every.update(fields)
    assert line.condition == condition and {key: getattr(line, key) for key in every} == every


@pytest.mark.parametrize(
    ("when", "words"),
    [
        ("hp <= 6 and", "a condition is missing"),
        ("(hp <= 6 or enemy within 2", "never closed"),
        ("hp <= 6 )", "unexpected"),
        ("round 5-3", "runs backwards"),
        ("not", "a condition is missing"),
        ("hp <= 6 and enemy near", "unknown condition 'enemy near'"),
    ],
)
def test_a_malformed_joined_condition_is_refused_with_what_is_wrong(when, words):
    with pytest.raises(ValidationError, match=re.escape(words)):
        order("hold", when)


def test_and_or_not_and_brackets_are_judged_as_written():
    me, near = unit("a1", A, (0, 0), hp=5), unit("d1", D, (2, 0))
    line = order("hold", "hp <= 6 and (enemy within 2 or round >= 9)")
    assert _judged(line, me, [near]) and _judged(line, me, [], 9)
    assert not _judged(line, me, [])  # hurt, but no enemy near and too early
    assert not _judged(line, me.model_copy(update={"hp": 20}), [near])  # an enemy near, but not hurt
    assert _judged(order("hold", "not enemy within 3"), me, []) and not _judged(order("hold", "not enemy within 3"), me, [near])
    assert _judged(order("hold", "enemy within 1 or hp <= 5 and round >= 2"), me, [], 2)  # `and` binds before `or`
    assert not _judged(order("hold", "(enemy within 1 or hp <= 5) and round >= 2"), me, [], 1)


def test_round_ranges_and_hurt_allies():
    me = unit("a1", A, (0, 0))
    assert [_judged(order("hold", "round 3-5"), me, [], r) for r in range(1, 8)] == [False, False, True, True, True, False, False]
    hurt, whole = unit("a2", A, (1, 0), hp=7), unit("a3", A, (2, 0))
    assert _judged(order("hold", "ally hp <= 8"), me, [hurt, whole])
    assert not _judged(order("hold", "ally A3 hp <= 8"), me, [hurt, whole])  # A3 is whole
    assert not _judged(order("hold", "ally hp <= 8"), me.model_copy(update={"hp": 3}), [whole])  # itself does not count
    assert not _judged(order("hold", "ally hp <= 8"), me, [unit("d1", D, (1, 0), hp=2)])  # an enemy is no ally
    assert not _judged(order("hold", "ally hp <= 8"), me, [hurt.model_copy(update={"hp": 0})])  # routed: not on the field


def test_joined_conditions_have_words_names_and_tiles():
    line = order("hold", "hp <= 6 and (enemy on [3, 2] or not ally Maud routed)")
    assert line.condition_text() == "at 6 HP or less and (an enemy stands on 3,2 or not (Maud is routed))"
    assert line.tiles() == [(3, 2)] and line.units() == ["Maud"]
    me = scripted(unit("a1", A, (0, 0), hp=5), ("hp <= 6 and enemy within 2", "retreat to healing"), "hold")
    assert describe(me, [me, unit("d1", D, (1, 0))], 1) == "Retreat to heal (at 6 HP or less and an enemy is within 2 tiles)"


def test_an_order_without_a_round_range_is_saved_as_before():
    """`upto` is written only when it is set, so a save made before it existed keeps its hash."""
    assert "upto" not in order("hold", "round >= 3").model_dump(mode="json")
    assert order("hold", "round 3-5").model_dump(mode="json")["upto"] == 5
    crafted = game(plains(4), [scripted(unit("a1", A, (0, 0)), ("round 2-4 and not hp <= 3", "hold"))])
    assert GameState.model_validate_json(crafted.model_dump_json()) == crafted


def test_an_unquoted_tile_inside_braces_gets_a_hint_to_quote_it(tmp_path, capsys):
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    broken = yard + "orders:\n  - side: defender\n    script:\n      - {when: enemy on [3, 3], do: hold}\n"
    path = tmp_path / "bare_tile.yaml"
    path.write_text(broken)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    line = broken.splitlines().index("      - {when: enemy on [3, 3], do: hold}") + 1
    assert f"bare_tile.yaml:{line}: not valid YAML" in err and 'needs the words around it in quotes' in err
    path.write_text(yard.replace("items: [Iron Sword], at: [1, 4]}", "items: [Iron Sword, at: [1, 4]}"))
    assert main(["validate", str(path)]) == 2
    assert "in quotes" not in capsys.readouterr().err  # a list left open is another mistake: no such hint


def test_threatened_counts_real_movement_not_a_straight_line():
    """A wall of sea between: the enemy two tiles off cannot get round in one move, so the line does not hold;
    on open ground an enemy six tiles off (5 movement, a 1-range sword) can, and it does."""
    from factories import glyph

    sea = glyph("sea")
    walled = battle_map(*[f"..{sea}.." for _ in range(9)])  # a column of sea from top to bottom
    me, far_side = unit("a1", A, (1, 4)), unit("d1", D, (3, 4))
    state = game(walled, [scripted(me, ("threatened", "retreat to healing"), "hold"), far_side])
    line = order("hold", "threatened")
    assert distance(me.pos, far_side.pos) == 2 and not holds(line, me, state.units, 1, lambda: threatened(state, me))
    open_ground = game(plains(10, 3), [scripted(me.model_copy(update={"pos": (0, 1)}), "hold"), unit("d1", D, (6, 1))])
    mine = open_ground.unit("a1")
    assert holds(line, mine, open_ground.units, 1, lambda: threatened(open_ground, mine))
    assert not holds(line, mine, open_ground.units, 1)  # asked without the board, it does not hold
    danger = scripted(mine, ("threatened", "hold"), "advance to [10, 2]")
    found = directive(open_ground.model_copy(update={"units": [danger, open_ground.unit("d1")]}), danger)
    assert found.stay and found.orders[0].condition == "threatened"  # the computer judges it from the board


# --- once, and groups that wake together (issue 18) -----------------------------------------------


def test_once_is_read_at_the_start_only_and_cannot_keep_threatened():
    line = order("pursue nearest", "once enemy within 3")
    assert line.latched and line.condition == "compound" and not order("hold", "enemy within 3").latched
    assert line.condition_text() == "from when an enemy is within 3 tiles"
    with pytest.raises(ValidationError, match="`once` goes at the start"):
        order("hold", "hp <= 3 and once enemy within 2")
    with pytest.raises(ValidationError, match="`once` cannot keep `threatened`"):
        order("hold", "once threatened")


def test_a_once_line_fires_after_the_action_that_sets_it_off_and_holds_from_then_on():
    sentry = scripted(unit("d1", D, (8, 2)), ("once enemy within 2", "pursue nearest"), "hold")
    state = game(plains(12, 5), [unit("a1", A, (2, 2)), sentry])
    assert followed(state.unit("d1"), state.units, 1)[0][0].behaviour == "hold"  # nobody near yet
    state = apply_action(state, Move(unit="a1", to=(6, 2))).state  # two tiles from the sentry
    assert state.woken == ["d1:0"]
    state = apply_action(state, Wait()).state
    gone = state.model_copy(update={"units": [u.model_copy(update={"pos": (0, 0)}) if u.id == "a1" else u for u in state.units]})
    assert followed(gone.unit("d1"), gone.units, 1)[0][0].behaviour == "hold"  # judged on the board alone: no
    found = directive(gone, gone.unit("d1"))
    assert found.prey == "a1" and found.orders[0].latched  # with the state's note: it still hunts
    assert GameState.model_validate_json(gone.model_dump_json()).woken == ["d1:0"]  # saves keep the note


def test_a_group_that_wakes_together_follows_a_line_that_holds_for_any_of_them():
    def garrison(together: bool) -> GameState:
        team = "group 1" if together else None
        near = scripted(unit("d1", D, (8, 2)), ("once enemy within 2", "pursue nearest"), "hold").model_copy(update={"team": team})
        far = scripted(unit("d2", D, (11, 4)), ("once enemy within 2", "pursue nearest"), "hold").model_copy(update={"team": team})
        return game(plains(12, 5), [unit("a1", A, (2, 2)), near, far])

    for together in (False, True):
        state = apply_action(garrison(together), Move(unit="a1", to=(6, 2))).state
        assert state.woken == (["group 1:0"] if together else ["d1:0"])
        far = state.unit("d2")
        assert (directive(state, far).prey == "a1") is together  # alone, the far one keeps holding
        assert directive(state, far).orders[0].behaviour == ("pursue" if together else "hold")


def test_a_scenario_group_with_together_gives_its_units_a_team_and_older_states_save_as_before(tmp_path):
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    path = tmp_path / "garrison.yaml"
    path.write_text(yard + "orders:\n  - units: [Bram, Tilda]\n    together: true\n    script:\n"
                           "      - {when: once enemy within 3, do: pursue nearest}\n      - {do: hold}\n")
    state = load_scenario(path).new_battle(1)
    assert {u.name: u.team for u in state.units} == {"Hale": None, "Wren": None, "Bram": "group 1", "Tilda": "group 1"}
    plain = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").new_battle(1)
    dumped = plain.model_dump(mode="json")
    assert "woken" not in dumped and all("team" not in u for u in dumped["units"])  # no new keys: hashes hold


# --- return to post, keep distance, target priorities (issue 18) ------------------------------------


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_return_to_post_heads_back_to_where_the_unit_started(level):
    def position(lines):
        wanderer = scripted(unit("a1", A, (2, 2)), *lines)
        start = game(plains(14, 5), [wanderer, unit("d1", D, (13, 0), activated=True)])
        # (new_battle notes the post; a crafted state sets it, then the unit has wandered off)
        wandered = start.unit("a1").model_copy(update={"pos": (8, 2), "post": (2, 2) if lines else None})
        return start.model_copy(update={"units": [wandered, start.unit("d1")]})

    free, _ = activation(position(()), level=level)
    home, after = activation(position(("return to post",)), level=level)
    assert free[0].to[0] >= 8  # the control walks on toward the enemy
    assert home[0] == Move(unit="a1", to=(3, 2)) and after.unit("a1").pos == (3, 2)  # five tiles back toward (2, 2)


def test_new_battle_notes_a_post_only_for_scripts_that_return_to_it(tmp_path):
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    path = tmp_path / "posts.yaml"
    path.write_text(yard.replace("at: [8, 3]}", "at: [8, 3], orders: [{do: return to post}]}"))
    state = load_scenario(path).new_battle(1)
    assert {u.name: u.post for u in state.units} == {"Hale": None, "Wren": None, "Bram": (7, 2), "Tilda": None}


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_keep_distance_ends_its_move_that_far_from_every_enemy(level):
    def position(lines):
        skirmisher = scripted(unit("a1", A, (3, 2)), *lines)
        return game(plains(12, 5), [skirmisher, unit("d1", D, (6, 2), hp=4, activated=True)])

    free, _ = activation(position(()), level=level)
    kept, after = activation(position(("keep distance 3",)), level=level)
    assert isinstance(free[-1], Attack)  # the control closes in for the easy rout
    assert not any(isinstance(a, Attack) for a in kept)
    assert distance(after.unit("a1").pos, (6, 2)) >= 3


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
@pytest.mark.parametrize(("line", "wanted"), [("target healers", "d1"), ("target leader", "d3"), ("target lowest hp", "d2")])
def test_a_target_line_picks_whom_to_strike_first(level, line, wanted):
    """Three enemies in reach: a healer at full HP, a fighter at 6 HP, a Leader at full HP."""

    def position(lines):
        striker = scripted(unit("a1", A, (3, 2)), "hold", *lines)
        healer = unit("d1", D, (3, 1), extra_items=[staff(tags=["Heal(10)"])], activated=True)
        leader = unit("d3", D, (3, 3), scenario_tags=["Leader"], activated=True)
        return game(plains(10, 5), [striker, healer, unit("d2", D, (4, 2), hp=7, activated=True), leader])

    held, _ = activation(position(()), level=level)
    targeted, _ = activation(position((line,)), level=level)
    assert Attack(target=wanted) in targeted
    if wanted != "d2":
        assert Attack(target="d2") in held  # the control: the weakest, for the likely rout


def test_a_target_line_with_no_one_of_its_kind_in_sight_leaves_the_action_to_the_next_line():
    me = scripted(unit("a1", A, (3, 2)), "target healers", "target lowest hp")
    state = game(plains(10, 5), [me, unit("d1", D, (3, 1)), unit("d2", D, (4, 2), hp=5)])
    found = directive(state, state.unit("a1"))
    assert found.prey == "d2" and [o.target for o in found.orders] == ["lowest hp"]


def test_objective_orders_send_the_unit_to_their_tiles_and_are_passed_over_where_there_are_none():
    me = scripted(unit("a1", A, (1, 1), scenario_tags=["Fleeing"]), "escape", "hold")
    exits = game(plains(10, 3), [me, unit("d1", D, (8, 1))]).model_copy(update={"escape_tiles": [(9, 0), (9, 1)]})
    found = directive(exits, exits.unit("a1"))
    assert found.goal == frozenset({(9, 0), (9, 1)}) and found.special == "escape" and found.orders[0].behaviour == "escape"
    nowhere = game(plains(10, 3), [me, unit("d1", D, (8, 1))])
    assert directive(nowhere, nowhere.unit("a1")).stay  # no exits: the hold below applies
    for line, field in (("seize", "seize_tiles"), ("raze", "raze_tiles")):
        state = game(plains(10, 3), [scripted(unit("a1", A, (1, 1)), line)]).model_copy(update={field: [(5, 1)]})
        assert directive(state, state.unit("a1")).goal == frozenset({(5, 1)})


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_an_escape_order_leaves_the_field_rather_than_strike(level):
    def position(lines):
        runner = scripted(unit("a1", A, (8, 1), scenario_tags=["Fleeing"]), *lines)
        state = game(plains(10, 3), [runner, unit("d1", D, (8, 0), hp=3, activated=True)])
        return state.model_copy(update={"escape_tiles": [(9, 1)]})

    free, _ = activation(position(()), level=level)
    gone, after = activation(position(("escape",)), level=level)
    assert Attack(target="d1") in free  # the control takes the easy rout
    assert isinstance(gone[-1], Special) and gone[-1].name == "escape" and after.unit("a1").escaped


# --- named areas (issue 18) -------------------------------------------------------------------------


def _yard_with(tmp_path: Path, extra: str, name: str = "areas.yaml") -> Path:
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    path = tmp_path / name
    path.write_text(yard + extra)
    return path


def test_areas_are_read_checked_and_judged(tmp_path, capsys):
    extra = ("areas:\n  gate: [[7, 2], [9, 4]]\norders:\n  - units: [Bram]\n    script:\n"
             "      - {when: outnumbered in gate, do: flee}\n      - {when: enemy in gate, do: pursue nearest}\n"
             "      - {do: guard area gate}\n")
    state = load_scenario(_yard_with(tmp_path, extra)).new_battle(1)
    assert state.areas == {"gate": [(x, y) for y in range(1, 4) for x in range(6, 9)]}
    bram = next(u for u in state.units if u.name == "Bram")
    assert directive(state, bram).near == frozenset(state.areas["gate"])  # nobody in the gate yet: guard it
    hale = next(u for u in state.units if u.name == "Hale")
    one_in = state.model_copy(update={"units": [hale.model_copy(update={"pos": (7, 3)}) if u.id == hale.id else u for u in state.units]})
    assert directive(one_in, one_in.unit(bram.id)).orders[0].behaviour == "pursue"  # Bram stands in the gate: 1 against 1
    wren = next(u for u in state.units if u.name == "Wren")
    two_in = one_in.model_copy(update={"units": [wren.model_copy(update={"pos": (8, 3)}) if u.id == wren.id else u for u in one_in.units]})
    assert directive(two_in, two_in.unit(bram.id)).orders[0].behaviour == "flee"  # two against one: outnumbered
    assert main(["validate", str(_yard_with(tmp_path, extra.replace("in gate, do: flee", "in keep, do: flee"), "b.yaml"))]) == 2
    assert "no area is named 'keep' (areas: gate)" in capsys.readouterr().err
    assert main(["validate", str(_yard_with(tmp_path, extra.replace("[9, 4]", "[19, 4]"), "c.yaml"))]) == 2
    assert "a corner of the area 'gate' [19, 4] is off the map" in capsys.readouterr().err
    plain = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").new_battle(1)
    assert "areas" not in plain.model_dump(mode="json")  # a scenario without areas saves as before


def test_attacked_conditions_remember_the_round_a_unit_was_attacked_in():
    sentry = scripted(unit("d2", D, (9, 4)), ("ally D1 attacked", "pursue nearest"), "hold")
    state = game(plains(10, 5), [unit("a1", A, (2, 2)), scripted(unit("d1", D, (4, 2)), "hold"), sentry])
    assert followed(state.unit("d2"), state.units, 1)[0][0].behaviour == "hold"
    state = apply_action(state, Move(unit="a1", to=(3, 2))).state
    state = apply_action(state, Attack(target="d1")).state
    assert state.unit("d1").struck == 1 and state.unit("a1").struck is None  # a counter is no attack on the attacker
    assert followed(state.unit("d2"), state.units, 1)[0][0].behaviour == "pursue"  # the round it happened
    assert followed(state.unit("d2"), state.units, 2)[0][0].behaviour == "pursue"  # and the next
    assert followed(state.unit("d2"), state.units, 3)[0][0].behaviour == "hold"  # then it is old news
    assert holds(order("hold", "attacked"), state.unit("d1"), state.units, 2)
    assert not holds(order("hold", "ally attacked"), state.unit("d1"), state.units, 2)  # itself is no ally
    plain = game(plains(10, 5), [unit("a1", A, (2, 2)), scripted(unit("d1", D, (4, 2)), ("enemy within 2", "hold"))])
    plain = apply_action(apply_action(plain, Move(unit="a1", to=(3, 2))).state, Attack(target="d1")).state
    assert plain.unit("d1").struck is None  # no script asks `attacked`: nothing noted, old saves replay the same


# --- patrol and reckless (issue 18) -----------------------------------------------------------------


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_reckless_is_the_only_way_a_hunter_strikes_into_a_counter_that_routs_it(level):
    def position(lines):
        hunter = scripted(unit("a1", A, (5, 2), hp=6), *lines)
        return game(plains(12, 5), [hunter, unit("d1", D, (6, 2), weapon=weapon(might=8), skl=16)])

    careful, _ = activation(position(("pursue D1",)), level=level)
    bold, _ = activation(position(("reckless", "pursue D1")), level=level)
    assert Attack(target="d1") not in careful  # (the test above: at 6 HP the order does not spend it)
    assert bold[-1] == Attack(target="d1")
    found = directive(position(("reckless", "pursue D1")), position(("reckless", "pursue D1")).unit("a1"))
    assert found.reckless and found.prey == "d1" and [o.behaviour for o in found.orders] == ["reckless", "pursue"]


@pytest.mark.parametrize("level", [NormalPolicy, GreedyPolicy])
def test_a_patrol_walks_its_route_and_round_again(level):
    walker = scripted(unit("a1", A, (1, 1)), "patrol [2, 2] [9, 2]").model_copy(update={"leg": 1})  # as new_battle sets it
    state = game(plains(12, 5), [walker, unit("d1", D, (11, 4))])
    seen = []
    for _ in range(5):
        _, state = activation(state, level=level)
        seen.append((state.unit("a1").pos, state.unit("a1").leg))
        state = let_the_enemy_stand(state)
    # From [2, 2] (it stands there: on to [9, 2]), five tiles a turn, then back, then out again.
    assert [pos for pos, _ in seen] == [(6, 1), (8, 1), (3, 1), (1, 1), (6, 1)]
    assert [leg for _, leg in seen] == [1, 2, 2, 3, 3]


def test_new_battle_starts_a_patrol_on_its_first_tile_toward_the_second(tmp_path):
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    path = tmp_path / "patrol.yaml"
    path.write_text(yard.replace("at: [8, 3]}", 'at: [8, 3], orders: [{do: "patrol [8, 3] [8, 7]"}]}')
                    .replace("at: [9, 5]}", 'at: [9, 5], orders: [{do: "patrol [1, 1] [8, 7]"}]}'))
    state = load_scenario(path).new_battle(1)
    assert {u.name: u.leg for u in state.units if u.orders} == {"Bram": 1, "Tilda": 0}


def test_a_reckless_line_below_lines_that_took_everything_still_applies_and_is_no_dead_line(tmp_path, capsys):
    me = scripted(unit("a1", A, (3, 2)), "pursue D1", "reckless")
    state = game(plains(10, 5), [me, unit("d1", D, (6, 2))])
    found = directive(state, state.unit("a1"))
    assert found.reckless and [o.behaviour for o in found.orders] == ["pursue", "reckless"]
    yard = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
    path = tmp_path / "bold.yaml"
    path.write_text(yard + "orders:\n  - units: [Bram]\n    script:\n      - {do: pursue nearest}\n      - {do: reckless}\n")
    assert main(["validate", str(path)]) == 0 and "warning" not in capsys.readouterr().err


def test_target_tag_strikes_an_enemy_carrying_that_tag_first():
    line = order("target tag Cavalry")
    assert line.target == "tag Cavalry" and line.label() == "Target enemies tagged Cavalry first"
    me = scripted(unit("a1", A, (3, 2)), "hold", "target tag cavalry")
    rider = unit("d1", D, (3, 1), tags=["Cavalry"])
    state = game(plains(10, 5), [me, rider, unit("d2", D, (4, 2), hp=5)])
    assert directive(state, state.unit("a1")).prey == "d1"  # the rider, though the other is weaker
    nobody = game(plains(10, 5), [me, unit("d2", D, (4, 2), hp=5)])
    assert directive(nobody, nobody.unit("a1")).prey is None  # no rider in sight: the line is passed over
