"""Free actions before the move and after the action, as a player reaches them (the turn controller, no terminal)."""

from __future__ import annotations

from factories import A, D, game, plains, unit, weapon

from officers_chess.rules.battle.actions import Attack, Equip, Move, Trade, Wait
from officers_chess.rules.pieces.models import Consumable
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode


def _yard():
    """a1 (a bow in hand, a sword and a vulnerary in the pack) beside its ally a2; d1 two tiles off, unarmed."""
    units = [unit(id="a1", pos=(0, 1), weapon=weapon("bow", might=0, range=(2, 2)),
                  extra_items=[weapon("sword", might=0, name="Sword"), Consumable(name="Vulnerary", tags=["Heal(5)", "Consumable(3)"])]),
             unit(id="a2", pos=(0, 0), weapon=None),
             unit(id="d1", side=D, pos=(2, 1), weapon=None)]
    return game(plains(4, 3), units)


def _controller(recorded: list | None = None) -> BattleController:
    c = BattleController(_yard(), humans=frozenset({A}))
    if recorded is not None:
        c.committed = lambda action, after, rolls: recorded.append(action)
    c.point_at((0, 1))
    c.confirm()
    assert c.mode is Mode.MOVING and c.selected == "a1"
    return c


def test_i_opens_the_free_actions_before_the_move_and_they_can_be_taken_back():
    recorded: list = []
    c = _controller(recorded)
    c.prepare()
    assert c.mode is Mode.PREPARE
    keys = [i.key for i in c.menu()]
    assert "equip:1" in keys and "trade:a2" in keys and keys[-1] == "move"
    c.choose("equip:1")
    assert c.mode is Mode.PREPARE and c.state.active is not None and not c.state.active.moved
    assert c.state.unit("a1").equipped_weapon.name == "Sword"
    assert recorded == []  # nothing is for the record before the unit acts
    c.choose("move")
    assert c.mode is Mode.MOVING
    assert c.cancel() == "A1's free actions are taken back."
    assert c.state.active is None and c.state.unit("a1").equipped_weapon.type.value == "bow"
    assert c.mode is Mode.MOVING


def test_a_trade_before_the_move_names_the_unit_then_it_moves_and_acts():
    recorded: list = []
    c = _controller(recorded)
    c.prepare()
    c.choose("trade:a2")
    assert c.trade_partner == "a2"
    c.trade_partner = None  # the screen clears it as the dialog closes
    action = c.trade_action("a2", (2,), ())
    assert action == Trade(partner="a2", give=(2,), unit="a1")
    c.perform(action)
    assert [i.name for i in c.state.unit("a2").inventory] == ["Vulnerary"]
    c.choose("move")
    c.point_at((0, 1))
    c.confirm()  # stays where it stands: a move of zero
    assert c.mode is Mode.ACTING
    c.choose("attack")
    c.confirm()
    assert c.state.active is None  # Enter on the target ends the turn as always
    assert [type(a) for a in recorded] == [Trade, Move, Attack]


def test_s_on_the_target_keeps_the_turn_open_and_the_sword_can_be_taken_up():
    c = _controller()
    c.point_at((0, 1))
    c.confirm()
    c.choose("attack")
    assert c.mode is Mode.TARGETING
    c.confirm(stay=True)
    assert c.mode is Mode.AFTER and c.state.active is not None and c.state.active.acted
    keys = [i.key for i in c.menu()]
    assert "equip:1" in keys and "end" in keys
    c.choose("equip:1")
    assert c.mode is Mode.AFTER and c.state.unit("a1").equipped_weapon.name == "Sword"
    c.wait()
    assert c.state.active is None and c.mode is not Mode.AFTER


def test_a_plain_move_and_attack_costs_no_extra_key():
    c = _controller()
    c.point_at((0, 1))
    c.confirm()  # move (stay)
    assert c.mode is Mode.ACTING and c.menu()[c.menu_index].key == "attack"
    c.confirm()  # Attack
    c.confirm()  # on the only target
    assert c.state.active is None and c.state.to_act is D


def test_esc_on_the_target_forgets_an_s_pressed_on_the_menu():
    c = _controller()
    c.point_at((0, 1))
    c.confirm()
    c.confirm(stay=True)  # s on "Attack": on to the target, the turn to stay open after
    assert c.mode is Mode.TARGETING and c.stay_after
    c.cancel()
    assert c.mode is Mode.ACTING and not c.stay_after
    c.confirm()
    c.confirm()
    assert c.state.active is None


def test_a_berserk_unit_is_shown_only_the_tiles_the_rules_leave_it():
    units = [unit(id="a1", statuses=["Berserk"]), unit(id="d1", side=D, pos=(3, 0), hp=18, weapon=None)]
    c = BattleController(game(plains(9), units), humans=frozenset({A}))
    c.point_at((0, 0))
    c.confirm()
    assert c.move_tiles() == {(2, 0)}  # the one tile beside d1 it reaches; staying back is no longer a choice
    assert Wait() not in c.legal()
    assert not any(isinstance(a, Equip) for a in c.legal())


# --- what a review of the first version found ------------------------------------------------------------


