"""A broken side's flight (docs/rulings.md P13-P16): any unit of a broken side may leave by an exit tile, whoever
plays it, and is then beaten as a routed unit is; a flight never counts toward escape or heist; the computer runs;
campaign pay follows the result; the log, the screens, `replay --text` and `simulate --json` say who fled; and an
enemy that flees out of sight shows a seat nothing.

The hand-built battles use tests/factories.py on open plains. Morale starts at 4 and breaks at 2, so a single rout
(2 morale) breaks a side; `broken()` starts the defender broken already.
"""

from __future__ import annotations

import io
import json

import pytest
from factories import A, D, game, plains, seed_for, unit
from rich.console import Console

from officers_chess.ai.directives import directive
from officers_chess.ai.play import make_policy
from officers_chess.commands.console import main
from officers_chess.rules.battle import victory
from officers_chess.rules.battle.actions import Attack, Move, Special, Wait
from officers_chess.rules.battle.flight import fled_line
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.campaign.book import Chapter, Payouts
from officers_chess.rules.campaign.chapters import come_through
from officers_chess.rules.campaign.company import Company
from officers_chess.rules.campaign.payouts import chapter_payouts
from officers_chess.rules.muster.army import Recruit
from officers_chess.session.action_menu import menu_items
from officers_chess.session.fog_log import log_lines
from officers_chess.tui.screens.result import summary

RULES = MoraleRules(start=4, waver=3, broken=2, rally=1)
ESCAPE = Special(name="escape")
HIT = range(2, 11)  # a d20 that hits a baseline unit (Skill 10)


def battle(units, width: int = 9, height: int = 3, exits=((8, 0), (8, 1), (8, 2)), defender: int = 4,
           to_act=A, seed: int = 0, **fields) -> GameState:
    """Plains with exits on the east edge and morale in play (the defender's at `defender`)."""
    state = game(plains(width, height), list(units), to_act=to_act, seed=seed)
    state.escape_tiles = list(exits)
    state.morale_rules = RULES
    state.morale = {A: 4, D: defender}
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def broken(units, **kw) -> GameState:
    return battle(units, defender=2, to_act=D, **kw)


def do(state: GameState, *actions, log: list | None = None) -> GameState:
    for action in actions:
        outcome = apply_action(state, action)
        if log is not None:
            log.extend(event.text() for event in outcome.events)
        state = outcome.state
    return state


def stand(state: GameState, unit_id: str) -> GameState:
    """Let other units stay and wait until `unit_id` may act, then activate it where it stands (its turn is then open
    for its action)."""
    while unit_id not in {u.id for u in state.waiting(state.to_act)}:
        other = state.waiting(state.to_act)[0]
        state = do(state, Move(unit=other.id, to=other.pos), Wait())
    return do(state, Move(unit=unit_id, to=state.unit(unit_id).pos))


def ended(state: GameState, winner, tier: str, says: str) -> None:
    assert state.is_over, "the battle should be over"
    assert (state.result.winner, state.result.tier) == (winner, tier), state.result
    assert says in state.result.reason, state.result.reason


def test_a_side_that_breaks_leaves_by_the_exits_and_the_other_side_wins():
    """The attacker routs one of three; the defender breaks, and the computer (normal) runs the other two off the
    map: the attacker wins, decisively, though nobody touched them. Before P13 they stood on the exits."""
    units = [unit("a1", A, (0, 1), str=20), unit("d1", D, (1, 1), weapon=None),
             unit("d2", D, (6, 0)), unit("d3", D, (6, 2))]
    state, log = battle(units, seed=seed_for(HIT)), []
    state = do(stand(state, "a1"), Attack(target="d1"), log=log)
    assert state.unit("d1").routed and state.morale[D] == 2  # one rout breaks it
    computer, steps = make_policy("normal", 1), 0
    while not state.is_over and steps < 40:
        steps += 1
        side = state.active_unit.side if state.active_unit else state.to_act
        if side is D:
            action = computer.choose(state)
        elif state.active is None:
            action = Move(unit=state.waiting(A)[0].id, to=state.waiting(A)[0].pos)  # the attacker lets them go
        else:
            action = Wait()
        state = do(state, action, log=log)
    ended(state, A, "decisive", "every defender unit was routed or fled")
    for runner in ("d2", "d3"):
        assert state.unit(runner).fled and state.unit(runner).hp > 0  # beaten, and alive
    assert "D2 flees the battlefield: the defender is broken." in log
    assert fled_line(state) == "Fled the field: defender D2, D3."


