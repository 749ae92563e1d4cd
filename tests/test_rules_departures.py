"""Where the program once departed from the rules text (issue 15): free actions at any time of a turn,
Consumable(X) weapons, Berserk that cannot be dodged, when Inflict takes hold in each edition, and
Exclusive accessories worn only by their class."""

from __future__ import annotations

import pytest
from edition_kit import EditionKit
from factories import A, D, accessory, battle_map, game, plains, staff, unit, unit_class, weapon

from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.events import Moved
from officers_chess.rules.battle.game import (
    Attack, CantoMove, Discard, Equip, IllegalAction, Move, Special, Strike, Trade, Wait, apply_action, destinations,
    is_legal, legal_actions, staying,
)
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.history.record import canonical_json
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import equippable
from officers_chess.rules.pieces.models import Consumable, Inflicted
from officers_chess.rules.scenario.setup import UnitSetup, build_unit


def do(state, *actions):
    for action in actions:
        state = apply_action(state, action).state
    return state


def stay(state, unit_id):
    return do(state, Move(unit=unit_id, to=state.unit(unit_id).pos))


def vulnerary():
    return Consumable(name="Vulnerary", tags=["Heal(5)", "Consumable(3)"])


# --- free actions before the move -----------------------------------------------------------------------


def _pair() -> object:
    """a1 (sword and a vulnerary, a spare lance) beside its ally a2; the enemy far off."""
    units = [unit(id="a1", extra_items=[vulnerary(), weapon("lance", name="Spare Lance")]),
             unit(id="a2", pos=(0, 1), weapon=None), unit(id="d1", side=D, pos=(9, 0))]
    return game(plains(10, 2), units)


def test_a_unit_may_trade_where_it_stands_and_then_move_off():
    state = _pair()
    hand_over = Trade(partner="a2", give=(1,), unit="a1")
    assert hand_over in legal_actions(state)
    state = do(state, hand_over)
    assert state.active is not None and state.active.unit == "a1" and not state.active.moved
    assert [i.name for i in state.unit("a2").inventory] == ["Vulnerary"]
    # Before its move it may only move or take more free actions; the once-a-turn trade is spent.
    legal = legal_actions(state)
    assert {type(a) for a in legal} == {Move, Equip, Discard}
    assert {a.unit for a in legal if isinstance(a, Move)} == {"a1"}
    state = do(state, Move(unit="a1", to=(4, 0)))
    assert state.unit("a1").pos == (4, 0) and state.active.moved and state.active.spent == 4
    assert Wait() in legal_actions(state)
    assert not any(isinstance(a, Trade) for a in legal_actions(state))


def test_a_unit_that_began_with_a_free_action_has_begun_its_turn():
    state = do(_pair(), Equip(item=2, unit="a1"))
    assert state.unit("a1").equipped_weapon.name == "Spare Lance"
    for action in (Move(unit="a2", to=(1, 1)), Equip(item=0, unit="a2"), Wait(), Attack(target="d1")):
        with pytest.raises(IllegalAction):
            apply_action(state, action)
    with pytest.raises(IllegalAction, match="must move first"):
        apply_action(state, Wait())


def test_the_start_of_turn_comes_once_whether_the_turn_begins_with_a_free_action_or_a_move():
    # a1 starts on a fort at 15 of 20 HP: the fort heals at the end of its turn, once.
    units = [unit(id="a1", hp=15, extra_items=[vulnerary()]), unit(id="d1", side=D, pos=(9, 0))]
    fort = TERRAIN["fort"].glyph
    state = game(battle_map(fort + "........."), units)
    state = do(state, Discard(item=1, unit="a1"), Move(unit="a1", to=(0, 0)), Wait())
    assert state.unit("a1").hp == 17