def test_s_on_a_berserk_units_forced_attack_simply_attacks():
    units = [unit(id="a1", statuses=["Berserk"]), unit(id="d1", side=D, pos=(1, 0), hp=18, weapon=None)]
    c = BattleController(game(plains(4), units), humans=frozenset({A}))
    c.point_at((0, 0))
    c.confirm()
    c.confirm()  # stays put (its only tile beside d1)
    c.choose("attack")
    c.confirm(stay=True)  # no free action could follow: the turn simply ends (it once crashed the app)
    assert c.state.active is None and c.mode is not Mode.AFTER


def test_with_physical_dice_the_stay_outlives_the_rolls_asked_for():
    from officers_chess.rules.basics.dice import RollNeeded
    from officers_chess.rules.battle.physical import roll_your_own

    recorded: list = []
    c = BattleController(roll_your_own(_yard()), humans=frozenset({A}))
    c.committed = lambda action, after, rolls: recorded.append(action)
    c.point_at((0, 1))
    c.confirm()
    c.confirm()
    c.choose("attack")
    for _ in range(10):  # the screen asks for each d20 and confirms again with the rolls so far
        try:
            c.confirm(stay=not c.rolls)
            break
        except RollNeeded:
            c.rolls.append(20)
    assert c.mode is Mode.AFTER and recorded[-1] == Attack(target="d1", stay=True)


def test_the_menu_before_the_move_never_opens_on_a_discard():
    units = [unit(id="a1"), unit(id="d1", side=D, pos=(3, 0))]  # one weapon, nobody to trade with
    c = BattleController(game(plains(4), units), humans=frozenset({A}))
    c.point_at((0, 0))
    c.confirm()
    c.prepare()
    assert [i.key for i in c.menu()] == ["discard:0", "move"]
    assert c.menu()[c.menu_index].key == "move"
    c.confirm()
    assert c.mode is Mode.MOVING and len(c.state.unit("a1").inventory) == 1


def test_s_on_a_canto_tile_keeps_the_turn_open_after_the_canto_move():
    from factories import staff

    units = [unit(id="a1", tags=["Canto"], extra_items=[staff(tags=["Heal(5)"])]), unit(id="a2", pos=(1, 0), hp=10),
             unit(id="d1", side=D, pos=(8, 0))]
    c = BattleController(game(plains(9), units), humans=frozenset({A}))
    c.point_at((0, 0))
    c.confirm()
    c.confirm()
    c.choose("special:heal:1")
    c.confirm()  # on a2
    assert c.mode is Mode.CANTO
    c.point_at((3, 0))
    c.confirm(stay=True)
    assert c.mode is Mode.AFTER and c.state.unit("a1").pos == (3, 0) and c.state.active.canto_done
    c.choose("equip:0")
    c.wait()
    assert c.state.active is None and c.state.unit("a1").equipped_weapon.type.value == "sword"


def test_the_forecast_shows_what_the_exchange_leaves_of_a_consumable_weapon():
    from rich.console import Console

    from officers_chess.tui.widgets.forecast_pane import LABELS, forecast_view

    javelin = weapon("lance", might=0, range=(1, 2), tags=["Consumable(2)"], name="Javelin")
    tome = weapon("reason", might=0, tags=["Consumable(1)"], name="Bolt")
    state = game(plains(4), [unit(id="a1", weapon=javelin), unit(id="d1", side=D, pos=(1, 0), weapon=tome)])
    a1, d1 = state.unit("a1"), state.unit("d1")
    console = Console(width=60, record=True)
    console.print(forecast_view(state.forecast(a1, d1), a1, d1))
    row = next(line for line in console.export_text().splitlines() if line.strip().startswith(LABELS["uses"]))
    assert "2→1" in row and "1→0 gone" in row
    far = game(plains(4), [unit(id="a1", weapon=javelin), unit(id="d1", side=D, pos=(2, 0), weapon=tome)])
    console = Console(width=60, record=True)
    console.print(forecast_view(far.forecast(far.unit("a1"), far.unit("d1")), far.unit("a1"), far.unit("d1")))
    row = next(line for line in console.export_text().splitlines() if line.strip().startswith(LABELS["uses"]))
    assert "2→1" in row and "1 kept" in row  # the tome cannot answer at 2 tiles: its use is kept


def test_esc_says_it_takes_back_the_free_actions_with_the_move():
    c = _controller()
    c.point_at((0, 1))
    c.confirm()  # stays put
    c.choose("equip:1")
    assert c.take_back_line() == "↶ Esc undoes move and free actions"  # one line at 80 columns
    assert c.cancel() == "A1's move and free actions are taken back."
    assert c.state.unit("a1").equipped_weapon.type.value == "bow"


def test_after_a_free_action_the_menu_points_at_the_next_step():
    c = _controller()
    c.prepare()
    c.choose("equip:1")
    assert c.menu()[c.menu_index].key == "move"  # not at once on the equip that would undo it
    c.choose("move")
    c.point_at((0, 1))
    c.confirm()
    c.choose("attack")
    c.confirm(stay=True)  # "a" took the bow back up to shoot: the sword is to hand again after
    c.choose("equip:1")
    assert c.state.unit("a1").equipped_weapon.name == "Sword"
    assert c.mode is Mode.AFTER and c.menu()[c.menu_index].key == "end"
