"""Every action the rules can offer has its words in the action menu, and every special action can be chosen, seen
in preview and committed through the battle screen's keys at 80×24.

The catalogue is read from the rules themselves (the Action union, the SpecialName literal), so an action added
there without its words fails here before a player can meet it (as Rewarp, Freeze, Entrap and Vein once stopped
the battle screen the moment a unit that had them moved).
"""

from __future__ import annotations

from typing import get_args

import pytest
from pilot_helpers import side_pane_shown, walk_cursor
from sweep_arena import SPOT, arena, edition_scenario, open_battle, sweeping_app

from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.battle.actions import (
    Action, Attack, Discard, Equip, Special, SpecialName, Strike, Trade, Wait,
)
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.pieces.models import Side
from officers_chess.session.action_menu import MAP_CHOSEN, SPECIAL_VERBS, menu_items
from officers_chess.session.modes import Mode
from officers_chess.session.action_words import WHAT

SPECIAL_NAMES = get_args(SpecialName)
ACTION_KINDS = get_args(get_args(Action)[0])  # Annotated[Union[...], discriminator] → the union's members


def test_every_special_action_the_rules_know_has_words_in_the_menu_and_in_the_preview():
    assert set(SPECIAL_VERBS) == set(SPECIAL_NAMES), "the action menu needs a verb for each SpecialName"
    assert set(WHAT) == set(SPECIAL_NAMES), "the preview needs a line for each SpecialName"
    assert all(SPECIAL_VERBS[name].strip() and WHAT[name].strip() for name in SPECIAL_NAMES)


def catalogue_battle():
    """A d100 arena whose unit carries a sword, a staff with every staff tag, and a vulnerary."""
    catalogue = load_catalogue("d100")
    state = arena(edition_scenario("d100"), catalogue, catalogue.classes["Cleric"], ["Heal Staff", "Vulnerary"],
                  Side.ATTACKER)
    unit = state.unit("u1")
    staff = unit.inventory[0].model_copy(update={"tags": ["Heal(5)", "Restore", "Status(Sleep)", "Rescue", "Warp",
                                                          "Torch(4)", "Entrap", "Freeze", "Rewarp", "Vein(Fog)", "Pick"]})
    sword = catalogue.items["Iron Sword"]
    unit = unit.model_copy(update={"inventory": [sword, staff, unit.inventory[1]], "weapon": 0})
    return state.model_copy(update={"units": [unit if u.id == "u1" else u for u in state.units]}), unit


def samples(unit) -> dict[type, list[Action]]:
    """One action or more of each kind the menu lists, as the rules would offer them to `unit` in the arena."""
    specials = [Special(name=name, source=None if name in ("dance", "escape", "raze", "seize") else 1,
                        target={"heal": "u2", "restore": "u2", "status": "e1", "rescue": "u2", "warp": "u2",
                                "dance": "u2", "entrap": "e1", "freeze": "e1"}.get(name),
                        at={"rescue": (4, 4), "warp": (6, 6), "entrap": (6, 3), "rewarp": (7, 3), "vein": (1, 1),
                            "pick": (3, 3)}.get(name))
                for name in SPECIAL_NAMES]
    return {Attack: [Attack(target="e1"), Attack(target="e1", art="Feint")], Strike: [Strike(at=(3, 2))],
            Special: specials, Equip: [Equip(item=1)], Discard: [Discard(item=2)], Trade: [Trade(partner="u2")],
            Wait: [Wait()]}


def test_every_kind_of_action_has_a_menu_entry_or_is_chosen_on_the_map():
    state, unit = catalogue_battle()
    given = samples(unit)
    for kind in ACTION_KINDS:
        if kind in MAP_CHOSEN:
            continue
        assert kind in given, f"{kind.__name__} has no sample here: give it its menu words, then a sample"
        items = menu_items(state, unit, given[kind])
        assert len(items) == len(given[kind]) and all(item.label.strip() for item in items), kind.__name__
    labels = [item.label for item in menu_items(state, unit, given[Special])]
    assert len(set(labels)) == len(SPECIAL_NAMES), f"two special actions share their words: {labels}"
    assert "Call up fog — Heal Staff" in labels and "Warp yourself — Heal Staff" in labels


def test_a_kind_of_action_the_menu_does_not_know_stops_at_once_rather_than_vanishing():
    state, unit = catalogue_battle()
    with pytest.raises(TypeError, match="no entry"):
        menu_items(state, unit, [object()])  # type: ignore[list-item]


# --- each special action through the keys ---------------------------------------------------------------------

