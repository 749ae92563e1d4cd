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
