"""Victory conditions, tiers, time limits and timed events, one rule per test, through `apply_action`.

Each test builds a small state with tests/factories.py and sets the scenario parts by hand:
`victory` (conditions per side, tiles 0-based as they are once loaded), `time_limit`,
`escape_tiles`, `raze_tiles`, `seize_tiles`, `chests` and `arrivals`.

Baseline units: Str 5, Skl 10, Spd 5, Def 2, Res 1, 20 HP, a 5-Might sword. A "killer" has
Str 20, so one hit (a d20 of 2..10) routs a baseline unit; its victims carry no weapon and
cannot answer.
"""

from __future__ import annotations

import pytest

from factories import A, D, battle_map, game, plains, seed_for, unit, unit_class, weapon
from officers_chess.rules.battle import victory
from officers_chess.rules.battle.actions import Special
from officers_chess.rules.battle.events import Acted, BattleEnded, TerrainChanged
from officers_chess.rules.battle.game import Attack, Discard, GameState, Move, Wait, apply_action
from officers_chess.rules.battle.objectives import Condition, TimeLimit
from officers_chess.rules.battle.state import Arrival, Chest, TerrainSwap
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, new_battle

HIT = range(2, 11)


# --- helpers ------------------------------------------------------------------------------------


def battle(units, width: int = 9, height: int = 3, rows=None, seed: int = 0, to_act: Side = A, **fields) -> GameState:
    """A state on plains (or `rows`) with the scenario fields given (victory, time_limit, tiles ...)."""
    state = game(battle_map(*rows) if rows else plains(width, height), list(units), to_act=to_act, seed=seed)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def do(state: GameState, *actions) -> GameState:
    for action in actions:
        state = apply_action(state, action).state
    return state


def activate(state: GameState, unit_id: str, to=None) -> GameState:
    """Let the other units stay and wait until `unit_id` may act, then move it to `to` (default: stay)."""
    while unit_id not in {u.id for u in state.waiting(state.to_act)}:
        other = state.waiting(state.to_act)[0]
        state = do(state, Move(unit=other.id, to=other.pos), Wait())
    return do(state, Move(unit=unit_id, to=state.unit(unit_id).pos if to is None else to))


def finish_round(state: GameState, moves: dict[str, tuple[int, int]] | None = None) -> GameState:
    """Every unit still to act this round moves to `moves[its id]` (default: stays) and waits."""
    moves = moves or {}
    start = state.round
    while state.round == start and not state.is_over:
        other = state.waiting(state.to_act)[0]
        state = do(state, Move(unit=other.id, to=moves.get(other.id, other.pos)), Wait())
    return state


def killer(id: str, pos, side: Side = A):
    return unit(id=id, side=side, pos=pos, str=20)


def victim(id: str, pos, side: Side = D, **kw):
    return unit(id=id, side=side, pos=pos, weapon=None, **kw)


def ended(state: GameState, winner: Side | None, tier: str, says: str) -> None:
    assert state.is_over, "the battle should be over"
    assert state.result.winner is winner
    assert state.result.tier == tier
    assert says in state.result.reason


# --- rout, and rout of a share ------------------------------------------------------------------


def test_rout_of_a_share_ends_the_battle_once_that_share_is_routed():
    units = [killer("a1", (0, 0)), killer("a2", (0, 2)),
             victim("d1", (1, 0)), victim("d2", (1, 2)), victim("d3", (8, 1))]
    state = battle(units, seed=seed_for(HIT, HIT), victory={A: [Condition(kind="rout", share=0.6)]})
    state = do(activate(state, "a1"), Attack(target="d1"))
    assert not state.unit("d1").on_field
    assert not state.is_over  # one of three is a third, short of 60%
    state = do(activate(state, "a2"), Attack(target="d2"))
    ended(state, A, "victory", "60% of the defender units were routed")


def test_rout_of_every_enemy_is_needed_when_no_share_is_given():
    units = [killer("a1", (0, 0)), victim("d1", (1, 0)), victim("d2", (8, 2))]
    state = battle(units, seed=seed_for(HIT), victory={A: [Condition(kind="rout", tier="decisive")]})
    state = do(activate(state, "a1"), Attack(target="d1"))
    assert not state.is_over


def test_routing_every_enemy_wins_decisively_even_when_the_conditions_do_not_say_so():
    units = [killer("a1", (0, 0)), victim("d1", (1, 0))]
    state = battle(units, seed=seed_for(HIT), victory={A: [Condition(kind="raze", count=1)]}, raze_tiles=[(5, 1)])
    state = do(activate(state, "a1"), Attack(target="d1"))
    ended(state, A, "decisive", "every defender unit was routed")


