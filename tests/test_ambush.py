"""Moving into the unknown under fog (rulings F30-F32): offers are worked out from what the side knows, every
offer is taken, and the battle itself decides where the unit stops."""

from __future__ import annotations

from edition_kit import EditionKit, do, specials, stay
from factories import A, D, game, plains, staff, unit
from officers_chess.rules.battle.actions import Attack, CantoMove, Move, Special, Strike, Wait
from officers_chess.rules.battle.events import Ambushed, Moved
from officers_chess.rules.battle.game import apply_action, destinations, is_legal, legal_actions
from officers_chess.rules.battle.state import GameState, Remembered
from officers_chess.rules.battle.vision import known_battle
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode
from officers_chess.rules.pieces.models import Unit


def foggy(units: list[Unit], width: int = 12, height: int = 3) -> GameState:
    return game(plains(width, height), units).model_copy(update={"fog": True})


def scout(pos=(0, 1), **kw) -> Unit:
    return unit(id="a1", pos=pos, **kw)


def test_the_offered_tiles_do_not_change_with_an_enemy_out_of_sight():
    hidden = unit(id="d1", side=D, pos=(5, 1))  # 5 tiles from the scout, who sees 3
    far = unit(id="d2", side=D, pos=(11, 2))
    alone = foggy([scout(), far])
    ambushed = foggy([scout(), hidden, far])
    assert destinations(ambushed, ambushed.unit("a1")) == destinations(alone, alone.unit("a1"))
    assert legal_actions(ambushed) == legal_actions(alone)
    assert (5, 1) in destinations(ambushed, ambushed.unit("a1"))  # where the hidden enemy stands looks free


def test_every_tile_the_side_may_choose_is_taken_none_is_refused():
    """Probing: choosing each blue tile in turn commits the move; none is refused, and none is free."""
    state = foggy([scout(), unit(id="d1", side=D, pos=(4, 1)), unit(id="d2", side=D, pos=(3, 0)),
                   unit(id="d3", side=D, pos=(11, 2))])
    for to in destinations(state, state.unit("a1")):
        action = Move(unit="a1", to=to)
        assert is_legal(state, action)
        after = apply_action(state, action).state
        assert after.active is not None and after.active.unit == "a1" and after.active.moved
        assert after.unit("a1").pos != (4, 1) and after.unit("a1").pos != (3, 0)


def test_a_move_through_a_hidden_enemy_stops_on_the_last_free_tile_and_may_still_attack():
    state = foggy([scout(), unit(id="d1", side=D, pos=(5, 1)), unit(id="d2", side=D, pos=(11, 2))])
    outcome = apply_action(state, Move(unit="a1", to=(5, 1)))
    after = outcome.state
    assert after.unit("a1").pos == (4, 1)
    assert Moved("A1", (0, 1), (4, 1), 4) in outcome.events
    assert Ambushed("A1", "a1", (5, 1), "D1", "d1") in outcome.events
    assert after.active is not None and after.active.ambushed and after.active.spent == 4
    assert Attack(target="d1") in legal_actions(after)  # the move ends; the action is still its own
    assert not any(isinstance(a, Move) for a in legal_actions(after))


def test_a_move_past_the_hidden_enemy_stops_before_it_too():
    state = foggy([scout(), unit(id="d1", side=D, pos=(4, 1)), unit(id="d2", side=D, pos=(11, 2))])
    assert (5, 1) in destinations(state, state.unit("a1"))
    after = do(state, Move(unit="a1", to=(5, 1)))
    assert after.unit("a1").pos == (3, 1) and after.active.ambushed


def test_a_clear_way_under_fog_moves_as_it_always_did():
    state = foggy([scout(), unit(id="d1", side=D, pos=(11, 2))])
    outcome = apply_action(state, Move(unit="a1", to=(4, 1)))
    assert outcome.state.unit("a1").pos == (4, 1) and not outcome.state.active.ambushed
    assert not any(isinstance(e, Ambushed) for e in outcome.events)