def test_a_plain_move_saves_as_it_did_before_free_actions_could_come_first():
    state = do(_pair(), Move(unit="a1", to=(2, 0)))
    saved = canonical_json(state).decode()
    assert '"moved"' not in saved and '"canto_done"' not in saved  # the turn's JSON is the one older saves hold
    assert Move(unit="a1", to=(2, 0)).model_dump(mode="json") == {"kind": "move", "unit": "a1", "to": [2, 0]}
    assert Attack(target="d1").model_dump(mode="json") == {"kind": "attack", "target": "d1", "art": None}


# --- free actions after the action ----------------------------------------------------------------------


def _archer() -> object:
    """a1 with a bow in hand and a sword in the pack, two tiles from an unarmed d1."""
    units = [unit(id="a1", weapon=weapon("bow", might=0, range=(2, 2)), extra_items=[weapon("sword", name="Sword")]),
             unit(id="d1", side=D, pos=(2, 0), weapon=None)]
    return stay(game(plains(5), units), "a1")


def test_after_shooting_the_bow_the_archer_may_take_up_its_sword_before_the_enemy_turn():
    state = do(_archer(), Attack(target="d1", stay=True))
    assert state.active is not None and state.active.acted
    legal = legal_actions(state)
    assert Equip(item=1) in legal and Wait() in legal
    assert not any(isinstance(a, (Attack, Strike, Special, CantoMove)) for a in legal)  # its action is spent
    state = do(state, Equip(item=1))
    assert state.unit("a1").equipped_weapon.name == "Sword"
    state = do(state, Wait())
    assert state.active is None and state.to_act is D


def test_without_stay_the_action_ends_the_turn_as_it_always_did():
    state = do(_archer(), Attack(target="d1"))
    assert state.active is None and state.to_act is D


def test_stay_is_legal_wherever_the_action_is_and_only_there():
    state = _archer()
    assert staying(Attack(target="d1")) == Attack(target="d1", stay=True)
    assert staying(Wait()) == Wait()
    assert Attack(target="d1") in legal_actions(state)
    assert Attack(target="d1", stay=True) not in legal_actions(state)  # listed once, without it
    assert is_legal(state, Attack(target="d1", stay=True))  # and legal all the same
    apply_action(state, Attack(target="d1", stay=True))
    for wrong in (Attack(target="nobody", stay=True), Wait()):
        assert is_legal(state, wrong) is (wrong in legal_actions(state))
    with pytest.raises(IllegalAction):
        apply_action(state, Attack(target="nobody", stay=True))
    berserk = stay(game(plains(5), [unit(id="a1", statuses=["Berserk"]), unit(id="d1", side=D, pos=(1, 0))]), "a1")
    assert not is_legal(berserk, Attack(target="d1", stay=True))  # no free action could follow it


def test_staying_after_an_attack_gives_no_canto_in_v06():
    units = [unit(id="a1", tags=["Canto"], extra_items=[weapon("lance")]), unit(id="d1", side=D, pos=(1, 0), weapon=None)]
    state = do(stay(game(plains(6), units), "a1"), Attack(target="d1", stay=True))
    assert not any(isinstance(a, CantoMove) for a in legal_actions(state))
    assert Wait() in legal_actions(state)


def test_a_canto_unit_may_move_on_then_stay_for_free_actions():
    units = [unit(id="a1", tags=["Canto"], extra_items=[staff(tags=["Heal(5)"])]), unit(id="a2", pos=(1, 0), hp=10),
             unit(id="d1", side=D, pos=(8, 0))]
    state = do(stay(game(plains(9), units), "a1"), Special(name="heal", source=1, target="a2"))
    assert any(isinstance(a, CantoMove) for a in legal_actions(state))
    state = do(state, CantoMove(to=(3, 0), stay=True))
    assert state.active is not None and state.active.canto_done and state.unit("a1").pos == (3, 0)
    legal = legal_actions(state)
    assert not any(isinstance(a, CantoMove) for a in legal)  # one Canto move a turn
    assert Equip(item=0) in legal  # the sword back in hand (the staff was taken up to heal)
    state = do(state, Equip(item=0), Wait())
    assert state.active is None and state.unit("a1").equipped_weapon.type.value == "sword"


