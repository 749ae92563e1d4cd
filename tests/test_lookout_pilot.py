"""The battle screen's lookout with keys only: danger zone, path preview, threat inspector and move heatmap."""

from __future__ import annotations

import dataclasses

from pilot_helpers import screen_text, side_pane_shown, walk_cursor

from officers_chess.rules.battle.events import tile_name
from officers_chess.ai.danger import threats
from officers_chess.ai.threat_map import best_kill, threat_forecasts
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.palette import palette
from officers_chess.session.lookout import ONE_MARK, PATH_MARK, Danger
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.lookout_text import attack_line
from officers_chess.tui.widgets.map_view import MapView


def _training_yard(fog: bool = False):
    loaded = load_scenario(find_scenario("training_yard"))
    if fog:
        loaded = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"fog": True}))
    return OfficersChessApp(scenario=loaded, seed=1)


def _marks(screen) -> dict[tuple[int, int], str]:
    """The second cell of every tile as drawn: where the lookout puts its marks."""
    view = screen.query_one(MapView)
    height = screen.controller.state.map.height
    view.scroll_to(0, 0, animate=False)
    rows = [view._render_row(y).text for y in range(height)]
    return {(x // 2, y): row[x + 1] for y, row in enumerate(rows) for x in range(0, len(row), 2)}


def _pane_text(screen) -> str:
    content = screen.query_one(ForecastPane).content
    return content.plain if hasattr(content, "plain") else str(content)


def _zone(state, enemies) -> set[tuple[int, int]]:
    return {p for t in threats(state, enemies) for tiles in t.by_gap.values() for p in tiles}


async def test_the_danger_key_cycles_all_one_off_and_marks_match_the_threats():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        c, lookout = screen.controller, screen.lookout
        enemies = c.state.living(Side.ATTACKER)  # the defender acts first
        assert not any(m.isdigit() or m == ONE_MARK for m in _marks(screen).values())
        await pilot.press("d")
        assert lookout.danger is Danger.ALL
        marks = _marks(screen)
        digits = {p for p, m in marks.items() if m.isdigit()}
        # Own units' tiles too (one of yours standing in danger shows it), never the enemies' own tiles.
        enemy_tiles = {u.pos for u in enemies}
        assert digits == _zone(c.state, enemies) - enemy_tiles
        assert any(u.pos in digits for u in c.state.living(Side.DEFENDER)) or not (
            {u.pos for u in c.state.living(Side.DEFENDER)} & _zone(c.state, enemies))
        both = {p for p in digits if marks[p] == "2"}
        assert both == (_zone(c.state, enemies[:1]) & _zone(c.state, enemies[1:])) - enemy_tiles
        assert "digits count the enemies" in _pane_text(screen)
        # Only one enemy's: the one hovered.
        wren = next(u for u in enemies if u.name == "Wren")
        await walk_cursor(pilot, screen, wren.pos)
        await pilot.press("d")
        assert lookout.danger is Danger.ONE and lookout.enemy == wren.id
        crosses = {p for p, m in _marks(screen).items() if m == ONE_MARK}
        assert crosses and crosses == _zone(c.state, [wren]) - {u.pos for u in enemies}
        await pilot.press("d")
        assert lookout.danger is Danger.OFF
        assert not any(m.isdigit() or m == ONE_MARK for m in _marks(screen).values())


async def test_the_danger_zone_follows_the_move_just_made():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        await pilot.press("d")
        before = dict(screen.lookout.danger_tiles())
        # The defenders play one activation; then the attacker's zone is the defenders'.
        bram = next(u for u in c.state.living(Side.DEFENDER) if u.name == "Bram")
        await walk_cursor(pilot, screen, bram.pos)
        await pilot.press("enter", "left", "left", "enter", "w")
        await pilot.pause()
        assert c.state.to_act is Side.ATTACKER
        zone = {p: int(m) for p, m in screen.lookout.danger_tiles().items()}
        assert zone != before
        assert set(zone) == _zone(c.state, c.state.living(Side.DEFENDER)) - {u.pos for u in c.state.living(Side.DEFENDER)}
        moved = c.state.unit(bram.id)
        assert moved.pos != bram.pos and zone[(moved.pos[0] - 1, moved.pos[1])] >= 1


async def test_hidden_enemies_add_nothing_to_the_danger_zone_under_fog():
    app = _training_yard(fog=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over screen
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("d")
        assert screen.lookout.enemies() == []  # both attackers are out of sight
        assert screen.lookout.danger_tiles() == {}
        assert not any(m.isdigit() for m in _marks(screen).values())


async def test_moving_shows_the_path_and_its_cost():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        bram = next(u for u in c.state.living(Side.DEFENDER) if u.name == "Bram")
        await walk_cursor(pilot, screen, bram.pos)
        await pilot.press("enter", "left", "left", "down")
        assert c.mode is Mode.MOVING
        reach = c.state.reach(bram)
        path = reach.path_to(c.cursor)
        drawn = {p for p, m in _marks(screen).items() if m == PATH_MARK}
        assert drawn == set(path[1:]) and len(path) == 4
        assert f"Path cost {reach.costs[c.cursor]} of {bram.movement}" in " ".join(screen_text(app).split())
        await pilot.press("up")  # the path shortens: the tile left behind loses its mark
        drawn = {p for p, m in _marks(screen).items() if m == PATH_MARK}
        assert drawn == set(reach.path_to(c.cursor)[1:]) and len(drawn) == 2
        while c.cursor in reach.costs:  # on past its reach: the pane says so where the cost was
            await pilot.press("left")
        shown = " ".join(screen_text(app).split())
        assert f"{tile_name(c.cursor)} is out of Bram's reach this turn." in shown and "Path cost" not in shown


async def test_the_threat_inspector_lists_each_enemy_with_the_core_forecast():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        bram = next(u for u in c.state.living(Side.DEFENDER) if u.name == "Bram")
        await walk_cursor(pilot, screen, bram.pos)
        await pilot.press("enter", "left", "left", "down")
        tile = c.cursor
        await pilot.press("t")
        assert screen.lookout.inspecting
        pane = screen.query_one(ForecastPane)
        assert pane.border_title == "Threats"
        expected = threat_forecasts(c.state, bram, tile, c.state.living(Side.ATTACKER))
        assert {a.enemy.name for a in expected} == {"Hale", "Wren"}
        shown = _pane_text(screen)
        for attack in expected:
            assert attack_line(attack) in shown
        # The inspector follows the cursor; Esc closes it without leaving the move.
        await pilot.press("right")
        assert screen.lookout.inspected()[2] == threat_forecasts(c.state, bram, c.cursor, c.state.living(Side.ATTACKER))
        await pilot.press("escape")
        assert not screen.lookout.inspecting and c.mode is Mode.MOVING
        assert pane.border_title == "Move"


async def test_the_inspector_places_the_hovered_own_unit_while_browsing():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        tilda = next(u for u in c.state.living(Side.DEFENDER) if u.name == "Tilda")
        await walk_cursor(pilot, screen, tilda.pos)
        await walk_cursor(pilot, screen, (3, 5))
        await pilot.press("t")
        assert c.mode is Mode.BROWSE
        unit, pos, attacks = screen.lookout.inspected()
        assert unit.id == tilda.id and pos == (3, 5)
        assert attacks == threat_forecasts(c.state, tilda, (3, 5), c.state.living(Side.ATTACKER))
        assert "Tilda on" in screen_text(app)
        await pilot.press("t")  # t closes it too
        assert screen.lookout.inspected() is None


async def test_the_heatmap_toggles_and_its_best_tile_agrees_with_the_core():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        # A known position: the attacker to act, a wounded Tilda within Hale's reach.
        tilda = next(u for u in c.state.living(Side.DEFENDER) if u.name == "Tilda")
        units = [u.model_copy(update={"hp": 6, "pos": (4, 5)}) if u.id == tilda.id else u for u in c.state.units]
        c.state = c.state.model_copy(update={"units": units, "to_act": Side.ATTACKER})
        c.mode = Mode.BROWSE
        screen.refresh_view()
        hale = next(u for u in c.state.living(Side.ATTACKER) if u.name == "Hale")
        await walk_cursor(pilot, screen, hale.pos)
        await pilot.press("enter")
        assert c.mode is Mode.MOVING and screen.lookout.heat() == {}
        await pilot.press("o")
        heat = screen.lookout.heat()
        tiles = set(c.state.reach(hale).costs)
        assert set(heat) == tiles
        foes = c.state.living(Side.DEFENDER)
        direct = {p: best_kill(c.state, hale, p, foes)[0] for p in tiles}
        best = max(direct.values())
        assert best > 0
        assert {p for p, h in heat.items() if h.kill == best} == {p for p, k in direct.items() if k == best}
        assert screen.lookout.heat() is heat  # computed once per selection, not per repaint
        marks = _marks(screen)
        hale_now = c.state.unit(hale.id)
        for pos, tile in heat.items():
            if pos != hale_now.pos and pos != c.cursor:
                assert marks[pos] == (str(tile.threats) if tile.threats else " ")
        await walk_cursor(pilot, screen, max(direct, key=lambda p: (direct[p], p)))
        assert "to rout" in " ".join(screen_text(app).split())
        # Its legend, in the pane where the player looks, in the palette's own colour words (rulings L80).
        words = palette().words
        legend = (f"Heatmap (o): a tile's shade is your best chance to rout an enemy from it ({words['move']}: none, "
                  f"{words['heat']}); a digit counts the enemies that could attack it after; each count sits just right of its "
                  "tile.")  # plain text pairs a digit with no tile (rulings L101)
        assert legend in " ".join(_pane_text(screen).split())
        assert "Heatmap (o):" in side_pane_shown(app)  # shown at 80×24 without scrolling
        await pilot.press("o")
        assert screen.lookout.heat() == {}
        assert "Heatmap (o)" not in _pane_text(screen)


def test_a_unit_standing_in_the_danger_zone_keeps_its_colour_and_shows_the_count():
    from rich.style import Style

    from officers_chess.session.lookout import Marks
    from officers_chess.tui.palette import CLASSIC
    from officers_chess.tui.widgets.map_view import _checkered, _marked

    unit_style = CLASSIC.side[Side.DEFENDER]
    marks = Marks(danger={(3, 4): "2"})
    style, text = _marked((3, 4), False, unit_style, "s ", marks, CLASSIC, occupied=True)
    assert (style, text) == (unit_style, "s2")
    empty = Style(bgcolor="#000000")
    style, text = _marked((3, 4), False, empty, ". ", marks, CLASSIC)
    # (3, 4) is a dark square of the zone's chessboard (rulings L72): the danger tint, darker; (4, 4) the tint itself.
    assert style.bgcolor == _checkered((3, 4), empty + CLASSIC.danger).bgcolor != CLASSIC.danger.bgcolor and text == ".2"
    style, text = _marked((4, 4), False, empty, ". ", Marks(danger={(4, 4): "2"}), CLASSIC)
    assert style.bgcolor == CLASSIC.danger.bgcolor and text == ".2"


async def test_the_inspector_with_nobody_to_place_says_what_it_needs():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await walk_cursor(pilot, screen, (4, 0))  # an empty tile; no unit of the defender's hovered yet
        await pilot.press("t")
        assert screen.lookout.inspecting and screen.lookout.inspected() is None
        assert "Hover one of the defender's units" in _pane_text(screen)
        await pilot.press("escape")
        assert not screen.lookout.inspecting


def test_the_inspector_sentence_ends_before_the_keys_line():
    from officers_chess.tui.widgets.lookout_text import inspector_text

    state = load_scenario(find_scenario("training_yard")).new_battle(seed=1)
    unit = state.living(Side.DEFENDER)[0]
    text = inspector_text(state, unit, unit.pos, []).plain
    assert "No enemy could attack it there next activation.\nArrows: another tile" in text


def test_the_path_keeps_a_tiles_danger_count_and_dots_only_the_safe_tiles():
    # rulings L95: the path's dot hid the count of enemies that could attack a tile on the way.
    from rich.style import Style

    from officers_chess.session.lookout import Marks
    from officers_chess.tui.palette import CLASSIC
    from officers_chess.tui.widgets.map_view import _marked

    empty = Style(bgcolor="#000000")
    marks = Marks(danger={(3, 4): "2", (4, 4): ONE_MARK}, path=frozenset({(2, 4), (3, 4), (4, 4)}))
    for pos, mark in (((2, 4), PATH_MARK), ((3, 4), "2"), ((4, 4), ONE_MARK)):
        style, text = _marked(pos, True, empty, ". ", marks, CLASSIC)
        assert text == "." + mark and style.bgcolor == CLASSIC.path.bgcolor, pos  # the path's colour runs through


def test_the_inspector_lists_no_danger_on_ground_the_unit_can_never_stand_on():
    """A play-test moved the inspector onto a lake and read a list of enemies who could strike the unit there."""
    from factories import A, D, battle_map, game, glyph, unit

    from officers_chess.ai.threat_map import threat_forecasts
    from officers_chess.tui.widgets.lookout_text import inspector_text

    lake = glyph("sea")
    state = game(battle_map(f"..{lake}.."), [unit(id="a1"), unit(id="d1", side=D, pos=(4, 0))], to_act=A)
    mine = state.unit("a1")
    attacks = threat_forecasts(state, mine, (2, 0), state.living(D))
    assert attacks  # the rules would price a blow there, were it possible
    text = inspector_text(state, mine, (2, 0), attacks).plain
    assert "cannot stand on sea or lake: nothing to list." in text and "•" not in text
    assert "•" in inspector_text(state, mine, (3, 0), threat_forecasts(state, mine, (3, 0), state.living(D))).plain
