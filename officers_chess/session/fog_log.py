"""The battle log as one player may read it under fog of war: each line decided by whom and where it concerns.

`log_lines` words one action for a seat from the units (by id) and tiles its events concern, against what that
seat saw; `SideLogs` keeps one log per person (in a hot-seat battle under fog, each reads only what their side
saw); `resumed_lines` tells each of them again where a saved battle stood; `roll_words` keeps a physical die's
prompt from naming an enemy out of sight. No line is ever judged by the names in it (docs/rulings.md F10)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.events import (Acted, Attacked, Concern, Event, MoraleChanged, Moved, TerrainChanged,
                                               loss_words, merged, tile_name)
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.history.record import BattleRecord
from officers_chess.rules.history.replay import replay
from officers_chess.rules.pieces.models import Side


@dataclass(frozen=True)
class Sight:
    """What one seat saw of one action: the units it saw, by id (its own always; an enemy that stood in its sight
    before or after), and the tiles in its sight before and after."""

    side: Side
    own: frozenset[str]
    units: frozenset[str]
    before: frozenset[Pos]
    after: frozenset[Pos]

    @classmethod
    def of(cls, before: GameState, after: GameState, side: Side) -> Sight:
        sight_before, sight_after = visible_tiles(before, side), visible_tiles(after, side)
        own = {unit.id for state in (before, after) for unit in state.units if unit.side is side}
        seen = {unit.id for state, sight in ((before, sight_before), (after, sight_after)) for unit in state.units
                if unit.on_field and unit.pos in sight}
        return cls(side, frozenset(own), frozenset(own | seen), frozenset(sight_before), frozenset(sight_after))

    def tile(self, pos: Pos) -> bool:
        return pos in self.before or pos in self.after

    def whole(self, concern: Concern) -> bool:
        """Everything it concerns was seen (an event concerning nobody and nowhere is known to both)."""
        return (all(u in self.units for u in concern.units) and all(self.tile(p) for p in concern.tiles)
                and concern.side in (None, self.side))

    def some(self, concern: Concern) -> bool:
        """Something it concerns was seen."""
        return (any(u in self.units for u in concern.units) or any(self.tile(p) for p in concern.tiles)
                or concern.side is self.side)


def log_lines(before: GameState, after: GameState, events: list[Event], viewer: Side | None) -> list[str]:
    """The lines `viewer` may read of what one action did (None, or a battle without fog: all of them).

    Each event says which units (by id) and tiles it concerns; a line exists only where the viewer saw them
    (`Sight`), worded from what it saw: a move as far as it was in sight, a fight with one party out of sight as
    what befell the one seen, a terrain change only on tiles in sight, a scenario note only when the viewer saw
    something it did (or, doing nothing it could see, what set it off), its own side's morale only.
    """
    if viewer is None or not after.fog:
        return [event.text() for event in merged(events)]
    sight = Sight.of(before, after, viewer)
    kept: list[Event] = []
    for event in events:  # terrain first cut down to the tiles seen, so that a run seen in part merges as seen
        if isinstance(event, TerrainChanged):
            tiles = [p for p in (event.at, *event.also) if sight.tile(p)]
            if tiles:
                kept.append(TerrainChanged(tiles[0], event.before, event.after, tuple(tiles[1:])))
        else:
            kept.append(event)
    return [line for event in merged(kept) for line in _seat_lines(event, sight)] + _revealed(before, after, events, sight)


def _revealed(before: GameState, after: GameState, events: list[Event], sight: Sight) -> list[str]:
    """The enemies the action brought into the seat's sight without moving: its own unit stepped where it could see
    them (an enemy that moved in is told by its move). A play-test found only the lost undo to say so."""
    moved = {event.unit_id for event in events if isinstance(event, Moved)}
    was = {unit.id: unit for unit in before.units}
    lines = []
    for unit in after.units:
        if unit.side is sight.side or unit.id in moved or not unit.on_field or unit.pos not in sight.after:
            continue
        old = was.get(unit.id)
        if old is not None and old.on_field and old.pos not in sight.before:  # (one arriving is told by its event)
            lines.append(_into_sight(unit.name, unit.pos))
    return lines


def _into_sight(name: str, pos: Pos) -> str:
    """An enemy seen where it was not seen before, whether it stepped in or the seat's own move found it."""
    return f"{name} comes into sight at {tile_name(pos)}."


