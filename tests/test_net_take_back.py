"""Esc across two machines (rulings N10): the host holds a unit's move, and the free actions with it, until the unit
acts; its seat may take them back meanwhile, the other seat and the autosave never learn of a move taken back, and
a move that showed its side something under fog stands (F35). The end of a battle sends the whole of it (N12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from net_helpers import Joining, RawSeat, Serving

from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import load_scenario
from officers_chess.content.saves import read_save
from officers_chess.net.host import Host
from officers_chess.net.join import decide
from officers_chess.net.messages import (Act, BattleSeat, Concede, Over, Refusal, Refused, TakeBack, Welcome,
                                         write)
from officers_chess.net.table import Table
from officers_chess.rules.battle.actions import Attack, Equip, Move, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import told_lines

FIXTURES = Path(__file__).parent / "fixtures"
SCENARIOS = FIXTURES.parent.parent / "scenarios"
SEED = 3
A, D = Side.ATTACKER, Side.DEFENDER


class Watcher:
    """What a seat's link would be sent after each intention: its view, with the log lines it has not had yet."""

    def __init__(self, table: Table, side: Side) -> None:
        self.table, self.side, self.sent = table, side, 0

    def next(self):
        message = self.table.message_for(self.side, self.sent)
        self.sent = len(self.table.lines[self.side])
        return message


def _yard(tmp_path: Path, name: str = "free_action_yard.yaml", folder: Path = FIXTURES) -> tuple[Table, dict]:
    table = Table(load_scenario(folder / name), SEED, folder=tmp_path)
    watching = {side: Watcher(table, side) for side in Side}
    return table, watching


def _saved(table: Table) -> list:
    return [recorded.action for recorded in read_save(table.save_path).actions]


def _but_at(message) -> dict:
    """A message as it travels, its number aside."""
    data = json.loads(write(message))
    data.pop("at")
    return data


def _known(message: BattleSeat) -> str:
    return message.known.model_dump_json()


def test_a_move_taken_back_never_reaches_the_other_seat_or_the_save(tmp_path):
    table, watching = _yard(tmp_path)  # Rook (a1) at 4,4 beside Bram's reach; the attacker acts first
    assert table.whose() is A
    first = {side: watching[side].next() for side in Side}
    table.take(A, Act(at=0, action=Move(unit="a1", to=(5, 4))))
    moved, other = watching[A].next(), watching[D].next()
    assert moved.yours and moved.undoable and moved.at == 1
    assert moved.known.unit("a1").pos == (5, 4) and moved.lines  # its own seat reads its move at once
    assert not moved.exchange
    assert _but_at(other) == _but_at(first[D]) and other.at == 1  # the other seat: nothing but the number
    assert not other.undoable and other.lines == []
    assert _saved(table) == []  # not for the record yet

    table.take(A, TakeBack(at=1))
    back, other = watching[A].next(), watching[D].next()
    assert _known(back) == _known(first[A]) and back.sight == first[A].sight and back.at == 2
    assert back.lines == ["Rook's move is taken back."] and not back.undoable and back.yours
    assert _but_at(other) == _but_at(first[D])
    assert _saved(table) == []
    assert table.lines[D] == []  # nothing of it in the other seat's log, ever

    # Moved again and attacking: the move is committed with the action, both saved, both told the other seat.
    start = table.state
    table.take(A, Act(at=2, action=Move(unit="a1", to=(5, 4))))
    watching[A].next()
    assert watching[D].next().lines == []
    table.take(A, Act(at=3, action=Attack(target="d1")))
    struck, other = watching[A].next(), watching[D].next()
    assert _saved(table) == [Move(unit="a1", to=(5, 4)), Attack(target="d1")]
    first_step = apply_action(start, Move(unit="a1", to=(5, 4)))
    second_step = apply_action(first_step.state, Attack(target="d1"))
    assert other.lines == (told_lines(start, first_step.state, first_step.events, D)
                           + told_lines(first_step.state, second_step.state, second_step.events, D))
    assert _known(other) == view(table.state, D).known.model_dump_json()
    assert struck.exchange and other.exchange  # both read an exchange of blows: the app paces it out
    assert not struck.undoable and not other.undoable


