"""The arena the menu tests place units in: the battle screen at 80×24 over the app's title, and a small battle
around one unit with everything its special actions could act on (a hurt ally under a status beside it, an enemy
beside it, a door, a chest, a snag, the tile a Leader, a Fleeing unit or a Saboteur wants)."""

from __future__ import annotations

import dataclasses
from contextlib import asynccontextmanager

from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.state import Chest, GameState
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Consumable, Side, Unit, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.scenario.setup import UnitSetup, build_unit, can_equip_class
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen

ROLES = ("Leader", "Fleeing", "Saboteur")  # Seize, Escape and Raze on the unit's own tile


@asynccontextmanager
async def sweeping_app():
    """The app at 80×24 on its title screen, nothing autosaved; battle screens are opened over it one by one."""
    app = OfficersChessApp(seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield app, pilot


async def open_battle(app, pilot, loaded: LoadedScenario, state: GameState) -> BattleScreen:
    """The battle screen on `state` over the title, both sides played at the keyboard (the last one closed first)."""
    if isinstance(app.screen, BattleScreen):
        app.pop_screen()
    screen = BattleScreen(loaded, state)
    app.push_screen(screen)
    await pilot.pause()
    for _ in range(3):  # under fog the battle opens with a hand-over: the player at the keyboard takes it
        if app.screen is screen:
            break
        await pilot.press("enter")
    assert app.screen is screen
    return screen


def on_turn(screen, state: GameState, side: Side) -> None:
    """The battle as it stands, with `side` to activate and at the keyboard (the sweep plays each side in turn from
    the same start; under fog no hand-over comes between, as nobody else is looking)."""
    screen.controller.state = state.model_copy(update={"to_act": side})
    screen._at_keyboard = side
    screen.refresh_view()


SPOT = (4, 3)  # where the swept unit stands; around it: the door, a hurt ally, an enemy, a free tile
DOOR, ALLY, ENEMY, SNAG = (3, 3), (4, 2), (5, 3), (3, 2)


def arena_map(edition: str) -> BattleMap:
    """9×7 of plains with a door beside the swept unit's tile and a snag two tiles off (a Strike to aim)."""
    glyph = {tile.id: tile.glyph for tile in rules_for(edition).terrain.values()}
    rows = [[glyph["plains"]] * 9 for _ in range(7)]
    rows[DOOR[1]][DOOR[0]] = glyph["door"]
    rows[SNAG[1]][SNAG[0]] = glyph["snag"]
    return BattleMap(name="Menu sweep arena", rows=["".join(r) for r in rows], edition=edition)


def special_items(catalogue: Catalogue) -> list[str]:
    """The items that grant an action of their own: every staff, every consumable, every weapon with a combat art."""
    return [item.name for item in catalogue.items.values()
            if isinstance(item, Consumable) or (isinstance(item, Weapon) and item.type is WeaponType.STAFF)
            or any(tag.startswith("Art(") for tag in item.tags)]


def carries(klass: UnitClass, item) -> bool:
    return not isinstance(item, Weapon) or can_equip_class(klass, item)


def arena(loaded: LoadedScenario, catalogue: Catalogue, klass: UnitClass, items: list[str], side: Side,
          roles: tuple[str, ...] = ROLES) -> GameState:
    """The class's unit in the middle of the arena with everything its special actions could act on around it."""
    edition, battle_map = catalogue.edition, arena_map(catalogue.edition)

    def build(name: str, cls: str, kit: list[str], at, who: Side, uid: str, roles=()) -> Unit:
        setup = UnitSetup(name=name, unit_class=cls, items=kit, at=(at[0] + 1, at[1] + 1), roles=list(roles))
        return build_unit(setup, who, uid, catalogue, battle_map, ())

    fighter = next(iter(catalogue.classes.values()))
    arms = [w.name for w in catalogue.weapons() if can_equip_class(fighter, w)][:1]
    user = build(klass.name[:24], klass.name, items, SPOT, side, "u1", roles=roles)
    ally = build("Hurt Ally", fighter.name, arms, ALLY, side, "u2")
    ally = ally.model_copy(update={"hp": max(1, ally.max_hp - 5), "activated": True,
                                   "statuses": [Status(name=StatusName.POISONED)]})  # to heal, restore, dance for
    enemy = build("Foe", fighter.name, arms, ENEMY, side.other, "e1")
    treasure = next(item for item in catalogue.items.values() if isinstance(item, Consumable))
    return GameState(edition=edition, scenario=loaded.scenario.name, map=battle_map, units=[user, ally, enemy],
                     to_act=side, dice=Dice(seed=1), seize_tiles=[SPOT], escape_tiles=[SPOT], raze_tiles=[SPOT],
                     chests=[Chest(at=SPOT, item=treasure)], arts=dict(catalogue.arts))


def edition_scenario(edition: str) -> LoadedScenario:
    """A bundled scenario of the edition, renamed: the arena borrows its catalogue and its screen's words."""
    path = next(p for p in bundled_scenarios() if load_scenario(p).scenario.edition == edition)
    loaded = load_scenario(path)
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"name": "Menu sweep arena"}))