# --- seize --------------------------------------------------------------------------------------


def test_seize_by_a_leader_wins_with_the_tier_the_scenario_gives():
    units = [unit(id="a1", pos=(2, 1), scenario_tags=["Leader"]), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, seize_tiles=[(2, 1)], victory={A: [Condition(kind="seize", tier="victory")]})
    state = do(activate(state, "a1"), Special(name="seize"))
    assert state.seized_by is A
    ended(state, A, "victory", "the attacker seized the objective")


def test_without_scenario_conditions_seizing_is_decisive():
    units = [unit(id="a1", pos=(2, 1), scenario_tags=["Leader"]), unit(id="d1", side=D, pos=(8, 2))]
    state = do(activate(battle(units, seize_tiles=[(2, 1)]), "a1"), Special(name="seize"))
    ended(state, A, "decisive", "seized")


def test_seizing_wins_nothing_for_a_side_without_a_seize_condition():
    units = [unit(id="a1", pos=(2, 1), scenario_tags=["Leader"]), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, seize_tiles=[(2, 1)], victory={A: [Condition(kind="raze", count=1)]}, raze_tiles=[(5, 1)])
    state = do(activate(state, "a1"), Special(name="seize"))
    assert state.seized_by is A
    assert not state.is_over


# --- escape -------------------------------------------------------------------------------------


def test_escape_wins_when_enough_units_are_out():
    units = [unit(id="a1", pos=(0, 0), scenario_tags=["Fleeing"]), unit(id="a2", pos=(0, 2), scenario_tags=["Fleeing"]),
             unit(id="a3", pos=(3, 1)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, escape_tiles=[(0, 0), (0, 2)], victory={A: [Condition(kind="escape", count=2)]})
    state = do(activate(state, "a1"), Special(name="escape"))
    assert state.unit("a1").escaped
    assert not state.is_over  # one out of two
    state = do(activate(state, "a2"), Special(name="escape"))
    ended(state, A, "victory", "2 attacker units escaped")


def test_units_routed_on_the_way_do_not_count_as_escaped():
    units = [unit(id="a1", pos=(0, 0), scenario_tags=["Fleeing"]), victim("a2", (1, 2), side=A, scenario_tags=["Fleeing"]),
             unit(id="a3", pos=(4, 0)), killer("d1", (2, 2), side=D)]
    state = battle(units, seed=seed_for(HIT), escape_tiles=[(0, 0), (0, 2)],
                   victory={A: [Condition(kind="escape", count=2)]})
    state = do(activate(state, "a1"), Special(name="escape"))
    state = do(activate(state, "d1"), Attack(target="a2"))
    assert state.unit("a2").routed
    assert not state.is_over


# --- survive and hold (judged at the end of a round) ----------------------------------------------


def test_survive_wins_at_the_end_of_the_named_round_and_not_before():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, victory={D: [Condition(kind="survive", rounds=2)]})
    state = finish_round(state)
    assert state.round == 2 and not state.is_over
    state = finish_round(state)
    ended(state, D, "victory", "the defender held out to the end of round 2")


def test_hold_wins_when_a_unit_of_the_side_stands_on_a_held_tile_at_the_round_end():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(7, 2))]
    state = battle(units, victory={D: [Condition(kind="hold", tiles=[(4, 1), (8, 2)], rounds=1, tier="decisive")]})
    state = do(activate(state, "d1", to=(8, 2)), Wait())
    state = finish_round(state)
    ended(state, D, "decisive", "the defender held the marked tiles at the end of round 1")


def test_hold_fails_when_the_tiles_are_empty_or_held_by_the_enemy():
    units = [unit(id="a1", pos=(4, 1)), unit(id="d1", side=D, pos=(7, 2))]
    state = battle(units, victory={D: [Condition(kind="hold", tiles=[(4, 1)], rounds=1)]})
    state = finish_round(state)
    assert not state.is_over and state.round == 2


def test_round_end_conditions_are_judged_before_the_time_limit():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(4, 1))]
    state = battle(units, victory={D: [Condition(kind="hold", tiles=[(4, 1)], rounds=1)]},
                   time_limit=TimeLimit(rounds=1, reason="the bell rings", winner=A, tier="decisive"))
    state = finish_round(state)
    ended(state, D, "victory", "held the marked tiles")


# --- defeat a named unit, protect a VIP -----------------------------------------------------------


