"""Tiles a side must hold or control are marked on the map and explained on the tile, like the other objectives."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.map_view import TILE_WIDTH, MapView, held_tiles
from officers_chess.tui.widgets.unit_sheet import tile_notes

RED_KEEP_HELD = {(13, 8), (10, 8), (15, 8)}  # the throne and both gates, 0-based (the file gives them 1-based)


def test_the_red_keeps_throne_and_gates_are_held_tiles_with_a_note_each():
    state = load_scenario(find_scenario("grey_teeth_keep")).new_battle(1)
    assert held_tiles(state) == RED_KEEP_HELD
    for tile in RED_KEEP_HELD:
        assert any("the defender wins if a unit of it stands on one of these tiles at the end of round 14" in note
                   for note in tile_notes(state, tile))
    assert not any(note.startswith("Objective") for note in tile_notes(state, (0, 0)))


def test_a_control_tile_says_how_many_the_side_wants():
    loaded = load_scenario(find_scenario("harrowdale_border"))
    state = loaded.new_battle(1)
    controls = [(side, cond) for side, conds in state.victory.items() for cond in conds if cond.kind == "control"]
    assert controls, "Harrowdale Line has landmarks to control"
    side, cond = controls[0]
    tile = cond.tiles[0]
    assert tile in held_tiles(state)
    assert any(f"the {side.value} wants {cond.count} of these tiles" in note for note in tile_notes(state, tile))


def test_a_control_tile_says_who_holds_it_now_as_the_viewer_knows_it():
    """A play-test could not tell who held a bridge: the note says, from the claims (a unit standing on the tile
    shows its own sheet instead), and under fog a tile the viewer does not see tells nothing."""
    from officers_chess.rules.battle.state import Claim
    from officers_chess.rules.pieces.models import Side

    state = load_scenario(find_scenario("harrowdale_border")).new_battle(1)
    tile = next(cond.tiles[0] for conds in state.victory.values() for cond in conds if cond.kind == "control")
    tile = tuple(tile)
    assert all(u.pos != tile for u in state.living())
    note = next(n for n in tile_notes(state, tile) if "wants" in n)
    assert note.endswith("Nobody holds it yet.")
    held = state.model_copy(update={"claims": [Claim(at=tile, side=Side.DEFENDER)]})
    assert next(n for n in tile_notes(held, tile) if "wants" in n).endswith("The defender holds it now.")
    assert next(n for n in tile_notes(held, tile, seen=frozenset({(0, 0)})) if "wants" in n).endswith(
        "The fog hides who holds it now.")
    assert next(n for n in tile_notes(held, tile, seen=frozenset({tile})) if "wants" in n).endswith(
        "The defender holds it now.")


async def test_the_held_tiles_carry_the_objective_colour_on_the_map():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("grey_teeth_keep")), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(MapView)
        x, y = 10, 8  # the west gate: no unit stands there at the start
        segments = list(view._render_row(y))  # one segment per tile
        gate, plain = segments[x], segments[0]
        assert gate.cell_length == TILE_WIDTH
        assert gate.style + palette().objective == gate.style  # the objective's style is already in it
        assert plain.style + palette().objective != plain.style  # (and a plain tile's is not)


def test_the_deployment_map_marks_the_held_tiles_too():
    from officers_chess.rules.scenario.setup import battle_victory
    from officers_chess.tui.widgets.deploy_map import DeployBoard

    loaded = load_scenario(find_scenario("grey_teeth_keep"))
    board = DeployBoard(loaded.battle_map, victory=battle_victory(loaded.scenario))
    assert held_tiles(board) == RED_KEEP_HELD


def test_the_time_limit_line_says_a_hold_at_that_round_comes_first():
    """The Red Keep: the attacker wins on time only if the defender does not hold the keep at round 14's end, which
    is judged first; the line says so rather than seem to contradict the defender's objective beside it."""
    from officers_chess.session.objectives import time_limit_line

    keep = time_limit_line(load_scenario(find_scenario("grey_teeth_keep")).scenario, with_reason=False)
    assert keep == "Time limit: 14 rounds; then the attacker wins, unless the defender has met its objective."
    yard = time_limit_line(load_scenario(find_scenario("training_yard")).scenario, with_reason=False)
    assert yard == "Time limit: 7 rounds; then the defender wins."


def test_an_exit_no_side_wins_by_is_told_as_a_broken_sides_way_out_not_an_objective():
    """The Hollow Road's exits are where a broken side flees; no side wins by escaping there (rulings L140)."""
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.objectives import Condition

    base = game(plains(6), [unit("a1", A, (0, 0)), unit("d1", D, (2, 0))]).model_copy(update={"escape_tiles": [(5, 0)]})
    flight = base.model_copy(update={"victory": {A: [Condition(kind="rout")], D: [Condition(kind="rout")]}})
    assert tile_notes(flight, (5, 0)) == ["An exit: a broken side's units leave the field here."]
    wanted = base.model_copy(update={"victory": {A: [Condition(kind="escape", count=1)], D: [Condition(kind="rout")]}})
    assert tile_notes(wanted, (5, 0)) == ["Objective: a Fleeing unit may escape here."]


def test_a_throne_no_side_wins_by_seizing_is_drawn_plain_and_an_exit_always_marked():
    """The battle map draws bold and underlined what a side wins by reaching, and the exits (rulings L140)."""
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.objectives import Condition
    from officers_chess.rules.battle.victory import goal_tile_kinds
    from officers_chess.tui.widgets.map_view import _objective_tiles

    base = game(plains(6), [unit("a1", A, (0, 0)), unit("d1", D, (2, 0))]).model_copy(
        update={"seize_tiles": [(4, 0)], "escape_tiles": [(5, 0)]})
    routs = base.model_copy(update={"victory": {A: [Condition(kind="rout")], D: [Condition(kind="rout")]}})
    assert goal_tile_kinds(routs.victory) == set() and _objective_tiles(routs) == {(5, 0)}
    assert goal_tile_kinds(base.victory) == {"seize"}  # no conditions given: rout or seize, the defaults
    assert _objective_tiles(base) == {(4, 0), (5, 0)}


def test_every_tile_of_every_bundled_battle_has_its_notes_from_each_seat():
    """The tile notes as each seat's side panel reads them, on every tile of every bundled scenario's first round."""
    from officers_chess.content.bundled import bundled_scenarios
    from officers_chess.rules.battle.vision import player_view
    from officers_chess.rules.pieces.models import Side

    for path in bundled_scenarios():
        loaded = load_scenario(path)
        if any(loaded.scenario.hires(side) for side in Side):
            continue  # (their deployment is swept in test_map_fit.py; their battles need an army)
        state = loaded.new_battle(1)
        for side in Side:
            view = player_view(state, side)
            for y in range(view.map.height):
                for x in range(view.map.width):
                    for note in tile_notes(view, (x, y), None):
                        assert note and "None" not in note, (path.stem, side, (x, y), note)
