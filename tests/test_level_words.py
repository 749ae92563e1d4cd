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

