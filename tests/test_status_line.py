"""The battle screen's status line: round of the time limit, whose activation, who is still to act; at any width."""

from __future__ import annotations


def test_the_status_line_fits_80_columns_in_every_state_it_can_be_in():
    from factories import A, D, game, plains, unit

    from officers_chess.rules.objectives import TimeLimit
    from officers_chess.tui.widgets.status_line import status_text

    units = [unit(id=f"a{i}", side=A, pos=(i, 0)) for i in range(12)] + [unit(id=f"d{i}", side=D, pos=(i, 2)) for i in range(12)]
    state = game(plains(12, 3), units, to_act=D).model_copy(update={"round": 10, "time_limit": TimeLimit(rounds=12, reason="the tide")})
    full = status_text(state, frozenset({D}))
    assert full.plain.startswith(" Round 10 of 12 ") and "still to act: Attacker 12 · Defender 12" in full.plain
    fitted = status_text(state, frozenset({D}), width=78)
    assert fitted.cell_len <= 78 and "10/12" in fitted.plain and "12" in fitted.plain
    assert status_text(state, frozenset(), width=200).plain == status_text(state, frozenset()).plain