def _seat_lines(event: Event, sight: Sight) -> list[str]:
    """One event's lines for a seat (TerrainChanged arrives already cut down to the tiles it saw)."""
    if isinstance(event, Moved):
        return _move_line(event, sight)
    if isinstance(event, Attacked):
        return _fight_lines(event, sight)
    if isinstance(event, MoraleChanged):
        return _morale_line(event, sight)
    if isinstance(event, Acted) and event.note:
        shown = sight.some(event.concerns()) or (not event.units and not event.tiles
                                                  and (event.cause is None or sight.some(event.cause)))
        return [event.text()] if shown else []
    concerns = getattr(event, "concerns", None)
    # An event that does not say what it concerns is told to nobody under fog; nor an action's line that names
    # no unit (every one is some unit's doing: one without ids was built without them).
    if concerns is None or (isinstance(event, Acted) and not event.units):
        return []
    return [event.text()] if sight.whole(concerns()) else []


def _move_line(event: Moved, sight: Sight) -> list[str]:
    if event.unit_id in sight.own:
        return [event.text()]
    # An enemy's move, as far as it was in sight; the script it followed is its own (docs/rulings.md F13).
    from_seen, to_seen = event.start in sight.before, event.end in sight.after
    if from_seen and to_seen:
        return [replace(event, order="", held=False).text()]
    if to_seen:
        return [_into_sight(event.unit, event.end)]
    if from_seen:
        return [f"{event.unit} moves out of sight."]
    return []


def _fight_lines(event: Attacked, sight: Sight) -> list[str]:
    """A fight told whole when both parties were seen; with one out of sight, only what befell the one seen
    (the blows that reached it and its HP after them): the other's name, rolls and HP stay hidden (rulings F11)."""
    attacker, defender = event.attacker_id in sight.units, event.defender_id in sight.units
    if attacker and defender:
        return [event.text()]
    if not attacker and not defender:
        return []
    seen = Role.ATTACKER if attacker else Role.DEFENDER
    name = event.names[seen]
    if attacker:
        lines = [f"{name} attacks a unit out of sight" + (f" with {event.art}." if event.art else ".")]
    else:
        lines = [f"{name} is attacked from out of sight."]
    for swing in event.swings:
        if swing.role is not seen and swing.result in ("hit", "crit"):
            verdict = "CRITICAL" if swing.result == "crit" else "hit"
            lines.append(f"  from out of sight: {verdict}{loss_words(swing)} → {name} {swing.target_hp} HP")
        elif swing.role is seen and swing.result == "backfire":
            lines.append(f"  {name}: the weapon turns on its wielder{loss_words(swing)} → {name} "
                         f"{swing.target_hp} HP")
    return ["\n".join(lines)]


def _morale_line(event: MoraleChanged, sight: Sight) -> list[str]:
    """Only the viewer's own side's morale (the enemy's is not known under fog, vision.player_view); a rise for
    an enemy routed out of sight says so without naming it (docs/rulings.md F13)."""
    if event.side is not sight.side:
        return []
    if event.after > event.before and event.unit_id not in sight.units:  # a rise is always for an enemy's rout
        return [replace(event, why="an enemy routed out of sight").text()]
    return [event.text()]


def out_of_sight_line(side: Side) -> str:
    """What a reader is told of an enemy activation it saw nothing of (it knows whose turn it was, no more)."""
    return f"The {side.value} activates a unit out of sight."


def told_lines(before: GameState, after: GameState, events: list[Event], reader: Side | None,
               lines: list[str] | None = None) -> list[str]:
    """The lines `reader`'s log gains from one action: its `log_lines` (pass them if they are known), or,
    when an enemy activation began wholly out of its sight, one line saying so."""
    lines = log_lines(before, after, events, reader) if lines is None else lines
    if not lines and reader is not None and after.fog and before.active is None and before.to_act is not reader:
        return [out_of_sight_line(before.to_act)]
    return lines


