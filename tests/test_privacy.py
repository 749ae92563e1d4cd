"""Hot-seat privacy: before the battle, no screen shown to one player names an item from the other player's inventory.

The whole army building of Practice Muster is played by keys, and after every key the terminal's
text is read. Each side buys items the other side's shop never lists (the Defender's units wield
swords and axes, the Attacker's lances and bows; no accessories or consumables), so the catalogue,
which is public, cannot explain a hit: any of the other side's item names on screen is a leak.
"""

from __future__ import annotations

import re

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.army_file import CodeDialog, RosterPicker
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.muster_step import MusterStepScreen
from officers_chess.tui.screens.scouting import ScoutingScreen

from muster_keys import confirm_step, deploy_all, give, hand_over, hire, press, select_unit, walk
from pilot_helpers import screen_text

A, D = Side.ATTACKER, Side.DEFENDER

# What each side hires (class, items), and the item each adds at Outfitting.
HIRES = {
    D: [("Fighter", ["Devil Axe"]), ("Mercenary", ["Killing Edge"])],
    A: [("Soldier", ["Needle Lance"]), ("Archer", ["Longbow"])],
}
OUTFIT = {D: ("Sabine", "Armorslayer"), A: ("Arlen", "Horseslayer")}
# A word of each item name that no other text of the game uses, so a name cut by wrapping is caught too.
KEY_WORD = {"Devil Axe": "Devil", "Killing Edge": "Killing", "Needle Lance": "Needle", "Longbow": "Longbow",
            "Armorslayer": "Armorslayer", "Horseslayer": "Horseslayer"}


def items_of(side: Side) -> list[str]:
    return [item for _, items in HIRES[side] for item in items] + [OUTFIT[side][1]]


class Watch:
    """Run after every key press: whoever may be looking must not see the other side's items."""

    def __init__(self) -> None:
        self.checked = {A: 0, D: 0, "hand-over": 0}
        self.own_seen = {A: 0, D: 0}

    def __call__(self, app) -> None:
        owner = next((s for s in reversed(app.screen_stack) if isinstance(s, MusterStepScreen)), None)
        if owner is None or isinstance(app.screen, BattleScreen):
            return  # the title, or the battle (where inventories are public)
        text = " ".join(screen_text(app).split())
        if isinstance(owner, HandOverScreen):
            viewers, key = [A, D], "hand-over"  # both players may be looking
        else:
            viewers, key = [owner.side], owner.side
        for viewer in viewers:
            for item in items_of(viewer.other):
                leaked = item in text or re.search(rf"\b{KEY_WORD[item]}\b", text)
                assert not leaked, f"{type(app.screen).__name__} shown to the {viewer.value} names {item}:\n{text}"
        self.checked[key] += 1
        if key != "hand-over" and any(item in text for item in items_of(key)):
            self.own_seen[key] += 1


async def test_no_screen_before_the_battle_shows_one_player_the_other_players_items(tmp_path, monkeypatch):
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    watch = Watch()
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        watch(app)

        for side in (D, A):  # Hiring, the Defender first
            await hand_over(pilot, check=watch)
            screen = app.screen
            assert isinstance(screen, HiringScreen) and screen.side is side
            for unit_class, items in HIRES[side]:
                await hire(pilot, screen, unit_class, items, check=watch)
            await select_unit(pilot, screen, screen.draft.units[0].name, check=watch)
            await press(pilot, "e", check=watch)  # the army code
            assert isinstance(app.screen, CodeDialog)
            await press(pilot, "enter", check=watch)
            if side is D:  # the Defender saves a roster ...
                await press(pilot, "s", "enter", check=watch)
            else:  # ... which the Attacker's list of rosters does not offer
                await press(pilot, "l", check=watch)
                assert isinstance(app.screen, RosterPicker) and not app.screen.rosters
                await press(pilot, "escape", check=watch)
            await press(pilot, "escape", check=watch)  # "abandon?" ... no
            await press(pilot, "n", check=watch)
            await confirm_step(pilot, check=watch)

        for side in (D, A):  # Scouting
            await hand_over(pilot, check=watch)
            assert isinstance(app.screen, ScoutingScreen) and app.screen.side is side
            await press(pilot, "enter", check=watch)

        for side in (D, A):  # Outfitting
            await hand_over(pilot, check=watch)
            screen = app.screen
            assert isinstance(screen, HiringScreen) and screen.outfitting and screen.side is side
            name, item = OUTFIT[side]
            await select_unit(pilot, screen, name, check=watch)
            await press(pilot, "enter", check=watch)  # the unit's items in the shop
            await give(pilot, screen, [item], check=watch)
            await confirm_step(pilot, check=watch)

        for side in (D, A):  # Deployment
            await hand_over(pilot, check=watch)
            screen = app.screen
            assert isinstance(screen, DeploymentScreen) and screen.side is side
            await deploy_all(pilot, screen, check=watch)
            for shown in screen.controller.board.units:  # hover every unit on the field, the other side's too
                await walk(pilot, screen, shown.pos, check=watch)
            await confirm_step(pilot, check=watch)

        assert isinstance(app.screen, BattleScreen)
        battle = app.screen.controller.state
        for side in (A, D):
            carried = {item.name for u in battle.units if u.side is side for item in u.inventory}
            assert carried == set(items_of(side))  # the armies that reached the battle are the ones watched
    assert watch.checked[A] > 50 and watch.checked[D] > 50 and watch.checked["hand-over"] == 8
    # The check can see items: each side's own items were on its own screens.
    assert watch.own_seen[A] > 10 and watch.own_seen[D] > 10
