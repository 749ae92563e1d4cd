"""Random keys on every screen: whatever a player (or a cat on the keyboard) types, the interface never crashes.

Each test opens one screen through the real app and its Textual pilot (title, briefing, the load dialog,
hand-over, hiring, scouting, outfitting, deployment, battles hot-seat, against the computer, under fog and
with the players' own dice, a battle whose names are all square brackets, help, the rules browser, the
Ctrl+P search, the save-name dialog, trade, explain, the result and the replay viewer), then presses random
keys from the game's alphabet: arrows, Enter, Esc, Tab, letters, digits, PageUp/PageDown, Home/End, F1/F2,
Ctrl+S, Ctrl+P, ?, the brackets a name may hold, now and then a paste (a NUL, markup, a very long line) and
a resize of the terminal down to 20×8 and back up. Any exception in the app fails the test, with the seed
and the keys that led to it. A key that quits the game (q then y, Ctrl+Q) restarts it on the same screen,
as does wandering off that screen for a while.

By default each screen gets KEYS_PER_SCREEN keys, about a minute for all of them. A long run:

    OFFICERS_CHESS_RANDOM_KEYS=5000 pytest tests/test_random_keys.py

presses that many keys on each screen; OFFICERS_CHESS_RANDOM_KEYS_SEED=<n> draws other keys (default 1).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette

from officers_chess.ai.play import make_policy, play_battle
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save
from officers_chess.content.user_data import autosave_dir, saves_dir
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import palette
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
from officers_chess.tui.dialogs.explain import ExplainChooser
from officers_chess.tui.dialogs.help import HelpScreen
from officers_chess.tui.dialogs.roll_prompt import RollPrompt
from officers_chess.tui.dialogs.save_picker import SavePicker
from officers_chess.tui.dialogs.trade import TradeDialog
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.replay_viewer import ReplayViewer
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.rules_browser import RulesBrowser
from officers_chess.tui.screens.scouting import ScoutingScreen
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.too_small import too_small

from muster_keys import press, walk
from pilot_helpers import computer_mustered, open_trade, walk_cursor

KEYS_PER_SCREEN = 50  # the default: about a minute of keys for all the screens together
KEYS = int(os.environ.get("OFFICERS_CHESS_RANDOM_KEYS") or KEYS_PER_SCREEN)
SEED = int(os.environ.get("OFFICERS_CHESS_RANDOM_KEYS_SEED") or 1)
RECENTRE = 60  # keys after which a game that has left its screen is started again on it

# The game's alphabet, the keys it binds several times over so they come up more often than the rest.
NAVIGATION = ["up", "down", "left", "right", "enter", "escape", "tab", "shift+tab", "pageup", "pagedown", "home", "end"]
SPECIAL = ["f1", "f2", "ctrl+s", "ctrl+p", "question_mark", "space", "backspace", "delete", "ctrl+q", "ctrl+c",
           "ctrl+u", "ctrl+a", "ctrl+k", "y", "n"]
TYPED = list("abcdefghijklmnopqrstuvwxyz0123456789") + ["[", "]", "/", "\\", "=", ".", "@", "$"]
ALPHABET = NAVIGATION * 4 + SPECIAL * 2 + TYPED
# What a paste may bring: a NUL, markup, a path, a very long line, a line break, an escape sequence, an emoji.
PASTES = ["a\x00b", "[/]", "[b]bold[/b", "[@click=app.quit]x[/]", "../../etc/passwd", "x" * 300, "two\nlines",
          "\x1b[2J", "⚔️ 🛡", "\t", "OC1-garbage", "20", "-1", "CON"]
SIZES = [(20, 8), (30, 10), (40, 12), (50, 14), (59, 15), (60, 16), (64, 18), (72, 20), (80, 24), (100, 30), (120, 36), (160, 48)]
BIG = (80, 24)

CONTACT = Path(__file__).resolve().parents[1] / "benchmarks" / "fixtures" / "long_march_contact.yaml"
A, D = Side.ATTACKER, Side.DEFENDER


@pytest.fixture(autouse=True)
def _classic_colours():
    yield
    palette.use(palette.CLASSIC.name)  # F2 changes the palette for the whole process


# --- the apps and the keys that open each screen -------------------------------------------------------


def scenario(name: str):
    return load_scenario(find_scenario(name))


def hostile_scenario(folder: Path):
    """The Training Yard with every name made of markup: the scenario, the map and all four units."""
    plain = scenario("training_yard")
    source, map_source = plain.path, plain.map_path
    folder.mkdir(parents=True, exist_ok=True)
    text = map_source.read_text(encoding="utf-8")
    lines = text.splitlines()
    lines[0] = 'name: "[/] Yard [b]"'
    (folder / "hostile_map.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = source.read_text(encoding="utf-8")
    for old, new in (("name: Training Yard", 'name: "[/]Yard[b] [@click=app.quit]x"'),
                     ("map: training_yard", "map: hostile_map.yaml"),
                     ("name: Hale", 'name: "[/]"'), ("name: Wren", 'name: "[b]Wren"'),
                     ("name: Bram", 'name: "[@click=app.quit]B[/]"'), ("name: Tilda", 'name: "Til]da\\\\"')):
        assert old in text, old
        text = text.replace(old, new)
    path = folder / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return load_scenario(path)


def a_save(folder: Path, actions: int = 30):
    """A saved battle of two greedy players, `actions` long."""
    loaded = scenario("training_yard")
    state = loaded.new_battle(seed=6)
    saver = Autosaver.start(loaded, 6, {}, state, {"attacker": "greedy", "defender": "greedy"}, folder=folder)
    players = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    for _ in range(actions):
        if state.is_over:
            break
        action = players[state.to_act].choose(state)
        state = apply_action(state, action).state
        saver.add(action, state)
    return open_save(saver.path)


def broken_saves() -> None:
    """Damaged files where the title screen looks for saves, named with markup: each must be named, not crash it."""
    for folder in (saves_dir(), autosave_dir()):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "[@click=app.quit]broken[b].json").write_text("{oops", encoding="utf-8")


async def settle(pilot) -> None:
    await pilot.pause()


def step_done(screen) -> None:
    """Confirm the step on screen as its keys would (d, then Y), without typing them."""
    screen.session.finish()
    screen.step_done()


async def to_scouting(pilot) -> None:
    """The Attacker hires two units named in markup and confirms: the Scouting step."""
    await computer_mustered(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HiringScreen)
    army = Army(units=[Recruit(name="[/]", unit_class="Fighter", items=["Iron Axe"]),
                       Recruit(name="[b]Bo", unit_class="Archer", items=["Iron Bow"])])
    screen.session.set_army(screen.side, army)
    step_done(screen)
    await computer_mustered(pilot)
    assert isinstance(pilot.app.screen, ScoutingScreen)


async def to_outfitting(pilot) -> None:
    await to_scouting(pilot)
    await press(pilot, "enter")
    await computer_mustered(pilot)
    assert isinstance(pilot.app.screen, HiringScreen) and pilot.app.screen.outfitting


async def to_deployment(pilot) -> None:
    await to_outfitting(pilot)
    step_done(pilot.app.screen)
    await computer_mustered(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, DeploymentScreen)
    first = sorted(screen.controller.zone, key=lambda p: (p[1], p[0]))[0]
    await walk(pilot, screen, first)
    await press(pilot, "enter")


def keys(*pressed: str) -> Callable:
    async def reach(pilot) -> None:
        await pilot.pause()
        await pilot.press(*pressed)
        await pilot.pause()

    return reach


async def aim_at_niko(pilot) -> None:
    """The Long March with two units face to face: Aurelie aims at Niko, the forecast on screen."""
    await pilot.pause()
    screen = pilot.app.screen
    aurelie = next(u for u in screen.controller.state.living(A) if u.name == "Aurelie")
    await walk_cursor(pilot, screen, aurelie.pos)
    await pilot.press("enter")
    await walk_cursor(pilot, screen, (14, 10))
    await pilot.press("enter", "a")
    await pilot.pause()


async def to_roll_prompt(pilot) -> None:
    await aim_at_niko(pilot)
    await pilot.press("enter")
    await pilot.pause()


async def to_trade(pilot) -> None:
    await pilot.pause()
    await open_trade(pilot, pilot.app.screen, "Rhea", "Bronn")


async def to_result(pilot) -> None:
    await pilot.pause()
    app = pilot.app
    loaded = app.screen.loaded
    final = play_battle(loaded, {side: make_policy("greedy", i) for i, side in enumerate(Side)}, seed=3)
    app.show_result(final, [])
    await pilot.pause()


def _then(reach: Callable, *pressed: str) -> Callable:
    async def go(pilot) -> None:
        await reach(pilot)
        await pilot.press(*pressed)
        await pilot.pause()

    return go


@dataclass(frozen=True)
class Stage:
    """A screen to press keys on: how to make the app, the keys (or helpers) that open the screen, and the
    screen (or any of the screens) it is."""

    make: Callable[[Path], OfficersChessApp]
    reach: Callable[[object], Awaitable[None]]
    screen: type | tuple[type, ...]


def muster(folder: Path, computer: bool = True) -> OfficersChessApp:
    return OfficersChessApp(scenario=scenario("practice_muster"), seed=1, computer={D: "greedy"} if computer else None)


def foggy(folder: Path) -> OfficersChessApp:
    plain = scenario("training_yard")
    return OfficersChessApp(scenario=replace(plain, scenario=plain.scenario.model_copy(update={"fog": True})), seed=1)


def with_saves(folder: Path) -> OfficersChessApp:
    broken_saves()
    saved = a_save(folder / "made")
    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "[@click=app.quit]kept[b].json").write_text(saved.path.read_text(encoding="utf-8"), encoding="utf-8")
    return OfficersChessApp(seed=1)


STAGES: dict[str, Stage] = {
    "title": Stage(lambda folder: OfficersChessApp(seed=1), settle, TitleScreen),
    "briefing": Stage(lambda folder: OfficersChessApp(seed=2), keys("down", "down", "down", "pagedown"), TitleScreen),
    "load-dialog": Stage(with_saves, keys("l"), SavePicker),
    "hand-over": Stage(lambda folder: muster(folder, computer=False), settle, HandOverScreen),
    "hiring": Stage(muster, computer_mustered, HiringScreen),
    "scouting": Stage(muster, to_scouting, ScoutingScreen),
    "outfitting": Stage(muster, to_outfitting, HiringScreen),
    "deployment": Stage(muster, to_deployment, DeploymentScreen),
    "battle": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), settle, BattleScreen),
    "battle-vs-computer": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=2,
                                                                computer={D: "greedy"}), settle, BattleScreen),
    "battle-under-fog": Stage(foggy, settle, BattleHandOver),
    "own-dice": Stage(lambda folder: OfficersChessApp(scenario=load_scenario(CONTACT), seed=1, own_dice=True),
                      to_roll_prompt, RollPrompt),
    "names-in-brackets": Stage(lambda folder: OfficersChessApp(scenario=hostile_scenario(folder / "hostile"), seed=1),
                               settle, BattleScreen),
    "help": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), keys("question_mark"),
                  HelpScreen),
    "rules-browser": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), keys("f1"),
                           RulesBrowser),
    "search": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), keys("ctrl+p"),
                    CommandPalette),
    "save-name": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), keys("ctrl+s"),
                       TextPrompt),
    "trade": Stage(lambda folder: OfficersChessApp(scenario=scenario("greyhollow_vault"), seed=1), to_trade, TradeDialog),
    "explain": Stage(lambda folder: OfficersChessApp(scenario=load_scenario(CONTACT), seed=1), _then(aim_at_niko, "e"),
                     ExplainChooser),
    "result": Stage(lambda folder: OfficersChessApp(scenario=scenario("training_yard"), seed=1), to_result, ResultScreen),
    "replay": Stage(lambda folder: OfficersChessApp(replay=a_save(folder / "replay"), autosave=False), settle,
                    ReplayViewer),
}


# --- pressing --------------------------------------------------------------------------------------


class Crashed(AssertionError):
    pass


# The character each key brings, as the terminal driver sends it (Input types the printable ones).
NAMED = {"[": "left_square_bracket", "]": "right_square_bracket", "/": "slash", "\\": "backslash", "=": "equals_sign",
         ".": "full_stop", "@": "at", "$": "dollar_sign"}
CHARACTERS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "space": " ", "backspace": "\x7f", "question_mark": "?",
              "ctrl+s": "\x13", "ctrl+p": "\x10", "ctrl+q": "\x11", "ctrl+c": "\x03", "ctrl+u": "\x15", "ctrl+a": "\x01",
              "ctrl+k": "\x0b", **{name: character for character, name in NAMED.items()}}


def key_event(key: str) -> events.Key:
    name = NAMED.get(key, key)
    return events.Key(name, key if len(key) == 1 else CHARACTERS.get(name))


async def random_input(pilot, rng: random.Random, said: list[str]) -> int:
    """A few random keys typed together (as a quick typist or key repeat sends them), or now and then a paste
    or a new terminal size; then the app catches up. Returns how many inputs that was."""
    app = pilot.app
    roll = rng.random()
    if roll < 0.06:
        width, height = BIG if too_small(app.size) and rng.random() < 0.6 else rng.choice(SIZES)
        said.append(f"resize {width}x{height}")
        await pilot.resize_terminal(width, height)
        sent = 1
    elif roll < 0.075:
        text = rng.choice(PASTES)
        said.append(f"paste {text!r}")
        app.post_message(events.Paste(text))  # as the terminal driver delivers a paste
        sent = 1
    else:
        sent = rng.choice((1, 2, 3, 4, 5))
        for _ in range(sent):
            key = rng.choice(ALPHABET)
            said.append(key)
            app.post_message(key_event(key))  # as the terminal driver delivers a key
    await pilot.pause()
    return sent


SWEEP = [(40, 12), (20, 8)]  # below the minimum size, where a list may have no room at all
PAGING = ["pagedown", "pageup", "end", "home"]


async def sweep(pilot, said: list[str]) -> None:
    """The paging keys at each of a few small sizes, one at a time, then back to the designed size: every
    screen gets them, however the random keys fall."""
    for width, height in SWEEP:
        said.append(f"resize {width}x{height}")
        await pilot.resize_terminal(width, height)
        for key in PAGING:
            said.append(key)
            await pilot.press(key)
    said.append(f"resize {BIG[0]}x{BIG[1]}")
    await pilot.resize_terminal(*BIG)


def failure(name: str, said: list[str], error: BaseException) -> Crashed:
    return Crashed(f"{name}: {type(error).__name__}: {error}\n  seed {SEED}; the keys since the screen opened "
                   f"(last 40): {said[-40:]}")


async def run_stage(name: str, folder: Path, count: int) -> int:
    """Press `count` random inputs on the stage's screen; returns how many times the app was started."""
    stage = STAGES[name]
    rng = random.Random(f"{SEED} {name}")
    pressed, starts = 0, 0
    while pressed < count:
        app = stage.make(folder)
        starts += 1
        said: list[str] = []
        try:
            async with app.run_test(size=BIG, notifications=True) as pilot:  # toasts drawn: their text is tested too
                await stage.reach(pilot)
                assert isinstance(app.screen, stage.screen), f"{name}: opened {type(app.screen).__name__}"
                await sweep(pilot, said)
                if app._exception is not None:
                    raise failure(name, said, app._exception) from app._exception
                since = 0
                while pressed < count:
                    sent = await random_input(pilot, rng, said)
                    pressed += sent
                    since += sent
                    if app._exception is not None:
                        raise failure(name, said, app._exception) from app._exception
                    if app.return_code is not None:  # a key quit the game: start it again
                        break
                    if since >= RECENTRE and not any(isinstance(s, stage.screen) for s in app.screen_stack):
                        break  # it wandered off: back to the screen under test
        except Crashed:
            raise
        except Exception as error:  # raised by the pilot as the app closed on it
            raise failure(name, said, error) from error
    return starts


@pytest.mark.parametrize("name", list(STAGES))
async def test_random_keys_never_crash_the_screen(name, tmp_path):
    started = time.perf_counter()
    starts = await run_stage(name, tmp_path, KEYS)
    if os.environ.get("OFFICERS_CHESS_RANDOM_KEYS"):
        print(f"{name}: {KEYS} inputs in {time.perf_counter() - started:.1f} s, {starts} start(s)")
