"""The player setup kept between launches: written whole, read back, and a broken file ignored with one line."""

from __future__ import annotations

import json

import pytest

from officers_chess.content.user_settings import PlayerSetup, read_setup, settings_path, write_setup


@pytest.mark.first_launch
def test_a_setup_written_is_read_back_at_the_next_launch():
    assert read_setup() == (None, None)  # nothing remembered yet: no notice either
    setup = PlayerSetup({"attacker": None, "defender": "easy"}, own_dice=True)
    assert write_setup(setup) is None
    assert read_setup() == (setup, None)
    assert not settings_path().with_name("settings.json.tmp").exists()
    # The battle begun last is kept beside the players (rulings L89); a file from before it still reads.
    kept = PlayerSetup({"attacker": None, "defender": "easy"}, own_dice=True, last_battle="training_yard")
    assert write_setup(kept) is None and read_setup() == (kept, None)


@pytest.mark.parametrize("text, said", [
    ("{not json", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    (json.dumps({"players": {"attacker": None}}), "name the attacker and the defender"),
    (json.dumps({"players": {"attacker": None, "defender": 3}}), "defender must be null"),
    (json.dumps({"players": {"attacker": "[@click=app.quit]", "defender": None}}), "attacker must be null"),
    (json.dumps({"players": {"attacker": None, "defender": None}, "own_dice": "yes"}), "own_dice"),
    (json.dumps({"players": {"attacker": None, "defender": None}, "last_battle": "../etc/passwd"}), "last_battle"),
    (json.dumps({"players": {"attacker": None, "defender": None}, "last_battle": 7}), "last_battle"),
    (b"\xff\xfe".decode("latin-1"), "not UTF-8"),
])
def test_a_broken_settings_file_is_ignored_with_a_one_line_notice(text, said):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("latin-1") if "not UTF-8" in said else text.encode())
    setup, notice = read_setup()
    assert setup is None and notice is not None and "\n" not in notice
    assert said in notice and notice.startswith("Your player setup was not read")


@pytest.mark.first_launch
def test_a_folder_in_the_settings_place_is_ignored_and_a_setup_that_cannot_be_written_says_why():
    settings_path().mkdir(parents=True)
    setup, notice = read_setup()
    assert setup is None and "is a folder" in notice
    problem = write_setup(PlayerSetup({"attacker": None, "defender": None}))
    assert problem is not None and problem.startswith("Your player setup was not kept")