def test_free_actions_go_back_with_the_move_or_on_their_own(tmp_path):
    table, watching = _yard(tmp_path)
    start = table.state
    first_d = watching[D].next()
    table.take(A, Act(at=0, action=Equip(item=1, unit="a1")))  # the hand axe in hand: a free action, pending
    assert watching[A].next().undoable and _saved(table) == []
    table.take(A, TakeBack(at=1))
    assert table.state == start and table.lines[A][-1] == "Rook's free actions are taken back."
    table.take(A, Act(at=2, action=Equip(item=1, unit="a1")))
    table.take(A, Act(at=3, action=Move(unit="a1", to=(5, 4))))
    table.take(A, TakeBack(at=4))
    assert table.state == start and table.lines[A][-1] == "Rook's move and free actions are taken back."
    assert _but_at(watching[D].next()) == _but_at(first_d) and _saved(table) == []
    table.take(A, Act(at=5, action=Equip(item=1, unit="a1")))
    table.take(A, Act(at=6, action=Move(unit="a1", to=(5, 4))))
    table.take(A, Act(at=7, action=Wait()))
    assert _saved(table) == [Equip(item=1, unit="a1"), Move(unit="a1", to=(5, 4)), Wait()]
    with pytest.raises(Refusal, match="nothing to take back"):
        table.take(D, TakeBack(at=8))  # the defender's turn now, and it has nothing pending


def test_a_move_that_showed_an_enemy_under_fog_stands(tmp_path):
    table, watching = _yard(tmp_path, "fog_yard.yaml")
    assert table.state.fog and table.whose() is A
    start = table.state
    # Isolde (a3) walking to 5,6 sees Ulfric; to 2,7 she sees nobody (probed with session/sight.py's saw_more).
    table.take(A, Act(at=0, action=Move(unit="a3", to=(2, 7))))
    assert watching[A].next().undoable and _saved(table) == []
    table.take(A, TakeBack(at=1))
    assert table.state == start
    watching[A].next(), watching[D].next()
    table.take(A, Act(at=2, action=Move(unit="a3", to=(5, 6))))
    moved, other = watching[A].next(), watching[D].next()
    assert not moved.undoable and moved.yours
    assert any(u.id == "d3" for u in moved.known.living(D))  # what it showed
    assert _saved(table) == [Move(unit="a3", to=(5, 6))]  # it stands: for the record at once
    step = apply_action(start, Move(unit="a3", to=(5, 6)))
    assert other.lines == told_lines(start, step.state, step.events, D)  # told now, as committed
    assert _known(other) == view(table.state, D).known.model_dump_json()
    with pytest.raises(Refusal, match="nothing to take back"):
        table.take(A, TakeBack(at=3))
    assert table.at == 3 and table.state == step.state


def test_a_take_back_refused_changes_nothing(tmp_path):
    table, _ = _yard(tmp_path)
    with pytest.raises(Refusal, match="nothing to take back"):
        table.take(A, TakeBack(at=0))
    table.take(A, Act(at=0, action=Move(unit="a1", to=(5, 4))))
    state, lines = table.state, {side: list(table.lines[side]) for side in Side}
    for who, at, reason in ((D, 1, "not your turn"), (A, 0, "decided on view 0"), (A, 2, "decided on view 2")):
        with pytest.raises(Refusal, match=reason):
            table.take(who, TakeBack(at=at))
        assert table.state is state and table.at == 1 and table.lines == lines and table.undoable
    assert _saved(table) == []


def test_a_concession_commits_what_was_pending_and_lifts_no_fog(tmp_path):
    table, watching = _yard(tmp_path, "fog_yard.yaml")
    table.take(A, Act(at=0, action=Move(unit="a3", to=(2, 7))))
    table.take(D, Concede(at=1))  # the other seat gives up while the attacker's move is pending
    assert _saved(table) == [Move(unit="a3", to=(2, 7))]  # the battle as it stood is the one saved
    for side in Side:
        over = watching[side].next()
        assert isinstance(over, Over) and over.conceded is D
        assert over.final is None and over.seed is None  # not ended by the rules: the fog stays (N12)


def test_a_battle_the_rules_end_is_sent_whole_with_its_seed(tmp_path):
    table = Table(load_scenario(SCENARIOS / "training_yard.yaml"), 424242, folder=tmp_path)
    policies = {side: make_policy("greedy", n) for n, side in enumerate(Side)}
    while not table.over:
        side = table.whose()
        table.take(side, decide(policies[side], table.message_for(side)))
    for side in Side:
        over = table.message_for(side)
        assert isinstance(over, Over) and over.result is not None and over.conceded is None
        assert over.final == table.state and over.seed == 424242  # every unit, the seed replay --verify checks
    assert read_save(table.save_path).finished


