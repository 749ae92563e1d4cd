"""A scenario's areas on the map: written as corners or in full, shown by default, drawn and named in the tile panel."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import ValidationError
from sweep_arena import open_battle, sweeping_app
from test_map_fit import deploying
from test_menu_sweep import scenario_battle

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.scenario.setup import Area, Scenario
from officers_chess.session.map_areas import area_title, areas_at, marked_areas
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.unit_sheet import UnitSheet


def scenario_with(areas: dict) -> Scenario:
    return Scenario.model_validate({"name": "Areas", "map": "training_yard", "areas": areas})


def test_an_area_is_written_as_its_corners_or_in_full_and_is_shown_unless_its_author_hides_it():
    scenario = scenario_with({
        "gate": [[2, 1], [3, 2]],
        "ford_bank": {"corners": [[5, 5], [5, 6]], "about": "the ford's far side; crossing it rings the bell."},
        "cellar": {"corners": [[1, 1], [1, 1]], "shown": False},
    })
    assert scenario.areas["gate"] == Area(corners=((2, 1), (3, 2)))
    assert scenario.area_tiles("ford_bank") == [(4, 4), (4, 5)]
    shown = marked_areas(scenario)
    assert [a.title for a in shown] == ["Gate", "Ford bank"]  # the hidden cellar is the author's secret
    assert areas_at(shown, (4, 5)) == ["Ford bank: the ford's far side; crossing it rings the bell."]
    assert areas_at(shown, (1, 1)) == ["Gate: an area the battle's events watch."]
    assert areas_at(shown, (0, 0)) == []  # the cellar's tile names nothing
    with pytest.raises(ValidationError):
        scenario_with({"gate": {"corners": [[1, 1], [2, 2]], "colour": "red"}})  # an unknown key is refused
    assert area_title("lower_cut") == "Lower cut"


async def test_the_lantern_patrols_riverbank_is_drawn_and_the_tile_panel_names_it_in_the_authors_words():
    loaded = load_scenario(find_scenario("lantern_patrol"))
    about = loaded.scenario.areas["riverbank"].about
    assert "wakes the camp" in about
    async with sweeping_app() as (app, pilot):
        _, state = scenario_battle(loaded.path)
        screen = await open_battle(app, pilot, loaded, state)
        view = screen.query_one(MapView)
        bank = set(loaded.scenario.area_tiles("riverbank"))
        units = {u.pos for u in state.living()}
        inside = next(p for p in sorted(bank) if p not in units)
        outside = next(p for p in sorted(bank) if (p[0] - 1, p[1]) not in bank and (p[0] - 1, p[1]) not in units)
        outside = (outside[0] - 1, outside[1])
        screen.controller.cursor = inside
        screen.refresh_view()
        await pilot.pause()
        sheet = screen.query_one(UnitSheet)
        shown = " ".join(line.plain for line in sheet.content.renderables)
        assert f"Riverbank: {about}" in shown
        cells = {cell.pos: cell for row in range(loaded.battle_map.height) for cell in view._row_cells(row)}
        assert cells[inside].style.underline and not cells[outside].style.underline
        screen.controller.cursor = outside
        screen.refresh_view()
        await pilot.pause()
        assert "Riverbank" not in " ".join(line.plain for line in sheet.content.renderables)


async def test_deployment_draws_and_names_the_areas_too():
    loaded = load_scenario(find_scenario("ratings_harrow_tithe"))
    area = Area(corners=((1, 1), (3, 2)), about="the mill race; whoever holds it holds the ford.")
    loaded = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"areas": {"mill_race": area}}))
    app = deploying(loaded)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(MapView)
        race = loaded.scenario.area_tiles("mill_race")
        cells = {cell.pos: cell for row in range(3) for cell in view._row_cells(row)}
        assert all(cells[p].style.underline for p in race) and not cells[(3, 0)].style.underline
        screen.controller.cursor = race[0]
        assert "Mill race: the mill race; whoever holds it holds the ford." in screen._sheet().renderables[-1].plain
