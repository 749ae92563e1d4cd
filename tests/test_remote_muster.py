"""A network seat's army building (net/remote_muster.py): the muster screens, unchanged, on a RemoteMuster whose
`send` is a real host's Table; drafts kept at the host (N11), steps finished there, a refusal in the host's words,
and nothing of the other side's army ever held by the seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from muster_keys import confirm_step, deploy_all, give, hire, press, select_unit, walk
from pilot_helpers import screen_text
from textual.app import App

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.net.messages import BattleSeat, MusterSeat, MusterStep
from officers_chess.net.remote_muster import RemoteMuster
from officers_chess.net.table import Table
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.phases import Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.muster_session import MusterSession
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.scouting import ScoutingScreen

A, D = Side.ATTACKER, Side.DEFENDER  # hollow_road: both hire, scout, outfit and deploy, the Defender first, in fog
# The Attacker's army, with names and an item the Defender's never has, so a leak would show.
FOE = Army(units=[Recruit(name=name, unit_class="Fighter", items=["Hand Axe"]) for name in ("Quill", "Rook", "Sable")])


def seat(table: Table, side: Side) -> RemoteMuster:
    """A RemoteMuster talking to `table` as the app's network client would, without the network."""
    return RemoteMuster(table.message_for(side), lambda step: (table.take(side, step), table.message_for(side))[1])


class SeatApp(App):
    """The app's part, as little as the screens need: open the screen of the seat's step, and on `next_muster_step`
    note the host's answer (the lead's app routes it; here the test opens the next screen)."""

    def __init__(self, muster: RemoteMuster) -> None:
        super().__init__()
        self.muster = muster
        self.answers: list = []

    def on_mount(self) -> None:
        self.open_step()

    def open_step(self) -> None:
        phase, side = self.muster.current()
        assert side is self.muster.side
        screen = {Phase.HIRING: lambda: HiringScreen(self.muster, side),
                  Phase.SCOUTING: lambda: ScoutingScreen(self.muster, side),
                  Phase.OUTFITTING: lambda: HiringScreen(self.muster, side, outfitting=True),
                  Phase.DEPLOYING: lambda: DeploymentScreen(self.muster, side)}[phase]()
        self.switch_screen(screen) if len(self.screen_stack) > 1 else self.push_screen(screen)

    def next_muster_step(self) -> None:
        self.answers.append(self.muster.answer)


def hollow_road(tmp_path: Path) -> Table:
    return Table(load_scenario(find_scenario("hollow_road")), 5, folder=tmp_path)


def attacker_step(table: Table, foe: RemoteMuster) -> None:
    """The other seat's step, taken by its own RemoteMuster with no screen (as a `--level` client might)."""
    foe.update(table.message_for(A))
    phase = foe.current()[0]
    if phase is Phase.HIRING:
        foe.set_army(A, FOE)
    elif phase is Phase.DEPLOYING:
        for n, recruit in enumerate(FOE.units):
            foe.place(A, recruit.name, (0, 2 * n))
    foe.finish()


async def next_screen(pilot, table: Table, foe: RemoteMuster):
    """The other seat takes its step; this seat's app adopts the host's new view and opens its next screen."""
    attacker_step(table, foe)
    app = pilot.app
    app.muster.update(table.message_for(D))
    app.open_step()
    await pilot.pause()
    return app.screen


def held_text(muster: RemoteMuster) -> str:
    """Everything the seat's session holds, as text, but the catalogue (which names every item there is)."""
    return " ".join(value.model_dump_json(exclude={"view": {"catalogue"}}) if isinstance(value, MusterSeat) else repr(value)
                    for value in vars(muster).values())


