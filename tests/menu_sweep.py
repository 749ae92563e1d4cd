"""Walking one unit's action menu on the real battle screen: each entry highlighted, each aimed one chosen and its
preview read at every step (unit, then tile), then taken back, so the battle is as it was for the next unit.

The screen's own key handlers are called (the ones its bindings run), not the keys themselves: a Textual key press
waits for a frame, and the sweep opens thousands of menus. Paint happens at the pauses the caller takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pilot_helpers import side_pane_shown

from officers_chess.rules.battle.actions import Attack, Special
from officers_chess.rules.pieces.models import Unit
from officers_chess.session.modes import Mode
from officers_chess.tui.widgets.action_preview import STEPS
from officers_chess.tui.widgets.forecast_pane import ForecastPane


@dataclass
class Seen:
    """What a sweep went through: menus opened, entries shown, previews read, special actions met by name."""

    menus: int = 0
    entries: int = 0
    previews: int = 0
    specials: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # the kinds of menu entry met ("attack", "art", "special" ...)
    where: list[str] = field(default_factory=list)  # the units swept, for a failure's message


def _pane(app) -> ForecastPane:
    return app.screen.query_one(ForecastPane)


def _check_preview(app, screen, label: str, seen: Seen, context: str) -> None:
    """The side pane shows what the aimed action will do, under the entry's name (an attack: its forecast)."""
    c = screen.controller
    pane = _pane(app)
    aimed = c.aimed_actions()
    assert aimed, f"{context}: {label}: the cursor is on nothing the entry can aim at ({c.mode.value})"
    action = aimed[0]
    if isinstance(action, Attack):
        assert pane.showing_forecast and str(pane.border_title).startswith("Forecast"), f"{context}: {label}"
    else:
        assert str(pane.border_title) == label, f"{context}: the pane is titled {pane.border_title!r}, not {label!r}"
        text = side_pane_shown(app)
        assert text and not any(text.startswith(step) for step in STEPS.values()), (
            f"{context}: {label}: the preview says nothing of {action!r}: {text!r}")
        if isinstance(action, Special):
            seen.specials.add(action.name)
    seen.previews += 1


def _aim_everywhere(app, screen, label: str, seen: Seen, context: str, full: bool) -> None:
    """In targeting or placing: the preview at the first spot (every spot when `full`), and for an action aimed at a
    unit then a tile (Rescue, Warp, Entrap), its landing tiles too; back to where the choice began."""
    c = screen.controller
    mode = c.mode
    overlays = c.overlays()  # the tinted tiles: whom or where the entry can be aimed at
    spots = sorted(overlays.targets if mode is Mode.TARGETING else overlays.moves)
    for spot in spots if full else spots[:1]:
        c.point_at(spot)
        screen.refresh_view()
        _check_preview(app, screen, label, seen, f"{context} at {spot}")
        aimed = c.aimed_actions()
        if mode is Mode.TARGETING and len(aimed) > 1:  # several landing tiles for the unit (Rescue, Warp, Entrap)
            screen.action_strike()  # Enter on the unit: now its landing tile
            assert c.mode is Mode.PLACING, f"{context}: {label}: Enter on {spot} led to {c.mode.value}"
            _aim_everywhere(app, screen, label, seen, f"{context} landing", full)
            screen.action_back()
            assert c.mode is Mode.TARGETING, f"{context}: {label}: Esc from the landing tile led to {c.mode.value}"


def sweep_menu(app, screen, unit: Unit, seen: Seen, context: str, full: bool = False) -> None:
    """Select `unit` (it must be free to act), keep it where it stands, and walk its action menu; then take it all
    back. Every entry must show in the pane as the highlighted line; every aimed entry must show its preview."""
    c = screen.controller
    assert c.mode is Mode.BROWSE, f"{context}: the sweep starts from browsing, not {c.mode.value}"
    before = c.state
    c.cursor = unit.pos
    screen.action_select()
    assert c.mode is Mode.MOVING, f"{context}: {unit.name} could not be selected: {c.hint}"
    screen.action_move_here()  # stays where it stands
    assert c.mode is Mode.ACTING, f"{context}: {unit.name} has no action menu after staying: {c.mode.value} {c.hint}"
    seen.menus += 1
    moved = c.state
    items = c.menu()
    assert items, f"{context}: {unit.name}'s action menu is empty"
    for index, item in enumerate(items):
        if c.state is not moved or c.mode is not Mode.ACTING:  # an entry equipped a weapon: back to the move
            screen.action_back()
            screen.action_move_here()
            assert c.mode is Mode.ACTING and c.menu() == items, f"{context}: the menu changed after taking back"
            moved = c.state
        while c.menu_index != index:
            screen.action_menu_step(1)
        shown = side_pane_shown(app)
        assert f"▶ {item.label}" in shown, f"{context}: entry {item.label!r} is not shown in the pane: {shown!r}"
        seen.entries += 1
        seen.kinds.add(item.key.split(":")[0])
        seen.specials.update(a.name for a in item.actions if isinstance(a, Special) and not item.needs_target)
        if not (item.needs_target or item.key.startswith("arm:")):
            continue  # chosen at once (Wait, Equip, Torch ...): highlighted is all it shows before it happens
        screen.action_choose()
        assert c.mode in (Mode.TARGETING, Mode.PLACING), f"{context}: choosing {item.label!r} led to {c.mode.value}"
        _aim_everywhere(app, screen, item.label, seen, f"{context}: {item.label}", full)
        screen.action_back()
        assert c.mode is Mode.ACTING, f"{context}: Esc from {item.label!r} led to {c.mode.value}"
    screen.action_back()  # the move is taken back
    screen.action_back()  # and the unit let go
    assert c.mode is Mode.BROWSE and c.state == before, f"{context}: taking back did not restore the battle"
    seen.where.append(context)
