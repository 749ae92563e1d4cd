"""Non-interference on the wire: what travels to a seat depends only on what that seat may know. Battles (and army
buildings) that differ only in what the seat cannot know send that seat byte-identical messages, from the Welcome
to its view; where the seat may know the difference, the messages differ, so the comparison can fail."""

from __future__ import annotations

import dataclasses
import os

import pytest
from net_helpers import RawSeat, Serving
from test_noninterference import FIXTURES, battle_points, hidden_enemies, twins

from officers_chess.ai.muster_ai import take_step
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import load_scenario
from officers_chess.net.messages import BattleSeat, MusterSeat
from officers_chess.net.table import Table
from officers_chess.rules.battle.vision import acting_side
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army
from officers_chess.rules.muster.phases import Muster, Phase
from officers_chess.rules.pieces.models import Side

POINTS = int(os.environ.get("OFFICERS_CHESS_NONINTERFERENCE") or 2)
SCENARIOS = FIXTURES.parent.parent / "scenarios"


def wire(table: Table, side: Side) -> list[str]:
    """Every text the seat of `side` receives over the network on joining this table, up to its first view."""
    serving = Serving(table)
    assert serving.host is not None
    seat = RawSeat(serving.address)
    try:
        seat.hello(serving.host.codes[side])
        seat.until((MusterSeat, BattleSeat))
    finally:
        seat.close()
        serving.stop()
    return seat.received


def test_a_seat_is_sent_the_same_bytes_whatever_it_cannot_know_in_battle():
    loaded = load_scenario(FIXTURES / "fog_yard.yaml")
    compared = 0
    for state in battle_points(loaded, 4, POINTS):
        seat = acting_side(state)
        assert hidden_enemies(state, seat)
        first = wire(Table(loaded, 0, state=state), seat)
        assert '"seed":0' in first[-1]  # the view's dice carry no seed
        made = twins(state) + [("the dice seed", state.model_copy(
            update={"dice": state.dice.model_copy(update={"seed": state.dice.seed + 104729})}))]
        for what, twin in made:
            assert wire(Table(loaded, 0, state=twin), seat) == first, f"{what} reached the {seat.value}"
            compared += 1
        # What it may know does change what it is sent: one of its own units hurt.
        own = state.living(seat)[0]
        units = [u.model_copy(update={"hp": max(1, u.hp - 1)}) if u.id == own.id else u for u in state.units]
        assert wire(Table(loaded, 0, state=state.model_copy(update={"units": units})), seat) != first
    assert compared > 0


def _muster_at(loaded, wanted: tuple[Phase, Side], seed: int) -> Muster:
    muster = Muster()
    policies = {side: make_policy("random", seed + n) for n, side in enumerate(Side)}
    while (now := core.current(muster, loaded.scenario)) != wanted:
        muster = take_step(muster, loaded.scenario, loaded.catalogue, loaded.battle_map, policies[now[1]])
    return muster


def _wire_muster(loaded, muster: Muster, side: Side) -> list[str]:
    table = Table(loaded, 0)
    table.muster = muster
    return wire(table, side)