def test_defeat_wins_only_when_the_named_unit_is_routed():
    units = [killer("a1", (0, 0)), killer("a2", (0, 2)),
             victim("d1", (1, 0)), victim("d2", (1, 2)), victim("d3", (8, 1))]
    state = battle(units, seed=seed_for(HIT, HIT), victory={A: [Condition(kind="defeat", unit="D2")]})
    state = do(activate(state, "a1"), Attack(target="d1"))
    assert not state.is_over  # D1 is not the one named
    state = do(activate(state, "a2"), Attack(target="d2"))
    ended(state, A, "victory", "D2 was routed")


def test_protect_hands_the_win_to_the_other_side_when_the_named_unit_falls():
    units = [victim("a1", (1, 0), side=A), victim("a2", (1, 2), side=A), unit(id="a3", pos=(8, 1)),
             killer("d1", (2, 0), side=D), killer("d2", (2, 2), side=D)]
    state = battle(units, seed=seed_for(HIT, HIT), to_act=D,
                   victory={A: [Condition(kind="protect", unit="A2", tier="decisive"), Condition(kind="rout")]})
    state = do(activate(state, "d1"), Attack(target="a1"))
    assert not state.is_over  # A1 is not the one to protect
    state = do(activate(state, "d2"), Attack(target="a2"))
    ended(state, D, "decisive", "A2 fell")


# --- raze ---------------------------------------------------------------------------------------


def test_raze_wins_after_the_named_number_of_tiles_is_razed():
    units = [unit(id="a1", pos=(1, 1), scenario_tags=["Saboteur"]), unit(id="a2", pos=(3, 1), scenario_tags=["Saboteur"]),
             unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, raze_tiles=[(1, 1), (3, 1), (5, 1)], victory={A: [Condition(kind="raze", count=2, tier="decisive")]})
    state = do(activate(state, "a1"), Special(name="raze"))
    assert state.tallies[A].razed == 1 and state.map.terrain_at((1, 1)).id == "ruins"
    assert not state.is_over
    state = do(activate(state, "a2"), Special(name="raze"))
    ended(state, A, "decisive", "the attacker razed 2 of the marked tiles")


# --- control K of N tiles at the end --------------------------------------------------------------

LANDMARKS = [(2, 1), (4, 1), (6, 1)]


def _control_state(limit_rounds: int) -> GameState:
    units = [unit(id="a1", pos=(1, 0)), unit(id="a2", pos=(3, 0)), unit(id="d1", side=D, pos=(6, 2))]
    return battle(units, victory={A: [Condition(kind="control", tiles=LANDMARKS, count=2)],
                                  D: [Condition(kind="control", tiles=LANDMARKS, count=2)]},
                  time_limit=TimeLimit(rounds=limit_rounds, reason="the heralds arrive", winner="draw"))


def test_control_is_judged_only_when_time_runs_out_and_a_tile_stays_with_the_last_side_on_it():
    state = finish_round(_control_state(limit_rounds=2), {"a1": (2, 1), "a2": (4, 1)})
    assert state.round == 2 and not state.is_over  # two landmarks held, but control counts only at the end
    state = finish_round(state, {"a1": (1, 0), "a2": (3, 0)})  # both walk off again
    assert state.unit_at((2, 1)) is None and state.unit_at((4, 1)) is None
    ended(state, A, "victory", "the attacker controlled 2 of the marked tiles at the end")


def test_a_later_claim_by_the_enemy_takes_a_tile_over():
    state = finish_round(_control_state(limit_rounds=4), {"a1": (2, 1), "a2": (4, 1)})
    state = finish_round(state, {"a1": (1, 0)})  # the attacker leaves the first landmark ...
    state = finish_round(state, {"d1": (2, 1)})  # ... the defender stands on it ...
    state = finish_round(state, {"d1": (2, 2)})  # ... and leaves it too
    assert state.unit_at((2, 1)) is None
    assert victory.controlled(state, LANDMARKS) == {A: 1, D: 1}
    ended(state, None, "draw", "time ran out after round 4: the heralds arrive")


# --- heist: loot carried off by units that escaped ------------------------------------------------

def _heist_state() -> GameState:
    thief = unit(id="a1", pos=(3, 1), tags=["Pick"], scenario_tags=["Fleeing"])
    runner = unit(id="a2", pos=(1, 2), scenario_tags=["Fleeing"])
    return battle([thief, runner, unit(id="d1", side=D, pos=(8, 2))],
                  chests=[Chest(at=(3, 1), item=weapon("lance", name="Gilded Lance"))],
                  escape_tiles=[(0, 1), (0, 2)],
                  victory={A: [Condition(kind="heist", count=1)]})