@pytest.mark.parametrize("aims", [{}, {A: [Condition(kind="survive", rounds=9)]}], ids=["rout", "no-rout-condition"])
def test_a_broken_band_with_the_fleeing_role_no_longer_leaves_a_draw(aims):
    """The draw P13 ends: Fleeing units of a side with no escape objective escaped, and nobody had won. The
    attacker's rout is met; without one, a side with nobody left, every unit routed or fled, has lost."""
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0), scenario_tags=["Fleeing"]),
             unit("d2", D, (8, 2), scenario_tags=["Fleeing"])]
    state = do(stand(broken(units, victory=aims), "d1"), ESCAPE)
    assert state.unit("d1").fled and not state.is_over
    state = do(stand(state, "d2"), ESCAPE)
    ended(state, A, "decisive", "every defender unit was routed or fled")


def test_a_rout_of_a_share_counts_the_fled():
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (5, 2))]
    state = do(stand(broken(units, victory={A: [Condition(kind="rout", share=0.5, tier="victory")]}), "d1"), ESCAPE)
    ended(state, A, "victory", "50% of the defender units were routed or fled")


def test_breaking_hands_no_side_its_escape_only_its_own_fleeing_units_count():
    """Under an escape objective a Fleeing unit of a broken side still escapes for it (P14); a unit that could
    leave only because its side broke flees, and does not count toward it."""
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0), scenario_tags=["Fleeing"]), unit("d2", D, (8, 1)),
             unit("d3", D, (8, 2), scenario_tags=["Fleeing"])]
    goal = {D: [Condition(kind="escape", count=2)]}
    steady = stand(battle(units, to_act=D, victory=goal), "d2")
    assert ESCAPE not in legal_actions(steady)  # only a broken side runs
    state = do(stand(broken(units, victory=goal), "d2"), ESCAPE)
    assert state.unit("d2").fled
    state = do(stand(state, "d1"), ESCAPE)
    assert not state.unit("d1").fled and not state.is_over  # one escape, not two: the flight did not count
    state = do(stand(state, "d3"), ESCAPE)
    ended(state, D, "victory", "2 defender units escaped")


def test_loot_carried_off_by_a_flight_is_no_heist():
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (8, 2))]
    state = broken(units, victory={D: [Condition(kind="heist", count=1)]})
    loot = state.unit("d1").inventory[0].name  # the unit's own weapon stands for an item from a chest
    state.tallies[D].loot = [f"d1:{loot}"]
    state = do(stand(state, "d1"), ESCAPE)
    assert state.unit("d1").fled and victory.carried_off(state, D) == 0 and not state.is_over


@pytest.mark.parametrize("kind, side, says", [
    ("defeat", A, "D1 fled the field"),
    ("protect", D, "D1, whom the defender had to protect, fled the field"),
])
def test_a_named_unit_that_flees_is_defeated_and_not_protected(kind, side, says):
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (5, 2))]
    state = do(stand(broken(units, victory={side: [Condition(kind=kind, unit="D1")]}), "d1"), ESCAPE)
    ended(state, A, "victory", says)


