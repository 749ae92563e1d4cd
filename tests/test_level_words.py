"""The title says what a computer level is like when a side is handed to it (a play-test met "greedy" unexplained)."""

from __future__ import annotations

from officers_chess.ai.levels import LEVEL_NAMES, LEVEL_WORDS
from officers_chess.rules.pieces.models import Side
from officers_chess.session.players import player_cycle
from officers_chess.tui.app import OfficersChessApp

from muster_keys import press
from pilot_helpers import screen_text


def test_every_level_has_its_words():
    assert set(LEVEL_WORDS) == set(LEVEL_NAMES)


async def test_each_press_of_2_says_what_the_defenders_new_player_is_like():
    """Under the players line, whole at 80 columns (a toast there had covered the very line it spoke of)."""
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        for _ in player_cycle():
            await press(pilot, "2")
            level = title.players[Side.DEFENDER]
            told = str(title.query_one("#level-note").render())
            if level is None:
                assert told == "Defender: a person at this keyboard."
            else:
                assert told.startswith(f"Defender: CPU ({level}), ") and LEVEL_WORDS[level] in told
            assert " ".join(told.split()) in " ".join(screen_text(app).split())



async def test_the_note_names_the_side_as_the_players_line_does_on_a_campaign():
    """A play-test read "Defender: CPU (hard), …" over a players line reading "P2 CPU (hard)" with a campaign
    highlighted: the note follows the line's own names."""
    from textual.widgets import OptionList

    from officers_chess.tui.screens.title_groups import BATTLES, CAMPAIGNS

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        await press(pilot, "2")
        level = title.players[Side.DEFENDER]
        assert str(title.query_one("#level-note").render()).startswith(f"Defender: CPU ({level})")
        header = next(i for i, row in enumerate(title.rows) if row.kind == "header" and row.group == CAMPAIGNS)
        title.query_one(OptionList).highlighted = header
        await press(pilot, "enter")  # the group opens on its first campaign
        await pilot.pause()
        assert title._row(title.query_one(OptionList).highlighted).kind == "campaign"
        assert str(title.query_one("#player-defender").render()).find("P2") >= 0
        assert str(title.query_one("#level-note").render()).startswith(f"P2: CPU ({level})")
        header = next(i for i, row in enumerate(title.rows) if row.kind == "header" and row.group == BATTLES)
        title.query_one(OptionList).highlighted = header
        await press(pilot, "enter")  # back among the battles
        await pilot.pause()
        assert title._row(title.query_one(OptionList).highlighted).kind == "battle"
        assert str(title.query_one("#level-note").render()).startswith(f"Defender: CPU ({level})")