async def test_a_network_seat_builds_its_army_on_the_muster_screens_and_never_holds_the_foes(tmp_path):
    table = hollow_road(tmp_path)
    muster, foe = seat(table, D), seat(table, A)
    app = SeatApp(muster)
    async with app.run_test(size=(80, 24)) as pilot:
        # Hiring, by keys: each change is a draft the host keeps (and autosaves) without finishing the step.
        screen = app.screen
        assert isinstance(screen, HiringScreen) and not screen.outfitting
        await hire(pilot, screen, "Fighter", ["Iron Axe"])
        assert table.muster.armies[D].units[0].items == ["Iron Axe"] and table.muster.step == 0
        await hire(pilot, screen, "Cleric", [])
        await press(pilot, "enter")
        assert [r.unit_class for r in table.muster.armies[D].units] == ["Fighter", "Cleric", "Cleric"]
        at = table.at
        await confirm_step(pilot)
        assert table.at == at + 1 and table.muster.step == 1
        assert app.answers == [muster.seat] and muster.current() == (Phase.HIRING, A)
        assert muster.step_label() == "step 2 of 8"

        screen = await next_screen(pilot, table, foe)  # the Attacker hires
        assert isinstance(screen, ScoutingScreen)
        assert re.search(r"3×\s*Fighter", screen_text(app))  # the classes it scouted, by way of the view
        await press(pilot, "enter")
        assert table.muster.step == 3 and app.answers[-1].view.whose is A

        screen = await next_screen(pilot, table, foe)  # the Attacker scouts
        assert isinstance(screen, HiringScreen) and screen.outfitting
        await select_unit(pilot, screen, screen.draft.units[0].name)
        await give(pilot, screen, ["Vulnerary"])
        assert table.muster.armies[D].units[0].items == ["Iron Axe", "Vulnerary"] and table.muster.step == 4
        await confirm_step(pilot)
        assert table.muster.step == 5

        screen = await next_screen(pilot, table, foe)  # the Attacker outfits
        assert isinstance(screen, DeploymentScreen)
        await deploy_all(pilot, screen)
        assert table.muster.placements[D] == muster.placements(D) and len(muster.placements(D)) == 3
        # Taking a unit off and swapping two are drafts at the host too.
        first, second = screen.names[0], screen.names[1]
        spot_first, spot_second = muster.placements(D)[first], muster.placements(D)[second]
        await walk(pilot, screen, spot_first)
        await press(pilot, "x")
        assert first not in table.muster.placements[D] and screen.held == first
        await walk(pilot, screen, spot_second)
        await press(pilot, "enter")  # the unit in hand takes the tile; the one there is in hand
        assert table.muster.placements[D][first] == spot_second and second not in table.muster.placements[D]
        await walk(pilot, screen, spot_first)
        await press(pilot, "enter")  # the unit in hand goes to the free tile
        assert table.muster.placements[D][second] == spot_first and screen.held is None
        await walk(pilot, screen, spot_second)
        await press(pilot, "enter")  # pick up `first` ...
        assert screen.held == first
        await walk(pilot, screen, spot_first)
        await press(pilot, "enter")  # ... and set it down on `second`'s tile: both move in one draft
        placed = table.muster.placements[D]
        assert (placed[first], placed[second]) == (spot_first, spot_second), screen.message.plain
        assert table.muster.placements[D] == muster.placements(D)
        at = table.at
        await confirm_step(pilot)
        assert table.at == at + 1 and table.muster.step == 7 and app.answers[-1].view.whose is A

    attacker_step(table, foe)  # the Attacker deploys: the battle begins
    assert table.state is not None and isinstance(foe.answer, BattleSeat) and foe.answer.side is A
    assert isinstance(table.message_for(D), BattleSeat)
    # Each seat held its own army and the classes it scouted, never the other's names, items or tiles.
    held, foe_held = held_text(muster), held_text(foe)
    assert "Iron Axe" in held and "Quill" in foe_held and "Fighter" in held
    assert not any(word in held for word in ("Quill", "Rook", "Sable", "Hand Axe")), held[:400]
    assert not any(word in foe_held for word in (*screen.names, "Iron Axe", "Vulnerary")), foe_held[:400]

def misinformed(seat: MusterSeat) -> MusterSeat:
    """The seat's view with a war chest far bigger than the host's: a client out of step with its host, whose own
    check lets through what the host refuses."""
    scenario = seat.view.scenario
    sides = dict(scenario.sides)
    sides[D] = sides[D].model_copy(update={"war_chest": 5000})
    view = seat.view.model_copy(update={"scenario": scenario.model_copy(update={"sides": sides})})
    return seat.model_copy(update={"view": view})


