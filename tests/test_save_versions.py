"""Saves written before save version 4's rules changes: they load, and where the new rules play an action
otherwise, the battle goes on from the last round that holds with a line naming the older version."""

from __future__ import annotations

import json
from pathlib import Path

from officers_chess.commands import console
from officers_chess.content.autosave import resume_state
from officers_chess.content.saves import open_save, read_save
from officers_chess.rules.history.record import SAVE_VERSION

OLD = Path(__file__).parent / "fixtures" / "old_saves"  # written by the code of save version 3 (commit 1ce8cda)


def test_this_program_writes_save_version_6():
    assert SAVE_VERSION == 6


def test_a_version_3_save_that_plays_the_same_loads_whole():
    assert read_save(OLD / "quiet_v3.json").version == 3
    resumed = resume_state(open_save(OLD / "quiet_v3.json"))
    assert resumed.note == "" and resumed.actions == 8 and resumed.state.round == 3


def test_a_version_3_save_the_new_rules_play_otherwise_goes_on_from_the_round_that_holds():
    # Its round 2 attack lands an Inflict, which the version-3 rules applied at once and these apply on
    # the victim's next turn: the state after it is not the recorded one.
    resumed = resume_state(open_save(OLD / "hamstring_v3.json"))
    assert resumed.state.round == 2 and resumed.actions == 4
    assert "save version 3" in resumed.note and "rules have changed" in resumed.note
    assert "Inflict" in resumed.note and "goes on from the start of round 2" in resumed.note


def test_validate_names_the_older_version_of_such_a_save(capsys):
    assert console.main(["validate", str(OLD / "hamstring_v3.json")]) == 2
    out = capsys.readouterr()
    said = out.out + out.err
    assert "action 6 (round 2, attacker: Hale attacks Bram)" in said and "save version 3" in said
    assert console.main(["validate", str(OLD / "quiet_v3.json")]) == 0


def test_old_actions_read_without_the_new_fields():
    data = json.loads((OLD / "hamstring_v3.json").read_text())
    kinds = {entry["action"]["kind"] for entry in data["actions"]}
    assert kinds == {"move", "wait", "attack"}
    assert all("stay" not in entry["action"] and "unit" not in entry["action"] or entry["action"]["kind"] == "move"
               for entry in data["actions"])


WARP = Path(__file__).parent / "fixtures" / "warp_reach"  # written by the code of save version 5 (commit bac73a8)


def test_a_version_5_save_whose_d100_warp_is_now_out_of_reach_is_refused_naming_the_change(capsys):
    # Ysolde warps Corin, two tiles from her, on action 6 (round 1): the d100 draft's Warp moves only an ally
    # beside the user (rulings E41), so under save version 6 that action is no longer one the rules offer.
    save = WARP / "warp_reach_v5.json"
    assert read_save(save).version == 5
    assert console.main(["replay", str(save), "--verify"]) == 1  # recorded states do not match: 1, as for any mismatch
    said = capsys.readouterr()
    words = said.out + said.err
    assert "action 6 (round 1, attacker: Ysolde uses Warp Staff on Corin" in words and "save version 5" in words
    assert "Warp only on an adjacent ally" in words
    resumed = resume_state(open_save(save))  # resuming starts the round again, and says why
    assert resumed.state.round == 1 and resumed.actions == 0 and not resumed.state.is_over
    assert "save version 5" in resumed.note and "goes on from the start of round 1" in resumed.note

