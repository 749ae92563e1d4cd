"""Equip: a free action that changes the active unit's weapon or accessory without ending its turn."""

from __future__ import annotations

import pytest

from factories import A, D, accessory, game, plains, unit, weapon
from officers_chess.rules.battle.game import Attack, Equip, IllegalAction, Move, Wait, apply_action, legal_actions
from officers_chess.rules.pieces.models import WeaponType


def mid_turn(me, foe):
    return apply_action(game(plains(5), [me, foe], to_act=A), Move(unit=me.id, to=me.pos)).state


def test_only_unequipped_items_the_class_can_use_are_offered():
    me = unit(id="a1", side=A, pos=(0, 0), weapon=weapon("sword", name="Blade"),
              accessory=accessory(name="Buckler", defense=1),
              extra_items=[weapon("axe", name="Chopper")])
    swords_only = me.unit_class.model_copy(update={"wields": [WeaponType.SWORD]})
    me = me.model_copy(update={"unit_class": swords_only})
    state = mid_turn(me, unit(id="d1", side=D, pos=(3, 0)))
    offered = [a for a in legal_actions(state) if isinstance(a, Equip)]
    # Items 0 and 1 are already equipped, and this class cannot wield the axe.
    assert offered == []
    with pytest.raises(IllegalAction):
        apply_action(state, Equip(item=2))
    with pytest.raises(IllegalAction):
        apply_action(state, Equip(item=0))


def test_equipping_a_second_weapon_changes_what_can_be_attacked_without_ending_the_turn():
    me = unit(id="a1", side=A, pos=(0, 0), weapon=weapon(name="Short", range=(1, 1)),
              extra_items=[weapon(name="Long", range=(2, 2))])
    state = mid_turn(me, unit(id="d1", side=D, pos=(2, 0)))
    assert Attack(target="d1") not in legal_actions(state)
    assert Equip(item=1) in legal_actions(state)
    outcome = apply_action(state, Equip(item=1))
    after = outcome.state
    assert after.unit("a1").equipped_weapon.name == "Long"
    assert after.active is not None and not after.unit("a1").activated  # still mid-turn
    assert after.dice == state.dice  # nothing was rolled
    assert [e.text() for e in outcome.events] == ["A1 equips Long."]
    assert Attack(target="d1") in legal_actions(after)
    assert apply_action(after, Wait()).state.unit("a1").activated


def test_equipping_an_accessory_swaps_the_equipped_one():
    me = unit(id="a1", side=A, pos=(0, 0), accessory=accessory(name="Old", defense=1),
              extra_items=[accessory(name="New", defense=3)])
    state = mid_turn(me, unit(id="d1", side=D, pos=(3, 0)))
    after = apply_action(state, Equip(item=2)).state
    assert after.unit("a1").equipped_accessory.name == "New"
    assert Equip(item=1) in legal_actions(after)


def test_equip_needs_a_unit_mid_turn():
    me = unit(id="a1", side=A, pos=(0, 0), extra_items=[accessory(name="Ring")])
    state = game(plains(3), [me, unit(id="d1", side=D, pos=(2, 0))], to_act=A)
    with pytest.raises(IllegalAction):
        apply_action(state, Equip(item=1))