class SideLogs:
    """The battle log kept once per reader, so that under fog each person reads only what their side saw.

    `readers` are the sides whose people read the log (both in a hot-seat battle under fog, the person's
    side against the computer); None stands for a log that tells everything (no fog, or nobody to hide
    from). Lines for any reader but the one at the keyboard are held back until the action can no longer
    be taken back: a move taken back never happened, so the other side never learns of it.
    """

    def __init__(self, readers: tuple[Side | None, ...]) -> None:
        self.readers = readers
        self._lines: dict[Side | None, list[str]] = {reader: [] for reader in readers}
        self._held: dict[Side | None, list[str]] = {reader: [] for reader in readers}
        # Each reader's lines of the last action (the hand-over shows the next player their view of an exchange).
        self.last: dict[Side | None, list[str]] = {reader: [] for reader in readers}
        # Where the keyboard's own lines of the actions not yet committed begin in its log (see `withdraw`).
        self._open: dict[Side | None, int] = {}

    def lines(self, reader: Side | None) -> list[str]:
        return self._lines[reader]

    def note(self, line: str, readers: tuple[Side | None, ...] | None = None) -> None:
        """A line of the screen's own, not an action's: for these readers, or for every reader (None)."""
        for reader in self.readers if readers is None else readers:
            self._lines[reader].append(line)

    def add(self, before: GameState, after: GameState, events: list[Event],
            keyboard: Side | None) -> dict[Side | None, list[str]]:
        """Tell each reader its lines of one action (`log_lines`, and the out-of-sight line where it saw
        nothing of an enemy activation); returns each reader's `log_lines`. Readers other than `keyboard`
        get theirs on `commit`. A step that changed nothing (no events) tells nobody anything."""
        if not events:
            return {reader: [] for reader in self.readers}
        self.last = {reader: log_lines(before, after, events, reader) for reader in self.readers}
        for reader, lines in self.last.items():
            told = told_lines(before, after, events, reader, lines)
            if reader == keyboard and told:
                self._open.setdefault(reader, len(self._lines[reader]))
            (self._lines if reader == keyboard else self._held)[reader].extend(told)
        return self.last

    def commit(self) -> None:
        """The actions so far can no longer be taken back: every reader gets its held lines."""
        for reader, held in self._held.items():
            self._lines[reader].extend(held)
            held.clear()
        self._open.clear()

    def discard(self) -> None:
        """A move was taken back: what the other readers would have read of it never happened."""
        for held in self._held.values():
            held.clear()
        self._open.clear()

    def withdraw(self, reader: Side | None) -> None:
        """A step that changed nothing on the map (a stay) was taken back: the lines the one at the keyboard read
        of it go too, rather than stand in the log beside a line saying it was taken back."""
        start = self._open.pop(reader, None)
        if start is not None:
            del self._lines[reader][start:]


def resumed_lines(record: BattleRecord, readers: tuple[Side | None, ...], limit: int) -> dict[Side | None, list[str]]:
    """Each reader's last `limit` log lines of a saved battle, as it would have read them: the recorded
    actions since the start of the round before the last are played again from that round's checkpoint
    (a resumed battle's log opens on them). Empty when the record has no checkpoint to start from."""
    points = [c for c in record.checkpoints if c.after <= len(record.actions)]
    told: dict[Side | None, list[str]] = {reader: [] for reader in readers}
    if not points:
        return told
    start = points[-2] if len(points) > 1 else points[-1]
    recent = record.model_copy(update={"actions": record.actions[start.after:]})
    for step in replay(recent, start.state):
        if step.after is None:
            break
        for reader in readers:
            told[reader] = (told[reader] + told_lines(step.before, step.after, step.events, reader))[-limit:]
    return told


def roll_words(state: GameState, reader: Side | None, need: RollNeeded) -> str:
    """What a prompt for a physical die says the roll decides, as `reader` may read it: a roll concerning an
    enemy out of its sight (a status wearing off on it at the start of a round, a blast reaching it), judged by
    the ids the roll names (`RollNeeded.about`), is only said to be for something out of sight."""
    if reader is None or not state.fog:
        return need.why
    sight = visible_tiles(state, reader)
    known = {u.id for u in state.units if u.side is reader or (u.on_field and u.pos in sight)}
    if any(uid not in known for uid in need.about):
        return "something out of your sight (what it decides stays hidden)"
    return need.why
