"""The turn controller: what the cursor, selection and menus mean in each step of a combat turn.

It holds no Textual objects, so the whole flow of a turn can be tested without a terminal;
the battle screen turns key presses into calls here and draws what it reports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from officers_chess.rules.battle.actions import FREE_ACTIONS, TURN_ENDERS, Trade
from officers_chess.rules.battle.events import Event, tile_name
from officers_chess.rules.battle.game import (
    Action, Attack, CantoMove, GameState, IllegalAction, Move, Outcome, Special, Wait, apply_action, destinations,
    is_legal, legal_actions, staying,
)
from officers_chess.rules.battle.physical import apply_with_rolls
from officers_chess.rules.battle.vision import player_view, visible_tiles
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.exchange import Forecast, weapon_range
from officers_chess.rules.pieces.inventory import can_equip
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.movement import Reach
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.tui.action_menu import MenuItem, first_choice, menu_items, target_of


class Mode(str, Enum):
    """The steps of a combat turn as the player walks through them."""

    BROWSE = "browse"  # looking around; choose a unit to activate
    MOVING = "moving"  # a unit is selected; choose where it moves
    PREPARE = "prepare"  # before it moves: free actions (equip, trade, discard) from a menu
    ACTING = "acting"  # the unit has moved; choose its action
    TARGETING = "targeting"  # choose the unit or tile the chosen action is aimed at (forecast on screen)
    PLACING = "placing"  # choose where a rescued or warped ally lands
    CANTO = "canto"  # after a non-attack action, a Canto unit may spend its movement left
    AFTER = "after"  # the action is done and the turn stays open: free actions, then end the turn
    COMPUTER = "computer"  # the computer plays the side to act; the player watches
    OVER = "over"


MENU_MODES = (Mode.PREPARE, Mode.ACTING, Mode.AFTER)  # the steps chosen from a menu in the side pane


@dataclass(frozen=True)
class Overlays:
    """What the map tints: where a unit can move, what it could strike, whom it can strike now."""

    moves: frozenset[Pos] = frozenset()
    strikes: frozenset[Pos] = frozenset()
    targets: frozenset[Pos] = frozenset()


@dataclass(frozen=True)
class Glimpse:
    """One moment of the computer's action shown before it happens: where the cursor stands, what is tinted, a caption."""

    caption: str
    cursor: Pos | None = None  # None leaves the cursor where it is (the spot is out of the viewer's sight)
    selected: str | None = None
    overlays: Overlays = Overlays()
    beats: float = 1.0  # how long it stays on screen, in beats of the chosen pace


def side_name(side: Side) -> str:
    return f"an {side.value}" if side is Side.ATTACKER else f"a {side.value}"


def weapon_ranges(unit: Unit) -> list[tuple[int, int]]:
    """The ranges of every weapon the unit could fight with this turn (Equip is free; staves never fight)."""
    return [
        weapon_range(unit, item)
        for item in unit.inventory
        if isinstance(item, Weapon)
        and can_equip(unit, item)
        and item.type is not WeaponType.STAFF
        and (item.type is not WeaponType.STONE or unit.has("Shifter"))
    ]