def test_one_trade_a_turn_counts_the_trade_before_the_move():
    state = do(_pair(), Trade(partner="a2", give=(1,), unit="a1"), Move(unit="a1", to=(0, 0)))
    assert not any(isinstance(a, Trade) for a in legal_actions(state))


# --- Consumable(X) on weapons ---------------------------------------------------------------------------


def _javelins(uses: int = 2, brave: bool = True, foe_weapon=None) -> object:
    tags = [f"Consumable({uses})"] + (["Brave"] if brave else [])
    javelin = weapon("lance", might=0, range=(1, 2), tags=tags, name="Javelin")
    units = [unit(id="a1", weapon=javelin, extra_items=[weapon("sword", might=0, name="Sword")]),
             unit(id="d1", side=D, pos=(1, 0), weapon=foe_weapon)]
    return game(plains(6), units)


def test_a_consumable_weapon_spends_one_use_per_exchange_however_many_swings():
    outcome = apply_action(stay(_javelins(uses=2, brave=True), "a1"), Attack(target="d1"))
    javelin = outcome.state.unit("a1").inventory[0]
    assert javelin.name == "Javelin" and javelin.uses_left == 1
    assert "A1's Javelin: 1 use left." in [e.text() for e in outcome.events]


def test_a_spent_weapon_is_gone_and_the_unit_takes_up_the_next():
    state = do(stay(_javelins(uses=1), "a1"), Attack(target="d1"))
    a1 = state.unit("a1")
    assert [i.name for i in a1.inventory] == ["Sword"] and a1.equipped_weapon.name == "Sword"


def test_countering_with_a_consumable_weapon_spends_a_use_too():
    bolt = weapon("reason", might=0, range=(1, 1), tags=["Consumable(2)"], name="Bolt Tome")
    state = do(stay(_javelins(uses=9, brave=False, foe_weapon=bolt), "a1"), Attack(target="d1"))
    assert state.unit("d1").inventory[0].uses_left == 1


def test_a_weapon_that_never_swings_keeps_its_uses():
    # d1's tome reaches 1 only; a1 throws its javelin from 2 tiles: no counter, no use spent.
    bolt = weapon("reason", might=0, range=(1, 1), tags=["Consumable(2)"], name="Bolt Tome")
    units = [unit(id="a1", weapon=weapon("lance", might=0, range=(2, 2), tags=["Consumable(5)"])),
             unit(id="d1", side=D, pos=(2, 0), weapon=bolt)]
    state = do(stay(game(plains(4), units), "a1"), Attack(target="d1"))
    assert state.unit("d1").inventory[0].uses_left == 2
    assert state.unit("a1").inventory[0].uses_left == 4


def test_a_blow_at_a_wall_spends_a_use():
    wall = TERRAIN["wall"].glyph
    units = [unit(id="a1", weapon=weapon("axe", tags=["Consumable(3)"])), unit(id="d1", side=D, pos=(4, 0))]
    state = do(stay(game(battle_map("." + wall + "..."), units), "a1"), Strike(at=(1, 0)))
    assert state.unit("a1").inventory[0].uses_left == 2


# --- Berserk ------------------------------------------------------------------------------------------


def _berserk_field() -> object:
    """A berserk a1; an unarmed enemy d1 close by (the attack anyone would choose), a weaker enemy d2 it can also
    reach but that would crush it (no one would choose that), an ally out of its reach."""
    units = [unit(id="a1", statuses=["Berserk"]),
             unit(id="d1", side=D, pos=(2, 0), hp=18, weapon=None),
             unit(id="d2", side=D, pos=(0, 4), hp=6, weapon=weapon("axe", might=30), **{"def": 12}),
             unit(id="a2", pos=(9, 5), hp=1, activated=True)]
    return game(plains(10, 6), units)