# name: (edition, class, items, roles, the unit aimed at, the tile aimed at, what the preview says on each).
# The tile aimed at is never the one the cursor starts on, so the arrows are seen to move it.
CASES = {
    "heal": ("d100", "Cleric", ["Heal Staff"], (), "u2", None, ("Hurt Ally: 15 → ", "HP (+"), ()),
    "restore": ("d100", "Cleric", ["Restore Staff"], (), "u2", None, ("Hurt Ally: every status will be lifted.",), ()),
    "status": ("v0.6", "Cleric", ["Sleep Staff"], (), "e1", None, ("Foe: Sleep lands on a d20 at or under",), ()),
    "rescue": ("d100", "Cleric", ["Rescue Staff"], (), "u2", None,
               ("Hurt Ally: will be brought to a free tile beside the user.", "The tile: 5,5, the only one free."), ()),
    "warp": ("d100", "Cleric", ["Warp Staff"], (), "u2", (1, 1), ("Hurt Ally: will be sent",
                                                                           "Enter, then choose the tile it lands on ("),
             ("Hurt Ally will stand at 2,2 (plains).",)),
    "torch": ("d100", "Cleric", ["Torch Staff"], (), None, None, (), ()),
    "dance": ("d100", "Dancer", ["Iron Sword"], (), "u2", None, ("Hurt Ally: may act again at once.",), ()),
    "pick": ("d100", "Thief", ["Iron Sword"], (), None, (3, 3), (),
             ("Opens the door at 4,4 for good: it becomes floor.",)),
    "entrap": ("d100", "Cleric", ["Entrap Staff"], (), "e1", (6, 3), ("Foe: will be dragged", "it lands on a d100"),
               ("Foe is dragged to 7,4 if it lands on a d100",)),
    "freeze": ("d100", "Cleric", ["Freeze Staff"], (), "e1", None,
               ("Foe: cannot move during its next turn; it lands on a d100",), ()),
    "rewarp": ("d100", "Cleric", ["Rewarp Staff"], (), None, (8, 3), (), ("Cleric warps itself to 9,4 (plains).",)),
    "vein": ("d100", "Cleric", ["Mist Staff"], (), None, (4, 6), (), ("5,7 (plains) turns to fog until the end",)),
    "escape": ("d100", "Mercenary", ["Iron Sword"], ("Fleeing",), None, None, (), ()),
    "raze": ("d100", "Brigand", ["Iron Axe"], ("Saboteur",), None, None, (), ()),
    "seize": ("d100", "Mercenary", ["Iron Sword"], ("Leader",), None, None, (), ()),  # last: it wins the battle
}


def test_the_key_cases_cover_every_special_action():
    assert set(CASES) == set(SPECIAL_NAMES)


async def press_until(pilot, key: str, done, limit: int = 40) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.press(key)
    assert done(), f"{key} pressed {limit} times without getting there"


def previewed(app, label: str, words: tuple[str, ...], context: str) -> None:
    """The side pane is titled with the chosen entry and says what it will do where the cursor is."""
    shown = side_pane_shown(app)
    assert str(app.screen.query_one("ForecastPane").border_title) == label, context
    assert all(w in shown for w in words), f"{context}: {words} not all in {shown!r}"


async def test_every_special_action_is_chosen_previewed_and_committed_with_the_keys():
    async with sweeping_app() as (app, pilot):
        for name, (edition, klass, items, roles, unit_aim, tile_aim, unit_words, tile_words) in CASES.items():
            catalogue = load_catalogue(edition)
            loaded = edition_scenario(edition)
            state = arena(loaded, catalogue, catalogue.classes[klass], items, Side.ATTACKER, roles=roles)
            screen = await open_battle(app, pilot, loaded, state)
            c = screen.controller
            committed: list[Action] = []
            c.committed = lambda action, after, rolls: committed.append(action)
            await walk_cursor(pilot, screen, SPOT)
            await pilot.press("enter", "enter")  # select the unit, and it stays where it stands
            assert c.mode is Mode.ACTING, f"{name}: {c.mode.value} {c.hint}"
            moved = c.state
            index = next(i for i, item in enumerate(c.menu())
                         if any(isinstance(a, Special) and a.name == name for a in item.actions))
            await press_until(pilot, "down", lambda: c.menu_index == index)
            label = c.menu()[index].label
            assert f"▶ {label}" in side_pane_shown(app), f"{name}: {label!r} is not on screen"
            await pilot.press("enter")
            if unit_aim is not None:
                assert c.mode is Mode.TARGETING, f"{name}: {c.mode.value}"
                await press_until(pilot, "right", lambda: c.cursor == c.state.unit(unit_aim).pos)
                previewed(app, label, unit_words, f"{name} on {unit_aim}")
                await pilot.press("enter")
            if tile_aim is not None:
                assert c.mode is Mode.PLACING and c.cursor != tile_aim, f"{name}: {c.mode.value} at {c.cursor}"
                await walk_cursor(pilot, screen, tile_aim)
                previewed(app, label, tile_words, f"{name} at {tile_aim}")
                await pilot.press("enter")
            await pilot.pause()
            assert committed and isinstance(committed[-1], Special) and committed[-1].name == name, (name, committed)
            action = committed[-1]
            assert action.target == unit_aim and action.at == (tile_aim or action.at), (name, action)
            assert c.state == apply_action(moved, action).state, f"{name}: the screen did not apply the rules' result"
            assert c.mode not in (Mode.TARGETING, Mode.PLACING), name