def test_a_person_playing_a_broken_side_is_offered_escape_on_an_exit_tile():
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (6, 2))]
    state = stand(broken(units), "d1")
    assert ESCAPE in legal_actions(state)
    item = next(i for i in menu_items(state, state.unit("d1"), legal_actions(state)) if ESCAPE in i.actions)
    assert item.label == "Flee the field (beaten)"  # named for what it is: no objective
    foggy = state.model_copy(update={"fog": True})
    assert ESCAPE in legal_actions(view(foggy, D).known)  # the side's own view offers it: it knows its own morale
    assert ESCAPE not in legal_actions(stand(broken(units), "d2"))  # off the exits: no
    assert ESCAPE not in legal_actions(stand(battle(units, to_act=D), "d1"))  # steady: no


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_the_computer_keeps_a_unit_its_leader_rallies_even_on_an_exit(level):
    """A flight is offered to every unit of a broken side, but the computer takes it only under the flee order morale
    gives (P15): one standing by its Leader holds firm, and does not leave because the tile it stands on allows it."""
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d9", D, (8, 1), scenario_tags=["Leader"])]
    state = stand(broken(units), "d1")
    assert ESCAPE in legal_actions(state)
    assert make_policy(level, 1).choose(state) != ESCAPE
    alone = stand(broken([units[0], units[1], unit("d9", D, (3, 2), scenario_tags=["Leader"])]), "d1")
    assert make_policy(level, 1).choose(alone) == ESCAPE  # out of the Leader's reach it runs


def test_on_a_map_without_exits_a_broken_side_keeps_away_and_cannot_leave():
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (6, 2))]
    state = broken(units, exits=())
    order = directive(state, state.unit("d1"))
    assert order.orders[0].behaviour == "flee" and order.away and order.goal is None
    assert ESCAPE not in legal_actions(stand(state, "d1"))


def test_campaign_pay_follows_the_result_and_a_fled_unit_comes_home():
    """The attacker broke the defender and won: it takes the decisive purse; the unit that fled pays no bounty
    (it is not lost) and comes home as a veteran, while the routed one is lost."""
    units = [unit("a1", A, (0, 1), str=20), unit("d1", D, (1, 1), weapon=None), unit("d2", D, (8, 0))]
    state = do(stand(battle(units, seed=seed_for(HIT)), "a1"), Attack(target="d1"))
    state = do(stand(state, "d2"), ESCAPE)
    ended(state, A, "decisive", "every defender unit was routed or fled")
    chapter = Chapter(id="c", scenario="x", sides={"p1": A, "p2": D})
    costs = {A: {"a1": 300}, D: {"d1": 200, "d2": 250}}
    pay = chapter_payouts(state, chapter, Payouts(), costs)
    assert [(p.reason, p.gold) for p in pay["p1"]] == [("routed D1, a Tester of cost 200", 200),
                                                       ("a decisive win", 200)]
    assert pay["p2"] == []
    recruits = [Recruit(name="D1", unit_class="Tester"), Recruit(name="D2", unit_class="Tester")]
    survivors, lost = come_through(state, D, recruits, Company(chest=0))
    assert [v.name for v in survivors] == ["D2"] and lost == ["D1"]


def test_an_enemy_fleeing_out_of_sight_shows_a_seat_nothing():
    """Under fog, a defender that flees far from the attacker's sight leaves the attacker's view and log exactly as
    if it had only waited (rulings F-series: a seat's view holds nothing it may not know)."""
    units = [unit("a1", A, (0, 1)), unit("d1", D, (19, 1)), unit("d2", D, (12, 1))]
    start = broken(units, width=20, exits=((19, 0), (19, 1), (19, 2)), fog=True)
    assert not {(19, 1), (12, 1)} & start.seen_by(A)

    def seen_by_attacker(*actions) -> tuple:
        state, lines = start, []
        for action in actions:
            outcome = apply_action(state, action)
            lines += log_lines(state, outcome.state, outcome.events, A)
            state = outcome.state
        seat = view(state, A)  # what the attacker's screens are drawn from
        return seat.known.model_dump_json(), seat.sight, lines

    fled, waited = (seen_by_attacker(Move(unit="d1", to=(19, 1)), last) for last in (ESCAPE, Wait()))
    assert fled == waited