def _view_after(seat: RawSeat, at: int) -> BattleSeat:
    """The seat's next view numbered after `at` (views sent again as the other seat sits down are passed over)."""
    while (message := seat.until((BattleSeat,))).at <= at:
        pass
    return message


def test_a_take_back_over_the_wire(tmp_path):
    """The messages as they travel: the mover's seat is told the move and its taking back; the other seat's
    texts never carry a line of it."""
    serving = Serving(Table(load_scenario(FIXTURES / "free_action_yard.yaml"), SEED, folder=tmp_path))
    assert serving.host is not None
    seats = {}
    try:
        for side in Side:
            seats[side] = RawSeat(serving.address)
            assert isinstance(seats[side].hello(serving.host.codes[side]), Welcome)
        mine = _view_after(seats[A], -1)
        seats[A].send(write(Act(at=mine.at, action=Move(unit="a1", to=(5, 4)))))
        moved = _view_after(seats[A], mine.at)
        assert moved.undoable
        seats[D].send(write(TakeBack(at=moved.at)))
        assert seats[D].until((Refused,)).reason == "it is not your turn"
        seats[A].send(write(TakeBack(at=moved.at)))
        back = _view_after(seats[A], moved.at)
        assert back.lines == ["Rook's move is taken back."] and not back.undoable
        seats[D].send(write(Concede(at=back.at)))
        # Both are told the end before the host stops, though the concession may come while the take-back is
        # still being told (the host once stopped on the take-back's round and closed the links untold).
        assert seats[D].until((Over,)).conceded is D and seats[A].until((Over,)).conceded is D
        move_lines = moved.lines
        assert move_lines and not any(line in text for text in seats[D].received for line in move_lines)
    finally:
        for seat in seats.values():
            seat.close()
        serving.stop()


class ServingAt(Serving):
    """A Serving on a given port with given codes: the same host's address and codes after it came back."""

    def __init__(self, table: Table, port: int, codes: dict[Side, str]) -> None:
        self.wanted, self.codes = port, codes
        super().__init__(table)

    def _run(self, table: Table) -> None:
        async def main() -> None:
            self.host = Host(table, codes=dict(self.codes), out=lambda line: None)
            await self.host.serve("127.0.0.1", self.wanted, self._ready)

        self.loop.run_until_complete(main())


def test_a_computer_seat_answers_a_host_that_came_back_numbering_its_views_lower(tmp_path):
    """A host resumed from its autosave numbers its views from the saved actions (what it held back died with it),
    lower than the numbers the `--level` client answered before: the client answers them all the same."""
    loaded = load_scenario(SCENARIOS / "training_yard.yaml")
    early = Table(loaded, SEED, folder=tmp_path / "before")
    early.at = 50  # the views a host sent before it died, numbered well past what its autosave holds
    first = Serving(early)
    assert first.host is not None
    codes, port = dict(first.host.codes), first.port
    attacker = Joining(first.address, codes[A], seed=1)
    defender = RawSeat(first.address)
    assert isinstance(defender.hello(codes[D]), Welcome)
    policy = make_policy("greedy", 2)
    mine = _view_after(defender, -1)
    while not mine.yours:
        mine = _view_after(defender, mine.at)
    while mine.yours:  # the defender's first activation; then the attacker's, answered by the client
        defender.send(write(decide(policy, mine)))
        mine = _view_after(defender, mine.at)
    while not mine.yours:  # the attacker's activation played: the client has answered views past 50
        mine = _view_after(defender, mine.at)
    assert mine.at > 52
    defender.close()
    first.stop()

    again = ServingAt(Table(loaded, SEED, folder=tmp_path / "after"), port, codes)  # back, numbering from 0
    try:
        defender = RawSeat(again.address)
        assert isinstance(defender.hello(codes[D]), Welcome)
        mine = _view_after(defender, -1)
        while not mine.yours:
            mine = _view_after(defender, mine.at)
        while mine.yours:
            defender.send(write(decide(policy, mine)))
            mine = _view_after(defender, mine.at)
        assert mine.at < 50 and not mine.yours
        answered = _view_after(defender, mine.at)  # the client took its turn on a view numbered below 50
        assert answered.at == mine.at + 1
        while not answered.yours:  # its whole activation, then the defender's turn again
            answered = _view_after(defender, answered.at)
        defender.send(write(Concede(at=answered.at)))
        assert attacker.wait() == 0
    finally:
        defender.close()
        again.stop()
