"""The guided steps that aim say how to switch targets when both thieves are in reach (rulings L113)."""

from __future__ import annotations

from test_tutorial_lessons import fresh_guide

from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode
from officers_chess.session.tutorial import LESSONS, NOW, PLAYER, Guide


def _aiming(beside_both: bool):
    """Corin selected and aiming from (6,3), with Pell moved beside him too or left where it stands."""
    _, c, _ = fresh_guide()
    spots = {"Corin": (6, 3), "Pell": (6, 4) if beside_both else (9, 5)}
    state = c.state.model_copy(update={"units": [u.model_copy(update={"pos": spots.get(u.name, u.pos)})
                                                 for u in c.state.units]})
    c = BattleController(state, humans=frozenset({PLAYER}))
    c.cursor = (6, 3)
    c.take(c.confirm, None)
    c.take(c.confirm, None)  # ends the move where he stands
    c.take(lambda: c.choose(next(i.key for i in c.menu() if i.key.startswith("attack"))), None)
    assert c.mode is Mode.TARGETING
    return c


def test_with_both_thieves_in_reach_the_aiming_steps_say_the_arrow_keys_switch():
    forecast, strike = (next(i for i, lesson in enumerate(LESSONS) if lesson.key == key) for key in ("forecast", "strike"))
    c = _aiming(beside_both=True)
    assert len(c.overlays().targets) == 2
    assert Guide(c, forecast).text("off") == NOW["forecast-both"] and "arrow keys switch" in NOW["forecast-both"]
    assert Guide(c, strike).text("off") == NOW["strike-both"] and "arrow keys: the other" in NOW["strike-both"]
    before = c.cursor
    c.move_cursor(1, 0)  # what the words promise: the arrow moves the aim to the other thief
    assert c.cursor != before and c.cursor in c.overlays().targets
    one = _aiming(beside_both=False)
    assert len(one.overlays().targets) == 1
    assert Guide(one, forecast).text("off") == LESSONS[forecast].text  # one thief: nothing to switch, no word of it