@pytest.mark.parametrize("phase", [Phase.HIRING, Phase.OUTFITTING, Phase.DEPLOYING])
def test_a_seat_is_sent_the_same_bytes_whatever_the_other_side_keeps_to_itself_at_muster(phase):
    loaded = load_scenario(SCENARIOS / "hollow_road.yaml")  # fog, both sides hire, deployment hidden
    steps = core.steps(loaded.scenario)
    second = steps[1][1]
    foe = second.other
    muster = _muster_at(loaded, (phase, second), 1)
    if phase is Phase.HIRING:  # the foe's whole army, before Scouting shows its classes
        other = _muster_at(loaded, (phase, second), 5)
        assert other.armies[foe] != muster.armies[foe]
    elif phase is Phase.OUTFITTING:  # the foe's kit: Scouting showed its classes, never its items
        kit = Army(units=[r.model_copy(update={"items": []}) for r in muster.armies[foe].units])
        assert kit != muster.armies[foe]
        other = muster.model_copy(update={"armies": {**muster.armies, foe: kit}})
    else:  # where the foe deployed, hidden by the fog
        assert (Phase.DEPLOYING, foe) in steps[:steps.index((phase, second))]
        spots = dict(muster.placements[foe])
        first_name, first_spot = next(iter(spots.items()))
        free = sorted(core.deploy_zone(loaded.scenario, foe) - set(spots.values()))
        spots[first_name] = free[0]
        assert free[0] != first_spot
        other = muster.model_copy(update={"placements": {**muster.placements, foe: spots}})
    assert _wire_muster(loaded, other, second) == _wire_muster(loaded, muster, second)


def test_what_a_seat_may_know_at_muster_does_reach_it():
    """The comparison can fail: without fog the foe's placements are shown, and Scouting shows its classes."""
    loaded = load_scenario(SCENARIOS / "practice_muster.yaml")
    second = core.steps(loaded.scenario)[1][1]
    foe = second.other
    muster = _muster_at(loaded, (Phase.DEPLOYING, second), 1)
    spots = dict(muster.placements[foe])
    name = next(iter(spots))
    spots[name] = sorted(core.deploy_zone(loaded.scenario, foe) - set(spots.values()))[0]
    moved = muster.model_copy(update={"placements": {**muster.placements, foe: spots}})
    assert _wire_muster(loaded, moved, second) != _wire_muster(loaded, muster, second)
    scouting = _muster_at(loaded, (Phase.SCOUTING, second), 1)
    other = _muster_at(loaded, (Phase.SCOUTING, second), 5)
    classes = [sorted(r.unit_class for r in m.armies[foe].units) for m in (other, scouting)]
    assert classes[0] != classes[1]
    assert _wire_muster(loaded, other, second) != _wire_muster(loaded, scouting, second)


def test_an_army_the_author_placed_reaches_a_hiring_seat_only_as_far_as_it_sees_it():
    """Under fog a hiring side is told of the enemy's placed army only the units in its own zone (F21), and never
    their kit, scripts or the scenario's events: moving, re-arming or renaming one out of its zone sends it nothing
    new."""
    fog = load_scenario(FIXTURES / "fog_yard.yaml")
    hiring = load_scenario(SCENARIOS / "practice_muster.yaml")
    placed = fog.scenario.armies[Side.ATTACKER]
    scenario = fog.scenario.model_copy(update={
        "armies": {Side.ATTACKER: placed},
        "sides": {Side.DEFENDER: hiring.scenario.sides[Side.DEFENDER]},
    })
    loaded = dataclasses.replace(fog, scenario=scenario)
    assert core.current(Muster(), scenario) == (Phase.HIRING, Side.DEFENDER)
    first = _wire_muster(loaded, Muster(), Side.DEFENDER)
    changed = [placed[0].model_copy(update={"at": (placed[0].at[0] + 1, placed[0].at[1]), "name": "Decoy"}),
               placed[1].model_copy(update={"items": ["Iron Axe"]}), *placed[2:]]
    other = dataclasses.replace(loaded, scenario=scenario.model_copy(update={"armies": {Side.ATTACKER: changed}}))
    assert _wire_muster(other, Muster(), Side.DEFENDER) == first
    # In the open the placed army is shown (without its kit): the same change is then sent.
    shown = dataclasses.replace(loaded, scenario=scenario.model_copy(update={"fog": False}))
    shown_other = dataclasses.replace(loaded, scenario=scenario.model_copy(
        update={"fog": False, "armies": {Side.ATTACKER: changed}}))
    assert _wire_muster(shown_other, Muster(), Side.DEFENDER) != _wire_muster(shown, Muster(), Side.DEFENDER)
