"""A person's seat in the app at a hosted battle (issue 36): hosted from the title against the computer and played to
the result; joined from the title, left and joined again with the same code; a wrong code refused in one line."""

from __future__ import annotations

import pytest
from muster_keys import press
from pilot_helpers import play_activation, wait_until, walk_cursor

from officers_chess.content.save_replay import validate_save
from officers_chess.content.user_data import saves_dir
from officers_chess.net.host import Host
from officers_chess.net.host_thread import HostThread
from officers_chess.net.table import Table
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session.modes import Mode
from officers_chess.session.players import player_cycle
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.battle_remote import RemoteBattleScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.title import TitleScreen

A, D = Side.ATTACKER, Side.DEFENDER


@pytest.fixture
def no_pauses(monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)


async def _my_turn(pilot, app) -> bool:
    """Wait until the seat is asked to act (True), or the battle screen is gone (False)."""
    def ready() -> bool:
        screen = app.screen
        return not isinstance(screen, RemoteBattleScreen) or screen.controller.mode is Mode.BROWSE

    await wait_until(pilot, ready, 20)
    return isinstance(app.screen, RemoteBattleScreen)


async def test_a_battle_hosted_from_the_title_against_the_computer_is_played_to_its_result(no_pauses):
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(player_cycle().index("greedy")):
            await press(pilot, "2")
        await press(pilot, "down", "enter", "h")  # Training Yard, the first under Battles
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteBattleScreen))
        screen = app.screen
        assert isinstance(screen, RemoteBattleScreen)
        assert await _my_turn(pilot, app)
        # Esc takes a move back across the network: the host held it, and it is gone there too (N10).
        c, table = screen.controller, app.hosting.host.table
        unit = c.hovered_unit
        start, before = unit.pos, table.at
        await press(pilot, "enter")  # select
        moved_to = next(pos for pos in sorted(c.reach.costs) if pos != start)
        await walk_cursor(pilot, screen, moved_to)
        await press(pilot, "enter")
        assert c.view.unit(unit.id).pos == moved_to and table.state.unit(unit.id).pos == moved_to and c.undoable
        await press(pilot, "escape")
        assert c.view.unit(unit.id).pos == start and table.state.unit(unit.id).pos == start
        assert table.at == before + 2 and not table.undoable and "taken back" in " ".join(screen.logs.lines(None))
        await press(pilot, "escape")  # back to browsing
        activations = 0
        while await _my_turn(pilot, app):
            c = screen.controller
            # The screen is handed the seat's view, never the battle: it was made from what came over the wire.
            assert c.state.known_to is A and c.state.dice.seed != app.hosting.host.table.state.dice.seed
            await play_activation(pilot, screen)
            activations += 1
            assert activations < 60, "the battle should end"
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen), 20)
        result = app.screen
        assert isinstance(result, ResultScreen) and result.final.is_over
        table = app.hosting.host.table
        assert table.over and result.final.winner == table.state.winner
        validate_save(table.save_path)  # the host's save holds the whole battle, and it verifies
        assert not saves_dir().exists() or not list(saves_dir().glob("*.json"))  # the host needs no second copy


async def test_a_seat_joined_from_the_title_leaves_and_takes_its_place_again(no_pauses):
    loaded = load_scenario(find_scenario("training_yard"))
    said: list[str] = []
    hosting = HostThread(lambda: Host(Table(loaded, 77)), "127.0.0.1", 0, computer={D: ("greedy", 3)},
                         out=said.append)
    port = hosting.start()
    line = f"officers-chess join 127.0.0.1:{port} {hosting.code(A)}"
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "j")
        await pilot.press(*line)  # the whole line the host printed, pasted
        await press(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteBattleScreen))
        assert await _my_turn(pilot, app)
        await play_activation(pilot, app.screen)
        assert await _my_turn(pilot, app)
        at = app.screen.controller.at
        log = list(app.screen.logs.lines(None))
        await press(pilot, "escape")  # leave the table
        await press(pilot, "y")
        assert isinstance(app.screen, TitleScreen) and app.seat is None
        await wait_until(pilot, lambda: A not in hosting.host.links)
        assert "the attacker left; waiting for it to reconnect" in said  # what the other seat is told, too
        await press(pilot, "j")
        await pilot.press(*line.split(" ", 2)[2])  # HOST:PORT CODE alone works too
        await press(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RemoteBattleScreen))
        back = app.screen.controller
        assert back.at == at and back.mode is Mode.BROWSE  # the same view, the seat's to play
        rejoined = list(app.screen.logs.lines(None))
        told = [line for line in log if "moves" in line or "waits" in line]
        assert told and all(line in rejoined for line in told), (log, rejoined)  # its log came back
        screen, activations = app.screen, 0
        while await _my_turn(pilot, app):  # on to the end: the seat keeps its own copy of the host's save
            await play_activation(pilot, screen)
            activations += 1
            assert activations < 60, "the battle should end"
        await _on(pilot, app, ResultScreen)
        kept = list(saves_dir().glob("*.json"))
        assert len(kept) == 1 and kept[0].name.endswith("-training_yard-hosted.json"), kept
        validate_save(kept[0])  # it verifies on this machine, as the host's does on its own
        assert any(kept[0].name in n.message for n in app._notifications)


