"""Helpers for driving the real app with key presses only (they read the screen's state to decide)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from time import monotonic

from textual import events

from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.session.modes import Mode

# Seconds of the clock a wait below gives up after: a guard against a hang, so far beyond what any load can
# make the app take that only a broken test reaches it (ruling L60). The caller's own assertion decides.
HANG = 120.0


async def walk_cursor(pilot, screen, target: Pos) -> None:
    """Press arrow keys until the battle cursor stands on `target`."""
    for _ in range(200):
        x, y = screen.controller.cursor
        if (x, y) == target:
            return
        key = "right" if x < target[0] else "left" if x > target[0] else "down" if y < target[1] else "up"
        await pilot.press(key)
    raise AssertionError(f"cursor never reached {target}")


async def select_and_stay(pilot, screen, name: str):
    """Walk the cursor to the unit called `name`, select it and stay where it stands (its action menu open); the
    unit as it was."""
    unit = next(u for u in screen.controller.state.units if u.name == name)
    await walk_cursor(pilot, screen, unit.pos)
    await pilot.press("enter", "enter")
    await pilot.pause()
    return unit


async def play_activation(pilot, screen) -> None:
    """One combat turn as a simple player would: strike the weakest enemy in reach, else close in and wait."""
    c = screen.controller
    state = c.state
    unit = sorted(state.waiting(state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
    await walk_cursor(pilot, screen, unit.pos)
    await pilot.press("enter")
    assert c.mode is Mode.MOVING, c.hint
    reach = state.reach(unit)
    options = [(target.hp, pos, target.id) for pos in reach.costs for target in state.targets_from(unit, pos)]
    enemies = state.living(unit.side.other)
    if options:
        _, pos, target_id = min(options)
    else:
        pos = min(reach.costs, key=lambda p: (min(distance(p, e.pos) for e in enemies), p))
    await walk_cursor(pilot, screen, pos)
    await pilot.press("enter")
    assert c.mode is Mode.ACTING
    if options:
        await pilot.press("a")
        assert c.mode is Mode.TARGETING
        target = state.unit(target_id)
        for _ in range(len(enemies)):
            if c.cursor == target.pos:
                break
            await pilot.press("right")
        assert c.forecast() is not None, "the forecast must be on screen before striking"
        await pilot.press("enter")
    else:
        await pilot.press("w")
    await pilot.pause()


def screen_text(app) -> str:
    """The characters on the terminal right now, read from Textual's own screenshot."""
    svg = app.export_screenshot()
    lines = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape(" ".join(re.sub(r"<[^>]+>", "", line) for line in lines)).replace("\xa0", " ")


def side_pane_shown(app) -> str:
    """The words of the battle screen's side pane that fit in it (wrapped at its width, cut at its height), on
    one line: what a player can read there without scrolling, whatever the columns beside it hold."""
    import io

    from rich.console import Console

    from officers_chess.tui.widgets.forecast_pane import ForecastPane

    pane = app.screen.query_one(ForecastPane)
    region = pane.content_region
    console = Console(file=io.StringIO(), width=region.width)
    lines = pane.content.wrap(console, region.width)[: region.height]
    return " ".join(" ".join(line.plain for line in lines).split())


