"""What validate must catch before play does: a side that hires must be able to hire and place its smallest army.

Each hostile scenario is written into tmp_path beside a small map, and must be refused by `validate`
and by `simulate` (exit 2, one line naming the file and the line of the offending key, marked `#!`
in the text below). Scenarios where only some of the allowed classes fit the zone are accepted, and
the computer then hires classes that fit and plays them to the end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual.app import App

from officers_chess.ai.muster_ai import deploy_army, hire_army, muster
from officers_chess.ai.play import make_policy
from officers_chess.commands.console import main
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.muster.army import Army, Recruit, army_problems
from officers_chess.rules.muster.phases import Muster, MusterError, Phase, current, finish_step, set_army
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.checks import check_scenario
from officers_chess.rules.scenario.setup import Scenario
from officers_chess.session.muster_session import MusterSession
from officers_chess.tui.screens.deployment import DeploymentScreen

from pilot_helpers import screen_text

A, D = Side.ATTACKER, Side.DEFENDER
FIXTURES = Path(__file__).parent / "fixtures"

# 8×5, v0.6: row 1 holds two walls, two sea tiles, two mountains and two plains; the rest is plains.
FIELD = """name: Zone Field
tiles: |
  ##}}^^..
  ........
  ........
  ........
  ........
"""
# The same for d100, whose table lets anyone wade water, and whose ice nobody can stand on.
D100_FIELD = """name: Zone Field d100
tiles: |
  <<}}^^..
  ........
  ........
  ........
  ........
"""
DEFENDER = """  defender:
    war_chest: 2000
    army: {min: 1, max: 6}
    deploy: [{from: [7, 2], to: [8, 5]}]
