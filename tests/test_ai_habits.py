"""The `normal` level's habits a Fire Emblem player would notice, each on a small fixed position."""

from __future__ import annotations

import pytest
from factories import A, D, battle_map, game, plains, staff, unit, weapon

from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.actions import Action, Attack, Move, Special, Strike, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import distance


def activation(state: GameState, policy: NormalPolicy | None = None) -> tuple[list[Action], GameState]:
    """One activation of the side to act (a Dance's refreshed unit included): its actions and the state after."""
    policy, actions = policy or NormalPolicy(0), []
    while True:
        action = policy.choose(state)
        actions.append(action)
        state = apply_action(state, action).state
        if (state.active is None and state.reactivate is None) or state.is_over:
            return actions, state


def _dancer_beside_a_spent_ally(enemy_at):
    units = [unit("a1", A, (2, 2), tags=["Dance"], weapon=None), unit("a2", A, (3, 2), activated=True),
             unit("d1", D, enemy_at, hp=5)]
    return game(plains(24, 5), units)


def test_a_dance_is_not_spent_on_an_ally_that_would_only_walk_and_wait():
    actions, _ = activation(_dancer_beside_a_spent_ally((20, 2)))  # nobody the ally could reach
    assert not any(isinstance(a, Special) and a.name == "dance" for a in actions), actions


def test_a_dance_is_spent_on_an_ally_that_then_strikes():
    actions, _ = activation(_dancer_beside_a_spent_ally((9, 2)))  # a weak enemy in the refreshed ally's reach
    assert Special(name="dance", target="a2") in actions
    assert actions[-1] == Attack(target="d1")  # its second activation is spent on the enemy


def test_a_healer_does_not_step_into_a_lethal_reach_late_in_the_battle():
    """Round 6, when units take more risks: the hurt ally has acted and any blow of the enemy's 23-damage sword
    routs it, healed or not. Healing it means standing where that sword routs the healer at even odds: it keeps away."""
    units = [unit("h1", A, (1, 1), weapon=staff(tags=["Heal(10)"])), unit("a2", A, (5, 1), hp=6, activated=True),
             unit("d1", D, (7, 1), weapon=weapon(might=20))]
    state = game(plains(12, 3), units)
    state.round = 6
    actions, after = activation(state)
    assert not any(isinstance(a, Special) and a.name == "heal" for a in actions), actions
    reach = after.model_copy(update={"to_act": D}).reach(after.unit("d1")).costs
    assert all(distance(tile, after.unit("h1").pos) > 1 for tile in reach)  # out of the sword's reach


def _granary_watch(wall_guard: bool):
    """A saboteur five tiles from a granary it may raze next activation (or one eleven tiles off), and a defender
    that can reach either."""
    raider = unit("a1", A, (0, 1), tags=["Saboteur"], activated=True)
    watch = unit("d1", D, (7, 2))
    state = game(battle_map("....[.....[.", "............", "............", name="granary"), [raider, watch], to_act=D)
    return state.model_copy(update={
        "raze_tiles": [(10, 0)] if wall_guard else [(4, 0)],
        "victory": {A: [Condition(kind="raze", count=1)], D: [Condition(kind="rout")]},
    })


def test_a_defender_stands_on_the_target_an_enemy_could_raze_next():
    _, after = activation(_granary_watch(wall_guard=False))
    assert after.unit("d1").pos == (4, 0)  # the raider's next move cannot end there now


def test_a_target_no_enemy_can_reach_yet_is_not_stood_on_for_its_own_sake():
    _, after = activation(_granary_watch(wall_guard=True))
    assert after.unit("d1").pos != (10, 0)