def test_a_berserk_unit_must_move_where_it_can_strike_the_weakest_unit_it_can_reach():
    state = _berserk_field()
    a1 = state.unit("a1")
    tiles = set(destinations(state, a1))
    assert tiles and all(any(t.id == "d2" for t in state.targets_from(a1, p)) for p in tiles)
    assert {a.to for a in legal_actions(state) if isinstance(a, Move) and a.unit == "a1"} == tiles
    with pytest.raises(IllegalAction, match="berserk"):
        apply_action(state, Move(unit="a1", to=(1, 0)))  # beside d1 only: the dodge the text forbids
    with pytest.raises(IllegalAction, match="berserk"):
        apply_action(state, Move(unit="a1", to=(0, 0)))  # staying out of everyone's reach
    state = do(state, Move(unit="a1", to=(0, 3)))
    assert legal_actions(state) == [Attack(target="d2")]


def test_a_berserk_unit_with_nobody_to_reach_moves_freely():
    units = [unit(id="a1", statuses=["Berserk"]), unit(id="d1", side=D, pos=(12, 0))]
    state = game(plains(13), units)
    assert destinations(state, state.unit("a1")) == state.reach(state.unit("a1")).costs


@pytest.mark.parametrize("policy", [GreedyPolicy, NormalPolicy])
def test_the_computer_obeys_berserk_too(policy):
    state = _berserk_field()
    move = policy(seed=1).choose(state)
    assert isinstance(move, Move) and move.unit == "a1"
    assert any(t.id == "d2" for t in state.targets_from(state.unit("a1"), move.to))  # it closes on the weakest
    attack = policy(seed=1).choose(apply_action(state, move).state)
    assert attack == Attack(target="d2")


# --- Inflict: when it takes hold, by edition ---------------------------------------------------------


@pytest.mark.parametrize("edition, waits", [("ratings", True), ("d100", False)])
def test_inflict_waits_for_the_victims_next_turn_in_ratings_and_takes_hold_at_once_in_d100(edition, waits):
    kit = EditionKit(edition)
    hexed = kit.wpn(might=0, tags=["Inflict(Def-2)"])
    units = [kit.unit(weapon=hexed), kit.foe(weapon=None, def_="B")]
    state = kit.battle(["....."], units, rolls=[50])  # 50 hits and is no critical in both drafts
    before = state.unit("d1").stat("defense")
    state = do(stay(state, "a1"), Attack(target="d1"))
    victim = state.unit("d1")
    assert victim.inflicted is not None and victim.inflicted.pending is waits
    assert victim.stat("defense") == (before if waits else before - 2)
    state = do(state, Move(unit="d1", to=(1, 0)))
    assert state.unit("d1").stat("defense") == before - 2  # during its next turn, in both
    state = do(state, Wait())
    assert state.unit("d1").inflicted is None


def test_an_inflict_pending_shows_in_the_log_when_it_takes_hold():
    units = [unit(id="a1"), unit(id="d1", side=D, pos=(1, 0))]
    state = game(plains(4), units)
    state.unit("d1").inflicted = Inflicted(stat="strength", amount=-2, pending=True)
    state = do(stay(state, "a1"), Wait())
    outcome = apply_action(state, Move(unit="d1", to=(2, 0)))
    assert any("Strength" in e.text() or "strength" in e.text() for e in outcome.events)
    assert any(isinstance(e, Moved) for e in outcome.events)
    assert outcome.state.unit("d1").stat("strength") == 3