def test_the_result_screen_counts_and_names_who_fled():
    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (8, 2))]
    state = do(stand(broken(units), "d1"), ESCAPE)
    state = do(stand(state, "d2"), ESCAPE)
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(summary(state))
    text = console.export_text()
    assert "Units fled" in text and "Fled the field: defender D1, D2." in text
    assert "Units escaped" not in text  # a flight is not an escape


SCENARIO = """name: Rout at the Yard
map: training_yard
edition: v0.6
briefing: A band that breaks at its first loss and runs for the east fence.
first_deployer: defender
morale: {start: 4, waver: 3, broken: 2}
tiles:
  escape: [[10, 1], [10, 2], [10, 3], [10, 4], [10, 5], [10, 6], [10, 7], [10, 8]]
armies:
  attacker:
    - {name: Hale, class: Mercenary, items: [Steel Sword], at: [2, 4]}
    - {name: Wren, class: Archer, items: [Iron Bow], at: [2, 6]}
    - {name: Ode, class: Fighter, items: [Steel Axe], at: [2, 5]}
  defender:
    - {name: Bram, class: Fighter, items: [Iron Axe], at: [5, 4]}
    - {name: Tilda, class: Soldier, items: [Iron Lance], at: [7, 5]}
    - {name: Pell, class: Soldier, items: [Iron Lance], at: [7, 3]}
"""


def test_simulate_json_counts_the_fled_and_replay_text_names_them(tmp_path, capsys):
    path, saves = tmp_path / "rout_yard.yaml", tmp_path / "saves"
    path.write_text(SCENARIO)
    assert main(["simulate", str(path), "--games", "2", "--seed", "1", "--json", "--save-dir", str(saves)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["fled"]["defender"] > 0, report
    told = []
    for save in sorted(saves.glob("*.json")):
        assert main(["replay", str(save), "--text"]) == 0
        told.append(capsys.readouterr().out)
    runs = [text for text in told if "flees the battlefield: the defender is broken." in text]
    assert runs and all("\nFled the field: defender " in text for text in runs)


async def test_the_side_pane_names_who_fled_under_the_morale(tmp_path):
    from pilot_helpers import side_pane_shown

    from officers_chess.content.loaders import load_scenario
    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.screens.battle import BattleScreen

    path = tmp_path / "rout_yard.yaml"
    path.write_text(SCENARIO)
    loaded = load_scenario(path)
    state = loaded.new_battle(1)
    bram = next(u for u in state.units if u.name == "Bram")
    state.morale[D], bram.pos = 2, (9, 3)
    state = do(stand(state, bram.id), ESCAPE)
    app = OfficersChessApp(scenario=loaded, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(BattleScreen(loaded, state))
        await pilot.pause()
        text = side_pane_shown(app)
        assert "Morale: attacker 4 (steady), defender 2 (broken)" in text and "Fled the field: defender Bram." in text, text


async def test_the_result_screen_counts_the_hp_of_units_that_fled_alive():
    """Two defenders flee with their HP: the result screen's HP left is theirs, not a 0 that reads as two deaths."""
    from pilot_helpers import screen_rows

    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.screens.result import ResultScreen

    units = [unit("a1", A, (0, 1)), unit("d1", D, (8, 0)), unit("d2", D, (8, 2))]
    state = do(stand(broken(units), "d1"), ESCAPE)
    state = do(stand(state, "d2"), ESCAPE)
    assert all(state.unit(u).fled for u in ("d1", "d2"))
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ResultScreen(state))
        await pilot.pause()
        row = next(line for line in screen_rows(app) if "HP left" in line)
        numbers = row.split("HP left")[1].split()[:2]
        fled_hp = state.unit("d1").hp + state.unit("d2").hp
        assert numbers == [str(state.unit("a1").hp), str(fled_hp)], numbers
