"""The computer's actions, shown a glimpse at a time before they are applied (mixed into BattleController)."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.events import Event, tile_name
from officers_chess.rules.battle.game import Action, Attack, CantoMove, Move
from officers_chess.rules.board.battle_map import Pos
from officers_chess.session.action_menu import target_of
from officers_chess.session.board_view import Overlays
from officers_chess.session.modes import Mode


@dataclass(frozen=True)
class Glimpse:
    """One moment of the computer's action shown before it happens: where the cursor stands, what is tinted, a
    caption."""

    caption: str
    cursor: Pos | None = None  # None leaves the cursor where it is (the spot is out of the viewer's sight)
    selected: str | None = None
    overlays: Overlays = Overlays()
    beats: float = 1.0  # how long it stays on screen, in beats of the chosen pace


class ComputerMoves:
    """The computer's turn as the screen plays it: each action cut into glimpses (who is activated, where it goes,
    whom it strikes), shown one beat at a time, then applied."""

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
