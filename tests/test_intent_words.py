"""The likely targets (n) say the expected damage as an average, with its decimal, checked against the computer's
own expectation (rulings L43)."""

from __future__ import annotations

import re

from officers_chess.ai.intent import likely_targets
from officers_chess.rules.battle.vision import player_view
from officers_chess.tui.widgets.lookout_text import intent_text

from factories import A, D, game, plains, unit


def test_the_expected_damage_reads_as_an_average_and_matches_the_core():
    units = [unit(id="a1", pos=(0, 1)), unit(id="d1", side=D, pos=(5, 0), hp=6), unit(id="d2", side=D, pos=(4, 2), def_=6)]
    state = game(plains(8, 3), units, to_act=A)
    intents = likely_targets(state, D)
    assert intents
    text = intent_text(player_view(state, D), intents).plain
    shown = [float(x) for x in re.findall(r"\(avg (\d+\.\d) dmg, ", text)]
    assert shown == [round(i.damage, 1) for i in intents]
    assert re.search(r"\(\d+ dmg", text) is None  # no bare whole number that reads as a hit
