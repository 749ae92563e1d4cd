"""Non-interference: a seat's screen depends only on what that seat may know.

At points of real fogged battles (the fog fixtures and every fogged bundled scenario, played by the computer on
both sides), a second battle is made that differs from the first only in something the side to act cannot know:
an unseen enemy moved, hurt, re-armed, renamed like one of the seat's own units or with punctuation round its
name, given a script; every roll the dice will make (the draw counter: the seed itself is committed to in public by
its fingerprint, rulings F33); the enemy's morale; a tile changed out of sight (which the seat remembers as
it was). Both are opened in the real battle screen at 80x24, hot-seat, and walked through the same keys: the
first look, each of the seat's units under the cursor and its move area, the danger zone, threats, heat and
likely targets, the tile of every hidden enemy under the cursor, and, mid-turn, every entry of the action menu
with its preview. Every screen must be the same, character for character.

The planted leaks at the end show the test fails when a screen is handed what the seat cannot know.

OFFICERS_CHESS_NONINTERFERENCE=<n> looks at n points per battle (default 3 in CI) and
OFFICERS_CHESS_NONINTERFERENCE_SEED=<s> plays other battles.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from muster_helpers import start
from pilot_helpers import wait_until, walk_cursor
from test_fog_hotseat_pilot import screen_rows

from officers_chess.ai.play import make_policy
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.rules.battle import vision
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.state import GameState, Remembered
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import Order
from officers_chess.session.board_view import BoardView
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen

FIXTURES = Path(__file__).parent / "fixtures"
POINTS = int(os.environ.get("OFFICERS_CHESS_NONINTERFERENCE") or 1)
FULL_WALK = os.environ.get("OFFICERS_CHESS_NONINTERFERENCE") is not None  # every unit's every lookout key
SEED = int(os.environ.get("OFFICERS_CHESS_NONINTERFERENCE_SEED") or 1)


def fogged_battles() -> list[Path]:
    bundled = [path for path in bundled_scenarios() if load_scenario(path).scenario.fog]
    return [FIXTURES / "fog_yard.yaml", *bundled]


def hidden_enemies(state: GameState, seat: Side):
    sight = state.seen_by(seat)
    return [u for u in state.living(seat.other) if u.pos not in sight]


def battle_points(loaded: LoadedScenario, seed: int, wanted: int) -> list[GameState]:
    """States of a computer-played battle where the side to act has an enemy out of sight: some at the start of
    an activation, some just after a unit moved (its action menu open)."""
    state = start(loaded, seed)  # a side that hires has its army hired by the computer
    players = {side: make_policy("greedy", seed + n) for n, side in enumerate(Side)}
    found: list[GameState] = []
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over or len(found) >= wanted:
            break
        seat = state.to_act
        action = players[seat].choose(state)
        if hidden_enemies(state, seat) and rng.random() < 0.35:
            found.append(state)
        state = apply_action(state, action).state
        if state.active is not None and not state.is_over and hidden_enemies(state, state.active_unit.side) \
                and rng.random() < 0.5:
            found.append(state)  # mid-turn: the menu, its previews and forecasts
    return found


def _unit_update(state: GameState, unit_id: str, **changes) -> GameState:
    units = [u.model_copy(update=changes) if u.id == unit_id else u for u in state.units]
    return state.model_copy(update={"units": units})


def twins(state: GameState) -> list[tuple[str, GameState]]:
    """Battles that differ from `state` only in what its side to act cannot know."""
    seat = state.active_unit.side if state.active_unit else state.to_act
    hidden = hidden_enemies(state, seat)
    sight = state.seen_by(seat)
    own = state.living(seat)
    made: list[tuple[str, GameState]] = [
        # Every roll still to come changes; the seed's public fingerprint (rulings F33) does not.
        ("the dice to come", state.model_copy(update={"dice": state.dice.model_copy(update={"draws": state.dice.draws + 7919})})),
    ]
    if state.morale.get(seat.other) is not None:
        made.append(("the enemy's morale", state.model_copy(update={"morale": {**state.morale, seat.other: 1}})))
    enemy = hidden[0]
    made += [
        ("an unseen enemy's HP", _unit_update(state, enemy.id, hp=max(1, enemy.hp // 2))),
        ("an unseen enemy's items", _unit_update(state, enemy.id, inventory=enemy.inventory[:1],
                                                 weapon=0 if enemy.inventory else None, accessory=None)),
        ("an unseen enemy named like the seat's own unit", _unit_update(state, enemy.id, name=own[0].name)),
        ("an unseen enemy named with punctuation", _unit_update(state, enemy.id, name="(Ash)")),
        ("an unseen enemy's script", _unit_update(state, enemy.id, orders=[Order(do="hold")])),
    ]
    occupied = {u.pos for u in state.living()}
    terrain = state.map.terrain_table
    free = [(x, y) for y in range(state.map.height) for x in range(state.map.width)
            if (x, y) not in sight and (x, y) not in occupied
            and enemy.entry_cost(terrain[state.map.rows[y][x]]) is not None]
    if free:
        made.append(("an unseen enemy moved", _unit_update(state, enemy.id, pos=free[len(free) // 2])))
        x, y = free[0]
        was = state.map.rows[y][x]
        other = next(g for g, t in terrain.items() if g != was and t.hp is None)
        rows = list(state.map.rows)
        rows[y] = rows[y][:x] + other + rows[y][x + 1:]
        memory = {**state.remembered, seat: [*state.remembered.get(seat, []), Remembered(at=(x, y), glyph=was)]}
        made.append(("a tile changed out of sight", state.model_copy(
            update={"map": state.map.model_copy(update={"rows": rows}), "remembered": memory})))
    return made


async def look(pilot, app, loaded: LoadedScenario, state: GameState, hidden_tiles: list) -> list[str]:
    """Every screen the walk shows, as text."""
    seen: list[str] = []
    screen = BattleScreen(loaded, state)
    await app.push_screen(screen)
    await pilot.pause()
    if isinstance(app.screen, BattleHandOver):
        await pilot.press("enter")
        await pilot.pause()

    def shot(what: str) -> None:
        # Colours too: the move area, the strike tint and the fog are drawn in colour only. Textual's SVG names
        # its styles after their content, so two equal screens export to the same text.
        seen.append(f"--- {what}\n" + "\n".join(screen_rows(app)) + "\n" + app.export_screenshot())

    c = screen.controller
    shot("first look")
    if c.mode is Mode.BROWSE:
        seat = c.viewer
        for number, unit in enumerate(sorted(c.view.living(seat), key=lambda u: u.pos)[:3 if FULL_WALK else 2]):
            await walk_cursor(pilot, screen, unit.pos)
            shot(f"cursor on {unit.id}")
            for key in ("d", "t", "n") if FULL_WALK or number == 0 else ():
                await pilot.press(key)
                await pilot.pause()
                if key == "n":  # its targets are worked out in a thread (rulings P21)
                    await wait_until(pilot, lambda: not screen.lookout.intent_waiting)
                shot(f"{unit.id} key {key}")
                await pilot.press(key if key != "t" else "escape")
                await pilot.pause()
            if not unit.activated:
                await pilot.press("enter")
                await pilot.pause()
                shot(f"{unit.id} chosen")
                await pilot.press("o")
                await pilot.pause()
                shot(f"{unit.id} heat")
                await pilot.press("escape")
                await pilot.pause()
        for tile in hidden_tiles if FULL_WALK else hidden_tiles[:3]:
            await walk_cursor(pilot, screen, tile)
            shot(f"cursor on {tile}")
    elif c.mode is Mode.ACTING:
        for index in range(len(c.menu())):
            shot(f"menu entry {index}")
            await pilot.press("down")
            await pilot.pause()
    await app.pop_screen()
    await pilot.pause()
    return seen


def _differences(first: list[str], second: list[str]) -> str:
    for a, b in zip(first, second):
        if a != b:
            return f"\n{a}\n=== against ===\n{b}"
    return f"{len(first)} screens against {len(second)}"


async def check(path: Path, points: int, seed: int) -> int:
    loaded = load_scenario(path)
    states = battle_points(loaded, seed, points)
    assert states, f"{path.name}: no point with an enemy out of sight"
    return await check_points(path, loaded, states, seed)


async def check_points(path: Path, loaded: LoadedScenario, states: list[GameState], seed: int,
                       only: str | None = None) -> int:
    """Compare each state's walk with its twins' (`only`: the twins whose change names it)."""
    compared = 0
    app = OfficersChessApp(scenario=loaded, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for state in states:
            seat = state.active_unit.side if state.active_unit else state.to_act
            made = [(what, twin) for what, twin in twins(state) if only is None or only in what]
            # Every hidden enemy's tile in any of the twins is looked at in all of them.
            tiles = sorted({u.pos for b in [state, *(t for _, t in made)] for u in hidden_enemies(b, seat)})
            first = await look(pilot, app, loaded, state, tiles)
            for what, twin in made:
                second = await look(pilot, app, loaded, twin, tiles)
                assert first == second, (
                    f"{path.name}, round {state.round}, the {seat.value}'s screen changed with {what}: "
                    + _differences(first, second))
                compared += len(first)
    return compared


@pytest.mark.parametrize("path", fogged_battles(), ids=lambda p: p.stem)
async def test_a_seats_screens_do_not_change_with_what_it_cannot_know(path):
    assert await check(path, POINTS, SEED) > 0


# --- planted leaks: the test fails when a screen is handed what the seat cannot know --------------------------

def _ambush_point() -> tuple[LoadedScenario, GameState]:
    """The Foggy Yard's first activation with a defender four tiles from the attacker's first unit: out of its
    sight, inside its move."""
    loaded = load_scenario(FIXTURES / "fog_yard.yaml")
    state = loaded.new_battle(SEED)
    scout = min(state.living(Side.ATTACKER), key=lambda u: u.pos)
    spot = (scout.pos[0] + 4, scout.pos[1])
    enemy = state.living(Side.DEFENDER)[0]
    state = _unit_update(state, enemy.id, pos=spot)
    assert enemy.id in {u.id for u in hidden_enemies(state, Side.ATTACKER)}
    return loaded, state


async def _planted(monkeypatch, where, name, leak, caught: str) -> None:
    loaded, state = _ambush_point()
    path = FIXTURES / "fog_yard.yaml"
    assert await check_points(path, loaded, [state], SEED, only=caught) > 0  # honest: no difference
    monkeypatch.setattr(where, name, leak)
    with pytest.raises(AssertionError, match=caught):
        await check_points(path, loaded, [state], SEED, only=caught)


async def test_a_map_drawn_from_the_real_ground_is_caught(monkeypatch):
    await _planted(monkeypatch, vision, "known_map", lambda state, side: state.map, "a tile changed out of sight")


async def test_a_move_area_worked_out_from_the_whole_battle_is_caught(monkeypatch):
    def reach_from_the_battle(self):
        unit = self.focus_unit
        return None if unit is None else self.state.reach(unit)
    await _planted(monkeypatch, BoardView, "reach", property(reach_from_the_battle), "an unseen enemy moved")


async def test_a_unit_sheet_read_from_the_whole_battle_is_caught(monkeypatch):
    await _planted(monkeypatch, BoardView, "hovered_unit", property(lambda self: self.state.unit_at(self.cursor)),
                   "an unseen enemy's HP")