@pytest.mark.parametrize("policy", [GreedyPolicy, NormalPolicy])
def test_the_computer_takes_its_weapon_back_up_after_healing(policy):
    # The new window after the action: a healer that carries a sword does not face the enemy's turn staff in hand.
    units = [unit(id="a1", weapon=staff(tags=["Heal(8)"]), extra_items=[weapon("sword", name="Sword")]),
             unit(id="a2", pos=(1, 0), hp=8), unit(id="d1", side=D, pos=(6, 0))]
    state = game(plains(8), units)
    state.unit("a2").activated = True
    player = policy(seed=1)
    seen = []
    while state.to_act is A and not state.is_over:
        action = player.choose(state)
        seen.append(action)
        state = apply_action(state, action).state
    assert any(isinstance(a, Special) and a.name == "heal" and a.stay for a in seen), seen
    assert isinstance(seen[-2], Equip) and isinstance(seen[-1], Wait)
    assert state.unit("a1").equipped_weapon.name == "Sword"


# --- Exclusive on an accessory: worn only by its class, on every path --------------------------------------


def test_an_accessory_exclusive_to_another_class_is_never_worn_after_a_trade():
    ring = accessory(name="Knight's Ring", tags=["Exclusive(Paladin)"])
    units = [unit(id="a1", weapon=None, extra_items=[ring]), unit(id="a2", pos=(0, 1), accessory=accessory(name="Plain Ring")),
             unit(id="d1", side=D, pos=(9, 0))]
    state = do(game(plains(10, 2), units), Trade(partner="a2", give=(0,), take=(1,), unit="a1"))
    assert state.unit("a1").equipped_accessory.name == "Plain Ring"
    a2 = state.unit("a2")
    assert a2.equipped_accessory is None  # it carries the ring, and may not wear it
    assert a2.inventory.index(ring) not in equippable(a2)


def test_a_unit_starts_without_an_accessory_exclusive_to_another_class():
    knight_ring = accessory(name="Knight's Ring", tags=["Exclusive(Paladin)"])
    catalogue = Catalogue(classes={"Tester": unit_class()}, items={"Knight's Ring": knight_ring, "Plain Ring": accessory(name="Plain Ring")})
    setup = UnitSetup(name="Ada", unit_class="Tester", items=["Knight's Ring", "Plain Ring"], at=(1, 1))
    ada = build_unit(setup, A, "a1", catalogue, plains(3), ())
    assert ada.equipped_accessory.name == "Plain Ring"


# --- Berserk, as the unit's turn will find it, and under fog ----------------------------------------------


def test_a_berserk_shifter_is_judged_in_beast_form():
    # In normal form its stone cannot fight, so before the rule looked at the unit as activated it could go anywhere.
    from factories import stats

    cls = unit_class(name="Taguel", tags=["Shifter"], wields=["stone"], transformed=stats(str=9, skl=12, spd=9),
                     str=2, skl=6, spd=4)
    taguel = unit(id="a1", cls=cls, weapon=weapon("stone", might=3, name="Beaststone"), statuses=["Berserk"])
    state = game(plains(9), [taguel, unit(id="d1", side=D, pos=(4, 0), hp=5, weapon=None)])
    assert set(destinations(state, state.unit("a1"))) == {(3, 0)}
    state = do(state, Move(unit="a1", to=(3, 0)))
    assert legal_actions(state) == [Attack(target="d1")]


def test_under_fog_a_berserk_unit_closes_on_the_weakest_its_side_can_see():
    hidden = unit(id="d2", side=D, pos=(4, 2), hp=2, weapon=None)  # weaker, in reach, but out of everyone's sight
    units = [unit(id="a1", statuses=["Berserk"]), unit(id="d1", side=D, pos=(3, 0), hp=15, weapon=None), hidden]
    state = game(plains(8, 4), units)
    state.fog = True
    assert (4, 2) not in state.seen_by(A)
    assert set(destinations(state, state.unit("a1"))) == {(2, 0), (3, 1)}  # beside d1, the weakest it can see
    state.fog = False
    assert set(destinations(state, state.unit("a1"))) == {(3, 2), (4, 1)}  # seen by all: the weaker d2


