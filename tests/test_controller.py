"""The turn controller's flow, without a terminal: select, move, act, take back, target."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.game import GameState
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode


@pytest.fixture
def state() -> GameState:
    return load_scenario(find_scenario("training_yard")).new_battle(seed=5)


def first_waiting(c: BattleController):
    return sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]


def test_the_cursor_starts_on_a_unit_of_the_side_to_act(state):
    c = BattleController(state)
    unit = c.hovered_unit
    assert unit is not None and unit.side is state.to_act and not unit.activated


def test_selecting_an_enemy_explains_and_selects_nothing(state):
    c = BattleController(state)
    enemy = c.state.living(state.to_act.other)[0]
    c.point_at(enemy.pos)
    assert c.confirm() == []
    assert c.mode is Mode.BROWSE and c.selected is None
    assert state.to_act.value in c.hint


def test_the_move_overlay_is_exactly_the_units_reach(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    assert c.mode is Mode.MOVING
    assert c.move_tiles() == set(state.reach(unit).costs)
    assert not (c.attack_tiles() & c.move_tiles())


def test_an_unreachable_tile_is_refused_with_a_hint(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    far = next((x, y) for y in range(state.map.height) for x in range(state.map.width) if (x, y) not in c.move_tiles())
    c.point_at(far)
    assert c.confirm() == []
    assert c.mode is Mode.MOVING and c.hint and "blue" not in c.hint  # why, in words (rulings L108)
    c.move_cursor(0, 1)
    assert c.hint == ""  # a hint about the last tile says nothing about the next one


def test_cancel_after_moving_restores_the_exact_state_from_before(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    dest = next(p for p in c.move_tiles() if p != unit.pos)
    c.point_at(dest)
    c.confirm()
    assert c.mode is Mode.ACTING and c.state.unit(unit.id).pos == dest
    note = c.cancel()
    assert c.mode is Mode.MOVING and c.state is state and c.cursor == unit.pos
    assert note == f"{unit.name}'s move is taken back."


def test_waiting_ends_the_activation_and_passes_to_the_other_side(state):
    c = BattleController(state)
    unit = first_waiting(c)
    c.point_at(unit.pos)
    c.confirm()
    c.confirm()  # stay put
    assert [item.key for item in c.menu()] == ["wait", "discard:0"]  # nobody in reach at the start
    events = c.confirm()
    assert events and c.mode is Mode.BROWSE
    assert c.state.unit(unit.id).activated
    assert c.state.to_act is state.to_act.other
    assert c.hovered_unit is not None and c.hovered_unit.side is c.state.to_act


def test_targeting_shows_the_same_forecast_as_the_rules_core(state):
    c = BattleController(state)
    # Walk units towards each other until someone can strike, then target.
    for _ in range(40):
        unit = first_waiting(c)
        spots = [p for p in c.state.reach(unit).costs if c.state.targets_from(unit, p)]
        c.point_at(unit.pos)
        c.confirm()
        if spots:
            c.point_at(spots[0])
            c.confirm()
            assert c.choose("attack") == []
            assert c.mode is Mode.TARGETING
            target = c.hovered_unit
            assert target is not None and target.side is not unit.side
            assert c.forecast() == c.state.forecast(c.state.unit(unit.id), target)
            c.cancel()
            assert c.mode is Mode.ACTING and c.forecast() is None
            return
        enemies = c.state.living(unit.side.other)
        dest = min(c.move_tiles(), key=lambda p: min(abs(p[0] - e.pos[0]) + abs(p[1] - e.pos[1]) for e in enemies))
        c.point_at(dest)
        c.confirm()
        c.choose("wait")
    pytest.fail("no attack became possible")


def test_browsing_shows_the_hovered_units_ranges_whoever_it_belongs_to(state):
    c = BattleController(state)
    enemy = c.state.living(state.to_act.other)[0]
    c.point_at(enemy.pos)
    assert c.mode is Mode.BROWSE
    assert c.move_tiles() == set(state.reach(enemy).costs)
    assert c.attack_tiles() and not (c.attack_tiles() & c.move_tiles())
    empty = next((x, y) for y in range(state.map.height) for x in range(state.map.width) if state.unit_at((x, y)) is None)
    c.point_at(empty)
    assert c.move_tiles() == set() and c.attack_tiles() == set()


def test_the_menu_offers_a_carried_weapon_and_equipping_keeps_the_turn_going():
    state = load_scenario(find_scenario("ford_skirmish")).new_battle(seed=5)
    pell = next(u for u in state.units if u.name == "Pell")  # carries an Iron Axe and a Hand Axe
    state = state.model_copy(update={"to_act": pell.side})
    c = BattleController(state)
    c.point_at(pell.pos)
    c.confirm()
    c.confirm()  # stay put
    keys = [item.key for item in c.menu()]
    assert keys == ["equip:1", "wait", "discard:0", "discard:1"]
    events = c.choose("equip:1")
    assert [e.text() for e in events] == ["Pell equips Hand Axe."]
    assert c.mode is Mode.ACTING and c.state.unit(pell.id).equipped_weapon.name == "Hand Axe"
    assert [item.key for item in c.menu()][0] == "equip:0"
    assert c.menu()[c.menu_index].key == "wait"  # nothing in reach: the menu reopens on Wait, not on Equip


def test_the_strike_zone_covers_every_weapon_the_unit_carries():
    state = load_scenario(find_scenario("ford_skirmish")).new_battle(seed=5)
    pell = next(u for u in state.units if u.name == "Pell")
    c = BattleController(state)
    c.point_at(pell.pos)
    reach = set(state.reach(pell).costs)
    two_away = {(x + dx, y + dy) for x, y in reach for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))}
    two_away = {p for p in two_away if state.map.contains(p)} - reach
    one_away = {(x + dx, y + dy) for x, y in reach for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    one_away = {p for p in one_away if state.map.contains(p)} - reach
    assert c.attack_tiles() == one_away | two_away  # Iron Axe reaches 1, Hand Axe 1-2


def _vault():
    return load_scenario(find_scenario("greyhollow_vault")).new_battle(seed=5)


def _activate(c: BattleController, name: str, to=None):
    unit = next(u for u in c.state.units if u.name == name)
    c.point_at(unit.pos)
    c.confirm()
    assert c.mode is Mode.MOVING, c.hint
    c.point_at(to or unit.pos)
    c.confirm()
    assert c.mode is Mode.ACTING
    return c.state.unit(unit.id)


def test_a_dance_is_chosen_from_the_menu_aimed_at_an_ally_and_hands_it_the_next_turn():
    from officers_chess.rules.pieces.models import Side

    state = _vault()
    state = state.model_copy(update={"to_act": Side.ATTACKER})
    c = BattleController(state)
    rhea = _activate(c, "Rhea")
    c.wait()
    c.state = c.state.model_copy(update={"to_act": Side.ATTACKER})  # skip the defenders' turn for the test
    c.mode = Mode.BROWSE
    lark = next(u for u in c.state.units if u.name == "Lark")
    spot = next(p for p in c.state.reach(lark).costs if abs(p[0] - rhea.pos[0]) + abs(p[1] - rhea.pos[1]) == 1)
    _activate(c, "Lark", spot)
    assert "special:dance:None" in [i.key for i in c.menu()]
    c.choose("special:dance:None")
    assert c.mode is Mode.TARGETING and c.cursor == rhea.pos
    events = c.confirm()
    assert any("dances for Rhea" in e.text() for e in events)
    assert c.mode is Mode.BROWSE and c.state.reactivate == rhea.id
    assert c.cursor == rhea.pos  # the danced-for unit is where the cursor goes


def test_a_staff_heal_shows_its_preview_and_only_hurt_allies_are_targets():
    from officers_chess.tui.widgets.action_preview import preview

    state = _vault()
    rhea = next(u for u in state.units if u.name == "Rhea")
    rhea.hp = 11
    from officers_chess.rules.pieces.models import Side

    state = state.model_copy(update={"to_act": Side.ATTACKER})
    c = BattleController(state)
    ysolde = next(u for u in state.units if u.name == "Ysolde")
    spot = next(p for p in state.reach(ysolde).costs if abs(p[0] - rhea.pos[0]) + abs(p[1] - rhea.pos[1]) == 1)
    _activate(c, "Ysolde", spot)
    key = next(i.key for i in c.menu() if i.label == "Heal — Heal Staff")
    c.choose(key)
    assert c.mode is Mode.TARGETING and c.cursor == rhea.pos
    assert preview(c).plain == "Rhea: 11 → 19 HP (+8)."
    c.confirm()
    assert c.state.unit(rhea.id).hp == 19 and c.mode is Mode.BROWSE


def test_after_a_staff_a_canto_unit_moves_on_and_that_move_ends_its_turn():
    from factories import A, D, game, plains, staff, unit

    rider = unit(id="a1", side=A, pos=(0, 0), weapon=staff(tags=["Heal(5)"]), tags=["Canto"])
    hurt = unit(id="a2", side=A, pos=(1, 0), hp=10)
    foe = unit(id="d1", side=D, pos=(7, 2))
    c = BattleController(game(plains(8, 3), [rider, hurt, foe], to_act=A))
    c.point_at((0, 0))
    c.confirm()
    c.point_at((1, 1))  # two tiles of movement spent, beside the hurt ally
    c.confirm()
    c.choose(next(i.key for i in c.menu() if i.key.startswith("special:heal")))
    c.confirm()
    assert c.mode is Mode.CANTO
    assert c.state.unit("a2").hp == 15
    assert c.move_tiles() and all(abs(x - 1) + abs(y - 1) <= 3 for x, y in c.move_tiles())  # 5 - 2 left
    assert c.cancel() is None and c.mode is Mode.CANTO and "cannot be taken back" in c.hint
    c.point_at((3, 1))
    c.confirm()
    assert c.state.unit("a1").pos == (3, 1) and c.state.unit("a1").activated
    assert c.mode is Mode.BROWSE


def test_a_status_staff_preview_counts_the_staff_in_hand_not_the_weapon_held_before():
    from factories import A, D, game, plains, staff, unit, weapon
    from officers_chess.tui.widgets.action_preview import preview

    # Skill 10; the sword held now adds 4, the Sleep staff (used from the bag) takes 2.
    caster = unit(id="a1", side=A, pos=(0, 0), skl=10, weapon=weapon(tags=["Bonus(Skl+4)"]),
                  extra_items=[staff(tags=["Status(Sleep)", "Inaccurate(2)"], range=(1, 2))])
    foe = unit(id="d1", side=D, pos=(2, 0))
    c = BattleController(game(plains(4), [caster, foe], to_act=A))
    c.confirm()
    c.confirm()  # stay put
    c.choose(next(i.key for i in c.menu() if i.key.startswith("special:status")))
    assert preview(c).plain == "D1: Sleep lands on a d20 at or under 8 (40%)."


def test_a_status_staff_preview_says_what_a_second_dose_does():
    """Doses never add up (upkeep.apply_status): a play-test aimed Sleep at a sleeping unit and was not told that it
    would change nothing. A timed status is started over, and the preview says which."""
    from factories import A, D, game, plains, staff, unit
    from officers_chess.rules.pieces.statuses import Status, StatusName
    from officers_chess.tui.widgets.action_preview import preview

    def aimed(effect: str, had: Status | None, side=D) -> str:
        caster = unit(id="a1", side=A, pos=(0, 0), skl=10, weapon=staff(tags=[f"Status({effect})"], range=(1, 2)))
        other = unit(id="d1", side=side, pos=(2, 0), statuses=[had] if had else [])
        far = unit(id="d9", side=D, pos=(5, 0))  # an enemy on the field, so that the battle goes on
        c = BattleController(game(plains(6), [caster, other, far], to_act=A))
        c.cursor = (0, 0)
        c.confirm()
        c.confirm()  # stay put
        c.choose(next(i.key for i in c.menu() if i.key.startswith("special:status")))
        return preview(c).plain

    assert "already" not in aimed("Sleep", None)
    assert aimed("Sleep", Status(name=StatusName.SLEEP)).endswith(
        " It has Sleep already: another dose changes nothing.")
    assert aimed("Silenced", Status(name=StatusName.SILENCED, left=1)).endswith("another dose changes nothing.")
    assert aimed("Barrier", Status(name=StatusName.BARRIER, left=1), side=A).endswith(
        "It has Barrier already: this starts it over, as if new (doses do not add up).")
    assert aimed("Barrier", Status(name=StatusName.BARRIER, left=None), side=A).endswith(  # a scenario's, for good
        "It has Barrier already: this dose replaces it, and ends sooner (doses do not add up).")


def test_explain_while_aiming_a_staff_lists_the_heal_its_tags_the_staff_and_the_rule_of_staves():
    from factories import A, D, game, plains, staff, unit

    from officers_chess.content.loaders import load_catalogue
    from officers_chess.tui.dialogs.explain import what_to_explain

    healer = unit(id="a1", side=A, pos=(0, 0), weapon=staff(tags=["Heal(5)"]), tags=["GreaterHeal(2)"])
    hurt = unit(id="a2", side=A, pos=(1, 0), hp=10)
    foe = unit(id="d1", side=D, pos=(7, 2))
    c = BattleController(game(plains(8, 3), [healer, hurt, foe], to_act=A))
    c.point_at((0, 0))
    c.confirm()
    c.confirm()  # stay
    c.choose(next(i.key for i in c.menu() if i.key.startswith("special:heal")))
    assert c.mode is Mode.TARGETING
    title, choices = what_to_explain(c, load_catalogue())
    keys = [key for _, key in choices]
    assert title == f"Explain {healer.inventory[0].name}"
    assert keys[0] == "heal"  # the action's own rule comes first
    assert {"heal", "staves", "greater-heal"} <= set(keys)
    assert keys.count("heal") == 1  # the verb's rule and the Heal(5) tag are the same entry, listed once
    assert not any(key.startswith("item-") for key in keys)  # the test staff is in no catalogue: no dead entry


def test_the_menu_offers_the_attack_a_spare_weapon_would_make_and_a_equips_it_then_aims():
    from factories import A, D, game, plains, unit, weapon

    from officers_chess.session.action_menu import first_choice

    # A sword in hand (reach 1) and a javelin in the pack (reach 1-2); the foe stands two tiles off.
    javelin = weapon("sword", range=(1, 2), name="Throwing Sword")
    thrower = unit(id="a1", side=A, pos=(0, 0), extra_items=[javelin])
    foe = unit(id="d1", side=D, pos=(2, 0))
    c = BattleController(game(plains(5, 1), [thrower, foe], to_act=A))
    c.point_at((0, 0))
    c.confirm()
    c.confirm()  # stay
    items = c.menu()
    keys = [i.key for i in items]
    assert "attack" not in keys and "arm:1" in keys
    assert next(i.label for i in items if i.key == "arm:1") == "Attack with Throwing Sword (1 in reach)"
    assert c.menu_index == keys.index("arm:1") == first_choice(items)  # Enter lands on it, not on Equip
    c.choose("attack")  # the a key
    assert c.mode is Mode.TARGETING and c.cursor == foe.pos
    assert c.state.unit("a1").equipped_weapon.name == "Throwing Sword"
    assert c.forecast() is not None
    c.cancel()  # back to the menu: the spare is in hand now, the plain Attack is offered
    assert "attack" in [i.key for i in c.menu()]
    c.cancel()  # the move taken back takes the equip back with it
    assert c.state.unit("a1").equipped_weapon.name != "Throwing Sword"


def test_with_nothing_in_reach_the_menu_opens_on_wait_not_on_a_free_action():
    from factories import A, D, game, plains, unit, weapon

    spare = weapon("sword", name="Spare Sword")
    lone = unit(id="a1", side=A, pos=(0, 0), extra_items=[spare])
    foe = unit(id="d1", side=D, pos=(9, 0))
    c = BattleController(game(plains(10, 1), [lone, foe], to_act=A))
    c.point_at((0, 0))
    c.confirm()
    c.confirm()
    assert c.menu()[c.menu_index].key == "wait"
