"""The action menu: the active unit's legal actions, grouped into the entries a player chooses from."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.actions import (
    Action, Attack, CantoMove, Discard, Equip, Move, Special, SpecialName, Strike, Trade, Wait,
)
from officers_chess.rules.battle.flight import flees
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.specials import action_tags
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Consumable, Unit
from officers_chess.rules.pieces.tags import tag_args

# The menu's words for every special action the rules know (tests/test_action_catalogue.py checks that each
# SpecialName has its entry: a missing one would stop the battle screen the moment the unit could use it).
# A status staff is named by its status instead ("Sleep — Sleep Staff"), and a Vein by what it calls up.
SPECIAL_VERBS: dict[SpecialName, str] = {
    "heal": "Heal",
    "restore": "Restore",
    "status": "Cast",
    "rescue": "Rescue",
    "warp": "Warp",
    "torch": "Light a torch",
    "dance": "Dance",
    "escape": "Escape",
    "pick": "Pick a lock",
    "raze": "Raze",
    "seize": "Seize",
    "entrap": "Entrap",
    "freeze": "Freeze",
    "rewarp": "Warp yourself",
    "vein": "Call up",
}
# Actions chosen on the map rather than from the menu: the move, and a Canto unit's move after its action.
MAP_CHOSEN = (Move, CantoMove)


@dataclass(frozen=True)
class MenuItem:
    """One entry: a label, a key for shortcuts and tests, and the legal actions it stands for."""

    key: str
    label: str
    actions: tuple[Action, ...] = ()

    @property
    def needs_target(self) -> bool:
        """True when the player still has to point at a unit or a tile."""
        return any(target_of(a) is not None for a in self.actions)

    @property
    def aims_at_tiles(self) -> bool:
        """True when the entry is aimed at a tile alone, with nobody on the other end (Rewarp, Vein, Pick): the
        player chooses that tile on the map, as a landing tile is chosen (docs/rulings.md I6)."""
        return bool(self.actions) and all(tile_aimed(a) for a in self.actions)


def tile_aimed(action: Action) -> bool:
    """A special action used on a tile rather than on a unit (Rewarp's landing, Vein's tile, Pick's door or chest)."""
    return isinstance(action, Special) and action.target is None and action.at is not None


def target_of(action: Action) -> str | Pos | None:
    """What an action is aimed at: a unit id, a tile, or nothing. A special action with both (Rescue, Warp,
    Entrap) is aimed at its unit first; the tile it then lands on is chosen next."""
    if isinstance(action, Attack):
        return action.target
    if isinstance(action, Strike):
        return action.at
    if isinstance(action, Special):
        return action.target if action.target is not None else action.at
    return None


def _special_label(unit: Unit, action: Special) -> str:
    source = unit.inventory[action.source] if action.source is not None else None
    if isinstance(source, Consumable) and action.name in ("heal", "restore", "status"):
        return f"Use {source.name}"  # drunk or worn by the unit itself
    tags = action_tags(unit, action)
    if action.name == "status" and tag_args(tags, "Status"):
        verb = str(tag_args(tags, "Status")[0])
    elif action.name == "vein" and tag_args(tags, "Vein"):
        verb = f"{SPECIAL_VERBS['vein']} {str(tag_args(tags, 'Vein')[0]).lower()}"
    else:
        verb = SPECIAL_VERBS[action.name]
    return verb if source is None else f"{verb} — {source.name}"


# Menu order: the fight first, then special actions, then the free actions and Wait; Discard last,
# and Strike after Wait, so a reflex Enter never throws a weapon away or breaks a wall.
_ORDER = {"attack": 0, "art": 1, "arm": 1, "special": 2, "equip": 3, "trade": 4, "wait": 5, "strike": 6, "discard": 7}
# What Enter lands on when the menu opens: the first way to act on someone, else Wait (never a free
# action such as Equip, which would leave the unit still to act and the player wondering why).
_FIRST_CHOICE = ("attack", "art", "arm", "special", "wait")


def menu_items(state: GameState, unit: Unit, actions: list[Action], seen: set[str] | None = None) -> list[MenuItem]:
    """Group legal actions into menu entries (one per kind, art, special source, item or partner). `seen`: under
    fog, the ids of the units the player sees (a spare weapon's attack counts only those)."""
    groups: dict[str, tuple[str, list[Action]]] = {}

    def add(key: str, label: str, action: Action) -> None:
        groups.setdefault(key, (label, []))[1].append(action)

    for action in actions:
        if isinstance(action, Attack):
            if action.art is None:
                add("attack", "Attack", action)
            else:
                add(f"art:{action.art}", f"Art: {action.art}", action)
        elif isinstance(action, Strike):
            add("strike", f"Strike the {state.map.terrain_at(action.at).name.lower()}", action)
        elif isinstance(action, Special):
            # Leaving a broken side is a flight, beaten as a rout is (rulings P13): the entry says so before Enter.
            fleeing = action.name == "escape" and flees(state, unit)
            add(f"special:{action.name}:{action.source}", "Flee the field (beaten)" if fleeing
                else _special_label(unit, action), action)
        elif isinstance(action, Equip):
            add(f"equip:{action.item}", f"Equip {unit.inventory[action.item].name}", action)
        elif isinstance(action, Discard):
            add(f"discard:{action.item}", f"Discard {unit.inventory[action.item].name}", action)
        elif isinstance(action, Trade):
            add(f"trade:{action.partner}", f"Trade with {state.unit(action.partner).name}", action)
        elif isinstance(action, Wait):
            add("wait", "Wait", action)
        elif isinstance(action, MAP_CHOSEN):
            continue  # a move, and Canto's, are chosen on the map, not from the menu
        else:  # a kind of action with no words here would vanish from the menu unseen: say so at once
            raise TypeError(f"the action menu has no entry for {type(action).__name__} actions")
    items = []
    for key, (label, grouped) in groups.items():
        targets = {target_of(a) for a in grouped} - {None}
        if key == "attack" or key.startswith("art:"):
            label = f"{label} ({len(targets)} in reach)"
        items.append(MenuItem(key, label, tuple(grouped)))
    turn = state.active
    if turn is not None and turn.moved and not turn.acted:  # only the action menu offers attacks
        items += _other_weapon_attacks(state, unit, actions, has_attack="attack" in groups, seen=seen)
    return sorted(items, key=lambda item: _ORDER[item.key.split(":")[0]])


def _other_weapon_attacks(state: GameState, unit: Unit, actions: list[Action], has_attack: bool,
                          seen: set[str] | None = None) -> list[MenuItem]:
    """"Attack with X" for each weapon in the pack that would reach someone the equipped one does not:
    equipping is free, so the menu offers the attack rather than leaving the player to find Equip first."""
    reached = {a.target for a in actions if isinstance(a, Attack) and a.art is None} if has_attack else set()
    items = []
    for equip in (a for a in actions if isinstance(a, Equip)):
        armed = apply_action(state, equip).state
        targets = {a.target for a in legal_actions(armed)
                   if isinstance(a, Attack) and a.art is None and (seen is None or a.target in seen)}
        if targets - reached:
            name = unit.inventory[equip.item].name
            items.append(MenuItem(f"arm:{equip.item}", f"Attack with {name} ({len(targets)} in reach)", (equip,)))
    return items


def first_choice(items: list[MenuItem]) -> int:
    """The index Enter should land on when the menu opens."""
    for kind in _FIRST_CHOICE:
        for index, item in enumerate(items):
            if item.key.split(":")[0] == kind:
                return index
    return 0


def menu_window(count: int, index: int, room: int) -> tuple[int, int]:
    """Which entries to list when only `room` lines are free (80×24 leaves the menu a few): all of them if they fit,
    else a run around the highlighted one, leaving two lines for the "more above" and "more below" marks."""
    if count <= room:
        return 0, count
    window = max(1, room - 2)
    start = min(max(0, index - window // 2), count - window)
    return start, start + window
