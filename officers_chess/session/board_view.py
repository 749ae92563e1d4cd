"""What the battle screen draws, read from the turn controller (mixed into BattleController)."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.actions import FREE_ACTIONS, Trade
from officers_chess.rules.battle.game import (
    Action, Attack, CantoMove, Special, Wait, destinations, legal_actions,
)
from officers_chess.rules.battle.seat_view import Known, SeatView, view
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.combat.exchange import Forecast
from officers_chess.rules.pieces.inventory import can_equip
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.pieces.movement import Reach
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.session.action_menu import MenuItem, menu_items, target_of
from officers_chess.session.modes import MENU_MODES, Mode


@dataclass(frozen=True)
class Overlays:
    """What the map tints: where a unit can move, what it could strike, whom it can strike now."""

    moves: frozenset[Pos] = frozenset()
    strikes: frozenset[Pos] = frozenset()
    targets: frozenset[Pos] = frozenset()


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


class BoardView:
    """What the battle screen draws, worked out from the controller's state, cursor and mode: the viewer's view,
    reach and overlays, the menu, the targets and the forecast."""

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
    def seat_view(self) -> SeatView:
        """What the viewer may know of the battle (everything when nobody's seat is shown)."""
        if self._view_cache is None or self._view_cache[0] != self._version:
            self._view_cache = (self._version, view(self.state, self.viewer))
        return self._view_cache[1]

    @property
    def view(self) -> Known:
        """The battle as the viewer knows it: what every drawing is made from."""
        return self.seat_view.known

    def visible(self) -> frozenset[Pos] | None:
        """Tiles the viewer sees under fog (None without fog, or with nobody to hide from: everything)."""
        return self.seat_view.sight

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
        """The entries of the menu on screen: the action menu, or the free actions before the move or after the
        action."""
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
            return menu_items(self.view, unit, free) + [MenuItem("move", "Choose where to move")]
        if self.mode is Mode.AFTER:
            after = [a for a in legal if isinstance(a, (*FREE_ACTIONS, Wait))]
            items = [MenuItem("end" if i.key == "wait" else i.key, "End the turn" if i.key == "wait" else i.label, i.actions)
                     for i in menu_items(self.view, unit, after)]
            if any(isinstance(a, CantoMove) for a in legal):
                items.insert(0, MenuItem("canto", "Move on (Canto)"))
            return items
        seen = {u.id for u in self.view.units} if self.visible() is not None else None
        return menu_items(self.view, unit, legal, seen)

    def trade_action(self, partner: str, give: tuple[int, ...], take: tuple[int, ...]) -> Trade | None:
        """The trade the dialog chose with `partner`, as the rules take it now (before the move it names the
        unit, which activates to take it); None when it is not legal."""
        unit = self.selected_unit
        if unit is None:
            return None
        who = unit.id if self.state.active is None else None
        action = Trade(partner=partner, give=give, take=take, unit=who)
        return action if action in self.legal() else None

    @property
    def aiming_tiles(self) -> bool:
        """Whether the player is choosing the tile a Rewarp, Vein or Pick is used on (not a unit's landing tile)."""
        return self.mode is Mode.PLACING and self.chosen is not None and self.chosen.aims_at_tiles

    def aimed_actions(self) -> list[Action]:
        """The actions the cursor's tile stands for while targeting, or while choosing a tile (a landing tile, or
        the tile a Rewarp or Vein is used on): what Enter would do there."""
        if self.mode is Mode.PLACING:
            return [a for a in self.aimed if isinstance(a, Special) and a.at == self.cursor]
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
