"""The replay viewer: a saved battle stepped through on the map, forwards, back and a round at a time."""

from __future__ import annotations

from officers_chess.ai.play import make_policy
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.map_fit import FRAME, LARGE, WIDE
from officers_chess.tui.screens.replay_viewer import ReplayViewer
from officers_chess.tui.widgets.map_view import MapView
from pilot_helpers import widget_rows


def _save(tmp_path, actions: int = 40):
    loaded = load_scenario(find_scenario("training_yard"))
    return _played(loaded, loaded.new_battle(seed=6), 6, tmp_path, actions)


def _played(loaded, state, seed: int, folder, actions: int):
    """`actions` greedy actions from `state`, each written to an autosave in `folder`: the save opened, and every
    state from the first on."""
    saver = Autosaver.start(loaded, seed, {}, state, {"attacker": "greedy", "defender": "greedy"}, folder=folder)
    players = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    states = [state]
    for _ in range(actions):
        if state.is_over:
            break
        action = players[state.to_act].choose(state)
        state = apply_action(state, action).state
        saver.add(action, state)
        states.append(state)
    return open_save(saver.path), states


async def test_the_viewer_steps_forward_and_back_and_by_rounds(tmp_path):
    saved, states = _save(tmp_path)
    app = OfficersChessApp(replay=saved, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewer) and viewer.controller.state == states[0]
        await pilot.press("right", "right", "right")
        assert viewer.controller.state == states[3]
        assert f"action 3 of {len(states) - 1}" in str(viewer.query_one("#where").content)
        await pilot.press("left")
        assert viewer.controller.state == states[2]
        await pilot.press("right_square_bracket")  # to round 2's first action
        assert viewer.controller.state.round == 2
        # Frame i shows the battle after action i, taken in the state before it (states[i - 1]).
        first_of_round_2 = next(i for i in range(1, len(states)) if states[i - 1].round == 2)
        assert viewer.controller.state == states[first_of_round_2]
        assert "round 2" in str(viewer.query_one("#where").content)
        await pilot.press("right", "right")  # within round 2: [ goes back to its first action, then to round 1's
        assert viewer.frames[viewer.index].round == 2
        await pilot.press("left_square_bracket")
        assert viewer.controller.state == states[first_of_round_2]
        await pilot.press("left_square_bracket")  # back to round 1
        assert viewer.controller.state.round == 1 and viewer.index == 0
        last_of_round_1 = first_of_round_2 - 1  # the action that ended round 1 left the battle in round 2
        assert states[last_of_round_1].round == 2 and viewer.frames[last_of_round_1].round == 1
        await pilot.press("end")
        assert viewer.controller.state == states[-1]
        await pilot.press("right")  # nothing after the end
        assert viewer.controller.state == states[-1]
        await pilot.press("q")
    assert app.return_code == 0


