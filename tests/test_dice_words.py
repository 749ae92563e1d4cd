"""The dice explained where a curious player looks: the help, the battle's start and the result (rulings L83)."""

from __future__ import annotations

import argparse
import io
import shlex
from pathlib import Path

from rich.console import Console

from officers_chess.ai.levels import DEFAULT_LEVEL
from officers_chess.commands.console import build_parser
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
    path = find_scenario("training_yard")
    text = _text(summary(state, command=dice_words.replay_command(path, 4242)))
    assert "fair, and the same for both sides" in text and "Dice seed 4242" in text
    assert "officers-chess play training_yard --seed 4242" in text and "<scenario>" not in text


def _played(command: str) -> tuple[Path, argparse.Namespace]:
    """What `officers-chess play ...` as printed would open: the scenario file and the options."""
    words = shlex.split(command)
    assert words[:2] == ["officers-chess", "play"]
    args = build_parser().parse_args(words[1:])
    return find_scenario(args.scenario), args


def test_a_bundled_scenario_is_named_by_its_file_name_and_the_computer_by_its_side():
    # rulings L94: "play <scenario>" was a placeholder; the command now plays the same battle with the same dice.
    path = find_scenario("training_yard")
    command = dice_words.replay_command(path, 4293923508, {Side.DEFENDER: "greedy"})
    assert command == "officers-chess play training_yard --seed 4293923508 --ai defender --level greedy"
    found, args = _played(command)
    assert found.resolve() == path.resolve() and args.seed == 4293923508
    assert args.ai == "defender" and args.level == "greedy"
    assert dice_words.replay_command(path, 1, {Side.ATTACKER: "greedy", Side.DEFENDER: "greedy"}).endswith(
        "--ai both --level greedy")
    assert dice_words.replay_command(path, 1, {Side.ATTACKER: "greedy", Side.DEFENDER: DEFAULT_LEVEL}) is None


def test_a_scenario_file_is_named_by_its_path(tmp_path):
    folder = tmp_path / "my battles"
    folder.mkdir()
    own = folder / "yard copy.yaml"
    own.write_text(find_scenario("training_yard").read_text())
    command = dice_words.replay_command(own, 37)
    assert str(own) in shlex.split(command)
    found, args = _played(command)
    assert found == own and args.seed == 37 and args.ai is None
    text = _text(summary(load_scenario(own).new_battle(seed=37), command=command))
    assert " ".join(command.split()) in text


def test_the_guided_battle_says_how_to_play_it_again_and_a_chapter_names_no_command():
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=37)
    guided = _text(summary(state, guided=True))
    assert "Dice seed 37" in guided and "officers-chess play" not in guided
    assert "guided battle always starts from the same seed" in guided and "Learn to play" in guided
    chapter = _text(summary(state))  # a campaign's chapter, a table's seat: no command starts it again
    assert "Dice seed 37" in chapter and "officers-chess play" not in chapter and "<scenario>" not in chapter


def test_the_help_and_the_start_line_say_where_the_dice_come_from():
    help_words = _text(help_text(load_catalogue()))
    assert "Dice Fair, and the same for both sides" in help_words and "--seed N" in help_words
    assert "seed" in dice_words.start_line() and "?" in dice_words.start_line()


def test_the_app_hands_the_guided_battle_and_a_chapter_their_own_words(monkeypatch):
    from officers_chess.tui.app import OfficersChessApp

    state = load_scenario(find_scenario("training_yard")).new_battle(seed=37)
    app = OfficersChessApp()
    shown = []
    monkeypatch.setattr(app, "switch_screen", shown.append)
    app.tutorial_on = True
    app.show_result(state, [], scenario=find_scenario("training_yard"))
    assert shown[-1].guided and shown[-1].command is None
    app.tutorial_on = False
    app.show_result(state, [], scenario=find_scenario("training_yard"))
    assert not shown[-1].guided and shown[-1].command == "officers-chess play training_yard --seed 37"
    app.show_result(state, [], scenario=None)  # a table's seat
    assert shown[-1].command is None
