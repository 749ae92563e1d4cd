"""A wrong code and a taken seat are refused in one line with exit status 2; a seat may concede, and the host then
ends with its save (PRODUCT.md "Play across two machines")."""

from __future__ import annotations

from net_helpers import Hosting, Joining, RawSeat

from officers_chess.content.save_replay import validate_save
from officers_chess.net.codes import new_code, same_code
from officers_chess.net.messages import BattleSeat, Concede, Over, Welcome, write


def test_a_wrong_code_is_refused_in_one_line_with_status_2():
    hosting = Hosting(["training_yard", "--headless"])
    address, code = hosting.seats["attacker"]
    wrong = Joining(address, new_code())
    assert wrong.wait() == 2
    assert wrong.printed == ["refused: wrong code: no seat at this table has it"]
    # The right code still opens the seat after a wrong one; then the seat concedes and the host ends.
    seat = RawSeat(address)
    assert isinstance(seat.hello(code.upper().replace("-", "")), Welcome)  # case and dashes aside
    view = seat.until((BattleSeat,))
    seat.send(write(Concede(at=view.at)))
    over = seat.until((Over,))
    assert over.conceded is not None and over.conceded.value == "attacker"
    assert hosting.wait() == 0
    assert hosting.printed[-2:] == ["the attacker conceded", f"saved {hosting.save_path()}"]
    validate_save(hosting.save_path())  # the battle as it stood, unfinished: it can be resumed


def test_a_taken_seat_is_refused_in_one_line_with_status_2():
    hosting = Hosting(["training_yard", "--headless"])
    address, code = hosting.seats["defender"]
    holder = RawSeat(address)
    assert isinstance(holder.hello(code), Welcome)
    second = Joining(address, code)
    assert second.wait() == 2
    assert second.printed == ["refused: the defender's seat is taken"]
    holder.close()  # once the first client is gone, the code opens the seat again: the battle is played out
    players = [Joining(*hosting.seats[side], seed=n) for n, side in enumerate(("attacker", "defender"))]
    assert [p.wait() for p in players] == [0, 0]
    assert hosting.wait() == 0


def test_codes_are_random_and_compared_whole():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    code = codes.pop()
    assert len(code.replace("-", "")) == 16 and same_code(code.upper(), code)
    assert not same_code(code[:-1], code) and not same_code(code + "a", code) and not same_code("", code)


def test_an_intention_of_the_wrong_kind_is_refused_and_changes_nothing():
    import pytest

    from officers_chess.content.bundled import bundled_dir
    from officers_chess.content.loaders import load_scenario
    from officers_chess.net.messages import Act, MusterStep, Refusal
    from officers_chess.net.table import Table
    from officers_chess.rules.battle.actions import Wait
    from officers_chess.rules.pieces.models import Side

    mustering = Table(load_scenario(bundled_dir("scenarios") / "practice_muster.yaml"), 1)
    first = mustering.whose()
    with pytest.raises(Refusal, match="army building comes first"):
        mustering.take(first, Act(at=0, action=Wait()))
    with pytest.raises(Refusal, match="not your step"):
        mustering.take(first.other, MusterStep(at=0))
    with pytest.raises(Refusal, match="fewer than"):  # Hiring finished without an army
        mustering.take(first, MusterStep(at=0))
    assert mustering.at == 0 and mustering.muster.step == 0
    fighting = Table(load_scenario(bundled_dir("scenarios") / "training_yard.yaml"), 1)
    before = fighting.state
    with pytest.raises(Refusal, match="army building is over"):
        fighting.take(fighting.whose(), MusterStep(at=0))
    with pytest.raises(Refusal, match="not your turn"):
        fighting.take(Side.ATTACKER if fighting.whose() is Side.DEFENDER else Side.DEFENDER, Act(at=0, action=Wait()))
    assert fighting.at == 0 and fighting.state is before


def test_a_concession_stands_whatever_view_it_was_sent_on(tmp_path):
    """The other seat may have moved on while the concession travelled (its steps are paced out on this screen): a
    concession names no decision taken on a view, so it is never refused as stale, and the stale Act is."""
    import pytest

    from officers_chess.content.bundled import bundled_dir
    from officers_chess.content.loaders import load_scenario
    from officers_chess.net.messages import Act, Concede, Over, StaleView
    from officers_chess.net.table import Table
    from officers_chess.rules.battle.actions import Wait

    table = Table(load_scenario(bundled_dir("scenarios") / "training_yard.yaml"), 1, folder=tmp_path)
    first = table.whose()
    unit = next(u for u in table.state.waiting(first))
    from officers_chess.rules.battle.actions import Move

    table.take(first, Act(at=0, action=Move(unit=unit.id, to=unit.pos)))
    table.take(first, Act(at=1, action=Wait()))
    with pytest.raises(StaleView):
        table.take(first.other, Act(at=0, action=Wait()))
    table.take(first.other, Concede(at=0))  # sent on view 0; the battle is at view 2
    assert table.over and table.conceded is first.other
    ended = table.message_for(first)
    assert isinstance(ended, Over) and ended.conceded is first.other and ended.final is None and ended.record is None
