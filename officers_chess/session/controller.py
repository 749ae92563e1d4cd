"""The turn controller: what the cursor, selection and menus mean in each step of a combat turn.

It holds no Textual objects, so the whole flow of a turn can be tested without a terminal;
the battle screen turns key presses into calls here and draws what it reports.
"""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.rules.battle.actions import FREE_ACTIONS, TURN_ENDERS
from officers_chess.rules.battle.events import Event
from officers_chess.rules.battle.game import (
    Action, CantoMove, GameState, Move, Outcome, Special, Wait, apply_action, is_legal, staying,
)
from officers_chess.rules.battle.physical import apply_with_rolls
from officers_chess.rules.battle.seat_view import SeatView
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.movement import Reach
from officers_chess.session.action_menu import MenuItem, first_choice
from officers_chess.session.board_view import BoardView, Overlays
from officers_chess.session.computer_moves import ComputerMoves, Glimpse
from officers_chess.session.controller_refusal import move_budget, move_refusal
from officers_chess.session.modes import MENU_MODES, Mode
from officers_chess.session.seat_requests import SeatRequests
from officers_chess.session.sight import saw_more
from officers_chess.session.take_back import TakeBack


def side_name(side: Side) -> str:
    return f"an {side.value}" if side is Side.ATTACKER else f"a {side.value}"