"""


def write(tmp_path: Path, name: str, attacker: str, defender: str = DEFENDER, extra: str = "", edition: str = "") -> Path:
    """A scenario whose attacker hires by the rules in `attacker` (indented under `sides.attacker`)."""
    (tmp_path / "field.yaml").write_text(D100_FIELD if edition == "d100" else FIELD)
    head = f"name: {name}\nmap: field.yaml\n" + (f"edition: {edition}\n" if edition else "")
    text = head + "sides:\n  attacker:\n" + attacker + defender + extra
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def marked_line(path: Path) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if "#!" in line)


# name -> (the attacker's rules, words the message must contain, the rest of the file)
REFUSED: dict[str, tuple[str, str, str]] = {
    "too_few_tiles": (
        "    war_chest: 2000\n    army: {min: 4, max: 6}\n"
        "    deploy: [{from: [1, 3], to: [3, 3]}]  #!\n",
        "the attacker's deployment zone has 3 tiles where a unit of any class can stand; its smallest army is 4 units",
        ""),
    "walls_in_the_zone": (
        "    war_chest: 2000\n    army: {min: 2, max: 6}\n"
        "    deploy:  #!\n      - {from: [1, 1], to: [2, 1]}\n      - {from: [1, 3], to: [1, 3]}\n",
        "has 1 tile where a unit of any class can stand; its smallest army is 2 units (of the zone's 3 tiles, 2 are Wall)",
        ""),
    "water_for_foot_classes": (
        "    war_chest: 2000\n    army: {min: 2, max: 6}\n    classes: [Mercenary, Fighter]\n"
        "    deploy: [{from: [3, 1], to: [4, 1]}, {from: [1, 3], to: [1, 3]}]  #!\n",
        "has 1 tile where its allowed classes (Mercenary or Fighter) can stand; its smallest army is 2 units "
        "(of the zone's 3 tiles, 2 are Sea or lake)",
        ""),
    "mountains_for_riders_and_armour": (
        "    war_chest: 2000\n    army: {min: 2, max: 6}\n    classes: [Cavalier, Knight]\n"
        "    deploy: [{from: [5, 1], to: [6, 1]}, {from: [1, 3], to: [1, 3]}]  #!\n",
        "has 1 tile where its allowed classes (Knight or Cavalier) can stand; its smallest army is 2 units "
        "(of the zone's 3 tiles, 2 are Mountain)",
        ""),
    "zone_held_by_placed_units": (
        "    war_chest: 2000\n    army: {min: 3, max: 6}\n"
        "    deploy: [{from: [1, 3], to: [3, 3]}]  #!\n",
        "has 2 tiles where a unit of any class can stand; its smallest army is 3 units (of the zone's 3 tiles, 1 is held by Bo)",
        "armies:\n  defender:\n    - {name: Bo, class: Fighter, items: [Iron Axe], at: [2, 3]}\n"),
    "smallest_army_unaffordable": (
        "    war_chest: 30  #!\n    army: {min: 3, max: 6}\n"
        "    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "the attacker cannot afford its smallest army: 3 units cost at least",
        ""),
    "no_class_allowed": (
        "    war_chest: 2000\n    classes: []  #!\n"
        "    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "the attacker hires its army but may hire no class (`classes` is empty)",
        ""),
    "no_weapon_its_classes_wield": (
        "    war_chest: 2000\n    classes: [Mercenary]\n    items: [Iron Axe, Heal Staff]  #!\n"
        "    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "the attacker can arm none of the classes it may hire: no item it may buy is a weapon Mercenary can wield",
        ""),
    "role_count_above_the_army_maximum": (
        "    war_chest: 2000\n    army: {min: 1, max: 2}\n    roles:\n      - {role: Fleeing, count: 3}  #!\n"
        "    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "3 units must be Fleeing, but the attacker's army may have at most 2 units",
        ""),
    "role_count_larger_than_the_zone": (
        "    war_chest: 2000\n    army: {min: 1, max: 6}\n    roles: [{role: Fleeing, count: 4}]\n"
        "    deploy: [{from: [1, 3], to: [3, 3]}]  #!\n",
        "has 3 tiles where a unit of any class can stand; its smallest army is 4 units, as 4 must be Fleeing",
        ""),
    "role_given_two_counts": (
        "    war_chest: 2000\n    army: {min: 2, max: 6}\n    roles:\n      - {role: Leader, count: 1}\n"
        "      - {role: Leader, count: 2}  #!\n    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "the Leader role has two rules (entries 1 and 2); give it one count",
        ""),
    "negative_role_count": (
        "    war_chest: 2000\n    roles:\n      - {role: Leader, count: -1}  #!\n"
        "    deploy: [{from: [1, 3], to: [4, 3]}]\n",
        "a role count is a number of units (0 or more) or `all`, not -1",
        ""),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_validate_refuses_a_zone_or_army_rule_that_cannot_be_mustered(name, tmp_path, capsys):
    attacker, words, extra = REFUSED[name]
    path = write(tmp_path, name, attacker, extra=extra)
    line = marked_line(path)
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"{path}:{line}: "), err
    assert words in err, err


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_simulate_refuses_it_too_in_one_line(name, tmp_path, capsys):
    attacker, words, extra = REFUSED[name]
    path = write(tmp_path, name, attacker, extra=extra)
    assert main(["simulate", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert f"{path}:{marked_line(path)}: " in err and words in err, err


def test_the_editions_terrain_table_decides_what_stands(tmp_path, capsys):
    """d100 lets anyone wade water (the v0.6 refusal above is accepted there), and nobody stands on its ice."""
    wading = ("    war_chest: 2000\n    army: {min: 2, max: 6}\n    classes: [Mercenary, Fighter]\n"
              "    deploy: [{from: [3, 1], to: [4, 1]}]\n")
    assert main(["validate", str(write(tmp_path, "wading", wading, edition="d100"))]) == 0
    icy = write(tmp_path, "icy", "    war_chest: 2000\n    army: {min: 2, max: 6}\n"
                "    deploy: [{from: [1, 1], to: [2, 1]}, {from: [1, 3], to: [1, 3]}]  #!\n", edition="d100")
    capsys.readouterr()
    assert main(["validate", str(icy)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{icy}:{marked_line(icy)}: ") and "2 are Ice" in err, err


# Only some classes fit: two sea tiles only the Pegasus Knight can stand on, two plains for anyone.
SOME_FIT = ("    war_chest: 2000\n    army: {min: 3, max: 4}\n    classes: [Mercenary, Pegasus Knight]\n"
            "    deploy: [{from: [3, 1], to: [4, 1]}, {from: [1, 3], to: [2, 3]}]\n")
# A zone of four tiles and no `army` rule: the army may have 12 units, the zone holds 4.
SMALL_ZONE = "    war_chest: 5000\n    deploy: [{from: [1, 3], to: [4, 3]}]\n"


@pytest.mark.parametrize("rules", [SOME_FIT, SMALL_ZONE], ids=["only_some_classes_fit", "zone_smaller_than_the_army_maximum"])
def test_a_zone_some_armies_fit_is_accepted_and_simulate_plays_it_out(rules, tmp_path, capsys):
    path = write(tmp_path, "fits", rules)
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert main(["simulate", str(path), "--games", "6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6


def test_the_computer_hires_only_classes_that_fit_and_places_them_all(tmp_path):
    loaded = load_scenario(write(tmp_path, "some_fit", SOME_FIT))
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    mercenaries = set()
    for seed in range(40):
        army = hire_army(scenario, catalogue, A, random.Random(seed), battle_map)
        assert army_problems(army, A, scenario, catalogue, battle_map=battle_map) == []
        count = sum(r.unit_class == "Mercenary" for r in army.units)
        assert count <= 2  # only the two plains hold a Mercenary
        mercenaries.add(count)
        policies = {side: make_policy("greedy", seed + index) for index, side in enumerate(Side)}
        armies = muster(scenario, catalogue, battle_map, policies)
        assert len(armies[A]) >= 3 and loaded.new_battle(seed, armies=armies).living()
    assert len(mercenaries) > 1  # it still varies the army where the zone allows


def test_a_player_cannot_confirm_an_army_the_zone_cannot_hold(tmp_path):
    loaded = load_scenario(write(tmp_path, "some_fit", SOME_FIT))
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    recruit = [Recruit(name=f"M{i}", unit_class="Mercenary", items=["Iron Sword"]) for i in range(3)]
    army = Army(units=recruit)
    state = Muster()
    assert current(state, scenario) == (Phase.HIRING, D)
    state = finish_step(set_army(state, scenario, catalogue, D, hire_army(scenario, catalogue, D, random.Random(1))),
                        scenario, catalogue)
    with pytest.raises(MusterError, match="the deployment zone has room for only 2 of these 3 units"):
        set_army(state, scenario, catalogue, A, army, battle_map=battle_map)
    session = MusterSession(loaded)
    session.muster = state
    assert any("room for only 2 of these 3 units" in p for p in session.problems(army, A))
    with pytest.raises(MusterError, match="room for only 2"):
        session.set_army(A, army)
    mixed = Army(units=[*recruit[:2], Recruit(name="P", unit_class="Pegasus Knight", items=["Iron Lance"])])
    session.set_army(A, mixed)
    session.finish()  # two Mercenaries and a flier fit: the player may choose so


def test_the_computer_moves_a_unit_over_to_make_room(tmp_path):
    """The flier, placed first, takes a plain; a Mercenary then needs it, so the flier moves onto the sea."""
    rules = ("    war_chest: 2000\n    army: {min: 1, max: 3}\n"
             "    deploy: [{from: [4, 1], to: [4, 1]}, {from: [6, 3], to: [7, 3]}]\n")
    defender = "  defender:\n    war_chest: 2000\n    deploy: [{from: [8, 1], to: [8, 1]}]\n"
    loaded = load_scenario(write(tmp_path, "room", rules, defender=defender))
    flier = Recruit(name="Pip", unit_class="Pegasus Knight", items=["Iron Lance"])
    foot = [Recruit(name=n, unit_class="Mercenary", items=["Iron Sword"]) for n in ("Ann", "Cy")]
    spots = deploy_army(loaded.scenario, loaded.catalogue, loaded.battle_map, A, Army(units=[flier, *foot]), random.Random(0))
    assert spots == {"Pip": (3, 0), "Ann": (6, 2), "Cy": (5, 2)} or spots == {"Pip": (3, 0), "Ann": (5, 2), "Cy": (6, 2)}


def slipped_through() -> tuple[Scenario, object]:
    """A scenario made in code, never validated: the attacker's smallest army is 4, its zone has 3 tiles."""
    loaded = load_scenario(FIXTURES / "good" / "fixture_base.yaml")
    data = {"name": "Slipped", "map": "fixture_field",
            "sides": {"attacker": {"war_chest": 2000, "army": {"min": 4, "max": 6}, "deploy": [{"from": [1, 1], "to": [1, 3]}]},
                      "defender": {"war_chest": 2000, "deploy": [{"from": [7, 1], "to": [8, 5]}]}}}
    return Scenario.model_validate(data), loaded


