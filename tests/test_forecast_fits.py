"""No forecast row wraps in the battle screen's narrowest side pane (80×24), whatever the exchange (rulings L100)."""

from __future__ import annotations

import io
import itertools

from factories import D, game, plains, unit, unit_class, weapon
from rich.console import Console

from officers_chess.forecast_words import most_likely, percent
from officers_chess.rules.combat.exchange import Role
from officers_chess.tui.widgets.forecast_pane import LABELS, forecast_view

PANE = 37  # the side pane's text width at 80×24 (tests/test_forecast_likeliest.py)
ROW_LABELS = sorted(set(LABELS.values()) | {"Attack speed"}, key=len, reverse=True)


def pairs():
    """Real exchanges of every shape: both sides striking, one only (a javelin at 2), brave, sure hits and crits,
    chances under 1%, 1 to 99 HP (the most a stat holds)."""
    javelin = weapon("lance", range=(1, 2), name="Jav")
    for hp, brave, reach, skl, spd in itertools.product((1, 20, 99), (False, True), (1, 2), (0, 14, 60), (1, 15)):
        tags = ("Brave",) if brave else ()
        a = unit(id="a", weapon=weapon("lance", range=(1, 2), tags=tags, might=9), cls=unit_class(skl=skl, hp=hp, spd=spd))
        d = unit(id="d", side=D, pos=(reach, 0), weapon=javelin if skl else weapon("reason"),
                 cls=unit_class(hp=max(hp - 1, 1) if hp > 1 else 99, spd=16 - spd, skl=60 - skl))
        yield game(plains(4), [a, d])


def test_no_row_wraps_at_80_by_24_and_the_likeliest_hp_is_the_cores():
    seen = set()
    for state in pairs():
        a, d = state.unit("a"), state.unit("d")
        fc = state.forecast(a, d)
        console = Console(width=PANE, record=True, file=io.StringIO())
        console.print(forecast_view(fc, a, d))
        lines = console.export_text().splitlines()
        body = lines[1:lines.index(next(ln for ln in lines if ln.startswith(LABELS["likely_odds"] + ":")))]
        rows = {}
        for line in body:
            label = next((lb for lb in ROW_LABELS if line.startswith(lb + " ")), None)
            assert label is not None, f"a row wrapped onto a line of its own: {line!r}\n" + "\n".join(lines)
            rows[label] = line[len(label):].split()
        for role, who in ((Role.ATTACKER, a), (Role.DEFENDER, d)):
            dist = fc.hp_after(role)
            col = 0 if role is Role.ATTACKER else 1
            assert rows[LABELS["likely"]][col] == f"{who.hp}→{most_likely(dist)}"
            assert rows[LABELS["likely_odds"]][col] == percent(dist[most_likely(dist)])
        seen.add((fc.plan.swings(Role.DEFENDER) == 0, max(a.hp, d.hp) >= 98,
                  max(len(c) for c in rows[LABELS["likely_odds"]])))
    # The sweep reached the player's case (no counter, 100%) and 3-digit HP, with 100% and <1% / >99% cells.
    assert {s[0] for s in seen} == {True, False} and {s[1] for s in seen} == {True, False}
    assert {4, 3} <= {s[2] for s in seen}
