"""The unit sheet tells what a computer-played unit's scripted orders make it do now; a person's units show none."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import Order
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.unit_sheet import UnitSheet, orders_text

from pilot_helpers import screen_text, walk_cursor

SCENARIO = Path(__file__).parent / "fixtures" / "sheet_orders.yaml"


def test_orders_text_is_the_scripts_current_order_or_free_tactics():
    state = load_scenario(SCENARIO).new_battle(1)
    words = {u.name: orders_text(u, state) for u in state.units if u.side is Side.DEFENDER}
    assert words == {"Bram": "Hold until round 3", "Tilda": "none (plays freely)", "Odo": "Guard 9,7"}
    bram = next(u for u in state.units if u.name == "Bram")
    assert orders_text(bram, state.model_copy(update={"round": 3})).startswith("Advance to 5,4")  # from round 3 the first order holds
    # An order whose ward is gone leaves the unit free, and the sheet says so (as it plays).
    odo = next(u for u in state.units if u.name == "Odo").model_copy(update={"orders": [Order(do="guard Tilda")]})
    assert orders_text(odo, state) == "Guard Tilda"
    alone = state.model_copy(update={"units": [u for u in state.units if u.name != "Tilda"]})
    assert orders_text(odo, alone) == "none (plays freely)"

async def _sheets(computer: dict, names: tuple[str, ...]) -> dict[str, str]:
    app = OfficersChessApp(scenario=load_scenario(SCENARIO), seed=1, computer=computer)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.view.to_act is Side.ATTACKER
        units = {u.name: u for u in screen.controller.view.units}
        shown = {}
        for name in names:
            await walk_cursor(pilot, screen, units[name].pos)
            await pilot.pause()
            assert screen.query_one(UnitSheet).display
            shown[name] = " ".join(screen_text(app).split())
        return shown


async def test_a_player_never_reads_the_enemys_orders_nor_has_any_of_their_own():
    """The enemy's script is its secret (rulings F34); a person's units follow no script."""
    text = await _sheets({Side.DEFENDER: "normal"}, ("Bram", "Tilda", "Odo", "Hale"))
    assert not any("Orders:" in shown for shown in text.values())
    assert all(name in text[name] for name in text)  # each sheet is there, without an orders line


async def test_a_spectator_of_the_computer_reads_each_computer_units_orders(monkeypatch):
    monkeypatch.setattr(BattleScreen, "computer_plays", lambda self: None)  # hold both sides still
    both = {Side.ATTACKER: "normal", Side.DEFENDER: "normal"}
    app = OfficersChessApp(scenario=load_scenario(SCENARIO), seed=1, computer=both)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.viewer is None
        orders = {u.name: screen._orders(u) for u in screen.controller.view.units}
    assert orders["Bram"] == "Hold until round 3"
    assert orders["Tilda"] == "none (plays freely)"
    assert orders["Odo"] == "Guard 9,7"  # a group's script