def test_a_scenario_that_skipped_validate_gets_a_clear_muster_error():
    scenario, loaded = slipped_through()
    with pytest.raises(Exception, match="its smallest army is 4 units"):
        check_scenario(scenario, loaded.catalogue, loaded.battle_map)
    policies = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    with pytest.raises(MusterError, match="the computer cannot build the attacker's army: the attacker's deployment zone has 3 tiles"):
        muster(scenario, loaded.catalogue, loaded.battle_map, policies)
    army = Army(units=[Recruit(name=f"M{i}", unit_class="Mercenary", items=["Iron Sword"]) for i in range(4)])
    with pytest.raises(MusterError, match="has room for only 3 of its 4 units: no free tile of the zone is left where M3"):
        deploy_army(scenario, loaded.catalogue, loaded.battle_map, A, army, random.Random(0))


class DeployOnly(App):
    def __init__(self, session: MusterSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(DeploymentScreen(self.session, A))


async def test_the_deployment_screen_says_why_an_army_cannot_all_stand():
    """An army the zone cannot hold (the scenario skipped validate): the screen tells the player at once."""
    scenario, loaded = slipped_through()
    from dataclasses import replace

    session = MusterSession(replace(loaded, scenario=scenario))
    army = Army(units=[Recruit(name=f"M{i}", unit_class="Mercenary", items=["Iron Sword"]) for i in range(4)])
    defender = Army(units=[Recruit(name="Bo", unit_class="Fighter", items=["Iron Axe"])])
    # Straight to the attacker's Deployment (the steps before it are not what this test is about).
    session.muster = Muster(step=7, armies={A: army, D: defender}, hired_classes={A: ["Mercenary"] * 4, D: ["Fighter"]},
                            placements={D: {"Bo": (7, 0)}})
    assert session.current() == (Phase.DEPLOYING, A)
    app = DeployOnly(session)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeploymentScreen)
        told = screen.message.plain
        assert told.startswith("The deployment zone has room for only 3 of these 4 units"), told
        assert "cannot start as the scenario stands" in told
        assert "room for only 3 of these 4 units" in screen_text(app)


