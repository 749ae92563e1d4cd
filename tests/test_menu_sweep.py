"""The menu sweep: in the real battle screen at 80×24, every unit's action menu and the preview of each of its
entries, in every bundled scenario (both sides; where a side hires, the computer hires for it) and for every class
of each edition's catalogue, placed where its special actions have something to act on (a hurt ally under a status
beside it, an enemy beside it, a door, a chest, a snag, the tile a Leader, a Fleeing unit or a Saboteur wants).

A unit that could Rewarp crashed the battle screen the moment it moved, and 3,000 tests never opened its menu: this
sweep opens them all, and proves it by meeting every special action the rules know at least once.

The default run aims each entry at its first target and tile, and carries each special item of a catalogue once
(about a minute on one core). A long run aims at every target and tile, gives every class every kit of special
items it can carry, and plays each placement on both sides:

    OFFICERS_CHESS_SWEEP=full pytest tests/test_menu_sweep.py
"""

from __future__ import annotations

import dataclasses
import os
from contextlib import asynccontextmanager
from typing import get_args

import pytest
from menu_sweep import Seen, sweep_menu

from officers_chess.ai.muster_ai import muster
from officers_chess.ai.play import make_policy
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import LoadedScenario, load_catalogue, load_scenario
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.actions import SpecialName
from officers_chess.rules.battle.state import Chest, GameState
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Consumable, Side, Unit, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.scenario.setup import UnitSetup, build_unit, can_equip_class
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen

FULL = os.environ.get("OFFICERS_CHESS_SWEEP") == "full"
SCENARIOS = bundled_scenarios()
EDITIONS = ("v0.6", "ratings", "d100")


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
    app.push_screen(BattleScreen(loaded, state))
    await pilot.pause()
    assert isinstance(app.screen, BattleScreen)
    return app.screen


def on_turn(screen, state: GameState, side: Side) -> None:
    """The battle as it stands, with `side` to activate (the sweep plays each side in turn from the same start)."""
    screen.controller.state = state.model_copy(update={"to_act": side})
    screen.refresh_view()


# --- every bundled scenario ----------------------------------------------------------------------------------


def scenario_battle(path, seed: int = 1) -> tuple[LoadedScenario, GameState]:
    """Round 1 of a bundled scenario; where a side hires its army, the computer hires, outfits and deploys it."""
    loaded = load_scenario(path)
    scenario = loaded.scenario
    armies = None
    if any(scenario.hires(side) for side in Side):
        policies = {side: make_policy("greedy", seed + index) for index, side in enumerate(Side)}
        armies = muster(scenario, loaded.catalogue, loaded.battle_map, policies) or None
    return loaded, loaded.new_battle(seed, armies=armies)


async def test_every_units_menu_and_previews_open_in_every_bundled_scenario():
    async with sweeping_app() as (app, pilot):
        for path in SCENARIOS:
            loaded, state = scenario_battle(path)
            seen = Seen()
            screen = await open_battle(app, pilot, loaded, state)
            for side in Side:
                on_turn(screen, state, side)
                for unit in sorted(state.living(side), key=lambda u: (u.pos[1], u.pos[0])):
                    sweep_menu(app, screen, unit, seen, f"{path.stem}, {side.value} {unit.name}", full=FULL)
                await pilot.pause()  # painted: whatever failed to draw would have stopped the app
            assert seen.menus == len(state.living()), f"{path.stem}: every unit of both sides had its menu opened"
            assert seen.entries >= seen.menus  # each menu has at least Wait


# --- every class of each catalogue ---------------------------------------------------------------------------

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
    """The items that grant a special action: every staff and every consumable."""
    return [item.name for item in catalogue.items.values()
            if isinstance(item, Consumable) or (isinstance(item, Weapon) and item.type is WeaponType.STAFF)]


def carries(klass: UnitClass, item) -> bool:
    return not isinstance(item, Weapon) or can_equip_class(klass, item)


def kits(catalogue: Catalogue, full: bool) -> list[tuple[UnitClass, list[str]]]:
    """(class, items) for each placement: a weapon the class fights with, then special items in its free slots.
    By default each special item is carried once, by the first class that can carry it (staff users take several
    kits); `full`: every class carries every special item it can, a slotful at a time."""
    pending = special_items(catalogue)
    found = []
    for klass in catalogue.classes.values():
        weapon = next((w.name for w in catalogue.weapons() if w.type is not WeaponType.STAFF and can_equip_class(klass, w)
                       and (w.type is not WeaponType.STONE or "Shifter" in klass.tags)), None)
        room = 3 - (weapon is not None)
        own = [name for name in (special_items(catalogue) if full else pending) if carries(klass, catalogue.items[name])]
        chunks = [own[i:i + room] for i in range(0, len(own), room)] or [[]]
        found += [(klass, [weapon] * (weapon is not None) + chunk) for chunk in chunks]
        pending = [name for name in pending if name not in own]
    assert not pending, f"nobody in the catalogue can carry {pending}"
    return found


