"""What each leave and quit question says is kept and what is lost (session/leave_words.py, ruling L23)."""

from __future__ import annotations

from officers_chess.session.leave_words import leave_words


def test_a_battle_autosaved_says_how_far_and_what_is_not_kept():
    words = leave_words("battle", saved=True)
    assert words.startswith("Quit Officer's Chess? This battle is autosaved up to the last action")
    assert "c Continue brings it back there" in words and "could still take back is not kept" in words
    assert leave_words("battle", saved=True, campaign=True, quitting=False).startswith(
        "Leave for the title screen? The campaign and this battle are saved")
    assert leave_words("battle", saved=False) == "Quit Officer's Chess? This battle is not being saved: it will be lost."


def test_army_building_is_kept_to_the_start_of_the_step_and_the_screen_is_not():
    single = leave_words("step", saved=True, quitting=False)
    assert single.startswith("Leave for the title screen? Army building is autosaved up to the start of this step")
    assert "What you changed on this screen is not" in single and "lost" not in single
    campaign = leave_words("step", saved=True, campaign=True)
    assert "The campaign is saved up to the start of this step: c Continue takes it up there." in campaign
    handing_over = leave_words("step", saved=True, editing=False)
    assert "What you changed" not in handing_over
    assert leave_words("step", saved=False).endswith("both armies will be lost.")


def test_a_campaign_muster_is_kept_only_once_confirmed():
    words = leave_words("muster", saved=True, campaign=True)
    assert "saved as it stood when this muster opened" in words and "kept only once you confirm it (d)" in words
    assert "will be lost" in leave_words("muster", saved=False, campaign=True)
    assert leave_words("between", saved=True, campaign=True) == (
        "Quit Officer's Chess? The campaign is saved: c Continue on the title screen goes on from here.")
    assert leave_words("title", saved=False) == "Quit Officer's Chess?"