def _vault(gate: str, inside=()):
    """A throne behind a wall with a locked door (`gate` "+") or none ("#"); a Leader and a thief outside."""
    rows = ["#######.....", "#\\____#.....", f"###{gate}###.....", "............", "............"]
    units = [unit("a1", A, (0, 4), tags=["Leader"]), unit("a2", A, (3, 3), tags=["Pick"]),
             unit("d1", D, (11, 0)), *inside]
    state = game(battle_map(*rows, name="vault"), units)
    return state.model_copy(update={"seize_tiles": [(1, 1)],
                                    "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})


def _defender_stands(state: GameState) -> GameState:
    while state.to_act is D and not state.is_over:
        waiting = state.waiting(D)[0]
        state = apply_action(state, Move(unit=waiting.id, to=waiting.pos)).state
        state = apply_action(state, Wait()).state
    return state


def test_the_thief_picks_the_door_to_the_throne_and_the_leader_seizes_it():
    state, seen = _vault("+"), []
    for _ in range(4):
        actions, state = activation(state)
        seen += actions
        state = _defender_stands(state)
        if state.is_over:
            break
    assert Special(name="pick", at=(3, 2)) in seen
    assert state.result is not None and state.result.winner is A and state.seized_by is A


def test_a_leader_walled_off_from_the_throne_breaks_the_wall_in_the_way():
    actions, _ = activation(_vault("#"))
    assert isinstance(actions[-1], Strike) and actions[-1].at in {(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)}


def test_a_side_that_only_fights_does_not_break_its_own_walls():
    """The defenders inside have no objective tiles: their wall shelters them, they do not knock it down."""
    guard = unit("d2", D, (3, 1))
    state = _vault("#", inside=[guard]).model_copy(update={"to_act": D})
    state.unit("d1").activated = True
    actions, _ = activation(state)
    assert not any(isinstance(a, Strike) for a in actions), actions


def test_with_no_time_limit_a_long_standoff_is_broken_by_trading_blows():
    """A sturdy enemy whose counter makes an attack a slightly losing trade: declined in round 1, taken by round
    30 of a battle without a time limit, when waiting longer wins nothing."""

    def standoff(round_number):
        state = game(plains(12, 3), [unit("a1", A, (2, 1)), unit("d1", D, (8, 1), weapon=weapon(might=6), def_=4)])
        state.round = round_number
        return state

    early, _ = activation(standoff(1))
    late, _ = activation(standoff(30))
    assert not any(isinstance(a, Attack) for a in early)
    assert late[-1] == Attack(target="d1")


def test_a_fragile_unit_is_not_drawn_next_to_the_enemy_it_must_defeat():
    """The enemy leader (worth three units) stands with a guard; our 10-HP unit's 3-Might blow would barely scratch
    it. Standing beside it invites the guard and the leader to rout ours: it keeps its distance."""
    units = [unit("a1", A, (2, 1), hp=10, weapon=weapon(might=3)), unit("d1", D, (8, 1), weapon=weapon(might=6), def_=5),
             unit("d2", D, (9, 2))]
    state = game(plains(12, 4), units).model_copy(update={
        "victory": {A: [Condition(kind="defeat", unit="D1")], D: [Condition(kind="rout")]}})
    state.round = 5
    actions, after = activation(state)
    assert distance(after.unit("a1").pos, (8, 1)) > 1, actions


def test_an_attack_that_would_cost_the_enemy_more_still_counts_a_little_as_danger():
    """A person may make the attack the computer would not: standing in its reach is not free, only cheaper."""
    from officers_chess.ai.assess import ExchangeBook
    from officers_chess.ai.goals import Fields
    from officers_chess.ai.judge import Judge

    def cost(enemy_might):
        state = game(plains(10, 3), [unit("a1", A, (2, 1), weapon=weapon(might=9)),
                                     unit("d1", D, (6, 1), weapon=weapon(might=enemy_might))])
        judge = Judge(state, A, ExchangeBook(), Fields())
        return judge.danger.cost(state.unit("a1"), (5, 1))

    unwelcome, paying, harmless = cost(4), cost(12), cost(0)
    assert harmless <= 0 < unwelcome < paying


def test_a_leader_goes_round_by_the_open_gate_when_an_enemy_holds_the_near_one():
    """A sturdy enemy stands in the near gate of the wall before the throne; the far gate is open. Walking up to
    the held gate to wait there gets the Leader nowhere: it heads for the open one."""
    rows = ["....#.....", "....#..\\..", "....'.....", "....#.....", "....#.....", "....'.....", "....#....."]
    units = [unit("a1", A, (1, 2), tags=["Leader"]), unit("d1", D, (4, 2), def_=8, hp=30)]
    state = game(battle_map(*rows, name="two gates"), units).model_copy(update={
        "seize_tiles": [(7, 1)], "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})
    _, after = activation(state)
    leader = after.unit("a1").pos
    assert distance(leader, (4, 5)) < distance(leader, (4, 2))  # nearer the open gate than the held one


def test_a_unit_stepping_back_does_not_count_on_its_own_body_to_block_the_enemy():
    """In a one-tile lane a unit stands between an enemy and open ground. The enemy cannot walk through it where it
    stands; once it steps back, the enemy can. The danger it weighs is that of the lane with itself gone, so it
    does not stop on a tile the enemy reaches as soon as the lane is clear (it did, behind the tile it left)."""
    scout = unit("a1", A, (3, 0), hp=10, weapon=None)
    brute = unit("d1", D, (0, 0), weapon=weapon(might=20))
    state = game(plains(14, 1), [scout, brute])
    actions, after = activation(state)
    assert isinstance(actions[0], Move) and actions[0].to != (3, 0), actions
    clear = after.model_copy(update={"to_act": D}).reach(after.unit("d1")).costs
    assert all(distance(tile, after.unit("a1").pos) > 1 for tile in clear), (after.unit("a1").pos, sorted(clear))


def test_the_danger_map_reads_the_enemy_reach_with_the_moving_unit_gone():
    from officers_chess.ai.assess import ExchangeBook, unit_values
    from officers_chess.ai.danger import DangerMap

    scout = unit("a1", A, (3, 0), hp=10, weapon=None)
    brute = unit("d1", D, (0, 0), weapon=weapon(might=20))
    state = game(plains(14, 1), [scout, brute])
    danger = DangerMap(state, [state.unit("d1")], ExchangeBook(), unit_values(state), [state.unit("a1")])
    harm, rout, _ = danger.parts(state.unit("a1"), (5, 0))
    assert harm > 0 and rout > 0  # five steps take the brute to (4, 0) once the scout has left (3, 0)
    assert danger.parts(state.unit("a1"), (7, 0)) == (0.0, 0.0, 0.0)  # beyond its move and reach either way


@pytest.mark.parametrize("falls", ["protect", "defeat"])
def test_a_unit_whose_fall_loses_the_battle_does_not_walk_into_a_lethal_reach_to_gain_ground(falls):
    """Round 8 of 10, the clock against it: the envoy that must escape east, and must not fall (ours to protect,
    or the one the enemy wins by defeating), has an enemy between it and the exits whose one blow routs it. Every
    step nearer the exits is a step into that reach; the envoy waits for the way to clear rather than trade the
    battle for a few tiles (it walked in, and fell)."""
    from officers_chess.rules.battle.objectives import TimeLimit

    envoy = unit("a1", A, (4, 1), tags=["Fleeing"], weapon=weapon(might=1), hp=12)  # armed: it may take blows
    brute = unit("d1", D, (11, 1), weapon=weapon(might=20), skl=20)
    mine = [Condition(kind="escape", count=1)] + ([Condition(kind="protect", unit="A1")] if falls == "protect" else [])
    theirs = [Condition(kind="rout")] + ([Condition(kind="defeat", unit="A1")] if falls == "defeat" else [])
    state = game(plains(20, 3), [envoy, brute]).model_copy(update={
        "escape_tiles": [(19, y) for y in range(3)],
        "victory": {A: mine, D: theirs},
        "time_limit": TimeLimit(rounds=10, reason="Nightfall.", winner=D)})
    state.round = 8
    _, after = activation(state)
    reach = after.model_copy(update={"to_act": D}).reach(after.unit("d1")).costs
    assert all(distance(tile, after.unit("a1").pos) > 1 for tile in reach), after.unit("a1").pos


def test_an_attack_whose_counter_may_rout_a_unit_the_side_must_protect_weighs_the_battle_it_would_lose():
    from officers_chess.ai.assess import ExchangeBook
    from officers_chess.ai.goals import Fields
    from officers_chess.ai.judge import FALL_POINTS, Judge

    def attack_value(protected: bool):
        units = [unit("a1", A, (2, 1), hp=5, weapon=weapon(might=9)), unit("d1", D, (3, 1), hp=12, weapon=weapon(might=8))]
        mine = [Condition(kind="rout")] + ([Condition(kind="protect", unit="A1")] if protected else [])
        state = game(plains(8, 3), units).model_copy(update={"victory": {A: mine, D: [Condition(kind="rout")]}})
        judge = Judge(state, A, ExchangeBook(), Fields())
        [strike] = [o for o in judge.options(state.unit("a1"), (2, 1)) if isinstance(o.first, Attack)]
        return strike

    plain, guarded = attack_value(False), attack_value(True)
    assert plain.exchange == guarded.exchange and 0 < plain.exchange.death < 1
    # Beyond what its higher worth as a unit takes off, its rout costs the battle.
    assert guarded.value <= plain.value - FALL_POINTS * plain.exchange.death


def test_a_unit_whose_fall_loses_the_battle_does_not_count_on_allies_still_to_act_to_wall_it_off():
    """A lane: the enemy, one ally of ours standing in the way, then the envoy. The ally has not acted yet and may
    step aside before the enemy's blow comes, so for the envoy (and only for a unit whose fall loses the battle)
    the way is open; once the ally has acted and stays, the wall holds. (An envoy rested behind a line of allies
    that then walked off, and was routed.)"""
    from officers_chess.ai.assess import ExchangeBook
    from officers_chess.ai.goals import Fields
    from officers_chess.ai.judge import Judge

    def judged(wall_acted: bool, protected: bool):
        units = [unit("a1", A, (5, 0), weapon=weapon(might=1)), unit("a2", A, (3, 0), activated=wall_acted),
                 unit("d1", D, (0, 0), weapon=weapon(might=20), skl=20)]
        mine = [Condition(kind="rout")] + ([Condition(kind="protect", unit="A1")] if protected else [])
        state = game(plains(14, 1), units).model_copy(update={"victory": {A: mine, D: [Condition(kind="rout")]}})
        judge = Judge(state, A, ExchangeBook(), Fields())
        return judge, state.unit("a1")

    judge, envoy = judged(wall_acted=False, protected=True)
    assert judge.danger.parts(envoy, (5, 0)) == (0.0, 0.0, 0.0)  # behind the wall as it stands
    harm, rout, _ = judge.danger.parts(envoy, (5, 0), wary=True)
    assert harm > 0 and rout > 0  # with the ally that may still move gone
    behind = judge.place_value(envoy, (5, 0), envoy.hp)
    unguarded, envoy = judged(wall_acted=False, protected=False)
    assert behind < unguarded.place_value(envoy, (5, 0), envoy.hp) - 50  # the envoy reckons with it; others do not
    walled, envoy = judged(wall_acted=True, protected=True)
    assert walled.danger.parts(envoy, (5, 0), wary=True) == (0.0, 0.0, 0.0)  # an ally that has acted stays put


@pytest.mark.parametrize("round_number", [1, 9])
def test_a_side_the_time_limit_favours_does_not_grow_bolder_as_the_rounds_pass(round_number):
    """Round 9 of 10, and the clock gives the battle to our side if nothing changes. Stepping toward the enemy
    means standing where its blow lands, a trade our side needs no more in round 9 than in round 1: the unit
    keeps out of reach either way (late in the battle it walked in, as a side the clock works against should)."""
    from officers_chess.rules.battle.objectives import TimeLimit

    units = [unit("a1", A, (1, 1), weapon=weapon(might=4)), unit("d1", D, (9, 1), weapon=weapon(might=14))]
    state = game(plains(14, 3), units).model_copy(update={
        "victory": {A: [Condition(kind="rout")], D: [Condition(kind="rout")]},
        "time_limit": TimeLimit(rounds=10, reason="Relief arrives.", winner=A)})
    state.round = round_number
    _, after = activation(state)
    reach = after.model_copy(update={"to_act": D}).reach(after.unit("d1")).costs
    assert all(distance(tile, after.unit("a1").pos) > 1 for tile in reach), after.unit("a1").pos


def test_a_mage_is_valued_by_what_its_tome_deals_in_the_edition_it_fights_under():
    """In The Letter Drill (ratings edition) Fire hits with the Mage's Magic rating and he strikes twice: the
    hardest hitter on the field, and so the enemy most worth wearing down. Valued by Strength plus Might he
    came out the least of the six, and a Soldier beside him would rather wait than trade blows with him."""
    from officers_chess.ai.assess import unit_values
    from officers_chess.content.loaders import find_scenario, load_scenario

    state = load_scenario(find_scenario("ratings_letter_drill")).new_battle(seed=1)
    values = {state.unit(k).name: v for k, v in unit_values(state).items()}
    assert values["Eamon"] == max(values.values()), values  # the Mage
    assert values["Eamon"] > values["Dagny"] > values["Brisa"], values  # then the Brigand's axe, over the Soldier's lance


def test_an_enemy_torn_between_two_targets_counts_as_a_share_of_its_threat_on_each():
    """Two of ours stand either side of an enemy that would score a blow on either the same. It will strike
    one of them, not both: each counts its threat between the share of a threat with a better target elsewhere
    and the whole of it. (A tie counted in full on both, and a point either way flipped it to the share.)"""
    from officers_chess.ai.assess import ExchangeBook, unit_values
    from officers_chess.ai.danger import ELSEWHERE_SHARE, DangerMap

    def harm(ours):
        state = game(plains(9, 1), ours + [unit("d1", D, (4, 0), weapon=weapon(might=8))])
        danger = DangerMap(state, [state.unit("d1")], ExchangeBook(), unit_values(state),
                           [state.unit(u.id) for u in ours])
        return danger.parts(state.unit("a1"), (2, 0))[0]

    alone = harm([unit("a1", A, (2, 0))])
    torn = harm([unit("a1", A, (2, 0)), unit("a2", A, (6, 0))])
    assert alone > 0
    assert ELSEWHERE_SHARE * alone < torn < alone, (torn, alone)


def test_a_blow_the_targets_hp_sets_is_valued_at_what_it_takes_from_that_target():
    """A tome that leaves its target at 1 HP (Devastate) has no Might to speak of: valued by the damage formula it
    hit for almost nothing, and its bearer came out the least worth wearing down. Against a 20 HP enemy each hit
    takes 19, once: what the unit is worth comes of that (counted on the enemy at full HP, as the rest is)."""
    from officers_chess.ai.assess import ExchangeBook
    from officers_chess.rules.combat.exchange import Fighter, Role

    tome = weapon("dark", might=0, range=(1, 2), tags=["Devastate"], name="Test Ruin")
    witch = unit("a1", A, (0, 0), weapon=tome, spd=0)
    swordsman = unit("a2", A, (0, 2), weapon=weapon(might=5), spd=0)
    wall = unit("d1", D, (3, 0), hp=7, spd=0)  # wounded: the worth is counted at its full 20
    state = game(plains(6, 3), [witch, swordsman, wall])
    ground = state.map.terrain_at((1, 1))
    punch = ExchangeBook().punches(state, [witch, swordsman, wall], ground)
    plan = state.rules.plan(Fighter(witch, ground), Fighter(wall, ground), 1)
    assert plan.swings(Role.ATTACKER) == 1 and plan.attacker.hp_rule("hit") == "devastate"
    hit = max(0, plan.attacker.skill) / plan.attacker.faces
    assert wall.max_hp == 20
    assert punch["a1"] == pytest.approx(hit * 19)  # the formula's figure: 4 a hit
    assert punch["a1"] > punch["a2"]
    # Fast and sure: two swings that always land. The first leaves 1 HP, the second takes nothing: 19, not 38.
    quick = unit("a3", A, (0, 0), weapon=tome, spd=20, skl=40)
    state = game(plains(6, 3), [quick, wall])
    plan = state.rules.plan(Fighter(quick, ground), Fighter(wall, ground), 1)
    assert plan.swings(Role.ATTACKER) == 2 and plan.attacker.skill >= plan.attacker.faces
    assert ExchangeBook().punches(state, [quick, wall], ground)["a3"] == pytest.approx(19)


@pytest.mark.parametrize("clock_for", ["us", "them"])
def test_a_side_winning_on_time_does_not_risk_the_rout_that_would_lose_it_the_battle(clock_for):
    """Round 7 of 10; the defender wins if it lasts, the attacker by routing it, and one unit at 4 HP is all the
    defender has left, beside a hurt attacker. Striking would likely rout the attacker, but a miss lets its counter
    rout ours and hands over the battle the clock was giving us: the unit keeps out of reach (it struck, and fell).
    With the clock against it the same unit must still take its chance (rulings P34, P20)."""
    from officers_chess.ai.assess import ExchangeBook
    from officers_chess.ai.goals import Fields
    from officers_chess.ai.judge import Judge
    from officers_chess.rules.battle.objectives import TimeLimit

    units = [unit("d1", D, (2, 1), hp=4, weapon=weapon(might=9)), unit("a1", A, (7, 1), hp=6, weapon=weapon(might=9)),
             unit("a2", A, (13, 1), activated=True)]
    winner = D if clock_for == "us" else A
    state = game(plains(14, 3), units, to_act=D).model_copy(update={
        "victory": {A: [Condition(kind="rout")], D: [Condition(kind="rout")]},
        "time_limit": TimeLimit(rounds=10, reason="The relief arrives.", winner=winner)})
    state.round = 7
    judge = Judge(state, D, ExchangeBook(), Fields())
    assert judge.sheltered(state.unit("d1")) is (clock_for == "us")
    [strike] = [o for o in judge.options(state.unit("d1"), (6, 1)) if isinstance(o.first, Attack)]
    assert 0.1 < strike.exchange.death < 0.9  # a real chance either way
    actions, after = activation(state)
    if clock_for == "us":
        assert not any(isinstance(a, Attack) for a in actions), actions
        reach = after.model_copy(update={"to_act": A}).reach(after.unit("a1")).costs
        assert all(distance(tile, after.unit("d1").pos) > 1 for tile in reach), after.unit("d1").pos
    else:  # the clock hands the battle over anyway: the strike is its way to win
        assert Attack(target="a1") in actions, actions


def test_a_leader_on_the_throne_seizes_it_whatever_its_script_says_to_strike():
    """The Leader's script says "pursue nearest", and an enemy stands in reach as it steps onto the throne: seizing
    wins the battle now, so it seizes (a play-test saw it strike instead, and the battle went on)."""
    from officers_chess.rules.pieces.orders import Order

    leader = unit("a1", A, (3, 1), tags=["Leader"], weapon=weapon(might=9)).model_copy(
        update={"orders": [Order(do="pursue nearest")]})
    state = game(plains(8, 3), [leader, unit("d1", D, (4, 1), hp=5)]).model_copy(
        update={"seize_tiles": [(3, 1)], "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})
    for policy in (NormalPolicy(0), HardPolicy(0)):
        actions, after = activation(state, policy)
        assert Special(name="seize") in actions, (type(policy).__name__, actions)
        assert after.is_over and after.result.winner is A


@pytest.mark.parametrize("script", ["pursue nearest", "hold", "keep distance 3"])
def test_a_leader_whose_script_would_keep_it_elsewhere_still_takes_the_throne_in_reach(script):
    """The throne is two steps away and seizing it wins now; the script would send the Leader at an enemy, keep it
    still or keep it away from enemies: it steps onto the throne and seizes (rulings P36)."""
    from officers_chess.rules.pieces.orders import Order

    leader = unit("a1", A, (1, 1), tags=["Leader"], weapon=weapon(might=9)).model_copy(
        update={"orders": [Order(do=script)]})
    state = game(plains(10, 3), [leader, unit("d1", D, (7, 1), hp=5)]).model_copy(
        update={"seize_tiles": [(3, 1)], "victory": {A: [Condition(kind="seize")], D: [Condition(kind="rout")]}})
    for policy in (NormalPolicy(0), HardPolicy(0)):
        actions, after = activation(state, policy)
        assert actions[0] == Move(unit="a1", to=(3, 1)) and Special(name="seize") in actions, (script, actions)
        assert after.is_over and after.result.winner is A