def _pick(state: GameState) -> GameState:
    state = do(activate(state, "a1"), Special(name="pick", at=(3, 1)))
    assert [i.name for i in state.unit("a1").inventory] == ["Test sword", "Gilded Lance"]
    return state


def test_heist_wins_when_the_loot_leaves_with_a_unit_that_escapes():
    state = _pick(_heist_state())
    assert not state.is_over  # the loot is still on the field
    state = do(activate(state, "a1", to=(0, 1)), Special(name="escape"))
    ended(state, A, "victory", "the attacker carried 1 treasure off the map")


def test_heist_ignores_units_that_escape_without_the_loot():
    state = _pick(_heist_state())
    state = do(activate(state, "a2", to=(0, 2)), Special(name="escape"))
    assert state.unit("a2").escaped
    assert victory.carried_off(state, A) == 0
    assert not state.is_over


def test_heist_ignores_loot_dropped_before_the_escape():
    state = _pick(_heist_state())
    state = do(activate(state, "a1", to=(0, 1)), Discard(item=1), Special(name="escape"))
    assert state.unit("a1").escaped
    assert victory.carried_off(state, A) == 0
    assert not state.is_over


# --- the time limit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "winner, tier, expected",
    [("draw", "victory", None), (A, "decisive", A), (D, "victory", D)],
    ids=["draw", "attacker-decisive", "defender-victory"],
)
def test_the_time_limit_ends_the_battle_after_its_last_round_as_the_scenario_says(winner, tier, expected):
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, time_limit=TimeLimit(rounds=2, reason="night falls", winner=winner, tier=tier))
    state = finish_round(state)
    assert not state.is_over and state.round == 2
    state = finish_round(state)
    ended(state, expected, "draw" if expected is None else tier, "time ran out after round 2: night falls")


def test_the_time_limit_is_announced_in_the_events():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, time_limit=TimeLimit(rounds=1, reason="the tide comes in", winner=D))
    state = do(activate(state, "a1"), Wait())
    out = apply_action(state, Move(unit="d1", to=(8, 2)))
    last = apply_action(out.state, Wait())
    assert [e for e in last.events if isinstance(e, BattleEnded)] == [BattleEnded(D, "time ran out after round 1: the tide comes in")]


def test_a_control_condition_met_at_the_time_limit_beats_the_limits_winner():
    units = [unit(id="a1", pos=(2, 1)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, victory={A: [Condition(kind="control", tiles=[(2, 1), (5, 1)], count=1, tier="decisive")]},
                   time_limit=TimeLimit(rounds=1, reason="dusk", winner=D))
    state = finish_round(state)
    ended(state, A, "decisive", "controlled 1 of the marked tiles")


# --- timed events -------------------------------------------------------------------------------


def test_reinforcements_arrive_at_the_start_of_their_round_and_act_in_it():
    newcomer = unit(id="d2", side=D, pos=(6, 1))
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, arrivals=[Arrival(round=3, note="Riders come over the hill.", units=[newcomer])])
    state = finish_round(state)
    assert state.round == 2 and "d2" not in {u.id for u in state.units}
    state = do(activate(state, "a1"), Wait())
    out = apply_action(do(state, Move(unit="d1", to=(8, 2))), Wait())  # round 2 ends; round 3 begins
    state = out.state
    assert state.round == 3
    assert state.unit("d2").pos == (6, 1) and state.unit("d2").on_field
    assert "d2" in {u.id for u in state.waiting(D)}
    assert state.arrivals == []
    assert Acted("Riders come over the hill.") in out.events


def test_a_reinforcement_whose_tile_is_taken_comes_in_on_the_nearest_free_tile_it_can_stand_on():
    # Its own tile (1,0) is taken by d1; (2,0) and (1,1) beside it are walls; (0,0) is the one free tile as near.
    newcomer = unit(id="d2", side=D, pos=(1, 0))
    units = [unit(id="a1", pos=(5, 2)), unit(id="d1", side=D, pos=(1, 0))]
    state = battle(units, rows=["..#...", ".#....", "......"],
                   arrivals=[Arrival(round=2, units=[newcomer])])
    state = finish_round(state)
    assert state.unit("d2").pos == (0, 0)


def test_terrain_changes_at_the_start_of_its_round():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, arrivals=[Arrival(round=2, note="The ford floods.", terrain=[TerrainSwap(at=(4, 1), terrain="river")])])
    state = do(activate(state, "a1"), Wait())
    assert state.map.terrain_at((4, 1)).id == "plains"
    out = apply_action(do(state, Move(unit="d1", to=(8, 2))), Wait())
    assert out.state.round == 2 and out.state.map.terrain_at((4, 1)).id == "river"
    assert any(isinstance(e, TerrainChanged) for e in out.events)