async def open_trade(pilot, screen, giver: str, partner: str):
    """Greyhollow Vault's attacker `giver` walks beside `partner` and picks Trade: the dialog is open.
    Returns (giver, partner) as they stood before."""
    from officers_chess.rules.pieces.models import Side

    c = screen.controller
    c.state = c.state.model_copy(update={"to_act": Side.ATTACKER})
    c.mode = Mode.BROWSE
    me = next(u for u in c.state.units if u.name == giver)
    other = next(u for u in c.state.units if u.name == partner)
    spot = next(p for p in c.state.reach(me).costs if distance(p, other.pos) == 1)
    await walk_cursor(pilot, screen, me.pos)
    await pilot.press("enter")
    await walk_cursor(pilot, screen, spot)
    await pilot.press("enter")
    items = [i.key for i in c.menu()]
    for _ in range((items.index("trade:" + other.id) - c.menu_index) % len(items)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    return me, other


async def computer_mustered(pilot, seconds: float = HANG) -> None:
    """Wait while the computer takes its army-building steps (a thread, behind ComputerMusterScreen), or musters
    its campaign companies for a chapter (behind CampaignOpeningScreen), then let the screen that follows settle."""
    import asyncio

    from officers_chess.tui.screens.campaign_opening import CampaignOpeningScreen
    from officers_chess.tui.screens.computer_muster import ComputerMusterScreen

    for _ in range(int(seconds / 0.02)):
        await pilot.pause()
        if not isinstance(pilot.app.screen, (ComputerMusterScreen, CampaignOpeningScreen)):
            break
        await asyncio.sleep(0.02)
    else:
        raise AssertionError("the computer never finished its army-building steps")
    await footer_filled(pilot)  # the screen that follows is switched in: let its footer fill in before anyone reads it


async def footer_filled(pilot) -> None:
    """Wait until the footer of the screen on top shows its keys: a footer fills in a frame after its screen,
    later still on a busy machine, and a test that reads the keys must not come first."""
    from textual.widgets import Footer

    def filled() -> bool:
        footers = pilot.app.screen.query(Footer)
        return not footers or all(footer.children for footer in footers)

    if not filled():
        await wait_until(pilot, filled)
    await pilot.pause()


# The character each named key brings, as the terminal driver sends it.
KEY_CHARACTERS = {"enter": "\r", "escape": "\x1b", "space": " ", "tab": "\t", "ctrl+p": "\x10", "ctrl+q": "\x11"}


def burst(app, *keys: str) -> None:
    """Post the keys as the terminal driver does when they arrive together: all queued before any is handled."""
    for key in keys:
        app.post_message(events.Key(key, KEY_CHARACTERS.get(key, key if len(key) == 1 else None)))


async def wait_until(pilot, done: Callable[[], bool], seconds: float = HANG) -> None:
    """Let the app work until `done()` holds or `seconds` pass, however busy the machine is.

    A fixed pause is a guess at the machine's speed; the caller's own assertion still decides the test, and
    `seconds` is only a hang guard (never pass a short one to wait for something that may not come)."""
    deadline = monotonic() + seconds
    while monotonic() < deadline:
        await pilot.pause(0.05)
        if done():
            return


async def painted(pilot, words: str, seconds: float = HANG) -> str:
    """The screen's words on one line, once `words` are among them or `seconds` have passed: a footer or a pushed
    screen is painted a frame after the key that changed it, later on a busy machine. The caller asserts."""
    await wait_until(pilot, lambda: words in " ".join(screen_text(pilot.app).split()), seconds)
    return " ".join(screen_text(pilot.app).split())


async def past_the_grace(pilot) -> None:
    """Wait until the result screen is up and its grace for stray Enters has passed by its own clock (counted from
    when it was mounted, which a busy machine delays): the next Enter is the player's, however loaded the machine."""
    from officers_chess.tui.screens.result import ResultScreen

    def settled() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, ResultScreen) and screen.is_mounted and screen._settled()

    await wait_until(pilot, settled)
    assert settled(), pilot.app.screen


def screen_rows(app) -> list[str]:
    """The terminal's rows as the player sees them, each padded to the terminal's width (from the screenshot)."""
    svg = app.export_screenshot()
    width, height = app.size
    grid = [[" "] * width for _ in range(height)]
    runs = re.findall(r'<text[^>]*?x="([0-9.]+)"[^>]*?line-(\d+)\)">(.*?)</text>', svg, flags=re.S)
    for x, row, text in runs:
        col, row = round(float(x) / 12.2), int(row)
        for i, ch in enumerate(html.unescape(text).replace("\xa0", " ")):
            if row < height and col + i < width:
                grid[row][col + i] = ch
    return ["".join(row) for row in grid]


def widget_rows(app, widget) -> list[str]:
    """The rows of `widget`'s box (border included) as the terminal shows them."""
    region = widget.region
    return [row[region.x: region.right] for row in screen_rows(app)[region.y: region.bottom]]
