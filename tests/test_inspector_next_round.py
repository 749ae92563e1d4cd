"""The threat inspector marks an enemy that has already acted this round as a threat for the next one (rulings L106)."""

from __future__ import annotations

from factories import A, D, game, plains, unit

from officers_chess.ai.threat_map import threat_forecasts
from officers_chess.tui.widgets.lookout_text import NEXT_ROUND, NEXT_ROUND_NOTE, inspector_text


def test_an_enemy_that_has_acted_is_listed_for_next_round_and_one_still_to_act_is_not():
    state = game(plains(6), [unit(id="a1"), unit(id="d1", side=D, pos=(2, 0), activated=True),
                             unit(id="d2", side=D, pos=(4, 0))], to_act=A)
    mine = state.unit("a1")
    enemies = state.living(D)
    attacks = threat_forecasts(state, mine, mine.pos, enemies)
    assert {a.enemy.id for a in attacks} == {"d1", "d2"}  # both reach it: the list mixes them
    lines = inspector_text(state, mine, mine.pos, attacks).plain.splitlines()
    by_name = {name: next(line for line in lines if line.startswith(f"• {name} ")) for name in ("D1", "D2")}
    assert f", {NEXT_ROUND}:" in by_name["D1"] and NEXT_ROUND not in by_name["D2"]
    assert NEXT_ROUND_NOTE.strip() in lines
    # Nobody in the list has acted: no mark and no note.
    fresh = [a for a in attacks if a.enemy.id == "d2"]
    assert NEXT_ROUND not in inspector_text(state, mine, mine.pos, fresh).plain


def test_every_legend_of_the_maps_counts_says_each_sits_just_right_of_its_tile():
    # rulings L101: in plain text each digit sits in the gap between two tiles ("│. .1M1"2.2.2h .2").
    from officers_chess.session.controller import BattleController
    from officers_chess.session.lookout import Danger, Lookout
    from officers_chess.tui.widgets.deploy_lookout_text import deploy_danger_legend
    from officers_chess.tui.widgets.lookout_text import BESIDE_TILE, danger_legend, heat_legend

    state = game(plains(6), [unit(id="a1"), unit(id="d1", side=D, pos=(3, 0))], to_act=A)
    lookout = Lookout(BattleController(state, humans=frozenset({A})))
    shown = []
    for _ in range(2):
        lookout.cycle_danger()
        shown.append((lookout.danger, danger_legend(lookout).plain))
    assert [d for d, _ in shown] == [Danger.ALL, Danger.ONE]
    assert BESIDE_TILE in shown[0][1] and "just right of each tile D1 could attack" in shown[1][1]
    lookout.toggle_heat()
    assert BESIDE_TILE in heat_legend(lookout).plain
    assert BESIDE_TILE in deploy_danger_legend(2).plain