def test_terrain_does_not_change_under_a_unit_that_could_not_stand_on_it():
    units = [unit(id="a1", pos=(4, 1)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, arrivals=[Arrival(round=2, terrain=[TerrainSwap(at=(4, 1), terrain="sea"),
                                                              TerrainSwap(at=(5, 1), terrain="sea")])])
    state = finish_round(state)
    assert state.map.terrain_at((4, 1)).id == "plains"  # a1 cannot stand in the sea
    assert state.map.terrain_at((5, 1)).id == "sea"


def test_a_scenarios_events_become_arrivals_on_0_based_tiles_with_new_ids():
    sword = weapon(name="Plain Sword")
    soldier = unit_class(name="Soldier", letter="S", wields=["sword"])
    catalogue = Catalogue(classes={"Soldier": soldier}, items={"Plain Sword": sword})
    scenario = Scenario.model_validate({
        "name": "t", "map": "m",
        "armies": {
            "attacker": [{"name": "Ann", "class": "Soldier", "items": ["Plain Sword"], "at": [1, 1]}],
            "defender": [{"name": "Bo", "class": "Soldier", "items": ["Plain Sword"], "at": [6, 3]}],
        },
        "events": [{"round": 3, "note": "Help comes.", "reinforcements": {"side": "defender", "units": [
            {"name": "Cy", "class": "Soldier", "items": ["Plain Sword"], "at": [5, 2]}]},
            "terrain": [{"at": [2, 2], "to": "forest"}]}],
    })
    state = new_battle(scenario, catalogue, plains(6, 3), seed=0)
    [arrival] = state.arrivals
    assert arrival.round == 3 and arrival.note == "Help comes."
    assert [(u.id, u.name, u.side, u.pos) for u in arrival.units] == [("d2", "Cy", D, (4, 1))]
    assert arrival.terrain == [TerrainSwap(at=(1, 1), terrain="forest")]
    assert "d2" not in {u.id for u in state.units}


def test_a_time_limit_reason_written_as_a_sentence_is_not_stopped_twice():
    units = [unit(id="a1", pos=(0, 0)), unit(id="d1", side=D, pos=(8, 2))]
    state = battle(units, time_limit=TimeLimit(rounds=1, reason="The tide comes in.", winner=D))
    state = do(activate(state, "a1"), Wait())
    out = apply_action(state, Move(unit="d1", to=(8, 2)))
    ended_with = [e for e in apply_action(out.state, Wait()).events if isinstance(e, BattleEnded)]
    assert ended_with[0].text() == "The defender wins: time ran out after round 1: The tide comes in."


@pytest.mark.parametrize(("share", "routed", "expected"), [(1.0, 3, True), (1.0, 2, False), (0.5, 1, True),
                                                           (0.5, 0, False)])
def test_one_rout_from_defeat_counts_the_share_a_rout_condition_asks(share, routed, expected):
    """Four defenders, `routed` of them down: one more rout meets the attacker's condition, or not yet."""
    units = [unit(f"d{i}", D, (i, 0), hp=0 if i < routed else None) for i in range(4)] + [unit("a1", A, (5, 0))]
    state = game(plains(8), units).model_copy(update={"victory": {A: [Condition(kind="rout", share=share)],
                                                                  D: [Condition(kind="rout")]}})
    assert victory.one_rout_from_defeat(state, D) is expected
    assert victory.one_rout_from_defeat(state, A)  # the attacker's one unit


def test_the_goals_that_only_some_units_can_meet_say_which_units():
    """A play-test read "get 1 unit off the map through the exits" and could not tell that only its Fleeing drivers
    counted; a raze is likewise a Saboteur's work. The words say so, in one clause before the tier's brackets."""
    from officers_chess.content.campaigns import find_campaign, load_campaign
    from officers_chess.session.objectives import victory_line

    dale = load_campaign(find_campaign("salt_road")).scenarios["harrowdale"].scenario
    assert victory_line(dale, A).startswith(
        "get 1 unit off the map through the exits, one Fleeing or able to Escape (victory)")
    barns = load_campaign(find_campaign("salt_road")).scenarios["ashby"].scenario
    raider = next(side for side in (A, D) if any(c.kind == "raze" for c in barns.rules(side).victory))
    assert "of the marked tiles, with a Saboteur or a unit able to Raze (" in victory_line(barns, raider)
    assert Condition(kind="escape", count=2, tier="victory").describe(A).endswith("each Fleeing or able to Escape")