def arena(loaded: LoadedScenario, catalogue: Catalogue, klass: UnitClass, items: list[str], side: Side) -> GameState:
    """The class's unit in the middle of the arena with everything its special actions could act on around it."""
    edition, battle_map = catalogue.edition, arena_map(catalogue.edition)

    def build(name: str, cls: str, kit: list[str], at, who: Side, uid: str, roles=()) -> Unit:
        setup = UnitSetup(name=name, unit_class=cls, items=kit, at=(at[0] + 1, at[1] + 1), roles=list(roles))
        return build_unit(setup, who, uid, catalogue, battle_map, ())

    fighter = next(iter(catalogue.classes.values()))
    arms = [w.name for w in catalogue.weapons() if can_equip_class(fighter, w)][:1]
    user = build(klass.name[:24], klass.name, items, SPOT, side, "u1", roles=("Leader", "Fleeing", "Saboteur"))
    ally = build("Hurt Ally", fighter.name, arms, ALLY, side, "u2")
    ally = ally.model_copy(update={"hp": max(1, ally.max_hp - 5), "activated": True,
                                   "statuses": [Status(name=StatusName.POISONED)]})  # to heal, restore, dance for
    enemy = build("Foe", fighter.name, arms, ENEMY, side.other, "e1")
    treasure = next(item for item in catalogue.items.values() if isinstance(item, Consumable))
    return GameState(edition=edition, scenario=loaded.scenario.name, map=battle_map, units=[user, ally, enemy],
                     to_act=side, dice=Dice(seed=1), seize_tiles=[SPOT], escape_tiles=[SPOT], raze_tiles=[SPOT],
                     chests=[Chest(at=SPOT, item=treasure)])


def edition_scenario(edition: str) -> LoadedScenario:
    """A bundled scenario of the edition, renamed: the arena borrows its catalogue and its screen's words."""
    path = next(p for p in SCENARIOS if load_scenario(p).scenario.edition == edition)
    loaded = load_scenario(path)
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"name": "Menu sweep arena"}))


# The tags behind each special action (the arena's roles bring Escape, Raze and Seize to every class).
GRANTED_BY = {"Heal": "heal", "Restore": "restore", "Status": "status", "Rescue": "rescue", "Warp": "warp",
              "Torch": "torch", "Dance": "dance", "Pick": "pick", "Entrap": "entrap", "Freeze": "freeze",
              "Rewarp": "rewarp", "Vein": "vein"}


def granted(catalogue: Catalogue) -> set[str]:
    """The special actions the catalogue's classes and special items can grant, read from their tags."""
    names = {"escape", "raze", "seize"}
    tags = [t for k in catalogue.classes.values() for t in k.tags if not t.startswith("Status")]  # a class's rides on hits
    tags += [t for name in special_items(catalogue) for t in catalogue.items[name].tags]
    return names | {GRANTED_BY[t.split("(")[0]] for t in tags if t.split("(")[0] in GRANTED_BY}


async def test_every_class_of_every_catalogue_opens_its_menu_and_previews_every_special_action():
    seen: set[str] = set()
    async with sweeping_app() as (app, pilot):
        for edition in EDITIONS:
            loaded, catalogue = edition_scenario(edition), load_catalogue(edition)
            met = Seen()
            screen = None
            for index, (klass, items) in enumerate(kits(catalogue, FULL)):
                for side in (Side.ATTACKER, Side.DEFENDER) if FULL else (Side.ATTACKER if index % 2 == 0 else Side.DEFENDER,):
                    state = arena(loaded, catalogue, klass, items, side)
                    screen = screen or await open_battle(app, pilot, loaded, state)
                    on_turn(screen, state, side)
                    sweep_menu(app, screen, state.unit("u1"), met, f"{edition} {klass.name} with {items} ({side.value})",
                               full=FULL)
                await pilot.pause()  # painted: whatever failed to draw would have stopped the app
            assert met.menus >= len(catalogue.classes)
            assert met.specials == granted(catalogue), f"{edition}: the arena met {sorted(met.specials)}"
            seen |= met.specials
    missing = set(get_args(SpecialName)) - seen
    assert not missing, f"the sweep never reached {sorted(missing)}: no class or item of a catalogue offered it"