class BattleController(SeatRequests, TakeBack, ComputerMoves, BoardView):
    """Turns cursor moves, confirms and cancels into legal actions on the game state."""

    def __init__(self, state: GameState, humans: frozenset[Side] = frozenset(Side)) -> None:
        self._version = 0
        self.state = state
        self.humans = frozenset(humans)  # the sides played at the keyboard; the computer plays the others
        self._open_logs(state)
        self.mode = Mode.OVER if state.is_over else Mode.COMPUTER if self.computer_to_act else Mode.BROWSE
        self.cursor: Pos = (0, 0)
        self.selected: str | None = None
        self.menu_index = 0
        self.hint = ""
        self._before_move: GameState | None = None
        self.move_stands = False  # the selected unit's move showed its side something: no taking it back (F35)
        # Told of each action once it can no longer be taken back (the autosave): a move and the free
        # actions after it wait in _pending until the unit acts, and vanish if the move is taken back.
        self.committed: Callable[[Action, GameState, list[int] | None], None] | None = None
        self._pending: list[tuple[Action, GameState, list[int] | None]] = []
        self.chosen: MenuItem | None = None  # the menu entry being aimed (targeting and placing)
        self.aimed: list[Action] = []  # while placing: the actions with the chosen target
        self.trade_partner: str | None = None  # set when the player chose to trade; the screen opens the dialog
        self.discard_asked: str | None = None  # a Discard entry chosen: the screen asks before it is thrown away
        self.showing: Action | None = None  # the computer's action on screen before it is applied
        self.glimpse: Glimpse | None = None
        self.rolls: list[int] = []  # physical dice: the d20s typed in so far for the action being applied
        # Set by the key that confirms an action: keep the turn open after it, for free actions (rulings T6).
        self.stay_after = False
        self._reach_cache: tuple[tuple, Reach] | None = None
        self._overlay_cache: tuple[tuple, Overlays] | None = None
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._menu_cache: tuple[int, list[MenuItem]] | None = None
        self._view_cache: tuple[int, SeatView] | None = None
        self.jump_to_next_unit()
        self._pick_up_active_unit()
        if self.mode is Mode.COMPUTER and self.viewer is not None and self.state.living(self.viewer):
            self.cursor = min(u.pos for u in self.state.living(self.viewer))  # on the player's own army meanwhile

    def _pick_up_active_unit(self) -> None:
        """A battle resumed in the middle of a unit's turn (after its move, or between an attack and a
        Canto move) goes on with that unit, at the step it had reached; its move can no longer be taken back."""
        active = self.state.active_unit
        if active is None or self.mode is not Mode.BROWSE:
            return
        self.selected, self.cursor = active.id, active.pos
        turn = self.state.active
        if not turn.moved:
            self.mode = Mode.MOVING  # it took free actions before moving; the move is still to come
        elif turn.acted:
            self.mode = self._after_action_mode()
        else:
            self.mode = Mode.ACTING
            self.menu_index = first_choice(self.menu())

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        # Every new state gets a new version, so cached ranges never outlive the board they were computed on.
        self._state = state
        self._version += 1

    # --- what the player does (what the screen draws: board_view.py) -------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        self.hint = ""
        if self.mode is Mode.COMPUTER:  # the player watches; the computer's glimpses place the cursor
            return
        if self.mode in MENU_MODES:
            items = self.menu()
            if items:
                self.menu_index = self._menu_step(items, dy or dx)
            return
        if self.mode is Mode.TARGETING:
            self._cycle_target(1 if (dx or dy) > 0 else -1)
            return
        x = min(max(self.cursor[0] + dx, 0), self.state.map.width - 1)
        y = min(max(self.cursor[1] + dy, 0), self.state.map.height - 1)
        self.cursor = (x, y)

    def point_at(self, pos: Pos) -> None:
        """Put the cursor on a tile (a mouse click); in targeting only targets can be pointed at."""
        self.hint = ""
        if not self.state.map.contains(pos) or self.mode is Mode.COMPUTER:
            return
        if self.mode is Mode.TARGETING and pos not in self._candidates():
            return
        if self.mode in MENU_MODES:
            return
        self.cursor = pos

    def confirm(self, stay: bool = False) -> list[Event]:
        """Enter: select, move, choose from the menu, aim, place, or move on with Canto, depending on the step.
        `stay` (the s key): if this confirms the unit's action, its turn stays open afterwards for free actions."""
        self.hint = ""
        if stay:
            self.stay_after = True  # until the action is done, or the player steps back from it
        if self.mode is Mode.BROWSE:
            self._select_at_cursor()
        elif self.mode is Mode.MOVING:
            return self._move_to_cursor()
        elif self.mode in MENU_MODES:
            items = self.menu()
            return self.choose(items[self.menu_index].key) if items else []
        elif self.mode is Mode.TARGETING:
            aimed = self.aimed_actions()
            if len(aimed) == 1:
                return self.perform(aimed[0])
            if aimed:  # several landing tiles for the same ally: choose one
                self.aimed, self.mode = aimed, Mode.PLACING
                self.cursor = sorted(a.at for a in aimed if isinstance(a, Special) and a.at)[0]
        elif self.mode is Mode.PLACING:
            action = next((a for a in self.aimed if isinstance(a, Special) and a.at == self.cursor), None)
            if action is None:
                self.hint = "No one can be set down on that tile; pick one of the tiles offered for it."
                return []
            return self.perform(action)
        elif self.mode is Mode.CANTO:
            move = next((a for a in self.legal() if isinstance(a, CantoMove) and a.to == self.cursor), None)
            unit, turn = self.selected_unit, self.view.active
            if move is None and unit is not None and turn is not None and self.cursor != unit.pos:
                offered = {a.to for a in self.legal() if isinstance(a, CantoMove)}
                budget = move_budget(unit, turn.spent, self.view.rules.canto_tiles)
                self.hint = f"{move_refusal(self.view, unit, self.cursor, budget, offered)} Or w ends the turn here."
                return []
            if move is None:
                self.hint = "Move the cursor to a tile the unit can still reach, or w ends the turn here."
                return []
            return self.perform(move)
        return []

    def _entry(self, key: str) -> MenuItem | None:
        """The menu entry a key picks: its own, and for "attack" (the a key) the attack with the weapon in hand,
        else with the first spare that reaches (equipped first)."""
        menu = self.menu()
        item = next((i for i in menu if i.key == key), None)
        if item is None and key == "attack":
            item = next((i for i in menu if i.key.startswith("arm:")), None)
        return item

    def offers(self, key: str) -> bool:
        """Whether `choose(key)` would pick an entry now (the screen's footer shows the key only then)."""
        return self._entry(key) is not None

    def choose(self, key: str) -> list[Event]:
        """Pick a menu entry by its key (the menu's shortcut letters call this too)."""
        item = self._entry(key)
        if item is None:
            return []
        if item.key == "move":  # before the move: back to the map
            self.mode = Mode.MOVING
            return []
        if item.key == "canto":
            self.mode = Mode.CANTO
            return []
        if item.key.startswith("arm:"):  # equip (free, and taken back with the move), then aim the attack
            events = self.perform(item.actions[0])
            if self.mode is Mode.ACTING:
                events = events + self.choose("attack")
            return events
        if key.startswith("trade:"):
            self.trade_partner = key.split(":", 1)[1]  # the screen asks what to swap
            return []
        if key.startswith("discard:"):
            self.discard_asked = key  # the screen asks first: an item thrown away is gone (rulings L46)
            return []
        if not item.needs_target:
            return self.perform(item.actions[0])
        if item.aims_at_tiles:  # Rewarp, Vein, Pick: the tile is chosen on the map, nearest first (rulings I6)
            self.chosen, self.aimed, self.mode = item, list(item.actions), Mode.PLACING
            own = self.selected_unit.pos if self.selected_unit else (0, 0)
            tiles = {a.at for a in item.actions if isinstance(a, Special) and a.at is not None}
            self.cursor = min(tiles, key=lambda p: (abs(p[0] - own[0]) + abs(p[1] - own[1]), p[1], p[0]))
            return []
        self.chosen, self.mode = item, Mode.TARGETING
        # Others first: a Barrier or Heal aimed at oneself is the rarer wish.
        own = self.selected_unit.pos if self.selected_unit else None
        self.cursor = sorted(self._candidates(), key=lambda p: (p == own, p[1], p[0]))[0]
        return []

    def discard_confirmed(self) -> list[Event]:
        """The player said yes to the Discard it chose: throw the item away."""
        key, self.discard_asked = self.discard_asked, None
        item = next((i for i in self.menu() if i.key == key), None)
        return self.perform(item.actions[0]) if item is not None else []

    def _menu_step(self, items: list, step: int) -> int:
        """The menu entry one step up or down. Going past either end wraps round, but never onto a Discard: a
        Down too many from the last entry must not land on throwing a shield away (rulings L46)."""
        index = self.menu_index + step
        if 0 <= index < len(items):
            return index
        index %= len(items)
        while items[index].key.startswith("discard:") and index != self.menu_index:
            index = (index + step) % len(items)
        return index

    def _apply(self, action: Action) -> Outcome:
        """Apply an action; with physical dice, with the rolls typed in so far (RollNeeded when the
        rules need another: the screen asks for it, adds it to `rolls` and calls again)."""
        if not self.state.dice.physical:
            outcome = apply_action(self.state, action)
            self._pending.append((action, outcome.state, None))
            return outcome
        outcome = apply_with_rolls(self.state, action, self.rolls)
        self._pending.append((action, outcome.state, list(self.rolls)))
        self.rolls = []
        return outcome

    def _commit(self) -> None:
        """Hand the actions that can no longer be taken back to whoever records them."""
        if self._before_move is not None:
            return
        pending, self._pending = self._pending, []
        if self.committed is not None:
            for action, after, rolls in pending:
                self.committed(action, after, rolls)

    def perform(self, action: Action) -> list[Event]:
        """Apply one legal action and move to the step that follows it."""
        if isinstance(action, TURN_ENDERS) and self.stay_after and is_legal(self.state, staying(action)):
            action = staying(action)  # (a berserk unit's turn cannot stay open: it takes no free action)
        prior = self.state
        outcome = self._apply(action)  # with physical dice, RollNeeded comes back here with `stay_after` kept
        if isinstance(action, FREE_ACTIONS) and action.unit is not None and self._before_move is None:
            self._before_move = prior  # a free action before the move is taken back with the move
        if isinstance(action, TURN_ENDERS):
            self.stay_after = False
        self.state = outcome.state
        self.chosen, self.aimed, self.trade_partner = None, [], None
        turn = self.state.active
        if self.state.is_over or (not isinstance(action, Move) and turn is None):
            # A seize, an escape or a rout can end the battle mid-turn.
            self._between_activations()
        elif turn is not None and not turn.moved:
            self.mode = Mode.PREPARE  # more free actions, or on to the move, where the menu now points
            self.menu_index = [i.key for i in self.menu()].index("move")
        elif turn is not None and turn.acted:
            self._before_move = None  # the action is done: nothing to take back any more
            if self.mode is Mode.AFTER and isinstance(action, FREE_ACTIONS):
                keys = [i.key for i in self.menu()]  # a free action taken: the menu points at ending the turn
                self.menu_index = keys.index("end") if "end" in keys else 0
            else:
                self.mode = self._after_action_mode()
        else:
            self.mode = Mode.ACTING
            self.menu_index = first_choice(self.menu())
        self._commit()
        return outcome.events

    def _after_action_mode(self) -> Mode:
        """The turn is open after the action: Canto on the map where it may still move, else the free-action menu
        (opened on its first entry that is not a Discard)."""
        if any(isinstance(a, CantoMove) for a in self.legal()):
            return Mode.CANTO
        self.mode = Mode.AFTER
        keys = [i.key for i in self.menu()]
        self.menu_index = next((n for n, k in enumerate(keys) if not k.startswith("discard")), 0)
        return Mode.AFTER

    def free_actions_open(self) -> bool:
        """Whether the selected unit may take a free action now (before its move, or after its action)."""
        unit = self.selected_unit
        return unit is not None and any(isinstance(a, FREE_ACTIONS) and a.unit in (None, unit.id) for a in self.legal())

    def prepare(self) -> None:
        """The i key: the free actions the unit may take before it moves (or, on the Canto map, after its action)."""
        if self.mode is Mode.MOVING and self.selected_unit is not None:
            if not self.free_actions_open():
                self.hint = f"{self.selected_unit.name} has nothing to equip, trade or discard now."
                return
            self.mode = Mode.PREPARE
            keys = [i.key.split(":")[0] for i in self.menu()]
            # Never on a Discard: a reflex Enter must not throw a weapon away.
            self.menu_index = next((n for n, k in enumerate(keys) if k in ("equip", "trade")), keys.index("move"))
        elif self.mode is Mode.CANTO:
            self.mode, self.menu_index = Mode.AFTER, 0

    def _between_activations(self) -> None:
        """After an activation: the battle is over, the computer plays on, or the player chooses a unit."""
        self._before_move = None
        self.move_stands = False
        self._deselect()
        self.showing, self.glimpse = None, None
        if self.state.is_over:
            self.mode = Mode.OVER
        elif self.computer_to_act:
            self.mode = Mode.COMPUTER
        else:
            self.jump_to_next_unit()

    def wait(self) -> list[Event]:
        """End the active unit's turn (the w key, from the menu or after Canto)."""
        if self.mode not in (Mode.ACTING, Mode.CANTO, Mode.AFTER) or Wait() not in self.legal():
            return []
        return self.perform(Wait())

    def jump_to_next_unit(self, from_start: bool = False) -> None:
        """Tab: put the cursor on the next unit of the side to act that still has to activate (`from_start`:
        the first in reading order, whatever the cursor stood on: a hand-over under fog tells nothing of
        where the other player left it)."""
        if self.mode is not Mode.BROWSE:
            return
        if self.state.reactivate:  # a Dance: that unit acts next
            self.cursor = self.state.unit(self.state.reactivate).pos
            return
        waiting = sorted(self.state.waiting(self.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))
        if not waiting:
            return
        after = [u for u in waiting if (u.pos[1], u.pos[0]) > (self.cursor[1], self.cursor[0])]
        self.cursor = (waiting if from_start else after or waiting)[0].pos

    # --- steps ---------------------------------------------------------------------

    def _select_at_cursor(self) -> None:
        unit = self.hovered_unit
        side = self.state.to_act
        if unit is None:
            self.hint = f"Choose {side_name(side)} unit that has not acted yet (Tab jumps to one)."
        elif unit.side is not side:
            self.hint = f"{unit.name} is {side_name(unit.side)} unit; it is the {side.value}'s turn to activate."
        elif self.state.reactivate and unit.id != self.state.reactivate:
            self.hint = f"{self.state.unit(self.state.reactivate).name} was danced for and acts first."
        elif unit.activated:
            self.hint = f"{unit.name} has already acted this round."
        else:
            self.selected = unit.id
            self.mode = Mode.MOVING

    def _move_to_cursor(self) -> list[Event]:
        unit = self.selected_unit
        assert unit is not None
        reach = self.reach
        if reach is None or self.cursor not in reach:
            offered = set(reach.costs) if reach is not None else set()
            self.hint = move_refusal(self.view, unit, self.cursor, move_budget(unit), offered)
            return []
        earlier = self._before_move  # set when free actions came before the move (taken back with it)
        before = self.state
        if earlier is None and self.state.active is None:
            self._before_move = self.state  # first: the move is not committed until the unit acts
        events = self.perform(Move(unit=unit.id, to=self.cursor))
        if self._before_move is not None and saw_more(before, self.state, unit.side):
            # What the move showed cannot be unseen: taking it back would let a player look and retreat for
            # free (rulings F35). It stands, with any free action before it.
            self._before_move = None
            self.move_stands = True
            self._commit()
        return events

    def _deselect(self) -> None:
        self.selected = None
        self.mode = Mode.BROWSE

    def _cycle_target(self, step: int) -> None:
        positions = sorted(self._candidates(), key=lambda p: (p[1], p[0]))
        if not positions:
            return
        index = positions.index(self.cursor) if self.cursor in positions else -1
        self.cursor = positions[(index + step) % len(positions)]
