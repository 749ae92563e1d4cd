"""Deployment under fog (rulings F20-F22): what a deploying side sees of the enemy, on its screen and for the computer.

The non-interference tests render the second deployer's deployment screen at 80x24 for two musters that differ
only in where the first side deployed: byte for byte the same under fog, different when the scenario opens it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from muster_keys import confirm_step, deploy_all, hand_over
from pilot_helpers import screen_text as app_text

from officers_chess.ai.muster_ai import deploy_army
from officers_chess.commands.console import main
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.deploy_sight import (
    FogAtDeployment,
    deployed_in_sight,
    enemy_shown,
    fog_rule,
    placed_in_sight,
)
from officers_chess.rules.muster.phases import Muster, Phase, current, finish_step, place, set_army
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen

A, D = Side.ATTACKER, Side.DEFENDER
HOLLOW = find_scenario("hollow_road")  # bundled: fog, both sides hire, the defender deploys first
ARMIES = {
    D: Army(units=[Recruit(name="Rowan", unit_class="Fighter", items=["Iron Axe"]),
                   Recruit(name="Sabine", unit_class="Mercenary", items=["Iron Sword"]),
                   Recruit(name="Torvald", unit_class="Soldier", items=["Iron Lance"])]),
    A: Army(units=[Recruit(name="Arlen", unit_class="Archer", items=["Iron Bow"]),
                   Recruit(name="Brisa", unit_class="Mercenary", items=["Iron Sword"]),
                   Recruit(name="Corvin", unit_class="Fighter", items=["Iron Axe"])]),
}
# Two ways the defender could have deployed in its zone (columns 14-16): north and south.
NORTH = {"Rowan": (13, 0), "Sabine": (14, 0), "Torvald": (13, 1)}
SOUTH = {"Rowan": (13, 10), "Sabine": (14, 10), "Torvald": (13, 9)}


def variant(tmp_path: Path, fog_deployment: str | None, fog: bool = True) -> Path:
    """The Hollow Road with its fog lines rewritten (its map found among the bundled ones)."""
    text = HOLLOW.read_text(encoding="utf-8").replace("fog: true\nfog_deployment: hidden\n", "")
    head = ("fog: true\n" if fog else "") + (f"fog_deployment: {fog_deployment}\n" if fog_deployment else "")
    path = tmp_path / f"hollow_{fog}_{fog_deployment}.yaml"
    path.write_text(text.replace("first_deployer:", head + "first_deployer:", 1), encoding="utf-8")
    return path


def at_second_deployment(loaded, first_spots: dict, until: Side = A) -> Muster:
    """Both armies hired and outfitted, the defender deployed at `first_spots`: the attacker's Deployment step
    (or, `until` the defender, the defender's own, nothing placed)."""
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    muster = Muster()
    while (now := current(muster, scenario))[0] is not Phase.DEPLOYING or now[1] is not until:
        phase, side = now
        if phase is Phase.HIRING:
            muster = set_army(muster, scenario, catalogue, side, ARMIES[side], battle_map=battle_map)
        if phase is Phase.DEPLOYING:
            for name, pos in first_spots.items():
                muster = place(muster, scenario, battle_map, catalogue, side, name, pos)
        muster = finish_step(muster, scenario, catalogue, battle_map=battle_map)
    return muster


async def second_deployers_screen(path: Path, first_spots: dict) -> tuple[str, str]:
    """The attacker's whole deployment screen at 80x24 (Textual's SVG of it), the defender deployed at `first_spots`;
    and the words of its fog line."""
    app = OfficersChessApp(scenario=load_scenario(path), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.muster.muster = at_second_deployment(app.muster.loaded, first_spots)
        app.open_muster_step()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.side is A
        await pilot.press("enter")  # one unit placed, so the screen is not only its opening state
        await pilot.pause()
        return app.export_screenshot(), str(screen.query_one("#fog").render())


# --- what the screen shows ----------------------------------------------------------------------------------------


async def test_under_fog_the_second_deployers_screen_is_the_same_wherever_the_first_deployed():
    (north, fog), (south, _) = await second_deployers_screen(HOLLOW, NORTH), await second_deployers_screen(HOLLOW, SOUTH)
    assert north == south
    assert fog == "Fog: where the defender deployed is hidden from you."
    assert "Fog: where the defender deployed is hidden" in screen_text(north)


async def test_when_the_scenario_shows_the_deployment_the_second_deployer_sees_it(tmp_path):
    shown = variant(tmp_path, "shown")
    (north, fog), (south, _) = await second_deployers_screen(shown, NORTH), await second_deployers_screen(shown, SOUTH)
    assert north != south
    assert fog == "Fog, but this scenario shows you where the defender deployed."
    assert "Fog, but this scenario shows you" in screen_text(north)


async def test_without_fog_the_screen_shows_the_first_deployment_and_no_fog_line(tmp_path):
    open_field = variant(tmp_path, None, fog=False)
    (north, fog), (south, _) = await second_deployers_screen(open_field, NORTH), await second_deployers_screen(open_field, SOUTH)
    assert north != south
    assert fog == "" and "Fog" not in screen_text(north)


def screen_text(shown) -> str:
    """The characters of an app's screen now, or of a screenshot already taken."""
    if not isinstance(shown, str):
        return app_text(shown)

    class _Shot:
        def export_screenshot(self) -> str:
            return shown

    return app_text(_Shot())


async def test_the_hot_seat_hand_over_between_deployers_never_shows_the_first_deployers_units(monkeypatch):
    """Every time the attacker's deployment board is filled (each frame it draws is drawn from it), and on every
    screen after each key from the defender's confirmation on, no defender unit or name is there."""
    filled: list[list] = []
    sync = DeploymentScreen._sync

    def recording(self) -> None:
        sync(self)
        if self.side is A:
            filled.append(list(self.controller.board.units))

    monkeypatch.setattr(DeploymentScreen, "_sync", recording)
    names = [r.name for r in ARMIES[D].units]

    def no_defender(app) -> None:
        if isinstance(app.screen, (HandOverScreen, DeploymentScreen)) and getattr(app.screen, "side", None) is A:
            text = screen_text(app)
            assert not any(name in text for name in names), text

    app = OfficersChessApp(scenario=load_scenario(HOLLOW), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.muster.muster = at_second_deployment(app.muster.loaded, {}, until=D)
        app.open_muster_step()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.side is D
        await deploy_all(pilot, screen)
        await confirm_step(pilot, check=no_defender)
        assert isinstance(app.screen, HandOverScreen) and app.screen.side is A
        no_defender(app)
        await hand_over(pilot, check=no_defender)
        assert isinstance(app.screen, DeploymentScreen) and app.screen.side is A
        await pilot.press("enter", "tab", "right", "enter")
        await pilot.pause()
        no_defender(app)
    assert filled and all(u.side is A for units in filled for u in units)
    assert any(filled)  # the attacker's own placements did reach the board


# --- the rules of sight -------------------------------------------------------------------------------------------


def test_the_rule_in_force_for_each_deployer(tmp_path):
    hidden, shown = load_scenario(HOLLOW).scenario, load_scenario(variant(tmp_path, "shown")).scenario
    assert not enemy_shown(hidden) and enemy_shown(shown)
    assert enemy_shown(load_scenario(variant(tmp_path, None, fog=False)).scenario)
    assert fog_rule(hidden, D) is FogAtDeployment.FOE_DEPLOYS_AFTER_UNSEEN
    assert fog_rule(hidden, A) is FogAtDeployment.FOE_DEPLOYED_HIDDEN
    assert fog_rule(shown, D) is FogAtDeployment.FOE_DEPLOYS_AFTER_SEEING
    assert fog_rule(shown, A) is FogAtDeployment.FOE_DEPLOYED_SHOWN
    assert fog_rule(load_scenario(variant(tmp_path, None, fog=False)).scenario, A) is None


def test_the_first_deployment_reaches_the_second_deployer_only_when_shown(tmp_path):
    for path, seen in ((HOLLOW, {}), (variant(tmp_path, "shown"), NORTH)):
        loaded = load_scenario(path)
        muster = at_second_deployment(loaded, NORTH)
        assert deployed_in_sight(muster, loaded.scenario, A) == seen


def placed_enemy(tmp_path: Path, fog_deployment: str | None, where: str) -> Path:
    """The attacker hires; the defender is the scenario's own army, standing north or south, one unit inside the
    attacker's zone."""
    text = HOLLOW.read_text(encoding="utf-8").replace("fog_deployment: hidden\n", "")
    if fog_deployment:
        text = text.replace("fog: true\n", f"fog: true\nfog_deployment: {fog_deployment}\n")
    rows = {"north": (1, 2), "south": (11, 12)}[where]
    text += ("armies:\n  defender:\n"
             f"    - {{name: Bram, class: Fighter, items: [Iron Axe], at: [14, {rows[0]}]}}\n"
             f"    - {{name: Tilda, class: Soldier, items: [Iron Lance], at: [15, {rows[1]}]}}\n"
             "    - {name: Wat, class: Soldier, items: [Iron Lance], at: [2, 6]}\n")
    path = tmp_path / f"placed_{fog_deployment}_{where}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_placed_enemy_army_is_hidden_but_for_units_standing_in_the_deployers_zone(tmp_path):
    hidden = load_scenario(placed_enemy(tmp_path, None, "north")).scenario
    assert [u.name for u in placed_in_sight(hidden, A)] == ["Wat"]
    assert fog_rule(hidden, A) is FogAtDeployment.FOE_PLACED_HIDDEN
    shown = load_scenario(placed_enemy(tmp_path, "shown", "north")).scenario
    assert [u.name for u in placed_in_sight(shown, A)] == ["Bram", "Tilda", "Wat"]
    assert fog_rule(shown, A) is FogAtDeployment.FOE_PLACED_SHOWN


def computer_spots(path: Path, seed: int = 3) -> dict:
    loaded = load_scenario(path)
    return deploy_army(loaded.scenario, loaded.catalogue, loaded.battle_map, A, ARMIES[A], random.Random(seed))


def test_the_computer_deploying_against_a_placed_army_under_fog_reads_only_what_it_sees(tmp_path):
    """With no enemy zone to aim at, the computer aims at the placed units it sees: under fog the same tiles
    wherever the hidden ones stand; shown, its front follows them."""
    for name in ("north", "south"):
        for fog_deployment in (None, "shown"):
            path = placed_enemy(tmp_path, fog_deployment, name)
            text = path.read_text(encoding="utf-8").replace("    deploy: [{from: [14, 1], to: [16, 12]}]\n", "")
            path.write_text(text, encoding="utf-8")
    hidden = [computer_spots(tmp_path / f"placed_None_{where}.yaml") for where in ("north", "south")]
    assert hidden[0] == hidden[1]
    shown = [computer_spots(tmp_path / f"placed_shown_{where}.yaml") for where in ("north", "south")]
    assert shown[0] != shown[1]


def test_the_computer_deploying_second_under_fog_does_not_follow_the_first_deployment():
    """The computer's Deployment step (take_step, as the app runs it) places the same wherever the person deployed."""
    from officers_chess.ai.muster_ai import take_step
    from officers_chess.ai.play import make_policy

    loaded = load_scenario(HOLLOW)
    placed = []
    for spots in (NORTH, SOUTH):
        muster = take_step(at_second_deployment(loaded, spots), loaded.scenario, loaded.catalogue, loaded.battle_map,
                           make_policy("normal", 5))
        placed.append(muster.placements[A])
    assert placed[0] == placed[1]


# --- the scenario key ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("body", "message"), [
    ("fog_deployment: shown\n", "this scenario has no fog"),
    ("fog: true\nfog_deployment: open\n", "fog_deployment"),
])
def test_validate_refuses_a_fog_deployment_key_without_fog_or_with_an_unknown_value(tmp_path, capsys, body, message):
    path = tmp_path / "bad.yaml"
    text = HOLLOW.read_text(encoding="utf-8").replace("fog: true\nfog_deployment: hidden\n", body)
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    out = "".join(capsys.readouterr())
    line = text.splitlines().index(body.splitlines()[-1]) + 1
    assert f"{path}:{line}:" in out and message in out, out