class BattleController:
    """Turns cursor moves, confirms and cancels into legal actions on the game state."""

    def __init__(self, state: GameState, humans: frozenset[Side] = frozenset(Side)) -> None:
        self._version = 0
        self.state = state
        self.humans = frozenset(humans)  # the sides played at the keyboard; the computer plays the others
        self.mode = Mode.OVER if state.is_over else Mode.COMPUTER if self.computer_to_act else Mode.BROWSE
        self.cursor: Pos = (0, 0)
        self.selected: str | None = None
        self.menu_index = 0
        self.hint = ""
        self._before_move: GameState | None = None
        # Told of each action once it can no longer be taken back (the autosave): a move and the free
        # actions after it wait in _pending until the unit acts, and vanish if the move is taken back.
        self.committed: Callable[[Action, GameState, list[int] | None], None] | None = None
        self._pending: list[tuple[Action, GameState, list[int] | None]] = []
        self.chosen: MenuItem | None = None  # the menu entry being aimed (targeting and placing)
        self.aimed: list[Action] = []  # while placing: the actions with the chosen target
        self.trade_partner: str | None = None  # set when the player chose to trade; the screen opens the dialog
        self.showing: Action | None = None  # the computer's action on screen before it is applied
        self.glimpse: Glimpse | None = None
        self.rolls: list[int] = []  # physical dice: the d20s typed in so far for the action being applied
        # Set by the key that confirms an action: keep the turn open after it, for free actions (rulings T6).
        self.stay_after = False
        self._reach_cache: tuple[tuple, Reach] | None = None
        self._overlay_cache: tuple[tuple, Overlays] | None = None
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._menu_cache: tuple[int, list[MenuItem]] | None = None
        self._view_cache: tuple[int, GameState] | None = None
        self._seen_cache: tuple[int, set[Pos]] | None = None
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

    # --- what the screen draws ---------------------------------------------------

    @property
    def selected_unit(self) -> Unit | None:
        return self.state.unit(self.selected) if self.selected else None

    @property
    def computer_to_act(self) -> bool:
        return not self.state.is_over and self.state.to_act not in self.humans

    @property
    def viewer(self) -> Side | None:
        """The side whose eyes the screen shows: the one to act when two people share the keyboard,
        the person's side against the computer, and nobody's (everything) when the computer plays both."""
        if len(self.humans) == 1:
            return next(iter(self.humans))
        return self.state.to_act if self.humans else None

    @property
    def view(self) -> GameState:
        """The battle as the viewer may see it (the whole state unless there is fog of war)."""
        if self.viewer is None:
            return self.state
        if self._view_cache is None or self._view_cache[0] != self._version:
            self._view_cache = (self._version, player_view(self.state, self.viewer))
        return self._view_cache[1]

    def visible(self) -> set[Pos] | None:
        """Tiles the viewer sees under fog (None without fog, or with nobody to hide from: everything)."""
        if not self.state.fog or self.viewer is None:
            return None
        if self._seen_cache is None or self._seen_cache[0] != self._version:
            self._seen_cache = (self._version, visible_tiles(self.state, self.viewer))
        return self._seen_cache[1]

    @property
    def hovered_unit(self) -> Unit | None:
        return self.view.unit_at(self.cursor)

    @property
    def focus_unit(self) -> Unit | None:
        """The unit whose ranges the map shows: the selected one, or while browsing, the one under the cursor."""
        if self.mode is Mode.MOVING:
            return self.selected_unit
        if self.mode is Mode.BROWSE:
            return self.hovered_unit
        return None

    @property
    def reach(self) -> Reach | None:
        unit = self.focus_unit
        if unit is None:
            return None
        key = (self._version, unit.id)
        if self._reach_cache is None or self._reach_cache[0] != key:
            # Drawn from what the viewer sees: under fog, unseen enemies do not show by blocking.
            reach = self.view.reach(unit)
            if unit.has_status(StatusName.BERSERK):  # only the tiles the rules leave it (rulings S2)
                allowed = destinations(self.view, unit)
                reach = Reach({p: c for p, c in reach.costs.items() if p in allowed}, reach.parents)
            self._reach_cache = (key, reach)
        return self._reach_cache[1]

    def overlays(self) -> Overlays:
        """The map's tints for the current step, computed once per change (the grid asks per row)."""
        unit = self.focus_unit or (self.selected_unit if self.mode in (Mode.ACTING, Mode.TARGETING) else None)
        key = (self._version, self.mode, unit.id if unit else None, self.chosen, len(self.aimed), self.glimpse)
        if self._overlay_cache is None or self._overlay_cache[0] != key:
            self._overlay_cache = (key, self._compute_overlays())
        return self._overlay_cache[1]

    def _compute_overlays(self) -> Overlays:
        if self.mode is Mode.COMPUTER:
            return self.glimpse.overlays if self.glimpse else Overlays()
        if self.mode is Mode.ACTING:
            return Overlays(targets=frozenset(t.pos for t in self.targets()))
        if self.mode is Mode.TARGETING:
            return Overlays(targets=frozenset(self._candidates()))
        if self.mode is Mode.PLACING:
            return Overlays(moves=frozenset(a.at for a in self.aimed if isinstance(a, Special) and a.at))
        if self.mode in (Mode.CANTO, Mode.AFTER):
            return Overlays(moves=frozenset(a.to for a in self.legal() if isinstance(a, CantoMove)))
        if self.mode is Mode.PREPARE:
            return Overlays()
        unit, reach = self.focus_unit, self.reach
        if unit is None or reach is None:
            return Overlays()
        origins = set(reach.costs)
        strikes: set[Pos] = set()
        for low, high in weapon_ranges(unit):
            for ox, oy in origins:
                for dx in range(-high, high + 1):
                    for dy in range(-high, high + 1):
                        tile = (ox + dx, oy + dy)
                        if low <= abs(dx) + abs(dy) <= high and self.state.map.contains(tile):
                            strikes.add(tile)
        return Overlays(moves=frozenset(origins), strikes=frozenset(strikes - origins))

    def move_tiles(self) -> set[Pos]:
        return set(self.overlays().moves)

    def attack_tiles(self) -> set[Pos]:
        """Tiles the focused unit could strike this turn, from any tile it can reach, with any weapon it carries."""
        return set(self.overlays().strikes)

    def legal(self) -> list[Action]:
        """The legal actions of the state, computed once per state, less any aimed at unseen units."""
        if self._legal_cache is None or self._legal_cache[0] != self._version:
            seen = {u.id for u in self.view.units}
            # Without the `stay` twins: the s key asks for those (`stay_after`), the menus never list them.
            actions = [a for a in legal_actions(self.state) if not getattr(a, "stay", False)
                       and (not isinstance(target_of(a), str) or target_of(a) in seen)]
            self._legal_cache = (self._version, actions)
        return self._legal_cache[1]

    def targets(self) -> list[Unit]:
        """Units the active unit may attack now."""
        unit = self.selected_unit
        if unit is None or self.mode not in (Mode.ACTING, Mode.TARGETING):
            return []
        ids = {a.target for a in self.legal() if isinstance(a, Attack)}
        return [u for u in self.view.living() if u.id in ids]

    def _candidates(self) -> dict[Pos, list[Action]]:
        """While targeting: each tile the chosen entry can be aimed at, with its actions."""
        found: dict[Pos, list[Action]] = {}
        for action in self.chosen.actions if self.chosen else ():
            aim = target_of(action)
            pos = self.state.unit(aim).pos if isinstance(aim, str) else aim
            if pos is not None:
                found.setdefault(pos, []).append(action)
        return found

    def reachable_enemies(self) -> list[Unit]:
        """Enemies the focused unit could attack after some move this turn."""
        unit = self.focus_unit
        if unit is None:
            return []
        zone = self.overlays().strikes | self.overlays().moves
        return [e for e in self.view.living(unit.side.other) if e.pos in zone]  # under fog, only those in sight

    def menu(self) -> list[MenuItem]:
        """The entries of the menu on screen: the action menu, or the free actions before the move or after the action."""
        if self.mode not in MENU_MODES or self.selected_unit is None:
            return []
        # Once per state: building it tries each spare weapon ("Attack with …"), and the screen asks often.
        key = (self._version, self.mode)
        if self._menu_cache is None or self._menu_cache[0] != key:
            self._menu_cache = (key, self._build_menu())
        return self._menu_cache[1]

    def _build_menu(self) -> list[MenuItem]:
        unit = self.selected_unit
        assert unit is not None
        legal = self.legal()
        if self.mode is Mode.PREPARE:
            # Before the move: with nobody mid-turn the free actions name the unit (it activates to take them).
            free = [a for a in legal if isinstance(a, FREE_ACTIONS) and a.unit in (None, unit.id)]
            return menu_items(self.state, unit, free) + [MenuItem("move", "Choose where to move")]
        if self.mode is Mode.AFTER:
            after = [a for a in legal if isinstance(a, (*FREE_ACTIONS, Wait))]
            items = [MenuItem("end" if i.key == "wait" else i.key, "End the turn" if i.key == "wait" else i.label, i.actions)
                     for i in menu_items(self.state, unit, after)]
            if any(isinstance(a, CantoMove) for a in legal):
                items.insert(0, MenuItem("canto", "Move on (Canto)"))
            return items
        seen = {u.id for u in self.view.units} if self.visible() is not None else None
        return menu_items(self.state, unit, legal, seen)

    def trade_action(self, partner: str, give: tuple[int, ...], take: tuple[int, ...]) -> Trade | None:
        """The trade the dialog chose with `partner`, as the rules take it now (before the move it names the
        unit, which activates to take it); None when it is not legal."""
        unit = self.selected_unit
        if unit is None:
            return None
        who = unit.id if self.state.active is None else None
        action = Trade(partner=partner, give=give, take=take, unit=who)
        return action if action in self.legal() else None

    def aimed_actions(self) -> list[Action]:
        """The actions the cursor's tile stands for while targeting."""
        return self._candidates().get(self.cursor, []) if self.mode is Mode.TARGETING else []

    def forecast(self) -> Forecast | None:
        """The forecast on screen: the active unit attacking the unit under the cursor (with its art, if any),
        or the attack the computer is about to make."""
        if self.mode is Mode.COMPUTER:
            attack = self.showing if isinstance(self.showing, Attack) and self.glimpse and self.glimpse.selected else None
        else:
            attack = next((a for a in self.aimed_actions() if isinstance(a, Attack)), None)
        unit = self.selected_unit
        if attack is None or unit is None:
            return None
        view = self.view
        target = next((u for u in view.units if u.id == attack.target), None)
        if target is None:
            return None
        # From the viewer's view: under fog a hidden Qi Adept or Backup ally is not in it (docs/rulings.md, Fog of war).
        return view.forecast(unit, target, art=attack.art)

    def path_cost(self) -> int | None:
        reach = self.reach
        return reach.costs.get(self.cursor) if reach else None

    # --- what the player does ------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        self.hint = ""
        if self.mode is Mode.COMPUTER:  # the player watches; the computer's glimpses place the cursor
            return
        if self.mode in MENU_MODES:
            items = self.menu()
            if items:
                self.menu_index = (self.menu_index + (dy or dx)) % len(items)
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
                self.hint = "Pick one of the blue tiles."
                return []
            return self.perform(action)
        elif self.mode is Mode.CANTO:
            move = next((a for a in self.legal() if isinstance(a, CantoMove) and a.to == self.cursor), None)
            if move is None:
                self.hint = "Pick one of the blue tiles, or press w to end the turn here."
                return []
            return self.perform(move)
        return []

    def choose(self, key: str) -> list[Event]:
        """Pick a menu entry by its key (the menu's shortcut letters call this too)."""
        item = next((i for i in self.menu() if i.key == key), None)
        if item is None and key == "attack":  # a: with the weapon in hand, else with the first spare that reaches
            item = next((i for i in self.menu() if i.key.startswith("arm:")), None)
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
        if not item.needs_target:
            return self.perform(item.actions[0])
        self.chosen, self.mode = item, Mode.TARGETING
        # Others first: a Barrier or Heal aimed at oneself is the rarer wish.
        own = self.selected_unit.pos if self.selected_unit else None
        self.cursor = sorted(self._candidates(), key=lambda p: (p == own, p[1], p[0]))[0]
        return []

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
        self._deselect()
        self.showing, self.glimpse = None, None
        if self.state.is_over:
            self.mode = Mode.OVER
        elif self.computer_to_act:
            self.mode = Mode.COMPUTER
        else:
            self.jump_to_next_unit()

    # --- what the computer does ------------------------------------------------------

    def glimpses(self, action: Action) -> list[Glimpse]:
        """What the viewer is shown of the computer's next action before it is applied: the unit, then
        where it goes or whom it strikes. Nothing the viewer's side cannot see (under fog) is shown."""
        state, seen = self.state, self.visible()

        def shown(pos: Pos | None) -> bool:
            return pos is not None and (seen is None or pos in seen)

        actor = state.unit(action.unit) if isinstance(action, Move) else state.active_unit
        if actor is None:
            return []
        if isinstance(action, Move):
            reach = state.reach(actor)
            found = []
            if shown(actor.pos):
                tiles = frozenset(p for p in reach.costs if shown(p))
                found.append(Glimpse(f"{actor.name} is activated.", actor.pos, actor.id, Overlays(moves=tiles)))
            path = frozenset(p for p in reach.path_to(action.to) if shown(p))
            if action.to != actor.pos and shown(action.to):
                found.append(Glimpse(f"{actor.name} moves to {tile_name(action.to)}.", action.to, actor.id,
                                     Overlays(moves=path)))
            return found
        if not shown(actor.pos):
            return []
        aim = target_of(action)
        if isinstance(action, CantoMove):
            aim = action.to
        if aim is None:
            return []
        pos = state.unit(aim).pos if isinstance(aim, str) else aim
        if not shown(pos):
            return []
        if isinstance(action, Attack):
            target = state.unit(action.target)
            return [Glimpse(f"{actor.name} attacks {target.name}.", pos, actor.id, Overlays(targets=frozenset({pos})), beats=2.0)]
        label = "moves on to" if isinstance(action, CantoMove) else "acts on"
        return [Glimpse(f"{actor.name} {label} {tile_name(pos)}.", pos, actor.id, Overlays(targets=frozenset({pos})))]

    def show(self, action: Action, glimpse: Glimpse) -> None:
        """Put one glimpse of the computer's coming action on screen."""
        self.showing, self.glimpse = action, glimpse
        self.selected = glimpse.selected
        if glimpse.cursor is not None:
            self.cursor = glimpse.cursor

    def play_computer(self, action: Action) -> list[Event]:
        """Apply the computer's action; then it goes on with the same unit, or the next activation begins."""
        assert self.mode is Mode.COMPUTER
        outcome = self._apply(action)
        self.state = outcome.state
        self.showing, self.glimpse = None, None
        active = self.state.active_unit
        if self.state.is_over or active is None:
            self._between_activations()
        else:  # the unit stays marked while it is still acting, where the viewer can see it
            self.selected = active.id if any(u.id == active.id for u in self.view.units) else None
        self._commit()
        return outcome.events

    def wait(self) -> list[Event]:
        """End the active unit's turn (the w key, from the menu or after Canto)."""
        if self.mode not in (Mode.ACTING, Mode.CANTO, Mode.AFTER) or Wait() not in self.legal():
            return []
        return self.perform(Wait())

    @property
    def undoable(self) -> bool:
        """Whether the selected unit's move can still be taken back (so what it did is not yet for the record)."""
        return self._before_move is not None

    def take_back_line(self) -> str | None:
        """What the selected unit's Esc can still take back, for the line under the log; None while browsing.

        Only the move: once an action has rolled a die (or changed anything), nothing goes back.
        """
        unit = self.selected_unit
        if unit is None or self.mode in (Mode.BROWSE, Mode.COMPUTER):
            return None
        if self.mode in (Mode.MOVING, Mode.PREPARE):
            if self.state.active is None:
                return None
            if self._before_move is not None:
                return "↶ Esc (map) undoes the free actions"
            return f"✓ {unit.name} has begun its turn: it must move"
        # Short: it must fit one line of the map's column at 80 columns (the unit is named in the side pane).
        if self._before_move is not None:
            start = self._before_move.unit(unit.id).pos
            if self._took_free_actions():  # they go back with the move
                return "↶ Esc undoes move and free actions"
            if start == unit.pos:
                return f"↶ Esc undoes staying at {tile_name(start)}"
            return f"↶ Esc undoes the move {tile_name(start)}→{tile_name(unit.pos)}"
        return f"✓ {unit.name} acted: no undo now"

    def _took_free_actions(self) -> bool:
        """Whether free actions wait with the move to be taken back (before it, or between it and the action)."""
        return any(isinstance(action, FREE_ACTIONS) for action, _, _ in self._pending)

    def cancel(self) -> str | None:
        """Escape: step back. A move can be taken back until the unit acts; returns a line for the log."""
        self.hint = ""
        if self.mode is Mode.PREPARE:
            self.mode = Mode.MOVING
        elif self.mode is Mode.MOVING and self.state.active is not None:
            unit = self.selected_unit
            assert unit is not None
            if self._before_move is None:  # resumed after its free actions: they are for the record now
                self.hint = f"{unit.name} took a free action before moving: choose where it moves."
                return None
            self.state, self._before_move = self._before_move, None
            self._pending.clear()  # the free actions never happened
            return f"{unit.name}'s free actions are taken back."
        elif self.mode is Mode.MOVING:
            self._deselect()
        elif self.mode is Mode.ACTING and self._before_move is not None:
            unit = self.selected_unit
            assert unit is not None
            undone = "move and free actions are" if self._took_free_actions() else "move is"
            self.state = self._before_move
            self._before_move = None
            self._pending.clear()  # the move and any free action with it never happened
            self.mode = Mode.MOVING
            self.cursor = self.state.unit(unit.id).pos
            return f"{unit.name}'s {undone} taken back."
        elif self.mode is Mode.TARGETING:
            self.mode, self.chosen, self.stay_after = Mode.ACTING, None, False
            unit = self.selected_unit
            if unit:
                self.cursor = unit.pos
        elif self.mode is Mode.PLACING:
            target = next((target_of(a) for a in self.aimed), None)
            self.mode, self.aimed = Mode.TARGETING, []
            if isinstance(target, str):
                self.cursor = self.state.unit(target).pos
        elif self.mode is Mode.CANTO:
            self.hint = "The action is done and cannot be taken back; move on, or press w to stay."
        elif self.mode is Mode.AFTER:
            if any(isinstance(a, CantoMove) for a in self.legal()):
                self.mode = Mode.CANTO
            else:
                self.hint = "The action is done and cannot be taken back; take a free action, or w to end the turn."
        return None

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
            self.hint = f"{unit.name} cannot stop there; pick a blue tile."
            return []
        earlier = self._before_move  # set when free actions came before the move (taken back with it)
        if earlier is None and self.state.active is None:
            self._before_move = self.state  # first: the move is not committed until the unit acts
        try:
            events = self.perform(Move(unit=unit.id, to=self.cursor))
        except IllegalAction:  # only an enemy the fog hides can make a shown tile unreachable
            self._before_move = earlier
            self.hint = f"Something unseen blocks {unit.name}'s way there."
            return []
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