async def test_the_viewer_draws_large_blocks_with_room_to_spare_and_two_cells_a_tile_without(tmp_path):
    saved, _ = _save(tmp_path, actions=4)  # Training Yard, 10×8
    wanted = {(100, 30): (LARGE, (10 * 4 + FRAME, 8 * 2 + FRAME)), (80, 24): (WIDE, (10 * 2 + FRAME, 8 + FRAME))}
    for size, (scale, outer) in wanted.items():
        app = OfficersChessApp(replay=saved, autosave=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            view = app.screen.query_one(MapView)
            assert view.scale is scale, size
            assert view.outer_size == outer, size  # the frame exactly around the map
            assert app.screen.region.contains_region(view.region), size


async def test_what_happened_keeps_its_place_beside_the_unit_sheet_at_80_by_24(tmp_path):
    """On a move step the unit sheet shows under the map; its long lines spread its column across the screen and
    squeezed "What happened" out, so every move step lost its account and the next step brought it back."""
    from officers_chess.tui.widgets.unit_sheet import UnitSheet

    saved, states = _save(tmp_path, actions=6)
    app = OfficersChessApp(replay=saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        told, left = viewer.query_one("#told"), viewer.query_one("#replay-left")
        places = set()
        for index in range(1, len(states)):
            await pilot.press("right")
            await pilot.pause()
            sheet = viewer.query_one(UnitSheet)
            assert told.region.width >= 30 and told.region.height > 0, index
            assert str(told.content).strip(), index  # it says what the step did
            assert left.region.width == 46 and (not sheet.display or left.region.contains_region(sheet.region))
            places.add((told.region.x, told.region.width))
        assert len(places) == 1  # the panel never moved
        assert any(s.active_unit is not None for s in states[1:])  # a move step was among them (the sheet shown)


async def test_a_move_step_draws_the_way_the_unit_walked_and_other_steps_draw_none(tmp_path):
    """Each move in the replay marks its way on the map, from the tile it left to the one it reached, as the battle
    marks the way before a move; an attack step, or the start, marks nothing."""
    from officers_chess.session.lookout import PATH_MARK
    from officers_chess.session.replay_frames import frames

    saved, states = _save(tmp_path, actions=12)
    shown = frames(saved)
    walks = [i for i, f in enumerate(shown) if len(f.path) >= 3]
    assert walks, "the greedy battle makes a move of two tiles or more in its first actions"
    index = walks[0]
    before, after = shown[index - 1].known, shown[index].known
    mover = next(u for u in after.units if u.pos == shown[index].path[-1])
    assert before.unit(mover.id).pos == shown[index].path[0]  # it starts where the unit stood
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(shown[index].path, shown[index].path[1:]))
    app = OfficersChessApp(replay=saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def marks() -> set[tuple[int, int]]:
            view = app.screen.query_one(MapView)
            rows = widget_rows(app, view)[1:-1]
            return {(x, y) for y, row in enumerate(rows) for x in range(len(row[1:]) // 2)
                    if row[1 + 2 * x + 1: 2 + 2 * x + 1] == PATH_MARK}

        assert marks() == set()  # the start: nothing has moved
        for _ in range(index):
            await pilot.press("right")
        await pilot.pause()
        # Every tile walked but the last (where the unit now stands, its letter's cell beside a mark) is dotted.
        assert set(shown[index].path[:-1]) <= marks()
        assert "• its path · » struck from · ! struck" in str(app.screen.query_one("#told").content)  # the marks' key
        assert marks() <= set(shown[index].path)
        still = next(i for i in range(index + 1, len(shown)) if not shown[i].path)  # an attack, a wait, a stay
        for _ in range(still - index):
            await pilot.press("right")
        await pilot.pause()
        assert marks() == set()


async def test_an_attack_step_marks_where_the_blow_came_from_and_whom_it_struck(tmp_path):
    """As the computer's turn again (`v`) marks a blow: » on the attacker's tile, ! on the tile it struck."""
    from officers_chess.rules.battle.actions import Attack
    from officers_chess.session.lookout import AIMED_MARK, FROM_MARK
    from officers_chess.session.replay_frames import frames

    saved, states = _save(tmp_path, actions=40)
    shown = frames(saved)
    attacks = [i for i, f in enumerate(shown) if f.struck is not None]
    assert attacks, "the greedy battle attacks in its first forty actions"
    index = attacks[0]
    record = saved.record.actions[index - 1].action
    assert isinstance(record, Attack) and shown[index].struck == (states[index - 1].active_unit.pos,
                                                                  states[index - 1].unit(record.target).pos)
    app = OfficersChessApp(replay=saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(index):
            await pilot.press("right")
        await pilot.pause()
        rows = widget_rows(app, app.screen.query_one(MapView))[1:-1]
        (fx, fy), (tx, ty) = shown[index].struck
        assert rows[fy][2 + 2 * fx] == FROM_MARK and rows[ty][2 + 2 * tx] == AIMED_MARK
        await pilot.press("left")  # the step before: no blow marked
        await pilot.pause()
        rows = widget_rows(app, app.screen.query_one(MapView))[1:-1]
        assert not any(FROM_MARK in row or AIMED_MARK in row for row in rows)


def test_a_move_an_ambush_cut_short_marks_the_way_to_where_the_unit_stopped():
    """Under fog a move to (5, 1) meets a hidden enemy and stops at (4, 1): the replay's way ends where the unit
    stands, not on the tile the move was aimed at (the record keeps only that)."""
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.actions import Move
    from officers_chess.session.replay_frames import trail

    state = game(plains(12, 3), [unit("a1", A, (0, 1)), unit("d1", D, (5, 1)), unit("d2", D, (11, 2))])
    state = state.model_copy(update={"fog": True})
    outcome = apply_action(state, Move(unit="a1", to=(5, 1)))
    assert outcome.state.unit("a1").pos == (4, 1)
    assert trail(state, outcome.events) == ((0, 1), (1, 1), (2, 1), (3, 1), (4, 1))


def test_every_bundled_battle_replays_with_ways_and_blows_that_match_the_board(tmp_path):
    """A sweep over every bundled scenario whose armies are fixed: forty greedy actions each, replayed. Each move's
    way runs tile by tile from where the unit stood to where it stands after, and each blow's two tiles are the
    striker's and its target's as the step began."""
    from officers_chess.content.bundled import bundled_scenarios
    from officers_chess.content.errors import ContentError
    from officers_chess.rules.battle.actions import Attack
    from officers_chess.session.replay_frames import frames

    swept = 0
    for path in bundled_scenarios():
        loaded = load_scenario(path)
        try:
            state = loaded.new_battle(seed=3)
        except ContentError:
            continue  # its armies are hired: the muster is swept elsewhere, the replay is the same code
        saved, states = _played(loaded, state, 3, tmp_path / path.stem, 40)
        for index, frame in enumerate(frames(saved)[1:], start=1):
            before, after = states[index - 1], states[index]
            assert frame.round == before.round, (path.stem, index)
            if frame.path:
                mover = next(u for u in before.units if u.pos == frame.path[0] and u.on_field)
                assert after.unit(mover.id).pos == frame.path[-1], (path.stem, index)
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(frame.path, frame.path[1:]))
            action = saved.record.actions[index - 1].action
            if isinstance(action, Attack):
                assert frame.struck == (before.active_unit.pos, before.unit(action.target).pos), (path.stem, index)
        swept += 1
    assert swept >= 20
