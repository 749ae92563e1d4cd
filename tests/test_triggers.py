"""Scenario events set off by what happens: a tile entered, a unit routed or hurt, a chest opened; each fires once."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.commands.console import main
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.triggers import TRIGGER_FORMS, Trigger, read_trigger
from officers_chess.rules.pieces.models import Side

YARD = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
EVENTS = """events:
  - when: attacker enters [5, 5]
    note: The bell in the yard rings.
    orders: [{unit: Tilda, script: [{do: pursue nearest}]}]
  - when: Bram routed
    note: Bram falls; a reserve runs in.
    reinforcements: {side: defender, units: [{name: Cole, class: Fighter, items: [Iron Axe], at: [10, 8]}]}
"""


def yard(tmp_path: Path, events: str = EVENTS, name: str = "bell.yaml") -> Path:
    path = tmp_path / name
    path.write_text(YARD + events)
    return path


@pytest.mark.parametrize(
    ("words", "trigger"),
    [
        ("Bram routed", Trigger("routed", name="Bram")),
        ("Old Abe hp <= 6", Trigger("hp_at_most", name="Old Abe", number=6)),
        ("Attacker  enters [5, 5]", Trigger("enters_tile", side=Side.ATTACKER, at=(5, 5))),
        ("defender enters gate", Trigger("enters_area", side=Side.DEFENDER, area="gate")),
        ("chest [3,4] opened", Trigger("chest_opened", at=(3, 4))),
    ],
)
def test_every_trigger_form_is_read(words, trigger):
    assert read_trigger(words) == trigger


def test_an_unknown_trigger_names_every_form():
    with pytest.raises(ValueError) as raised:
        read_trigger("the moon rises")
    assert all(form in str(raised.value) for form in TRIGGER_FORMS)


def test_a_triggered_event_fires_after_the_action_that_sets_it_off_and_only_once(tmp_path):
    state = load_scenario(yard(tmp_path)).new_battle(1)
    ids = {u.name: u.id for u in state.units}
    assert [a.trigger for a in state.arrivals] == ["attacker enters [5, 5]", "Bram routed"]
    while state.to_act is Side.DEFENDER:  # the defender opens: each of its units stays and waits
        unit = state.waiting(Side.DEFENDER)[0]
        state = apply_action(apply_action(state, Move(unit=unit.id, to=unit.pos)).state, Wait()).state
    outcome = apply_action(state, Move(unit=ids["Hale"], to=(4, 4)))  # Hale steps onto [5, 5]
    told = [e.text() for e in outcome.events]
    assert "The bell in the yard rings." in told
    state = outcome.state
    assert [o.behaviour for o in state.unit(ids["Tilda"]).orders] == ["pursue"]  # new orders, on the field
    assert [a.trigger for a in state.arrivals] == ["Bram routed"]  # fired once, gone
    again = apply_action(state, Wait())
    assert "The bell in the yard rings." not in [e.text() for e in again.events]
    fallen = again.state.model_copy(update={"units": [u.model_copy(update={"hp": 0}) if u.name == "Bram" else u
                                                      for u in again.state.units]})
    unit = fallen.waiting(fallen.to_act)[0]
    arrived = apply_action(fallen, Move(unit=unit.id, to=unit.pos))
    assert "Bram falls; a reserve runs in." in [e.text() for e in arrived.events]
    assert any(u.name == "Cole" and u.pos == (9, 7) for u in arrived.state.units)


def test_round_events_still_wait_for_their_round_and_saves_without_triggers_are_as_before(tmp_path):
    state = load_scenario(yard(tmp_path, "events:\n  - round: 3\n    note: Rain.\n", "rain.yaml")).new_battle(1)
    assert state.arrivals[0].trigger is None and state.arrivals[0].round == 3
    assert "trigger" not in state.model_dump(mode="json")["arrivals"][0]  # older saves keep their hashes


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ("events:\n  - {when: the moon rises, note: x}\n", "unknown trigger 'the moon rises'"),
        ("events:\n  - {round: 3, when: Bram routed, note: x}\n", "give one of them"),
        ("events:\n  - {note: x}\n", "give one of them"),
        ("events:\n  - {when: Nobody routed, note: x}\n", "no unit is named 'Nobody'"),
        ("events:\n  - {when: 'chest [3, 3] opened', note: x}\n", "no chest stands on [3, 3]"),
        ("events:\n  - {when: attacker enters gate, note: x}\n", "no area is named 'gate'"),
        ("events:\n  - {when: 'attacker enters [30, 3]', note: x}\n", "the tile of this trigger [30, 3] is off the map"),
        ("events:\n  - {when: Bram routed, orders: [{unit: Nobody, script: [{do: hold}]}]}\n", "no unit is named 'Nobody'"),
    ],
)
def test_validate_refuses_a_trigger_that_cannot_work_with_its_line(tmp_path, capsys, events, words):
    path = yard(tmp_path, events, "bad.yaml")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    line = len(YARD.splitlines()) + 2
    assert words in err and f"bad.yaml:{line}" in err, err


def test_each_trigger_holds_exactly_when_its_words_say():
    from factories import A, D, game, plains, unit, weapon

    from officers_chess.rules.battle.morale import MoraleRules
    from officers_chess.rules.battle.state import Chest
    from officers_chess.rules.battle.triggers import set_off

    state = game(plains(10, 5), [unit("a1", A, (2, 2)), unit("d1", D, (8, 2), hp=9)])
    state = state.model_copy(update={"areas": {"gate": [(7, 1), (7, 2)]}, "chests": [Chest(at=(5, 4), item=weapon())]})
    assert set_off(state, read_trigger("D1 hp <= 9")) and not set_off(state, read_trigger("D1 hp <= 8"))
    assert not set_off(state, read_trigger("D1 routed"))
    assert set_off(state, read_trigger("attacker enters [3, 3]")) and not set_off(state, read_trigger("attacker enters [4, 3]"))
    moved = state.model_copy(update={"units": [u.model_copy(update={"pos": (7, 2)}) if u.id == "a1" else u for u in state.units]})
    assert set_off(moved, read_trigger("attacker enters gate")) and not set_off(state, read_trigger("attacker enters gate"))
    assert set_off(moved, read_trigger("attacker enters [8, 3]"))
    assert not set_off(state, read_trigger("chest [6, 5] opened"))
    assert set_off(state.model_copy(update={"chests": []}), read_trigger("chest [6, 5] opened"))
    rules = MoraleRules(start=10, waver=6, broken=3)
    for value, wavers, breaks in ((7, False, False), (6, True, False), (3, True, True)):
        shaken = state.model_copy(update={"morale_rules": rules, "morale": {Side.ATTACKER: 10, Side.DEFENDER: value}})
        assert set_off(shaken, read_trigger("defender wavers")) is wavers
        assert set_off(shaken, read_trigger("defender breaks")) is breaks
    assert not set_off(state, read_trigger("defender breaks"))  # a battle without morale never breaks