def test_an_ambushed_unit_has_no_canto_move_left():
    healer = scout(tags=["Canto"])
    state = foggy([healer, unit(id="d1", side=D, pos=(5, 1)), unit(id="d2", side=D, pos=(11, 2))])
    after = do(state, Move(unit="a1", to=(5, 1)))
    assert after.active.ambushed
    after = do(after, Attack(target="d1"))
    assert not any(isinstance(a, CantoMove) for a in legal_actions(after))


def test_a_canto_move_into_a_hidden_enemy_stops_short():
    rider = scout(tags=["Canto"], weapon=None, extra_items=[staff(tags=["Heal(5)"])])
    state = foggy([rider, unit(id="a2", pos=(0, 0), hp=10, activated=True),
                   unit(id="d1", side=D, pos=(4, 2)), unit(id="d2", side=D, pos=(11, 2))])
    state = do(state, Move(unit="a1", to=(0, 1)), Special(name="heal", source=0, target="a2"))
    assert CantoMove(to=(4, 2)) in legal_actions(state)  # the hidden enemy's tile looks free
    outcome = apply_action(state, CantoMove(to=(4, 2)))
    assert outcome.state.unit("a1").pos in {(3, 2), (4, 1)}
    assert any(isinstance(e, Ambushed) and e.by_id == "d1" for e in outcome.events)


def test_without_fog_an_enemy_still_blocks_and_nothing_is_offered_through_it():
    state = game(plains(12, 3), [scout(), unit(id="d1", side=D, pos=(5, 1))])
    assert (5, 1) not in destinations(state, state.unit("a1"))


KIT = EditionKit("ratings")


def _rewarper(fog: bool, hidden_at=(4, 0)):
    user = KIT.unit(pos=(0, 0), extra=[KIT.staff(["Rewarp", "Consumable(2)"], range=(1, 6))])
    state = KIT.battle(["........"], [user, KIT.foe(pos=hidden_at), KIT.foe("d2", pos=(7, 0))])
    return stay(state.model_copy(update={"fog": fog}), "a1")


def test_a_warp_onto_a_hidden_unit_is_spent_and_moves_nobody():
    state = _rewarper(fog=True)
    assert (4, 0) in {a.at for a in specials(state, "rewarp")}
    outcome = apply_action(state, Special(name="rewarp", source=1, at=(4, 0)))
    after = outcome.state
    assert after.unit("a1").pos == (0, 0) and after.unit("d1").pos == (4, 0)
    assert after.unit("a1").inventory[1].used == 1  # the staff's use is spent
    assert Ambushed("A1", "a1", (4, 0), "D1", "d1", verb="rewarp") in outcome.events
    assert (4, 0) not in {a.at for a in specials(_rewarper(fog=False), "rewarp")}


def test_a_wall_broken_out_of_sight_is_still_a_wall_to_the_side_that_did_not_see_it():
    wall = KIT.glyph("wall")
    rows = ["." * 10, "." * 4 + wall + "." * 5, "." * 10]
    breaker = KIT.unit("d1", side=D, pos=(4, 0), weapon=KIT.wpn(might=30))
    state = KIT.battle(rows, [KIT.unit(pos=(0, 2)), breaker, KIT.foe("d2", pos=(9, 2))], to_act=D)
    state = state.model_copy(update={"fog": True})
    assert (4, 1) not in state.seen_by(A)  # (0, 2) is 5 away
    state = do(state, Move(unit="d1", to=(4, 0)))
    strike = next(a for a in legal_actions(state) if type(a).__name__ == "Strike")
    state = do(state, strike)
    assert state.map.terrain_at((4, 1)).id != "wall"
    assert known_battle(state, A).map.terrain_at((4, 1)).id == "wall"  # A remembers the wall
    assert known_battle(state, D).map.terrain_at((4, 1)).id != "wall"
    state = do(state, Move(unit="a1", to=(2, 1)), Wait())  # A's scout comes within sight of it
    assert known_battle(state, A).map.terrain_at((4, 1)).id != "wall" and state.remembered == {}