async def test_a_refusal_from_the_host_is_shown_in_its_words_and_changes_nothing(tmp_path):
    table = hollow_road(tmp_path)
    muster = RemoteMuster(misinformed(table.message_for(D)),
                          lambda step: misinformed((table.take(D, step), table.message_for(D))[1]))
    app = SeatApp(muster)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        await hire(pilot, screen, "Swordmaster", [])
        await press(pilot, "enter", "enter", "enter")  # four of them: 580 gold, within the host's 600
        assert len(table.muster.armies[D].units) == 4
        await press(pilot, "enter")  # a fifth: 725 gold, a draft the host does not take (the screen keeps it)
        assert len(screen.draft.units) == 5 and len(table.muster.armies[D].units) == 4
        assert len(seat(table, D).army(D).units) == 4  # a seat that dropped and rejoined finds the host's draft
        at, kept, seat_before = table.at, table.muster, muster.seat
        await press(pilot, "d", "y")
        told = screen.message.plain
        assert told == "Not yet: the army costs 725 gold, more than the war chest of 600.", told
        assert app.screen is screen and app.answers == [] and muster.answer is None
        assert (table.at, table.muster, muster.seat) == (at, kept, seat_before)
        assert muster.current() == (Phase.HIRING, D)


# --- the same answers as a local muster -----------------------------------------------------------------------

HOLLOW = find_scenario("hollow_road")
OWN = Army(units=[Recruit(name=name, unit_class=unit_class, items=[item]) for name, unit_class, item in
                  (("Rowan", "Fighter", "Iron Axe"), ("Sabine", "Mercenary", "Iron Sword"), ("Torvald", "Soldier", "Iron Lance"))])
SPOTS = {A: {"Quill": (0, 0), "Rook": (0, 2), "Sable": (2, 4)}, D: {"Rowan": (13, 0), "Sabine": (14, 0), "Torvald": (13, 1)}}


def hollow_variant(tmp_path: Path, shown: bool, placed: list[str] | None) -> Path:
    """The Hollow Road, its deployment shown or hidden, and with `placed` the defender the scenario's own army
    (the units named of Bram, north in its zone, and Wat, in the attacker's zone)."""
    text = HOLLOW.read_text(encoding="utf-8")
    if shown:
        text = text.replace("fog_deployment: hidden", "fog_deployment: shown")
    if placed is not None:
        rows = {"Bram": "{name: Bram, class: Fighter, items: [Iron Axe], at: [14, 1]}",
                "Wat": "{name: Wat, class: Soldier, items: [Iron Lance], at: [2, 6]}"}
        text += "armies:\n  defender:\n" + "".join(f"    - {rows[name]}\n" for name in placed)
    path = tmp_path / "variant.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def drawn(field) -> list[tuple]:
    return sorted((f.unit.name, f.unit.unit_class.name, f.unit.pos, f.own, len(f.unit.inventory)) for f in field)


@pytest.mark.parametrize("shown, placed", [(False, None), (True, None), (False, ["Bram"]), (False, ["Bram", "Wat"]),
                                           (True, ["Bram", "Wat"])])
def test_a_network_seat_is_told_what_a_local_player_is_at_the_attackers_deployment(tmp_path, shown, placed):
    """Both sides hire, or the defender is the scenario's own army; the fog shows the deployment or hides it, but
    for the defender's units standing in the attacker's zone: the seat's header, fog line, confirm words and map
    are the local muster's."""
    loaded = load_scenario(hollow_variant(tmp_path, shown, placed))
    table, local = Table(loaded, 5, folder=tmp_path), MusterSession(loaded)
    while (now := local.current()) != (Phase.DEPLOYING, A):
        phase, side = now
        army = {A: FOE, D: OWN}[side] if phase is Phase.HIRING else None
        places = SPOTS[side] if phase is Phase.DEPLOYING else None
        if army is not None:
            local.set_army(side, army)
        local.place_all(side, list((places or {}).items()))
        local.finish()
        table.take(side, MusterStep(at=table.at, army=army, places=places))
    remote = seat(table, A)
    for step in range(2):
        assert (remote.current(), remote.step_label()) == (local.current(), local.step_label())
        assert remote.hires(D) == local.hires(D) and remote.fog_rule(A) == local.fog_rule(A)
        assert remote.deploy_problem(A) == local.deploy_problem(A)
        assert drawn(remote.field(A)) == drawn(local.field(A))
        assert remote.scouting_report(A) == local.scouting_report(A)
        local.place(A, "Quill", (1, 1))
        remote.place(A, "Quill", (1, 1))
    assert remote.placements(A) == local.placements(A) == table.muster.placements[A] == {"Quill": (1, 1)}
