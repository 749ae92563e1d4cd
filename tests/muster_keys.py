"""Driving the army-building screens with key presses only (reading the screens' state to decide which keys)."""

from __future__ import annotations

from officers_chess.rules.board.battle_map import Pos
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen

from pilot_helpers import computer_mustered, screen_text


async def press(pilot, *keys: str, check=None) -> None:
    """Press keys one at a time, letting the screen settle, and run `check` on what is shown after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        if check is not None:
            check(pilot.app)


async def highlight(pilot, option_list, option_id: str, check=None) -> None:
    """Move an option list's highlight with the arrow keys until it stands on `option_id`."""
    ids = [option.id for option in option_list.options]
    assert option_id in ids, f"{option_id} is not listed: {ids}"
    target, here = ids.index(option_id), option_list.highlighted or 0
    if abs(target - here) > min(target, len(ids) - 1 - target):  # nearer an end: jump there first
        await press(pilot, "home" if target < len(ids) / 2 else "end", check=check)
    for _ in range(len(ids) + 1):
        here = option_list.highlighted or 0
        if ids[here] == option_id:
            return
        await press(pilot, "down" if ids.index(option_id) > here else "up", check=check)
    raise AssertionError(f"never reached {option_id}")


async def focus(pilot, screen: HiringScreen, pane: str, check=None) -> None:
    """Tab to the shop or the army pane."""
    if screen.focused is None or screen.focused.id != pane:
        await press(pilot, "tab", check=check)
    assert screen.focused is not None and screen.focused.id == pane


async def hire(pilot, screen: HiringScreen, unit_class: str, items: list[str], check=None) -> None:
    """Hire a unit of a class, then give it items, all from the shop pane."""
    await focus(pilot, screen, "shop", check)
    if screen.shop_mode != "classes":
        await press(pilot, "c", check=check)
    shop = screen.query_one("#shop")
    await highlight(pilot, shop, f"class:{unit_class}", check)
    await press(pilot, "enter", check=check)
    await give(pilot, screen, items, check)


async def give(pilot, screen: HiringScreen, items: list[str], check=None) -> None:
    """Give items to the unit selected in the army pane (the last hired, or the one highlighted)."""
    await focus(pilot, screen, "shop", check)
    if items and screen.shop_mode != "items":
        await press(pilot, "i", check=check)
    shop = screen.query_one("#shop")
    for name in items:
        await highlight(pilot, shop, f"item:{name}", check)
        await press(pilot, "enter", check=check)


async def select_unit(pilot, screen: HiringScreen, name: str, check=None) -> None:
    """Highlight a unit's row in the army pane."""
    await focus(pilot, screen, "army", check)
    index = [r.name for r in screen.draft.units].index(name)
    await highlight(pilot, screen.query_one("#army"), str(index), check)


async def confirm_step(pilot, check=None) -> None:
    """d, then Y in the confirmation dialog; then whatever steps the computer takes next."""
    await press(pilot, "d", check=check)
    assert isinstance(pilot.app.screen, ConfirmDialog), screen_text(pilot.app)
    await press(pilot, "y", check=check)
    await computer_mustered(pilot)


async def hand_over(pilot, check=None) -> None:
    assert isinstance(pilot.app.screen, HandOverScreen), type(pilot.app.screen).__name__
    await press(pilot, "enter", check=check)


async def walk(pilot, screen: DeploymentScreen, target: Pos, check=None) -> None:
    for _ in range(200):
        x, y = screen.controller.cursor
        if (x, y) == target:
            return
        await press(pilot, "right" if x < target[0] else "left" if x > target[0] else "down" if y < target[1] else "up", check=check)
    raise AssertionError(f"cursor never reached {target}")


async def deploy_all(pilot, screen: DeploymentScreen, check=None) -> None:
    """Place every unit on the zone's tiles in reading order, skipping tiles the core refuses."""
    tiles = sorted(screen.controller.zone, key=lambda p: (p[1], p[0]))
    for pos in tiles:
        if screen.held is None:
            break
        if screen.controller.board.unit_at(pos) is not None:
            continue
        await walk(pilot, screen, pos, check)
        await press(pilot, "enter", check=check)
    assert len(screen.placed) == len(screen.names), screen.message.plain