# --- a pending Inflict, as the next turn will find it ------------------------------------------------------


def test_threats_count_an_enemys_pending_inflict_as_its_next_turn_will():
    from officers_chess.ai.threat_map import standing_at

    units = [unit(id="a1"), unit(id="d1", side=D, pos=(3, 0))]
    state = game(plains(5), units)
    state.unit("d1").inflicted = Inflicted(stat="strength", amount=-4, pending=True)
    placed = standing_at(state, state.unit("d1"), (1, 0))
    assert placed.unit("d1").stat("strength") == 1  # 5 - 4: on its next turn, when it would strike
    assert placed.plan(placed.unit("d1"), placed.unit("a1")).attacker.damage == 4  # 1 + 5 - 2


def test_the_exchange_cache_tells_a_pending_inflict_from_one_in_effect():
    from officers_chess.ai.assess import ExchangeBook

    waiting, now = unit(id="a1"), unit(id="a1")
    waiting.inflicted = Inflicted(stat="strength", amount=-4, pending=True)
    now.inflicted = Inflicted(stat="strength", amount=-4)
    assert ExchangeBook._fingerprint(waiting) != ExchangeBook._fingerprint(now)


def test_action_words_name_the_unit_of_a_free_action_before_its_move_and_a_stay():
    from officers_chess.rules.history.replay import action_words

    state = _pair()
    assert action_words(state, Equip(item=2, unit="a1")) == "A1 equips Spare Lance before moving"
    state = do(state, Equip(item=2, unit="a1"))
    assert action_words(state, Move(unit="a1", to=(1, 0))) == "A1 moves to 2,1"
    archer = _archer()
    assert action_words(archer, Attack(target="d1", stay=True)) == "A1 attacks D1, and stays for free actions"


def test_action_words_name_a_staff_first_and_what_it_does_after():
    """A play-test read "Kell uses heal (Mend Staff) on Gilly" in the replay as garbled."""
    from factories import staff
    from officers_chess.rules.battle.actions import Special
    from officers_chess.rules.battle.state import ActiveTurn
    from officers_chess.rules.history.replay import action_words

    mender = unit(id="a1", weapon=staff(tags=["Heal(10)"], name="Mend Staff"),
                  extra_items=[staff(tags=["Warp"], name="Warp Staff")])
    state = game(plains(4), [mender, unit(id="a2", pos=(1, 0)), unit(id="d1", side=D, pos=(3, 0))], to_act=A)
    state = state.model_copy(update={"active": ActiveTurn(unit="a1", start=(0, 0), moved=True)})
    assert action_words(state, Special(name="heal", source=0, target="a2")) == "A1 uses Mend Staff on A2 (heal)"
    assert action_words(state, Special(name="warp", source=1, target="a2", at=(2, 0))) == "A1 uses Warp Staff on A2 at 3,1"
    assert action_words(state, Special(name="escape")) == "A1 takes the escape action"


def test_the_computer_shoots_then_takes_up_the_sword_for_the_enemy_turn():
    # A bow cannot answer at one tile; a sword can. Its shot done, the normal level holds the sword.
    units = [unit(id="a1", weapon=weapon("bow", might=6, range=(2, 2), name="Bow"), extra_items=[weapon("sword", name="Sword")]),
             unit(id="d1", side=D, pos=(2, 0), weapon=None, hp=20),
             unit(id="d2", side=D, pos=(0, 3), weapon=weapon("axe", might=5, name="Axe"))]
    state = game(plains(6, 5), units)
    player = NormalPolicy(seed=1)
    seen = []
    while state.to_act is A and not state.is_over:
        action = player.choose(state)
        seen.append(action)
        state = apply_action(state, action).state
    assert any(isinstance(a, Attack) and a.stay for a in seen), seen
    assert isinstance(seen[-2], Equip) and isinstance(seen[-1], Wait), seen
    assert state.unit("a1").equipped_weapon.name == "Sword"
