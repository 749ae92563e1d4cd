"""The dice explained where a curious player looks: the help, the battle's start and the result (rulings L83)."""

from __future__ import annotations

import io

from rich.console import Console

from officers_chess.content.loaders import find_scenario, load_catalogue, load_scenario
from officers_chess.rules.battle.objectives import Result
from officers_chess.rules.pieces.models import Side
from officers_chess.session import dice_words
from officers_chess.tui.dialogs.help import help_text
from officers_chess.tui.screens.result import summary


def _text(renderable, width: int = 200) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(console.export_text().split())


def test_the_result_names_the_seed_and_how_to_roll_the_same_dice_again():
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=4242)
    state.result = Result(winner=Side.ATTACKER, tier="victory", reason="every defender unit was routed")
    text = _text(summary(state))
    assert "fair, and the same for both sides" in text
    assert "officers-chess play <scenario> --seed 4242" in text and "Dice seed 4242" in text


def test_the_help_and_the_start_line_say_where_the_dice_come_from():
    help_words = _text(help_text(load_catalogue()))
    assert "Dice Fair, and the same for both sides" in help_words and "--seed N" in help_words
    assert "seed" in dice_words.start_line() and "?" in dice_words.start_line()