# --- what a move showed cannot be unseen (rulings F35) ------------------------------------------------------------

def _seat_moves(state: GameState, to) -> BattleController:
    c = BattleController(state)
    c.cursor = state.unit("a1").pos
    c.confirm()  # select the scout
    c.cursor = to
    c.take(c.confirm, A if state.fog else None)  # move there, told as the attacker's seat is told (one log without fog)
    return c


def test_a_move_that_shows_nothing_new_can_be_taken_back():
    state = foggy([scout(), unit(id="d1", side=D, pos=(11, 2))])
    c = _seat_moves(state, (2, 1))
    assert c.mode is Mode.ACTING and c.undoable
    c.cancel()
    assert c.state == state


def test_a_move_that_brings_an_enemy_into_sight_stands():
    state = foggy([scout(), unit(id="d1", side=D, pos=(7, 1)), unit(id="d2", side=D, pos=(11, 2))])
    c = _seat_moves(state, (4, 1))  # d1 is 3 tiles off now: in sight
    assert c.mode is Mode.ACTING and not c.undoable
    assert c.take_back_line() == "✓ Saw something new: no undo now"
    moved = c.state
    c.cancel()
    assert c.state == moved and c.state.unit("a1").pos == (4, 1)


def test_a_move_that_sets_off_a_scenario_event_stands_fog_or_not():
    """Taking it back would let a player see what the event brings and step away unharmed (rulings F36)."""
    from officers_chess.rules.battle.state import Arrival

    gate = Arrival(round=0, note="The gate bell rings.", trigger="attacker enters [5, 2]",
                   units=[unit(id="d9", side=D, pos=(10, 1))])
    for fog in (False, True):
        state = foggy([scout(), unit(id="d1", side=D, pos=(11, 2))]).model_copy(update={"fog": fog, "arrivals": [gate]})
        c = _seat_moves(state, (3, 1))  # short of the bell's tile: nothing set off, taken back as ever
        assert c.undoable
        c.cancel()
        c = _seat_moves(state, (4, 1))  # onto it
        assert not c.undoable and c.take_back_line() == "✓ Saw something new: no undo now", fog
        moved = c.state
        assert moved.arrivals == [] and moved.unit("d9").pos == (10, 1)
        c.cancel()
        assert c.state == moved


def test_an_ambushed_move_stands():
    state = foggy([scout(), unit(id="d1", side=D, pos=(5, 1)), unit(id="d2", side=D, pos=(11, 2))])
    c = _seat_moves(state, (5, 1))
    assert c.state.unit("a1").pos == (4, 1) and not c.undoable
    assert "Ambushed by D1 at 6,2: A1 stops short." in c.logs.lines(A)
    assert "Ambushed by D1 at 6,2: A1 stops short." in c.logs.lines(D)  # the ambusher saw it happen


def test_a_blow_at_a_wall_already_down_out_of_sight_is_spent():
    wall, floor = KIT.glyph("wall"), KIT.glyph("plains")
    rows = ["." * 10, "." * 5 + wall + "." * 4, "." * 10]
    archer = KIT.unit(pos=(0, 1), weapon=KIT.wpn("bow", might=5, range=(5, 5)))
    state = KIT.battle(rows, [archer, KIT.foe("d1", pos=(9, 2))]).model_copy(update={"fog": True})
    # The wall at (5, 1), 5 tiles off, fell where the attacker had no eyes: it still remembers it standing.
    rows[1] = "." * 5 + floor + "." * 4
    state = state.model_copy(update={"map": state.map.model_copy(update={"rows": rows}),
                                     "remembered": {A: [Remembered(at=(5, 1), glyph=wall, hp=None)]}})
    state = stay(state, "a1")
    blow = Strike(at=(5, 1))
    assert blow in legal_actions(state)  # offered from what it remembers
    outcome = apply_action(state, blow)
    assert Ambushed("A1", "a1", (5, 1), verb="strike") in outcome.events
    assert outcome.state.map.terrain_at((5, 1)).id == "plains" and outcome.state.unit("a1").activated  # spent
