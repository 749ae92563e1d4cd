"""The deployment screen's danger zone (z) and threat inspector (t) in the real app: the digits and the list are
the lookout's, worked out by the battle's own geometry and forecast; under fog they show nothing of a hidden
first deployment."""

from __future__ import annotations

from test_deploy_fog import HOLLOW, NORTH, SOUTH, at_second_deployment, variant

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.widgets.deploy_lookout_text import deploy_threat_line
from officers_chess.tui.widgets.map_view import MapView


async def open_second_deployment(pilot, app, spots) -> DeploymentScreen:
    await pilot.pause()
    app.muster.muster = at_second_deployment(app.muster.loaded, spots)
    app.open_muster_step()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DeploymentScreen) and screen.side is Side.ATTACKER
    return screen


def drawn_marks(screen: DeploymentScreen) -> dict[tuple[int, int], str]:
    view = screen.query_one(MapView)
    battle_map = screen.session.battle_map
    return {(x, y): view._render_row(y).text[2 * x + 1] for y in range(battle_map.height) for x in range(battle_map.width)}


async def test_z_draws_the_lookouts_digits_and_t_lists_its_worst_attacks_for_the_unit_in_hand(tmp_path):
    app = OfficersChessApp(scenario=load_scenario(variant(tmp_path, None, fog=False)), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_second_deployment(pilot, app, NORTH)
        assert not any(ch.isdigit() for ch in drawn_marks(screen).values())
        await pilot.press("z")
        zone = screen.lookout.danger()
        assert zone
        marks = drawn_marks(screen)
        for pos, count in zone.items():
            assert marks[pos] == str(count), pos
        assert "Danger zone (z)" in str(screen.query_one("#help").render())
        held = screen.held
        target = min(zone, key=lambda p: (-zone[p], p))  # the tile most enemies could reach
        screen.controller.cursor = target
        await pilot.press("t")
        threats = screen.lookout.threats(held, target)
        sheet = " ".join(str(screen.query_one("#sheet").render()).split())
        assert threats and f"{held} on" in sheet
        assert " ".join(deploy_threat_line(threats[0]).split()) in sheet
        await pilot.press("z", "t")  # both off again: the marks go, the sheet is the tile's again
        assert not any(ch.isdigit() for ch in drawn_marks(screen).values())
        assert f"{held} on" not in " ".join(str(screen.query_one("#sheet").render()).split())


async def test_under_fog_the_lookout_shows_the_same_whatever_the_hidden_first_deployment():
    shots = []
    for spots in (NORTH, SOUTH):
        app = OfficersChessApp(scenario=load_scenario(HOLLOW), seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_second_deployment(pilot, app, spots)
            await pilot.press("z", "t", "right")
            assert screen.lookout.danger() == {}
            shots.append(app.export_screenshot())
    assert shots[0] == shots[1]
