"""The battle screen's status line: round of the time limit, whose activation, who is still to act; at any width."""

from __future__ import annotations


def test_the_status_line_fits_80_columns_in_every_state_it_can_be_in():
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.objectives import TimeLimit
    from officers_chess.tui.widgets.status_line import status_text

    units = [unit(id=f"a{i}", side=A, pos=(i, 0)) for i in range(12)] + [unit(id=f"d{i}", side=D, pos=(i, 2)) for i in range(12)]
    state = game(plains(12, 3), units, to_act=D).model_copy(update={"round": 10, "time_limit": TimeLimit(rounds=12, reason="the tide")})
    full = status_text(state, frozenset({D}))
    assert full.plain.startswith(" Round 10 of 12 ") and "still to act: Attacker 12 · Defender 12" in full.plain
    fitted = status_text(state, frozenset({D}), width=78)
    assert fitted.cell_len <= 78 and "10/12" in fitted.plain and "12" in fitted.plain
    assert status_text(state, frozenset(), width=200).plain == status_text(state, frozenset()).plain


def test_under_fog_the_status_line_counts_only_the_enemies_the_viewer_sees():
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.vision import player_view
    from officers_chess.tui.widgets.status_line import status_text, still_to_act

    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="a2", side=A, pos=(1, 0), activated=True),
             unit(id="d1", side=D, pos=(3, 0)), unit(id="d2", side=D, pos=(10, 0)), unit(id="d3", side=D, pos=(11, 0))]
    state = game(plains(12, 1), units)
    assert still_to_act(state, A) == {A: 1, D: 3}  # no fog: everyone counts
    fogged = state.model_copy(update={"fog": True})
    assert still_to_act(fogged, A) == {A: 1, D: 1}  # d2 and d3 are out of sight
    assert still_to_act(fogged, D) == {A: 1, D: 3}  # the defender sees a1 (its own: all of them)
    assert still_to_act(fogged) == {A: 1, D: 3}  # nobody to hide from
    line = status_text(fogged, viewer=A).plain
    assert "still to act: Attacker 1 · Defender 1 in sight" in line
    assert status_text(player_view(fogged, A), viewer=A).plain == line  # the view gives the same line
    assert "to act: A 1 · D ≥1" in status_text(fogged, viewer=A, width=40).plain  # the narrowest form says it too
    assert "Defender 3" in status_text(fogged).plain and "in sight" not in status_text(state, viewer=A).plain
    none_seen = fogged.model_copy(update={"units": [u for u in fogged.units if u.id != "d1"]})
    assert "to act: A 1 · D ?" in status_text(none_seen, viewer=A, width=40).plain  # "≥0" said nothing
    assert "Defender 0 in sight" in status_text(none_seen, viewer=A).plain


def test_the_status_line_keeps_one_format_through_the_battle():
    # Against the computer at 80 columns, the line read "Round 1 of 10 ... still to act" on the player's turn and
    # "Round 1/10 ... to act" on the computer's: one battle, two formats. The form is chosen for the battle.
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.objectives import TimeLimit
    from officers_chess.tui.widgets.status_line import FORMS, status_text

    units = [unit(id=f"a{i}", side=A, pos=(i, 0)) for i in range(6)] + [unit(id=f"d{i}", side=D, pos=(i, 2)) for i in range(4)]
    start = game(plains(12, 3), units, to_act=A).model_copy(update={"time_limit": TimeLimit(rounds=10, reason="dusk")})
    moments = [start, start.model_copy(update={"to_act": D}), start.model_copy(update={"round": 10})]
    for computer in (frozenset(), frozenset({D})):
        lines = [status_text(state, computer, width=80).plain for state in moments]
        assert all(len(line) <= 80 for line in lines)
        forms = {next(n for n, form in enumerate(FORMS) if form[3].split("{")[0] in line) for line in lines}
        assert len(forms) == 1, lines
    # Hot seat, nobody's mark to fit, still words as the computer's game at that width (rulings L103); with room for
    # the mark, the full words, "Round 1 of 10".
    assert status_text(start, frozenset(), width=80).plain == status_text(start, frozenset({D}), width=80).plain
    assert status_text(start, frozenset(), width=90).plain.startswith(" Round 1 of 10 ")


def test_every_form_of_the_waiting_count_uses_one_wording():
    # "still to act: Attacker 2 · Defender 2" at one width read "to act: attacker 2, defender 1" at another: each
    # narrower form now only drops words, keeping the capitals, order and separators (rulings L81).
    from factories import A, D, game, plains, unit

    from officers_chess.tui.widgets.status_line import FORMS, status_text

    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="a2", side=A, pos=(1, 0)), unit(id="d1", side=D, pos=(3, 0))]
    state = game(plains(12, 1), units)
    tails = []
    for width in (200, 72, 40):  # 72: the middle form with room for the computer's mark (rulings L103)
        line = status_text(state, width=width).plain
        assert len(line) <= width
        tails.append(line[line.index(" · ", line.index("to act ") if "to act " in line else 0):])
    assert tails[0].endswith("· still to act: Attacker 2 · Defender 1")
    assert tails[1].endswith("· to act: Attacker 2 · Defender 1")
    assert tails[2].endswith("· to act: A 2 · D 1")
    for form in FORMS:  # one separator between the sides, a capital for each side, in every form
        waiting = form[3]
        assert waiting.count(" · ") == 2 and ", " not in waiting and " v " not in waiting
        assert waiting.index("{a}") < waiting.index("{d}") and "a" not in waiting.split("to act: ")[1][:1]


def test_one_width_gives_one_wording_against_the_computer_and_between_two_people():
    # rulings L103: at 80 columns the computer's game read "Round 1/6 · … to act:", two people's "Round 1 of 6 · …
    # still to act:". The words may shorten only where the line truly does not fit, and then the same way in both.
    from factories import A, D, game, plains, unit

    from officers_chess.rules.battle.objectives import TimeLimit
    from officers_chess.tui.widgets.status_line import status_text

    units = [unit(id=f"a{i}", side=A, pos=(i, 0)) for i in range(8)] + [unit(id=f"d{i}", side=D, pos=(i, 2)) for i in range(8)]
    for to_act in (A, D):
        state = game(plains(8, 3), units, to_act=to_act).model_copy(update={"time_limit": TimeLimit(rounds=6, reason="dusk")})
        forms = set()
        for width in range(30, 100):
            people = status_text(state, frozenset(), width=width).plain
            for computer in (frozenset({A}), frozenset({D}), frozenset({A, D})):
                shown = status_text(state, computer, width=width).plain
                assert shown.replace(" computer", "").replace(" (cpu)", "") == people, (width, shown, people)
                assert shown.count("Round") == people.count("Round")
            forms.add(people.split(" · ")[0])
        assert {" Round 1 of 6 ", " Round 1/6 ", " R1/6 "} <= forms  # each wording is reached at some width
