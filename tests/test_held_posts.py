"""Units that hold their posts: the danger zone counts them apart, and the threat inspector says why (rulings L32)."""

from __future__ import annotations

from officers_chess.ai.intent import likely_targets
from officers_chess.ai.threat_map import danger_zone, threat_forecasts
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.posts import holding
from officers_chess.rules.pieces.models import Side
from officers_chess.session.controller import BattleController
from officers_chess.session.lookout import HOLD_MARK, Lookout, count_mark, from_post
from officers_chess.tui.widgets.lookout_text import inspector_text

A, D = Side.ATTACKER, Side.DEFENDER


def garrison(moved: dict | None = None):
    """The Sleeping Garrison at its start, the column at the keyboard and the computer playing the garrison by its
    script; `moved` puts column units elsewhere first."""
    state = load_scenario(find_scenario("sleeping_garrison")).new_battle(1)
    if moved:
        state = state.model_copy(update={"units": [u.model_copy(update={"pos": moved[u.name]}) if u.name in moved else u
                                                   for u in state.units]})
    controller = BattleController(state, humans=frozenset({A}))
    lookout = Lookout(controller)
    lookout.scripted = frozenset({D})
    return state, controller, lookout


def test_a_sleeping_garrison_counts_only_what_it_strikes_from_its_posts_and_marks_the_rest_apart():
    state, c, lookout = garrison()
    camp = state.living(D)
    assert c.seat_view.holding == {u.id for u in camp}  # nobody within 3 of the camp yet: all five hold
    lookout.cycle_danger()
    marks = lookout.danger_tiles()
    posts = [from_post(c.view, u) for u in camp]
    expected = {}
    for pos in danger_zone(c.view, camp):
        near = sum(pos in tiles for tiles in posts)
        expected[pos] = count_mark(near) if near else HOLD_MARK
    for unit in camp:
        expected.pop(unit.pos, None)
    assert marks == expected
    assert HOLD_MARK in marks.values() and any(m.isdigit() for m in marks.values())
    # The same camp played by a person follows no script: every enemy counts in full.
    lookout.scripted = frozenset()
    full = {p: count_mark(n) for p, n in danger_zone(c.view, camp).items() if p not in {u.pos for u in camp}}
    assert lookout.danger_tiles() == full


def test_the_camp_wakes_together_and_then_nobody_holds():
    state, c, lookout = garrison({"Cade": (9, 3)})  # three tiles from Osk's post: the once line fires for the group
    assert holding(state, A) == []
    assert c.seat_view.holding == frozenset()
    lookout.cycle_danger()
    assert HOLD_MARK not in lookout.danger_tiles().values()


def test_the_inspector_says_which_holding_enemy_strikes_from_its_post_and_which_only_if_moved():
    state, c, lookout = garrison()
    brannoc = next(u for u in state.living(A) if u.name == "Brannoc")
    camp = state.living(D)
    osk = next(u for u in camp if u.name == "Osk")
    beside, far = (osk.pos[0] - 1, osk.pos[1]), (osk.pos[0] - 3, osk.pos[1])
    for pos, words in ((beside, "Osk holds its post, and strikes from there."),
                       (far, f"Osk holds its post ({HOLD_MARK}): this only if something moves it first (your approach may).")):
        attacks = threat_forecasts(c.view, brannoc, pos, camp)
        assert any(a.enemy.id == osk.id for a in attacks)
        text = inspector_text(c.view, brannoc, pos, attacks, c.seat_view.holding).plain
        assert words in text
        assert words not in inspector_text(c.view, brannoc, pos, attacks).plain  # nobody holds: no such line


def test_the_likely_targets_judge_an_enemy_at_its_post_as_holding_there():
    """`n` and the inspector agree: a play-test saw `n` name a sentry about to walk up and strike while the inspector
    said it held its post. An enemy the viewer sees at its post strikes only from there (rulings L154)."""
    _, c, lookout = garrison({"Brannoc": (8, 3)})  # two tiles beyond Osk's reach from his post, within his walk
    lookout.levels = {D: "normal"}
    lookout.intent_on = True
    job = lookout.intent_job()
    assert job is not None and job.holders == c.seat_view.holding and job.holders
    blind = likely_targets(c.state, A, "normal")  # judged as if nobody held: Osk walks up to Brannoc
    assert any(i.enemy in job.holders and i.origin != c.view.unit(i.enemy).pos for i in blind)
    found = job()
    assert all(i.origin == c.view.unit(i.enemy).pos for i in found if i.enemy in job.holders)
    assert found == likely_targets(c.state, A, "normal", c.seat_view.holding)
