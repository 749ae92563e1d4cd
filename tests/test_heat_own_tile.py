"""The move heatmap's digit sits on every tile the pane counts, the moving unit's own tile included (rulings L111)."""

from __future__ import annotations

from rich.style import Style

from officers_chess.ai.threat_map import heatmap
from officers_chess.session.lookout import Marks, count_mark
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.map_view import _marked

from factories import A, D, battle_map, game, unit, weapon


def test_every_heat_tile_shows_the_cores_count_even_under_the_unit():
    field = battle_map(*[".........." for _ in range(5)])
    hero = unit("hero", A, (5, 2))
    axe = unit("axe", D, (8, 1), weapon=weapon("axe", might=8))
    state = game(field, [hero, axe])
    tiles = frozenset(state.reach(hero).costs)
    heat = heatmap(state, hero, tiles, state.living(D))
    assert heat[hero.pos].threats >= 1  # the axe reaches the hero where it stands: the case the tester met
    marks, ground = Marks(heat=heat), Style(color="#888888", bgcolor="#202020")
    for pos, tile in heat.items():
        own = pos == hero.pos
        style, text = _marked(pos, not own, ground, ("A" if own else ".") + " ", marks, palette(), own)
        assert text[1] == (count_mark(tile.threats) if tile.threats else " "), pos
        if own:  # the unit keeps its side's colour; the digit alone says the count
            assert style == ground and text[0] == "A"
