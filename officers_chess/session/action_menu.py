"""The action menu: the active unit's legal actions, grouped into the entries a player chooses from."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.actions import Action, Attack, CantoMove, Discard, Equip, Special, Strike, Trade, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Consumable, Unit
from officers_chess.rules.pieces.tags import tag_args

SPECIAL_VERBS = {
    "heal": "Heal",
    "restore": "Restore",
    "rescue": "Rescue",
    "warp": "Warp",
    "torch": "Light a torch",
    "dance": "Dance",
    "escape": "Escape",
    "pick": "Pick a lock",
    "raze": "Raze",
    "seize": "Seize",
}


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


def target_of(action: Action) -> str | Pos | None:
    """What an action is aimed at: a unit id, a tile, or nothing."""
    if isinstance(action, Attack):
        return action.target
    if isinstance(action, Strike):
        return action.at
    if isinstance(action, Special):
        return action.target or (action.at if action.name == "pick" else None)
    return None


def _special_label(unit: Unit, action: Special) -> str:
    source = unit.inventory[action.source] if action.source is not None else None
    if isinstance(source, Consumable) and action.name in ("heal", "restore", "status"):
        return f"Use {source.name}"  # drunk or worn by the unit itself
    if action.name == "status":
        assert source is not None
        return f"{tag_args(unit.item_tags(source), 'Status')[0]} — {source.name}"
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
            add(f"special:{action.name}:{action.source}", _special_label(unit, action), action)
        elif isinstance(action, Equip):
            add(f"equip:{action.item}", f"Equip {unit.inventory[action.item].name}", action)
        elif isinstance(action, Discard):
            add(f"discard:{action.item}", f"Discard {unit.inventory[action.item].name}", action)
        elif isinstance(action, Trade):
            add(f"trade:{action.partner}", f"Trade with {state.unit(action.partner).name}", action)
        elif isinstance(action, Wait):
            add("wait", "Wait", action)
        elif isinstance(action, CantoMove):
            continue  # Canto movement is chosen on the map, not from the menu
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
