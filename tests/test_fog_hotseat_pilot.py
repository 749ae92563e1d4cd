"""Hot-seat privacy under fog of war: no screen shown to the person at the keyboard names an enemy their side
has not seen, or tells where an unseen enemy stands now.

A fogged battle (tests/fixtures/fog_yard.yaml: three against three, starting out of each other's sight) is
played for several rounds by keys only, both sides, hand-overs included. After every key the whole terminal
is read, and the whole battle log with it (its scrolled-away lines too). What a side may know is worked out
from the real states, independently of the screen's own code: an enemy is known to a side once it stood in
that side's sight (visible_tiles) in any state the battle passed through, at any tile it was seen on. Then:

- no enemy name the viewer's side never saw may be on screen;
- an enemy out of sight now, standing on a tile where the viewer never saw it, must not be named on one
  line with that tile (in any panel of the screen, or any line of the log);
- no enemy letter may be drawn on the map outside the viewer's sight;
- the status line's count of enemies still to act counts only those in sight (its own side's: all).

The second set of tests plants leaks (the log ignoring the fog, a hidden position told, the status line
counting every enemy) and checks that the watch catches each one.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

import pytest

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.events import Moved, tile_name
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.pieces.models import Side
from officers_chess.session import fog_log
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.widgets.map_view import MapView, unit_letter
from officers_chess.tui.widgets.status_line import StatusLine


FIXTURE = Path(__file__).parent / "fixtures" / "fog_yard.yaml"
A, D = Side.ATTACKER, Side.DEFENDER
ROUNDS = 4  # rounds played (fewer if the battle ends first)
SKIRMISHERS = {"Corwen", "Ulfric"}  # they fall back in even rounds (never strike then): enemies leave sight too


def screen_rows(app) -> list[str]:
    """The terminal's rows as text, each character in its column (read from Textual's own screenshot)."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    segments = re.findall(r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
                          r'clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>', svg, flags=re.S)
    for x, length, row, raw in segments:
        text = html.unescape(re.sub(r"<[^>]+>", "", raw)).replace("\xa0", " ")
        if not text.strip() or int(row) >= height:
            continue
        cell = float(length) / len(text)
        start = round(float(x) / cell)
        for offset, char in enumerate(text[: width - start]):
            rows[int(row)][start + offset] = char
    return ["".join(row) for row in rows]


def panel_lines(rows: list[str]) -> list[str]:
    """Each panel's piece of each row (rows cut at the box borders), and each piece joined to the piece below
    it, so a line the log wrapped is read whole."""
    cut = [[part.strip() for part in re.split(r"[│┃║]", row)] for row in rows]
    lines = [part for parts in cut for part in parts if part]
    for upper, lower in zip(cut, cut[1:]):
        if len(upper) == len(lower):
            lines += [f"{a} {b}" for a, b in zip(upper, lower) if a and b]
    return lines


def log_lines_on_widget(screen: BattleScreen) -> list[str]:
    """Every line of the battle log widget, those scrolled away included (wrapped lines joined pairwise too)."""
    strips = [str(strip.text).strip() for strip in screen.query_one("#log").lines]
    return strips + [f"{a} {b}" for a, b in zip(strips, strips[1:])]


def battle_of(app) -> BattleScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, BattleScreen)), None)