def content_files() -> list[Path]:
    good = [FIXTURES / "good", FIXTURES / "scripted", FIXTURES / "maps", FIXTURES / "orders" / "good_orders.yaml"]
    return sorted(bundled_scenarios()) + sorted(FIXTURES.glob("*.yaml")) + good


def test_every_bundled_scenario_and_good_fixture_still_validates(capsys):
    files = [str(p) for p in content_files()]
    assert main(["validate", *files]) == 0, capsys.readouterr().err


async def test_the_computers_failed_step_is_told_and_the_title_comes_back(tmp_path, monkeypatch):
    """The player hires; the computer's attacker then cannot (its zone is too small): a message, not a crash."""
    from dataclasses import replace

    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.screens.hiring import HiringScreen
    from officers_chess.tui.screens.title import TitleScreen

    from muster_keys import confirm_step, hire

    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    scenario, loaded = slipped_through()
    app = OfficersChessApp(scenario=replace(loaded, scenario=scenario), seed=3, computer={A: "greedy"})
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kwargs: told.append(message))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.side is D
        await hire(pilot, screen, "Fighter", ["Iron Axe"])
        await confirm_step(pilot)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert any("Army building cannot go on: the computer cannot build the attacker's army" in m
               and "its smallest army is 4 units" in m for m in told), told
