"""The colour schemes: complete, switchable with F2 or --colours, and the colour-blind one kept apart for colour-blind eyes."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.style import Style

from officers_chess.commands import app_launch, console
from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import palette as palettes
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.help import HelpScreen, help_text
from officers_chess.tui.palette import CLASSIC, CLEAR, PALETTES
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.map_view import MapView

# Viénot, Brettel and Mollon (1999): how linear RGB looks to protanopes and deuteranopes.
SIMULATIONS = {
    "protanopia": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deuteranopia": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _seen(colour: str, how: str) -> tuple[float, ...]:
    """The colour as someone with `how` sees it, in linear RGB (0–1)."""
    rgb = Style.parse(f"on {colour}").bgcolor.get_truecolor()
    lin = [_linear(c) for c in rgb]
    return tuple(sum(m * v for m, v in zip(row, lin, strict=True)) for row in SIMULATIONS[how])


def _apart(a: str, b: str, how: str) -> float:
    sa, sb = _seen(a, how), _seen(b, how)
    return sum((x - y) ** 2 for x, y in zip(sa, sb, strict=True)) ** 0.5


def _bg(style: Style) -> str:
    return style.bgcolor.get_truecolor().hex


@pytest.fixture(autouse=True)
def _classic_after():
    yield
    palettes.use(CLASSIC.name)


@pytest.mark.parametrize("scheme", list(PALETTES.values()), ids=list(PALETTES))
def test_every_palette_colours_every_terrain_and_both_sides(scheme):
    assert set(scheme.terrain) >= set(TERRAIN)
    for table in (scheme.side, scheme.spent, scheme.side_text):
        assert set(table) == set(Side)
    assert len(scheme.heat) == 3


def test_the_command_line_offers_exactly_the_palettes():
    assert list(app_launch.COLOURS) == list(PALETTES)


@pytest.mark.parametrize("how", list(SIMULATIONS))
def test_the_colour_blind_scheme_keeps_what_matters_apart_for_colour_blind_eyes(how):
    pairs = {
        "the two sides": (_bg(CLEAR.side[Side.ATTACKER]), _bg(CLEAR.side[Side.DEFENDER])),
        "move and strike tints": (_bg(CLEAR.move), _bg(CLEAR.attack)),
        "strike and target tints": (_bg(CLEAR.attack), _bg(CLEAR.target)),
        "move tint and danger zone": (_bg(CLEAR.move), _bg(CLEAR.danger)),
        "some and likely heat": (_bg(CLEAR.heat[1]), _bg(CLEAR.heat[2])),
    }
    for what, (a, b) in pairs.items():
        assert _apart(a, b, how) > 0.08, f"{what} look alike under {how}"


def test_the_classic_red_and_green_are_what_the_colour_blind_scheme_avoids():
    # The measure above must be able to fail: a red against a green of the same lightness does.
    assert _apart("#b02828", "#208020", "deuteranopia") < 0.08


def test_the_command_line_refuses_an_unknown_scheme_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv(app_launch.COLOURS_VARIABLE, "sepia")
    assert console.main(["play"]) == 2
    assert "OFFICERS_CHESS_COLOURS='sepia' names no colour scheme" in capsys.readouterr().err


async def test_f2_repaints_the_battle_in_the_next_scheme_and_help_names_its_colours():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        unit = screen.controller.state.living(Side.DEFENDER)[0]
        map_view = screen.query_one(MapView)

        def unit_style() -> Style:
            x, y = unit.pos
            segments = list(map_view.render_line(y - round(map_view.scroll_y)))
            column = x * 2 - round(map_view.scroll_x)
            seen = 0
            for segment in segments:
                if seen <= column < seen + len(segment.text):
                    return segment.style
                seen += len(segment.text)
            raise AssertionError("the unit's tile is not drawn")

        assert unit_style().bgcolor == CLASSIC.side[Side.DEFENDER].bgcolor
        await pilot.press("f2")
        await pilot.pause()
        assert app.theme == CLEAR.textual_theme
        assert unit_style().bgcolor == CLEAR.side[Side.DEFENDER].bgcolor
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=400, record=True, file=io.StringIO())
        console.print(help_text(load_catalogue()))
        assert "defenders small letters (orange)" in console.export_text()
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert unit_style().bgcolor == CLASSIC.side[Side.DEFENDER].bgcolor


async def test_the_app_starts_in_the_scheme_asked_for():
    app = OfficersChessApp(seed=1, colours="colour-blind")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == CLEAR.textual_theme
        assert palettes.palette() is CLEAR

