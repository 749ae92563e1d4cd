"""The battle log as one player may read it under fog of war: lines about enemies out of sight are left out.

`SideLogs` keeps one log per person (in a hot-seat battle under fog, each reads only what their side saw);
`resumed_lines` tells each of them again where a saved battle stood; `roll_words` keeps a physical die's prompt
from naming an enemy out of sight."""

from __future__ import annotations

import re

from officers_chess.rules.battle.events import Attacked, Event, MoraleChanged, Moved, merged, tile_name
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.history.record import BattleRecord
from officers_chess.rules.history.replay import replay
from officers_chess.rules.pieces.models import Side


def log_lines(before: GameState, after: GameState, events: list[Event], viewer: Side | None) -> list[str]:
    """The lines `viewer` may read of what one action did (None, or a battle without fog: all of them).

    An enemy counts as seen when it stood in the viewer's sight before or after the action. A move
    is told as far as it was seen; a fight is told whole when either party is seen (the one struck
    learns who struck); any other line naming an enemy nobody saw is left out.
    """
    events = merged(events)  # a run of tiles changed alike is one line
    if viewer is None or not after.fog:
        return [event.text() for event in events]
    sight_before, sight_after = visible_tiles(before, viewer), visible_tiles(after, viewer)
    seen: set[str] = set()
    unseen: set[str] = set()
    for state, sight in ((before, sight_before), (after, sight_after)):
        for unit in state.units:
            if unit.side is viewer or (unit.on_field and unit.pos in sight):
                seen.add(unit.name)
            else:
                unseen.add(unit.name)
    hidden = unseen - seen
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(hidden, key=len, reverse=True))) + r")\b") if hidden else None
    own = {unit.name for unit in before.units if unit.side is viewer}
    lines: list[str] = []
    for event in events:
        if isinstance(event, Moved) and event.unit not in own:
            lines += _move_line(event, event.start in sight_before, event.end in sight_after)
        elif isinstance(event, Attacked):
            if event.attacker in seen or event.defender in seen:
                lines.append(event.text())
        elif isinstance(event, MoraleChanged):
            if event.side is viewer:  # the enemy's morale is not known under fog (vision.player_view)
                lines.append(event.text())
        elif pattern is None or not pattern.search(event.text()):
            lines.append(event.text())
    return lines


def _move_line(event: Moved, from_seen: bool, to_seen: bool) -> list[str]:
    if from_seen and to_seen:
        return [event.text()]
    if to_seen:
        return [f"{event.unit} comes into sight at {tile_name(event.end)}."]
    if from_seen:
        return [f"{event.unit} moves out of sight."]
    return []


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
            (self._lines if reader == keyboard else self._held)[reader].extend(told)
        return self.last

    def commit(self) -> None:
        """The actions so far can no longer be taken back: every reader gets its held lines."""
        for reader, held in self._held.items():
            self._lines[reader].extend(held)
            held.clear()

    def discard(self) -> None:
        """A move was taken back: what the other readers would have read of it never happened."""
        for held in self._held.values():
            held.clear()


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


def roll_words(state: GameState, reader: Side | None, why: str) -> str:
    """What a prompt for a physical die says the roll decides, as `reader` may read it: a roll that names an
    enemy out of its sight (a status wearing off on it at the start of a round, a blast reaching it) is only
    said to be for something out of sight."""
    if reader is None or not state.fog:
        return why
    sight = visible_tiles(state, reader)
    hidden = {u.name for u in state.units if u.side is not reader and not (u.on_field and u.pos in sight)}
    if any(re.search(rf"\b{re.escape(name)}\b", why) for name in hidden):
        return "something out of your sight (what it decides stays hidden)"
    return why
