"""What leaving or quitting keeps and what it loses, in the words every such question asks (ruling L23)."""

from __future__ import annotations

from typing import Literal

Where = Literal["battle", "step", "muster", "between", "title"]


def leave_words(where: Where, saved: bool, campaign: bool = False, quitting: bool = True,
                editing: bool = True) -> str:
    """The question for quitting the game (`quitting`) or leaving for the title screen, asked from `where`: a battle,
    a step of army building (`editing`: a screen whose changes are not yet confirmed, not a hand-over), a campaign's
    muster, or a campaign's screens between chapters. `saved`: the autosave (or the campaign's save) is on and its
    last write worked."""
    ask = "Quit Officer's Chess?" if quitting else "Leave for the title screen?"
    if where == "title":
        return ask
    if where == "between":
        return f"{ask} The campaign is saved: c Continue on the title screen goes on from here." if saved else \
            f"{ask} This campaign is not being saved: it will be lost."
    if where == "muster":
        if not saved:
            return f"{ask} This campaign is not being saved: it will be lost, this muster with it."
        return (f"{ask} The campaign is saved as it stood when this muster opened: c Continue brings you back to it. "
                "What you hired, bought, sold or moved here is kept only once you confirm it (d).")
    if where == "step":
        what = "the campaign is saved" if campaign else "army building is autosaved"
        if not saved:
            return f"{ask} Army building is not being saved: both armies will be lost."
        unsaved = (" What you changed on this screen is not: it is kept when you confirm the step." if editing else "")
        return f"{ask} {what[0].upper()}{what[1:]} up to the start of this step: c Continue takes it up there.{unsaved}"
    # A battle: the autosave writes each action that can no longer be taken back.
    if not saved:
        return f"{ask} This battle is not being saved: it will be lost."
    kept = "The campaign and this battle are saved" if campaign else "This battle is autosaved"
    return (f"{ask} {kept} up to the last action that cannot be taken back: c Continue brings it back there; "
            "a move you could still take back is not kept.")


def play_test_words(quitting: bool) -> str:
    """Leaving or quitting a play-test from the scenario editor (rulings ED14): the battle is a throwaway, and the
    scenario's edits are the editor's (and its autosave's), not the battle's."""
    if quitting:
        return ("Quit Officer's Chess? This play-test is not kept; the scenario's edits are in the editor's autosave, "
                "offered back when you open it again.")
    return "Leave the play-test for the editor? This battle is not kept; the scenario is as you left it."

