"""What a turn's key would do, said when it can do nothing at this step: a hint instead of silence."""

from __future__ import annotations

from officers_chess.session.modes import Mode

# The turn's letter keys, and the screen action each one runs when it may (battle.py's bindings).
KEY_ACTIONS: dict[str, tuple[str, tuple[object, ...]]] = {
    "a": ("menu", ("attack",)),
    "w": ("wait", ()),
    "i": ("items", ()),
    "s": ("stay", ()),
    "o": ("heat", ()),
    "tab": ("next_unit", ()),
    "t": ("inspect", ()),
}

_MOVE_FIRST = "Choose where {unit} moves first (Enter on a tile it can reach, or on {unit} to stay put)"
_SELECT_FIRST = "Select a unit first: Enter on it (Tab jumps to one that has not acted)"


_STANDS = "{unit}'s move stands (it showed something new)"
_KEPT = "{unit}'s move can no longer be taken back"


def idle_key_hint(key: str, mode: Mode, unit: str | None, undoable: bool = True, shown: bool = False) -> str | None:
    """Why `key` does nothing now, and when it will, for a person at step `mode` with `unit` selected (None:
    none); None when the key needs no word here (the computer's turn, the end, keys that mean something else).
    `undoable`: the unit's move can still be taken back; once it cannot, no hint offers Esc to move again, and the
    hint says why when the move showed something new (`shown`, rulings F35)."""
    name = unit or "the unit"
    stands = (_STANDS if shown else _KEPT).format(unit=name)
    if key == "a":
        return {
            Mode.BROWSE: f"{_SELECT_FIRST}; once it has moved, a attacks.",
            Mode.MOVING: f"{_MOVE_FIRST.format(unit=name)}; then a attacks from there.",
            Mode.ACTING: f"{name} has no attack from here: choose another action, or Esc to move again." if undoable
            else f"{name} has no attack from here, and {stands}: choose another action.",
            Mode.AFTER: f"{name} has acted this turn: w ends it.",
            Mode.CANTO: f"{name} has acted this turn: it may still move (to a tile it can still reach), or w ends the turn.",
        }.get(mode)
    if key == "w":
        return {
            Mode.BROWSE: f"{_SELECT_FIRST}; once it has moved, w ends its turn.",
            Mode.MOVING: f"{_MOVE_FIRST.format(unit=name)}; then w ends its turn there.",
            Mode.PREPARE: "Esc back to the map and choose where the unit moves; then w ends its turn.",
            Mode.TARGETING: "Esc back to the menu first; w ends the turn from there.",
        }.get(mode)
    if key == "i":
        return {
            Mode.BROWSE: f"{_SELECT_FIRST}; then i opens its free actions (equip, trade, discard).",
            Mode.ACTING: f"{name}'s free actions are in the menu now (↑↓ and Enter).",
            Mode.AFTER: f"{name}'s free actions are in the menu now (↑↓ and Enter).",
            Mode.CANTO: "Take the Canto move first, with s on the tile: the turn then stays open for free actions.",
        }.get(mode)
    if key == "s":
        if mode is Mode.BROWSE:
            return (f"{_SELECT_FIRST}; s then acts and keeps its turn open for free actions (on an attack, a staff "
                    "or an item).")
        if mode in (Mode.MOVING, Mode.PREPARE):
            return "s acts and keeps the turn open for free actions: it works on an attack, a staff or an item."
        if mode is Mode.ACTING:
            return "s keeps the turn open after an attack, a staff or an item: choose one of those."
        return None
    if key == "o":
        if mode is Mode.BROWSE:
            return f"{_SELECT_FIRST}; while it moves, o shows each tile's rout chance."
        if mode in (Mode.PREPARE, Mode.ACTING, Mode.TARGETING, Mode.PLACING, Mode.CANTO, Mode.AFTER):
            return "o shows each tile's rout chance while a unit chooses where to move."
        return None
    if key == "t":  # the inspector reads the board before a move is made (rulings L48)
        where = "t inspects the threats while browsing or choosing where to move"
        if not undoable and mode in (Mode.ACTING, Mode.TARGETING, Mode.PLACING):
            return f"{where}; {stands}: finish its turn first."
        return {
            Mode.PREPARE: f"{where}: Esc back to the map first.",
            Mode.ACTING: f"{where}: Esc steps back to the map (the move is taken back).",
            Mode.TARGETING: f"{where}: Esc steps back, twice to the map (the move is taken back).",
            Mode.PLACING: f"{where}: Esc steps back, to the map in the end (the move is taken back).",
            Mode.CANTO: f"{where}; {name} has acted: w ends its turn.",
            Mode.AFTER: f"{where}; {name} has acted: w ends its turn.",
        }.get(mode)
    if key == "tab":
        if mode is Mode.MOVING:
            return f"Tab jumps between units while browsing: Esc first to choose another unit than {name}."
        if not undoable and mode in (Mode.ACTING, Mode.TARGETING, Mode.PLACING):
            return f"Tab jumps between units while browsing; {stands}: finish its turn first."
        if mode in (Mode.PREPARE, Mode.ACTING, Mode.TARGETING, Mode.PLACING):
            return ("Tab jumps between units while browsing: Esc steps back one step at a time (the move is taken "
                    "back), until another unit may be chosen.")
    return None
