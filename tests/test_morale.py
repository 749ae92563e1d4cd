"""Morale, when a scenario asks for it: it falls with routs (more for a Leader), rises with the enemy's, and moves the computer's units."""

from __future__ import annotations

from pathlib import Path

import pytest
from factories import A, D, battle_map, game, glyph, plains, unit
from pydantic import ValidationError

from officers_chess.ai.directives import directive
from officers_chess.commands.console import main
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.events import MoraleChanged, Routed
from officers_chess.rules.battle.morale import MoraleRules, after_routs, rallied, standing
from officers_chess.rules.battle.reactions import react
from officers_chess.rules.pieces.models import Side

RULES = MoraleRules(start=10, waver=6, broken=3, rally=2)
YARD = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()


def with_morale(state, attacker: int = 10, defender: int = 10):
    return state.model_copy(update={"morale_rules": RULES, "morale": {Side.ATTACKER: attacker, Side.DEFENDER: defender}})


def test_a_rout_costs_its_side_two_a_leader_four_and_gives_the_other_side_one():
    morale = {Side.ATTACKER: 9, Side.DEFENDER: 8}
    changes = after_routs(morale, RULES, [unit("d1", D), unit("d2", D, scenario_tags=["Leader"])])
    assert morale == {Side.ATTACKER: 10, Side.DEFENDER: 2}  # the attacker's gain stops at its start
    assert [c.text() for c in changes] == [
        "The defender's morale falls to 6 of 10 (D1 routed): it wavers (if the computer plays it, its wounded fall back).",
        "The attacker's morale rises to 10 of 10 (the enemy's D1 routed).",
        "The defender's morale falls to 2 of 10 (D2 routed): it breaks (if the computer plays it, its units "
        "flee).",
    ]
    assert [standing(v, RULES) for v in (10, 7, 6, 4, 3, 0)] == ["steady", "steady", "wavering", "wavering", "broken", "broken"]


def test_after_an_action_its_routs_move_morale_and_the_log_says_so():
    state = with_morale(game(plains(6), [unit("a1", A), unit("d1", D, (3, 0), hp=0), unit("d2", D, (5, 0))]))
    events = [Routed("D1", "d1")]  # the rout is found by the unit's id, not its name
    react(state, events)
    assert state.morale == {Side.ATTACKER: 10, Side.DEFENDER: 8}
    assert any(isinstance(e, MoraleChanged) and e.side is Side.DEFENDER and e.after == 8 for e in events)
    plain = game(plains(6), [unit("a1", A), unit("d1", D, (3, 0), hp=0)])
    react(plain, [Routed("D1")])
    assert plain.morale == {} and "morale" not in plain.model_dump(mode="json")  # no morale: saves as before


def test_a_broken_side_flees_a_wavering_sides_wounded_fall_back_and_a_leader_near_holds_them():
    fort = glyph("fort")
    board = battle_map("..........", "..........", f"{fort}.........")  # a fort in the corner, to heal on

    def position(morale: int, hp: int = 20, leader_at=None):
        units = [unit("a1", A, (9, 0)), unit("d1", D, (2, 0), hp=hp)]
        if leader_at is not None:
            units.append(unit("d9", D, leader_at, scenario_tags=["Leader"]))
        return with_morale(game(board, units), defender=morale)

    broken = position(3)
    assert directive(broken, broken.unit("d1")).orders[0].behaviour == "flee"
    assert directive(broken, broken.unit("d1")).orders[0].condition_text() == "its side's morale is 3 or less"
    held = position(3, leader_at=(3, 1))
    assert directive(held, held.unit("d1")) is None and rallied(held.unit("d1"), held.units, RULES)
    wavering_hurt, wavering_whole = position(5, hp=10), position(5)
    found = directive(wavering_hurt, wavering_hurt.unit("d1"))
    assert found.orders[0].behaviour == "retreat" and found.goal == frozenset({(0, 2)})
    assert directive(wavering_whole, wavering_whole.unit("d1")) is None  # whole units keep fighting


def test_a_scenario_with_morale_starts_each_side_at_its_start_and_checks_its_levels(tmp_path, capsys):
    path = tmp_path / "morale.yaml"
    path.write_text(YARD + "morale: {start: 8, waver: 5, broken: 3}\nevents:\n  - {when: defender breaks, note: They run.}\n")
    state = load_scenario(path).new_battle(1)
    assert state.morale == {Side.ATTACKER: 8, Side.DEFENDER: 8} and state.morale_rules.broken == 3
    with pytest.raises(ValidationError, match="broken <= waver <= start"):
        MoraleRules(start=5, waver=6, broken=3)
    path.write_text(YARD + "events:\n  - {when: defender breaks, note: They run.}\n")
    assert main(["validate", str(path)]) == 2
    assert "needs morale: give the scenario a `morale:` block" in capsys.readouterr().err


async def test_the_battle_screen_shows_both_sides_morale_at_80_by_24():
    from pilot_helpers import side_pane_shown

    from officers_chess.content.loaders import find_scenario
    from officers_chess.tui.app import OfficersChessApp

    app = OfficersChessApp(scenario=load_scenario(find_scenario("wolves_of_ashby")), seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = side_pane_shown(app)
        assert "Morale: attacker 8 (steady), defender 8 (steady)" in text, text


def test_under_fog_a_side_knows_only_its_own_morale():
    from officers_chess.rules.battle.vision import player_view
    from officers_chess.session.fog_log import log_lines

    state = with_morale(game(plains(30, 3), [unit("a1", A), unit("d1", D, (29, 0))]), attacker=9, defender=6)
    assert player_view(state, A).morale == {A: 9, D: 6}  # no fog: both, as both sides see every rout
    foggy = state.model_copy(update={"fog": True})
    assert player_view(foggy, A).morale == {A: 9} and player_view(foggy, D).morale == {D: 6}
    mine = MoraleChanged(A, 9, 7, 10, "A2 routed", "steady", "steady")
    theirs = MoraleChanged(D, 6, 4, 10, "D2 routed", "wavering", "wavering")
    assert log_lines(foggy, foggy, [mine, theirs], A) == [mine.text()]  # a rout out of sight stays unknown


async def test_under_fog_the_side_pane_calls_the_enemys_morale_unknown():
    import dataclasses

    from pilot_helpers import screen_text, side_pane_shown

    from officers_chess.content.loaders import find_scenario
    from officers_chess.tui.app import OfficersChessApp

    plain = load_scenario(find_scenario("wolves_of_ashby"))
    foggy = dataclasses.replace(plain, scenario=plain.scenario.model_copy(update={"fog": True}))
    app = OfficersChessApp(scenario=foggy, seed=1, computer={Side.DEFENDER: "greedy"}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = side_pane_shown(app)
        assert "Morale: attacker 8 (steady), defender unknown" in text, text
        assert "defender 8" not in " ".join(screen_text(app).split())  # nowhere on the screen either