async def test_a_wrong_code_typed_at_the_title_is_refused_in_one_line():
    loaded = load_scenario(find_scenario("training_yard"))
    hosting = HostThread(lambda: Host(Table(loaded, 77)), "127.0.0.1", 0)
    port = hosting.start()
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "j")
        await pilot.press(*f"127.0.0.1:{port} aaaa-bbbb-cccc-dddd")
        await press(pilot, "enter")
        await wait_until(pilot, lambda: bool(app._notifications))
        said = [n.message for n in app._notifications]
        assert said == ["Could not join: refused: wrong code: no seat at this table has it"], said
        assert isinstance(app.screen, TitleScreen) and app.seat is None


async def _on(pilot, app, kind, seconds: float = 20):
    await wait_until(pilot, lambda: isinstance(app.screen, kind), seconds)
    assert isinstance(app.screen, kind), app.screen
    return app.screen


async def test_army_building_at_a_hosted_table_on_the_app_s_own_screens(no_pauses):
    from muster_keys import confirm_step, deploy_all, hire

    from officers_chess.tui.screens.deployment import DeploymentScreen
    from officers_chess.tui.screens.hiring import HiringScreen
    from officers_chess.tui.screens.scouting import ScoutingScreen

    app = OfficersChessApp(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(player_cycle().index("greedy")):
            await press(pilot, "2")
        await press(pilot, "down", "enter", "down", "h")  # Practice Muster: both sides hire
        screen = await _on(pilot, app, HiringScreen)
        assert screen.side is A and app.muster.current() == (screen.session.view.phase, A)
        await hire(pilot, screen, "Soldier", ["Iron Lance"])
        table = app.hosting.host.table
        assert [r.unit_class for r in table.muster.armies[A].units] == ["Soldier"]  # a draft, kept at the host
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        await confirm_step(pilot)
        await _on(pilot, app, ScoutingScreen)
        foe = table.muster.armies[D]
        assert not hasattr(app.muster, "muster") or D not in app.muster.muster.armies  # the seat never holds it
        await press(pilot, "enter")
        outfitting = await _on(pilot, app, HiringScreen)
        assert outfitting.outfitting
        await confirm_step(pilot)
        deploying = await _on(pilot, app, DeploymentScreen)
        await deploy_all(pilot, deploying)
        await confirm_step(pilot)
        fought = await _on(pilot, app, RemoteBattleScreen)
        known = fought.controller.state
        assert table.state is not None and known.known_to is A and foe.units
        assert {u.name for u in known.living(A)} == {u.name for u in table.state.living(A)}  # the army hired here


def _muster_table() -> tuple[HostThread, str]:
    """A host of Practice Muster with the computer in the defender's seat; the attacker's address and code."""
    loaded = load_scenario(find_scenario("practice_muster"))
    hosting = HostThread(lambda: Host(Table(loaded, 12)), "127.0.0.1", 0, computer={D: ("greedy", 3)})
    port = hosting.start()
    return hosting, f"127.0.0.1:{port}"


async def test_a_half_built_army_is_found_again_after_leaving_the_table(no_pauses):
    from muster_keys import hire

    from officers_chess.tui.screens.hiring import HiringScreen

    hosting, address = _muster_table()
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.join_here(address, hosting.code(A)) is None
        screen = await _on(pilot, app, HiringScreen)
        await hire(pilot, screen, "Soldier", ["Iron Lance"])
        app.leave_table()
        await _on(pilot, app, TitleScreen)
        await wait_until(pilot, lambda: A not in hosting.host.links)
        assert app.join_here(address, hosting.code(A)) is None
        again = await _on(pilot, app, HiringScreen)
        assert again is not screen
        assert [(r.unit_class, r.items) for r in again.session.army(A).units] == [("Soldier", ["Iron Lance"])]


async def test_a_host_that_stops_during_hiring_is_said_and_the_screen_stays(no_pauses):
    from officers_chess.tui.screens.hiring import HiringScreen

    hosting, address = _muster_table()
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.join_here(address, hosting.code(A)) is None
        screen = await _on(pilot, app, HiringScreen)
        hosting.stop()
        await wait_until(pilot, lambda: not app.seat.connected)
        await press(pilot, "enter")  # hire the highlighted class: the host is gone, so it is not kept there
        assert app.screen is screen and app.is_running  # no fault: the step goes on on screen
        assert len(screen.draft.units) == 1 and not screen.session.army(A).units  # kept here until the host is back
        await wait_until(pilot, lambda: any("rejoin" in n.message for n in app._notifications))
        assert any(n.message == "Lost the host; trying to rejoin…" for n in app._notifications)


async def test_a_friend_s_seat_opens_the_battle_when_the_friend_sits_down(no_pauses):
    from officers_chess.net.remote import RemoteSeat
    from officers_chess.tui.screens.table_wait import TableWaitScreen

    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "down", "enter", "h")  # Training Yard; both sides people: a friend plays the defender
        waiting = await _on(pilot, app, TableWaitScreen)
        assert app.invite is not None and app.invite.endswith(app.hosting.code(D))
        friend = RemoteSeat(app.invite.split()[2], app.invite.split()[3])
        friend.open()
        try:
            await _on(pilot, app, RemoteBattleScreen)
            assert app.invite is None and waiting is not app.screen
        finally:
            friend.close()
