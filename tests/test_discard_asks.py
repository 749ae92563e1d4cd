"""Discard stands apart from Equip: the menu's wrap-around never lands on it, and choosing it only asks; the item
goes when the player says yes (rulings L46)."""

from __future__ import annotations

from factories import A, D, game, plains, unit, weapon

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Accessory
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.screens.battle import BattleScreen


def _shielded() -> BattleController:
    """a1 carries a sword in hand, a spare lance and a shield; nobody near."""
    units = [unit(id="a1", extra_items=[weapon("lance", might=5, name="Lance"), Accessory(name="Buckler", defense=2)]),
             unit(id="d1", side=D, pos=(5, 0))]
    c = BattleController(game(plains(6), units), humans=frozenset({A}))
    c.point_at((0, 0))
    c.confirm()
    c.prepare()
    assert c.mode is Mode.PREPARE
    return c


def test_a_step_past_either_end_of_the_menu_never_lands_on_a_discard():
    c = _shielded()
    keys = [i.key for i in c.menu()]
    assert any(k.startswith("discard:") for k in keys)
    for start in range(len(keys)):
        for step in (1, -1):
            c.menu_index = start
            c.move_cursor(0, step)
            if not 0 <= start + step < len(keys):  # a wrap-around
                assert not keys[c.menu_index].startswith("discard:"), (keys, start, step)
            else:  # a plain step goes where it is asked, a Discard included: a deliberate choice
                assert c.menu_index == start + step


def test_choosing_a_discard_asks_and_nothing_goes_until_yes():
    c = _shielded()
    before = [item.name for item in c.state.unit("a1").inventory]
    key = next(i.key for i in c.menu() if i.key.startswith("discard:"))
    c.choose(key)
    assert c.discard_asked == key and [i.name for i in c.state.unit("a1").inventory] == before
    c.discard_confirmed()
    after = [i.name for i in c.state.unit("a1").inventory]
    assert c.discard_asked is None and len(after) == len(before) - 1


async def test_the_battle_screen_asks_before_throwing_away_and_no_keeps_it():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        c = screen.controller
        await pilot.press("tab", "enter", "i")
        await pilot.pause()
        unit = c.selected_unit
        assert c.mode is Mode.PREPARE and [i.key for i in c.menu()] == ["discard:0", "move"]
        await pilot.press("down")  # past the end: back round to Move, not onto the Discard
        assert c.menu()[c.menu_index].key == "move"
        await pilot.press("up", "enter")  # a deliberate step onto it, and Enter: a question, nothing thrown yet
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        item = unit.inventory[0].name
        text = app.screen.question  # as the dialog shows it (wrapped over the battle, so read whole here)
        assert f"Throw {item} away?" in text and f"It is {unit.name}'s only weapon" in text  # the core: one weapon
        assert sum(1 for i in unit.inventory if i.kind == "weapon") == 1
        await pilot.press("n")
        await pilot.pause()
        assert [i.name for i in c.state.unit(unit.id).inventory] == [i.name for i in unit.inventory]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert item not in [i.name for i in c.state.unit(unit.id).inventory]
