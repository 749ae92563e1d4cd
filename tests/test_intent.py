"""The enemies' likely targets: the `normal` level's own choice of attack, from the viewer's view only, and the n key that shows them."""

from __future__ import annotations

import dataclasses

import pytest

from factories import A, D, game, plains, unit, weapon
from officers_chess.ai.intent import likely_targets
from officers_chess.ai.normal import NormalPolicy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Attack, Equip, Move
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.lookout import AIMED_MARK, FROM_MARK
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.map_view import MapView

from pilot_helpers import screen_text, wait_until

# --- the rules side ------------------------------------------------------------------------------------


def _normal_strike(state):
    """The normal level's next activation, played out: its Move, then the attack it makes after any Equip."""
    policy = NormalPolicy(seed=1)
    move = policy.choose(state)
    assert isinstance(move, Move)
    state = apply_action(state, move).state
    action = policy.choose(state)
    while isinstance(action, Equip):  # a free action before the attack: the attack is what follows
        state = apply_action(state, action).state
        action = policy.choose(state)
    return move, action


def _yard(spare_bow: bool = False):
    """The computer's a1 can reach two of the viewer's units: a wounded one and a sturdy one further off."""
    extra = [weapon("bow", might=6, range=(2, 2), name="Bow")] if spare_bow else []
    units = [unit(id="a1", pos=(0, 1), extra_items=extra),
             unit(id="d1", side=D, pos=(5, 0), hp=6),
             unit(id="d2", side=D, pos=(4, 2), def_=6)]
    return game(plains(8, 3), units, to_act=A)


@pytest.mark.parametrize("spare_bow", [False, True])
def test_the_intent_is_the_attack_the_normal_level_then_makes(spare_bow):
    state = _yard(spare_bow)
    intents = likely_targets(state, D)
    move, attack = _normal_strike(state)
    assert isinstance(attack, Attack)
    assert [(i.enemy, i.target, i.origin) for i in intents] == [(move.unit, attack.target, move.to)]
    assert intents[0].damage > 0 and 0 <= intents[0].rout <= 1
    # On screen it is asked while the viewer is to act: whose turn it is changes nothing.
    assert likely_targets(state.model_copy(update={"to_act": D}), D) == intents


def test_an_enemy_with_nobody_in_reach_or_already_activated_has_no_intent():
    far = game(plains(20), [unit(id="a1"), unit(id="d1", side=D, pos=(19, 0))], to_act=A)
    assert likely_targets(far, D) == []
    done = _yard()
    done.unit("a1").activated = True
    assert likely_targets(done, D) == []


def test_fog_hides_the_intent_of_an_enemy_out_of_sight():
    # a1 stands 5 tiles from d1, out of its sight (3) yet near enough to move in and strike; a2 is in sight.
    units = [unit(id="a1", pos=(0, 0)), unit(id="a2", pos=(8, 0)), unit(id="d1", side=D, pos=(5, 0), hp=6)]
    state = game(plains(10), units, to_act=A)
    assert {i.enemy for i in likely_targets(state, D)} == {"a1", "a2"}
    state.fog = True
    intents = likely_targets(state, D)
    assert [i.enemy for i in intents] == ["a2"]
    seen = {u.id for u in player_view(state, D).units}
    assert all(i.enemy in seen and i.target in seen for i in intents)


# --- the n key ---------------------------------------------------------------------------------------


def _training_yard(fog: bool = False) -> OfficersChessApp:
    loaded = load_scenario(find_scenario("training_yard"))
    if fog:
        loaded = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"fog": True}))
    return OfficersChessApp(scenario=loaded, seed=1)


def _marks(screen) -> dict[tuple[int, int], str]:
    """The second cell of every tile as drawn: where the lookout puts its marks."""
    view = screen.query_one(MapView)
    view.scroll_to(0, 0, animate=False)
    rows = [view._render_row(y).text for y in range(screen.controller.state.map.height)]
    return {(x // 2, y): row[x + 1] for y, row in enumerate(rows) for x in range(0, len(row), 2)}


def _pane_text(screen) -> str:
    content = screen.query_one(ForecastPane).content
    return content.plain if hasattr(content, "plain") else str(content)


async def _worked_out(pilot, screen) -> None:
    """The likely targets are worked out in a thread (rulings P21): wait until they are (the caller asserts them)."""
    await wait_until(pilot, lambda: not screen.lookout.intent_waiting)


def _place(screen, name: str, pos: tuple[int, int]) -> None:
    """Stand one of the units elsewhere (a position the scenario does not start in)."""
    c = screen.controller
    state = c.state.model_copy(deep=True)
    next(u for u in state.units if u.name == name).pos = pos
    c.state = state
    screen.refresh_view()


async def test_n_marks_each_likely_target_and_strike_tile_lists_them_and_hides_them_again():
    app = _training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        c = screen.controller
        _place(screen, "Hale", (5, 4))  # the attacker's Hale, a move from the defenders (who act first)
        # Hot-seat: a person plays the enemy, so each is weighed as the normal level would (none as a first choice).
        intents = likely_targets(c.state, c.viewer, None)
        assert intents, "Hale should have someone to attack"
        assert not {AIMED_MARK, FROM_MARK} & set(_marks(screen).values())  # off by default
        await pilot.press("n")
        await _worked_out(pilot, screen)
        assert screen.lookout.intents() == intents
        marks = _marks(screen)
        for intent in intents:
            enemy, target = c.state.unit(intent.enemy), c.state.unit(intent.target)
            assert marks[target.pos] == AIMED_MARK and marks[intent.origin] == FROM_MARK
            assert f"{enemy.name} → {target.name} from {tile_name(intent.origin)}" in _pane_text(screen)
        assert "Likely targets (n)" in screen_text(app)  # on the 80×24 screen, not cut off below
        # It follows the battle: moved out of reach, Hale has no intent any more.
        _place(screen, "Hale", (0, 7))
        await _worked_out(pilot, screen)
        assert screen.lookout.intents() == [] and "No enemy still to act would attack now" in _pane_text(screen)
        assert not {AIMED_MARK, FROM_MARK} & set(_marks(screen).values())
        _place(screen, "Hale", (5, 4))
        await pilot.press("n")
        assert not {AIMED_MARK, FROM_MARK} & set(_marks(screen).values())
        assert "Likely targets" not in _pane_text(screen)


async def test_under_fog_in_hot_seat_n_judges_from_the_side_to_act_and_never_shows_a_hidden_enemy():
    app = _training_yard(fog=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        c = screen.controller
        assert c.viewer is Side.DEFENDER
        # Hale 5 tiles from Bram: out of the defender's sight, yet able to move in and strike.
        _place(screen, "Hale", (3, 3))
        hale = next(u for u in c.state.units if u.name == "Hale")
        assert hale.id in {i.enemy for i in likely_targets(c.state.model_copy(update={"fog": False}), Side.DEFENDER)}
        await pilot.press("n")
        await _worked_out(pilot, screen)
        assert screen.lookout.intents() == likely_targets(c.state, Side.DEFENDER, None)
        assert hale.id not in {i.enemy for i in screen.lookout.intents()}
        assert "Hale" not in _pane_text(screen)
        assert not {AIMED_MARK, FROM_MARK} & set(_marks(screen).values())