class FogWatch:
    """Run after every key: what is on screen must be what the side at the keyboard may know."""

    def __init__(self) -> None:
        self.known: dict[Side, set[str]] = {A: set(), D: set()}  # enemies each side has seen
        self.seen_on: dict[Side, dict[str, set[Pos]]] = {A: {}, D: {}}  # the tiles it saw each one on
        self.checked: Counter = Counter()
        self.named_known = 0  # screens that named an enemy the viewer had seen (the watch reads the right text)
        self.hidden_tiles = 0  # screens with an enemy hidden on a tile the viewer never saw it on

    def observe(self, state: GameState) -> None:
        for side in Side:
            sight = visible_tiles(state, side)
            for unit in state.units:
                if unit.side is not side and unit.on_field and unit.pos in sight:
                    self.known[side].add(unit.name)
                    self.seen_on[side].setdefault(unit.name, set()).add(unit.pos)

    def __call__(self, app) -> None:
        screen = battle_of(app)
        if screen is None or isinstance(app.screen, ResultScreen):
            return  # the battle is over: the fog lifts (docs/rulings.md, Fog of war)
        state = screen.controller.state
        self.observe(state)
        rows = screen_rows(app)
        text = " ".join(" ".join(rows).split())
        if isinstance(app.screen, BattleHandOver):
            for viewer in Side:  # either player may be looking
                self._names(text, state, viewer, "the hand-over")
            self.checked["hand-over"] += 1
            return
        assert app.screen is screen, f"unexpected screen {type(app.screen).__name__}"
        viewer = screen.controller.viewer
        assert viewer is state.to_act, "hot-seat: the screen shows the eyes of the side to act"
        log = log_lines_on_widget(screen)
        where = f"the {viewer.value}'s battle screen (round {state.round}, {screen.controller.mode.value})"
        self._names(text + " " + " ".join(log), state, viewer, where)
        self._positions(panel_lines(rows) + log, state, viewer, where)
        self._map(screen, state, viewer, where)
        self._status(screen, state, viewer, where)
        self.checked[viewer] += 1

    def _names(self, text: str, state: GameState, viewer: Side, where: str) -> None:
        for enemy in state.units:
            if enemy.side is viewer.other and re.search(rf"\b{enemy.name}\b", text):
                assert enemy.name in self.known[viewer], (
                    f"{where} names {enemy.name}, whom the {viewer.value} has never seen:\n{text}")
                self.named_known += 1

    def _positions(self, lines: list[str], state: GameState, viewer: Side, where: str) -> None:
        sight = visible_tiles(state, viewer)
        for enemy in state.living(viewer.other):
            if enemy.pos in sight or enemy.pos in self.seen_on[viewer].get(enemy.name, set()):
                continue
            self.hidden_tiles += 1
            tile = re.escape(tile_name(enemy.pos))
            told = re.compile(rf"\b{enemy.name}\b.*(?<![\d,]){tile}(?![\d,])|(?<![\d,]){tile}(?![\d,]).*\b{enemy.name}\b")
            for line in lines:
                assert not told.search(line), (
                    f"{where} tells where the hidden {enemy.name} stands ({tile_name(enemy.pos)}): {line!r}")

    def _map(self, screen: BattleScreen, state: GameState, viewer: Side, where: str) -> None:
        sight = visible_tiles(state, viewer)
        letters = {(x // 2, y): ch for y in range(state.map.height)
                   for x, ch in enumerate(screen.query_one(MapView)._render_row(y).text) if x % 2 == 0}
        drawn = {pos for pos, ch in letters.items() if ch.isalpha() and (ch.islower() if viewer is A else ch.isupper())}
        for pos in drawn:
            assert pos in sight, f"{where} draws an enemy at {tile_name(pos)}, out of sight"
            assert any(u.pos == pos and unit_letter(u) == letters[pos] for u in state.living(viewer.other))

    def _status(self, screen: BattleScreen, state: GameState, viewer: Side, where: str) -> None:
        content = screen.query_one(StatusLine).content
        line = content.plain if hasattr(content, "plain") else str(content)
        found = re.search(r"to act:\D*?(\d+)\D+?(\d+)", line)
        assert found, line
        shown = {A: int(found.group(1)), D: int(found.group(2))}
        sight = visible_tiles(state, viewer)
        in_sight = sum(1 for u in state.waiting(viewer.other) if u.pos in sight)
        assert shown[viewer] == len(state.waiting(viewer)), f"{where}: {line!r}"
        assert shown[viewer.other] == in_sight, f"{where} counts enemies to act it cannot see: {line!r}"


async def press(pilot, watch: FogWatch, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        watch(pilot.app)


async def walk(pilot, watch: FogWatch, screen: BattleScreen, target: Pos) -> None:
    for _ in range(40):
        x, y = screen.controller.cursor
        if (x, y) == target:
            return
        key = "right" if x < target[0] else "left" if x > target[0] else "down" if y < target[1] else "up"
        await press(pilot, watch, key)
    raise AssertionError(f"the cursor never reached {target}")


async def activation(pilot, watch: FogWatch, screen: BattleScreen, take_back: bool = False) -> None:
    """One combat turn by keys: the first unit still to act strikes the weakest enemy it can reach; else it
    closes in (a skirmisher falls back in even rounds) and waits. The players choose from the whole battle;
    the screen still only shows what the side sees."""
    c = screen.controller
    state = c.state
    unit = min(state.waiting(state.to_act), key=lambda u: (u.pos[1], u.pos[0]))
    if c.cursor != unit.pos:
        await press(pilot, watch, "tab")
    await walk(pilot, watch, screen, unit.pos)
    await press(pilot, watch, "enter")
    assert c.mode is Mode.MOVING, c.hint
    reach = state.reach(unit)
    enemies = state.living(unit.side.other)
    back = unit.name in SKIRMISHERS and state.round % 2 == 0
    options = [] if back else sorted((target.hp, pos[1], pos[0], target.id)
                                     for pos in reach.costs for target in state.targets_from(unit, pos))
    if options:
        _, y, x, target_id = options[0]
        pos = (x, y)
    else:
        nearest = lambda p: (min(distance(p, e.pos) for e in enemies), p[1], p[0])  # noqa: E731
        pos = max(reach.costs, key=nearest) if back else min(reach.costs, key=nearest)
    await walk(pilot, watch, screen, pos)
    await press(pilot, watch, "enter")
    assert c.mode is Mode.ACTING, c.hint
    if take_back:  # Esc: the move never happened, for either side
        await press(pilot, watch, "escape")
        assert c.mode is Mode.MOVING and c.state.unit(unit.id).pos == unit.pos
        await press(pilot, watch, "enter")  # stay where it stands this time
        assert c.mode is Mode.ACTING
        options = [o for o in options if o[1:3] == (unit.pos[1], unit.pos[0])]
    if options:
        await press(pilot, watch, "a")
        assert c.mode is Mode.TARGETING
        target = state.unit(options[0][3])
        for _ in range(len(enemies)):
            if c.cursor == target.pos:
                break
            await press(pilot, watch, "right")
        assert c.forecast() is not None
        await press(pilot, watch, "enter")
    else:
        await press(pilot, watch, "w")
    if c.mode is Mode.CANTO:
        await press(pilot, watch, "w")


async def play_fogged_battle(watch: FogWatch, rounds: int = ROUNDS) -> dict:
    """Play the fixture hot-seat under fog, by keys, for `rounds` rounds; returns what the test looks at after."""
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    seen: dict = {"lines": {A: [], D: []}, "took_back": False}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        watch(app)
        assert isinstance(app.screen, BattleHandOver)
        await press(pilot, watch, "enter")
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.state.fog and screen.hot_seat
        await press(pilot, watch, "d", "t", "t", "d", "d")  # the danger zones, the threat inspector
        for _ in range(60):
            state = screen.controller.state
            if state.is_over or state.round > rounds:
                break
            first_of_round_two = state.round == 2 and state.to_act is A and not seen["took_back"]
            await activation(pilot, watch, screen, take_back=first_of_round_two)
            seen["took_back"] |= first_of_round_two
            if isinstance(app.screen, BattleHandOver):
                await press(pilot, watch, "enter")
            if isinstance(app.screen, ResultScreen):
                break
        for side in Side:
            seen["lines"][side] = list(screen.logs.lines(side))
        seen["state"] = screen.controller.state
    return seen


async def test_a_fogged_hot_seat_battle_shows_each_player_only_what_their_side_saw():
    watch = FogWatch()
    seen = await play_fogged_battle(watch)
    state = seen["state"]
    assert state.round >= 3 or state.is_over
    assert watch.checked[A] > 40 and watch.checked[D] > 40 and watch.checked["hand-over"] >= 8
    # The watch had something to catch: enemies were named (once seen), and enemies hid where they were not seen.
    assert watch.named_known > 20 and watch.hidden_tiles > 20
    # The logs parted: a side read that the other activated out of its sight (and no more), and of enemies
    # coming into sight and leaving it; the move taken back is in the attacker's log only.
    lines = seen["lines"]
    assert lines[A] != lines[D]
    assert f"The {A.value} activates a unit out of sight." in lines[D]
    assert all(any("comes into sight at" in line for line in lines[side]) for side in Side)
    assert any(line.endswith(" moves out of sight.") for side in Side for line in lines[side])
    assert any(line.endswith("'s move is taken back.") for line in lines[A])
    assert not any("taken back" in line for line in lines[D])


async def test_the_watch_catches_a_log_that_ignores_the_fog(monkeypatch):
    monkeypatch.setattr(fog_log, "log_lines", lambda before, after, events, viewer: [e.text() for e in events])
    with pytest.raises(AssertionError, match="has never seen"):
        await play_fogged_battle(FogWatch(), rounds=2)


async def test_the_watch_catches_a_hidden_enemys_tile(monkeypatch):
    """A seen enemy's name is fine; the tile it went to out of sight is not."""
    honest = fog_log.log_lines

    def telling(before, after, events, viewer):
        lines = honest(before, after, events, viewer)
        ends = {e.unit: e.end for e in events if isinstance(e, Moved)}
        return [line[: -len(" moves out of sight.")] + f" moves out of sight, to {tile_name(ends[line.split(' moves')[0]])}."
                if line.endswith(" moves out of sight.") else line for line in lines]

    monkeypatch.setattr(fog_log, "log_lines", telling)
    with pytest.raises(AssertionError, match="tells where the hidden"):
        await play_fogged_battle(FogWatch())


async def test_the_watch_catches_a_status_line_counting_hidden_enemies(monkeypatch):
    shown = StatusLine.show

    def counting_all(self, state, computer=frozenset(), viewer=None):
        shown(self, self.screen.controller.state, computer, None)

    monkeypatch.setattr(StatusLine, "show", counting_all)
    with pytest.raises(AssertionError, match="counts enemies to act it cannot see"):
        await play_fogged_battle(FogWatch(), rounds=1)


async def test_a_resumed_fogged_battle_opens_each_players_log_on_what_their_side_saw():
    from officers_chess.content.autosave import Autosaver
    from officers_chess.rules.battle.actions import Move, Wait
    from officers_chess.rules.battle.game import apply_action

    loaded = load_scenario(FIXTURE)
    state = loaded.new_battle(seed=1)
    saver = Autosaver.start(loaded, 1, {}, state, {A: "human", D: "human"})
    for name, to in (("Ansgar", (3, 0)), ("Brannoc", (8, 0))):  # each out of the other side's sight
        unit = next(u for u in state.units if u.name == name)
        for action in (Move(unit=unit.id, to=to), Wait()):
            state = apply_action(state, action).state
            saver.add(action, state)
    watch = FogWatch()
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, watch, "c")  # Continue
        assert isinstance(app.screen, BattleHandOver) and app.screen.side is A
        await press(pilot, watch, "enter")
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.resumed
        log = " ".join(log_lines_on_widget(screen))
        assert "Ansgar moves 1,2 → 4,1" in log and "The defender activates a unit out of sight." in log
        assert "Brannoc" not in log and "Foggy Yard goes on: round 1" in log
        assert screen.logs.lines(D)[:3] == ["The attacker activates a unit out of sight.",
                                            "Brannoc moves 10,1 → 9,1 (cost 1).", "Brannoc waits."]
    assert watch.checked[A] >= 1
