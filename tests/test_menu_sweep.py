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

import os
from typing import get_args

from menu_sweep import Seen, sweep_menu
from sweep_arena import arena, carries, edition_scenario, on_turn, open_battle, special_items, sweeping_app

from officers_chess.ai.muster_ai import muster
from officers_chess.ai.play import make_policy
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import LoadedScenario, load_catalogue, load_scenario
from officers_chess.rules.battle.actions import Action, SpecialName
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, UnitClass, Weapon, WeaponType
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.session.action_menu import MAP_CHOSEN

FULL = os.environ.get("OFFICERS_CHESS_SWEEP") == "full"
SCENARIOS = bundled_scenarios()
EDITIONS = ("v0.6", "ratings", "d100")


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

def kits(catalogue: Catalogue, full: bool) -> list[tuple[UnitClass, list[str]]]:
    """(class, items) for each placement: a weapon the class fights with, then special items in its free slots.
    By default each special item is carried once, by the first class that can carry it (staff users take several
    kits); `full`: every class carries every special item it can, a slotful at a time."""
    pending = special_items(catalogue)
    found = []
    for klass in catalogue.classes.values():
        weapon = next((w.name for w in catalogue.weapons()
                       if w.type is not WeaponType.STAFF and can_equip_class(klass, w)
                       and (w.type is not WeaponType.STONE or "Shifter" in klass.tags)), None)
        room = 3 - (weapon is not None)
        own = [name for name in (special_items(catalogue) if full else pending)
               if carries(klass, catalogue.items[name])]
        chunks = [own[i:i + room] for i in range(0, len(own), room)] or [[]]
        for chunk in chunks:  # a weapon with an art goes first: the unit takes the first in hand, and fights with it
            arts = [name for name in chunk
                    if isinstance(catalogue.items[name], Weapon) and "Art(" in str(catalogue.items[name].tags)]
            found.append((klass, arts + [weapon] * (weapon is not None) + [name for name in chunk if name not in arts]))
        pending = [name for name in pending if name not in own]
    assert not pending, f"nobody in the catalogue can carry {pending}"
    return found


# The tags behind each special action (the arena's roles bring Escape, Raze and Seize to every class).
GRANTED_BY = {"Heal": "heal", "Restore": "restore", "Status": "status", "Rescue": "rescue", "Warp": "warp",
              "Torch": "torch", "Dance": "dance", "Pick": "pick", "Entrap": "entrap", "Freeze": "freeze",
              "Rewarp": "rewarp", "Vein": "vein"}


def granted(catalogue: Catalogue) -> set[str]:
    """The special actions the catalogue's classes and special items can grant, read from their tags."""
    names = {"escape", "raze", "seize"}
    # (A class's Status rides on its hits: it is no action.)
    tags = [t for k in catalogue.classes.values() for t in k.tags if not t.startswith("Status")]
    tags += [t for name in special_items(catalogue) for t in catalogue.items[name].tags]
    return names | {GRANTED_BY[t.split("(")[0]] for t in tags if t.split("(")[0] in GRANTED_BY}


async def test_every_class_of_every_catalogue_opens_its_menu_and_previews_every_special_action():
    seen: set[str] = set()
    kinds: set[str] = set()
    async with sweeping_app() as (app, pilot):
        for edition in EDITIONS:
            loaded, catalogue = edition_scenario(edition), load_catalogue(edition)
            met = Seen()
            screen = None
            for index, (klass, items) in enumerate(kits(catalogue, FULL)):
                sides = (Side.ATTACKER, Side.DEFENDER) if FULL else (Side.ATTACKER if index % 2 == 0 else Side.DEFENDER,)
                for side in sides:
                    state = arena(loaded, catalogue, klass, items, side)
                    screen = screen or await open_battle(app, pilot, loaded, state)
                    on_turn(screen, state, side)
                    where = f"{edition} {klass.name} with {items} ({side.value})"
                    sweep_menu(app, screen, state.unit("u1"), met, where, full=FULL)
                await pilot.pause()  # painted: whatever failed to draw would have stopped the app
            assert met.menus >= len(catalogue.classes)
            assert met.specials == granted(catalogue), f"{edition}: the arena met {sorted(met.specials)}"
            seen |= met.specials
            kinds |= met.kinds
    missing = set(get_args(SpecialName)) - seen
    assert not missing, f"the sweep never reached {sorted(missing)}: no class or item of a catalogue offered it"
    menu_kinds = {kind.model_fields["kind"].default for kind in get_args(get_args(Action)[0]) if kind not in MAP_CHOSEN}
    assert menu_kinds | {"art"} <= kinds, f"the sweep never met a menu entry of {sorted(menu_kinds | {'art'} - kinds)}"
