"""The turn controller: what the cursor, selection and menus mean in each step of a combat turn.

It holds no Textual objects, so the whole flow of a turn can be tested without a terminal;
the battle screen turns key presses into calls here and draws what it reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from officers_chess.rules.combat import Forecast
from officers_chess.rules.events import Event
from officers_chess.rules.game import Attack, Equip, GameState, Move, Wait, apply_action, equippable
from officers_chess.rules.models import Pos, Side, Unit, Weapon
from officers_chess.rules.movement import Reach


class Mode(str, Enum):
    """The steps of a combat turn as the player walks through them."""

    BROWSE = "browse"  # looking around; choose a unit to activate
    MOVING = "moving"  # a unit is selected; choose where it moves
    ACTING = "acting"  # the unit has moved; choose its action
    TARGETING = "targeting"  # choose whom to attack, with the forecast on screen
    OVER = "over"


@dataclass(frozen=True)
class MenuItem:
    key: str  # "attack", "wait", or "equip:<inventory index>"
    label: str


@dataclass(frozen=True)
class Overlays:
    """What the map tints: where a unit can move, what it could strike, whom it can strike now."""

    moves: frozenset[Pos] = frozenset()
    strikes: frozenset[Pos] = frozenset()
    targets: frozenset[Pos] = frozenset()


def side_name(side: Side) -> str:
    return f"an {side.value}" if side is Side.ATTACKER else f"a {side.value}"


def weapon_ranges(unit: Unit) -> list[tuple[int, int]]:
    """The ranges of every weapon the unit could have equipped this turn (Equip is free)."""
    return [
        item.range
        for item in unit.inventory
        if isinstance(item, Weapon) and item.type in unit.unit_class.wields
    ]


class BattleController:
    """Turns cursor moves, confirms and cancels into legal actions on the game state."""

    def __init__(self, state: GameState) -> None:
        self._version = 0
        self.state = state
        self.mode = Mode.OVER if state.is_over else Mode.BROWSE
        self.cursor: Pos = (0, 0)
        self.selected: str | None = None
        self.menu_index = 0
        self.hint = ""
        self._before_move: GameState | None = None
        self._reach_cache: tuple[tuple, Reach] | None = None
        self._overlay_cache: tuple[tuple, Overlays] | None = None
        self.jump_to_next_unit()

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
    def hovered_unit(self) -> Unit | None:
        return self.state.unit_at(self.cursor)

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
            self._reach_cache = (key, self.state.reach(unit))
        return self._reach_cache[1]

    def overlays(self) -> Overlays:
        """The map's tints for the current step, computed once per change (the grid asks per row)."""
        unit = self.focus_unit or (self.selected_unit if self.mode in (Mode.ACTING, Mode.TARGETING) else None)
        key = (self._version, self.mode, unit.id if unit else None)
        if self._overlay_cache is None or self._overlay_cache[0] != key:
            self._overlay_cache = (key, self._compute_overlays())
        return self._overlay_cache[1]

    def _compute_overlays(self) -> Overlays:
        if self.mode in (Mode.ACTING, Mode.TARGETING):
            return Overlays(targets=frozenset(t.pos for t in self.targets()))
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

    def targets(self) -> list[Unit]:
        unit = self.selected_unit
        if unit is None or self.mode not in (Mode.ACTING, Mode.TARGETING):
            return []
        return self.state.targets_from(unit, unit.pos)

    def reachable_enemies(self) -> list[Unit]:
        """Enemies the focused unit could attack after some move this turn."""
        unit = self.focus_unit
        if unit is None:
            return []
        zone = self.overlays().strikes | self.overlays().moves
        return [e for e in self.state.living(unit.side.other) if e.pos in zone]

    def menu(self) -> list[MenuItem]:
        if self.mode is not Mode.ACTING:
            return []
        unit = self.selected_unit
        assert unit is not None
        items = []
        count = len(self.targets())
        if count:
            items.append(MenuItem("attack", f"Attack ({count} in reach)"))
        for index in equippable(unit):
            items.append(MenuItem(f"equip:{index}", f"Equip {unit.inventory[index].name}"))
        items.append(MenuItem("wait", "Wait"))
        return items

    def forecast(self) -> Forecast | None:
        """The forecast on screen: the active unit against the target under the cursor."""
        if self.mode is not Mode.TARGETING:
            return None
        unit, target = self.selected_unit, self.hovered_unit
        if unit is None or target is None or target.id not in {t.id for t in self.targets()}:
            return None
        return self.state.forecast(unit, target)

    def path_cost(self) -> int | None:
        reach = self.reach
        return reach.costs.get(self.cursor) if reach else None

    # --- what the player does ------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        self.hint = ""
        if self.mode is Mode.ACTING:
            items = self.menu()
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
        if not self.state.map.contains(pos):
            return
        if self.mode is Mode.TARGETING and pos not in {t.pos for t in self.targets()}:
            return
        if self.mode is Mode.ACTING:
            return
        self.cursor = pos

    def confirm(self) -> list[Event]:
        """Enter: select, move, choose from the menu, or strike, depending on the step."""
        self.hint = ""
        if self.mode is Mode.BROWSE:
            self._select_at_cursor()
        elif self.mode is Mode.MOVING:
            return self._move_to_cursor()
        elif self.mode is Mode.ACTING:
            return self.choose(self.menu()[self.menu_index].key)
        elif self.mode is Mode.TARGETING:
            target = self.hovered_unit
            if target is not None and target.id in {t.id for t in self.targets()}:
                return self._finish(Attack(target=target.id))
        return []

    def choose(self, key: str) -> list[Event]:
        """Pick a menu entry by its key (the menu's shortcut letters call this too)."""
        if self.mode is not Mode.ACTING or key not in {item.key for item in self.menu()}:
            return []
        if key == "wait":
            return self._finish(Wait())
        if key.startswith("equip:"):
            outcome = apply_action(self.state, Equip(item=int(key.split(":")[1])))
            self.state = outcome.state
            self.menu_index = 0
            return outcome.events
        self.mode = Mode.TARGETING
        self.cursor = self.targets()[0].pos
        return []

    def cancel(self) -> str | None:
        """Escape: step back. A move can be taken back until the unit acts; returns a line for the log."""
        self.hint = ""
        if self.mode is Mode.MOVING:
            self._deselect()
        elif self.mode is Mode.ACTING and self._before_move is not None:
            unit = self.selected_unit
            assert unit is not None
            self.state = self._before_move
            self._before_move = None
            self.mode = Mode.MOVING
            self.cursor = self.state.unit(unit.id).pos
            return f"{unit.name}'s move is taken back."
        elif self.mode is Mode.TARGETING:
            self.mode = Mode.ACTING
            unit = self.selected_unit
            if unit:
                self.cursor = unit.pos
        return None

    def jump_to_next_unit(self) -> None:
        """Tab: put the cursor on the next unit of the side to act that still has to activate."""
        if self.mode is not Mode.BROWSE:
            return
        waiting = sorted(self.state.waiting(self.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))
        if not waiting:
            return
        after = [u for u in waiting if (u.pos[1], u.pos[0]) > (self.cursor[1], self.cursor[0])]
        self.cursor = (after or waiting)[0].pos

    # --- steps ---------------------------------------------------------------------

    def _select_at_cursor(self) -> None:
        unit = self.hovered_unit
        side = self.state.to_act
        if unit is None:
            self.hint = f"Choose {side_name(side)} unit that has not acted yet (Tab jumps to one)."
        elif unit.side is not side:
            self.hint = f"{unit.name} is {side_name(unit.side)} unit; it is the {side.value}'s turn to activate."
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
        self._before_move = self.state
        outcome = apply_action(self.state, Move(unit=unit.id, to=self.cursor))
        self.state = outcome.state
        self.mode = Mode.ACTING
        self.menu_index = 0
        return outcome.events

    def _finish(self, action: Attack | Wait) -> list[Event]:
        outcome = apply_action(self.state, action)
        self.state = outcome.state
        self._before_move = None
        self._deselect()
        if self.state.is_over:
            self.mode = Mode.OVER
        else:
            self.jump_to_next_unit()
        return outcome.events

    def _deselect(self) -> None:
        self.selected = None
        self.mode = Mode.BROWSE

    def _cycle_target(self, step: int) -> None:
        targets = sorted(self.targets(), key=lambda u: (u.pos[1], u.pos[0]))
        if not targets:
            return
        positions = [t.pos for t in targets]
        index = positions.index(self.cursor) if self.cursor in positions else -1
        self.cursor = positions[(index + step) % len(positions)]
