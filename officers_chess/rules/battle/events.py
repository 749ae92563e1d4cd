"""What happened during an action, told in the words the battle log shows, and whom (unit ids) and where it concerns.

The ids and tiles are left out of equality: two events are the same when they tell the same thing."""

from __future__ import annotations

from dataclasses import dataclass, field

from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.exchange import Role, Swing
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import lines_text


@dataclass(frozen=True)
class Concern:
    """What an event is about, by identity: the units (their ids) and the tiles a seat must have seen to read
    of it under fog (session/fog_log.py), and, for what only one side can know (its own morale), that side."""

    units: tuple[str, ...] = ()
    tiles: tuple[Pos, ...] = ()
    side: Side | None = None


def hp_lost(amount: int, blow: int | None = None) -> str:
    """The HP a blow took, in the log's words ("4 HP lost", "no HP lost"); with `blow`, the damage it would have
    dealt when the HP left capped it ("hit for 7, 6 HP lost (all it had)"), so the numbers add up (rulings L109)."""
    if blow is not None and blow > amount:
        return f"for {blow}, {amount} HP lost (all it had)"
    return f"{amount} HP lost" if amount else "no HP lost"


def loss_words(swing: Swing) -> str:
    """The HP words after a swing's verdict: ", 6 HP lost", or " for 7, 6 HP lost (all it had)" when capped."""
    words = hp_lost(swing.damage, swing.blow)
    return f" {words}" if words.startswith("for ") else f", {words}"


def tile_name(pos: Pos) -> str:
    """A tile as players read it: column and row, counted from 1."""
    return f"{pos[0] + 1},{pos[1] + 1}"


@dataclass(frozen=True)
class Moved:
    unit: str
    start: Pos
    end: Pos
    cost: int
    order: str = ""  # the script lines the computer followed, "; " between them (the log says so); "" for others
    held: bool = False  # a hold order took the move
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,), (self.start, self.end))

    def text(self) -> str:
        # What the unit did comes first; the script lines that steered it follow, in plain words (rulings L67).
        word = "orders" if "; " in self.order else "order"
        why = f"its {word}: {lines_text(self.order.split('; '))}" if self.order else ""
        if self.start == self.end:  # "holds position" only when an order holds it
            told = f" ({why})" if why else ""
            return f"{self.unit} {'holds position' if self.held else 'stays'} at {tile_name(self.end)}{told}."
        told = f"; {why}" if why else ""
        # "cost 4": the movement points the move spent; a bare "4 movement" read as a distance or a stat (rulings L110).
        return f"{self.unit} moves {tile_name(self.start)} → {tile_name(self.end)} (cost {self.cost}{told})."


@dataclass(frozen=True)
class Attacked:
    attacker: str
    defender: str
    swings: tuple[Swing, ...]
    names: dict[Role, str]  # who held each role in this exchange
    art: str | None = None
    attacker_id: str = field(default="", compare=False)
    defender_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.attacker_id, self.defender_id))

    def text(self) -> str:
        lines = [f"{self.attacker} attacks {self.defender}" + (f" with {self.art}." if self.art else ".")]
        for s in self.swings:
            target = self.names[s.role.other]
            # The die against the number it needed, so anyone can check the roll.
            # v0.6 crits on a 1 anyway, so only a wider range is worth a word; a d100 always says its range.
            crit = f", crit ≤{s.crit_top}" if (s.crit_top > 1 if s.faces == 20 else s.crit_top >= 1) else ""
            # The HP the blow took, said as lost HP: a bare "hit 4" read as the hit's damage (rulings L42).
            verdict = {
                "miss": "miss",
                "hit": f"hit{loss_words(s)} → {target} {s.target_hp} HP",
                "crit": f"CRITICAL{loss_words(s)} → {target} {s.target_hp} HP",
                "backfire": (f"the weapon turns on its wielder{loss_words(s)} → {self.names[s.role]} "
                             f"{s.target_hp} HP"),
            }[s.result]
            needed = max(1, s.needed) if s.faces == 20 else max(0, s.needed)
            lines.append(f"  {self.names[s.role]}: d{s.faces} {s.roll} vs ≤{needed}{crit}: {verdict}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Equipped:
    unit: str
    item: str
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} equips {self.item}."


@dataclass(frozen=True)
class Waited:
    unit: str
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} waits."


@dataclass(frozen=True)
class Healed:
    unit: str
    amount: int
    why: str  # "on the fort", "from Heal", "(Blessed)" ...
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} recovers {self.amount} HP{' ' + self.why if self.why else ''}."


@dataclass(frozen=True)
class Hurt:
    """Damage outside an exchange: poison, a Punishing weapon, a relic without its crest, a splash."""

    unit: str
    amount: int
    why: str
    hp: int
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} takes {self.amount} damage {self.why} → {self.hp} HP."


@dataclass(frozen=True)
class StatusRoll:
    """A round-start d20 against a status, or a staff's hit roll to inflict one."""

    unit: str
    status: str
    roll: int
    ended: bool
    detail: str = ""
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        verdict = "it ends" if self.ended else "it holds"
        return f"{self.unit}: d20 {self.roll} vs ≤10 to shake off {self.status}: {verdict}{self.detail}."


# Terrain named in the plural ("the flames ... become"), and terrain that takes no article ("becomes floor").
PLURAL_TERRAIN = frozenset({"flames", "ruins", "plains", "stone pillars", "pillars", "woods"})
MASS_TERRAIN = frozenset({"floor", "ruins", "sand", "plains", "flames", "woods", "water", "fog", "ice"})


def merged(events: list[Event]) -> list[Event]:
    """The events as a log tells them: a run of tiles that changed from and to the same terrain at once (a timed
    event, a round's end) is one line rather than one per tile."""
    out: list[Event] = []
    for event in events:
        last = out[-1] if out else None
        if (isinstance(event, TerrainChanged) and isinstance(last, TerrainChanged)
                and (last.before, last.after) == (event.before, event.after)):
            out[-1] = TerrainChanged(last.at, last.before, last.after, (*last.also, event.at, *event.also))
        else:
            out.append(event)
    return out


STATUS_STATE = {
    "Barrier": "under a Barrier",
    "Sleep": "asleep",
    "Berserk": "berserk",
    "Petrified": "petrified",
    "Poisoned": "poisoned",
    "Silenced": "silenced",
    "Slowed": "slowed",
}


@dataclass(frozen=True)
class StatusLost:
    """A status that ran its course (Barrier, Silenced, Slowed)."""

    unit: str
    status: str
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} is no longer {STATUS_STATE.get(self.status, self.status.lower())}."


@dataclass(frozen=True)
class StatusGained:
    unit: str
    status: str
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} is now {STATUS_STATE.get(self.status, self.status.lower())}."


@dataclass(frozen=True)
class Acted:
    """A special action, an item use or a free action, told in one line; or a scenario event's note (`note`)."""

    line: str
    units: tuple[str, ...] = field(default=(), compare=False)  # every unit the line names or tells of, by id
    tiles: tuple[Pos, ...] = field(default=(), compare=False)  # every tile it names or changes
    # A scenario event's note (an arrival, a timed or triggered event): `units` and `tiles` are then what the event
    # did (units that arrived, tiles it changed) and `cause` what set it off (None: the round, known to both).
    note: bool = field(default=False, compare=False)
    cause: Concern | None = field(default=None, compare=False)

    def concerns(self) -> Concern:
        return Concern(self.units, self.tiles)

    def text(self) -> str:
        return self.line


@dataclass(frozen=True)
class TerrainChanged:
    at: Pos
    before: str
    after: str
    also: tuple[Pos, ...] = ()  # more tiles that changed the same way at the same moment (`merged`: one line)

    def concerns(self) -> Concern:
        return Concern((), (self.at, *self.also))

    def text(self) -> str:
        after, before = self.after.lower(), self.before.lower()
        tiles = [tile_name(p) for p in (self.at, *self.also)]
        where = tiles[0] if len(tiles) == 1 else f"{', '.join(tiles[:-1])} and {tiles[-1]}"
        plural = len(tiles) > 1 or before in PLURAL_TERRAIN
        article = "" if plural or after in MASS_TERRAIN else ("an " if after[0] in "aeiou" else "a ")
        return f"The {before} at {where} {'become' if plural else 'becomes'} {article}{after}."


@dataclass(frozen=True)
class Routed:
    unit: str
    unit_id: str = field(default="", compare=False)

    def concerns(self) -> Concern:
        return Concern((self.unit_id,))

    def text(self) -> str:
        return f"{self.unit} is routed and leaves the field."


@dataclass(frozen=True)
class RoundBegan:
    number: int
    first: Side

    def concerns(self) -> Concern:
        return Concern()  # both sides know the round and who activates first

    def text(self) -> str:
        return f"— Round {self.number}: the {self.first.value} activates first —"


@dataclass(frozen=True)
class BattleEnded:
    winner: Side | None
    reason: str

    def concerns(self) -> Concern:
        return Concern()  # the end of the battle is known to both

    def text(self) -> str:
        if self.winner is None:
            return f"The battle ends in a draw: {self.reason}."
        return f"The {self.winner.value} wins: {self.reason}."


@dataclass(frozen=True)
class MoraleChanged:
    """A side's morale moved (morale.py); its standing may have changed with it."""

    side: Side
    before: int
    after: int
    start: int
    why: str
    now: str  # standing after the change
    then: str  # standing before it
    unit_id: str = field(default="", compare=False)  # the unit whose rout moved it

    def concerns(self) -> Concern:
        return Concern((self.unit_id,), side=self.side)

    def text(self) -> str:
        way = "falls" if self.after < self.before else "rises"
        line = f"The {self.side.value}'s morale {way} to {self.after} of {self.start} ({self.why})"
        if self.now != self.then:
            # The computer's units are steered by it (rulings P6b); a person's are free, so the line says whose.
            line += {"broken": ": it breaks (if the computer plays it, its units flee)",
                     "wavering": ": it wavers (if the computer plays it, its wounded fall back)",
                     "steady": ": it holds steady again"}[self.now]
        return line + "."


@dataclass(frozen=True)
class Ambushed:
    """Under fog, a move or a placing ran into what its side could not see (rulings F30, F32)."""

    unit: str  # the unit that moved, or that placed someone
    unit_id: str
    at: Pos  # the tile it could not enter
    by: str = ""  # the hidden unit standing there ("" when the ground itself had changed)
    by_id: str = ""
    verb: str = ""  # "" for a move; the special action otherwise ("warp", "rescue", ...)

    def concerns(self) -> Concern:
        return Concern(tuple(i for i in (self.unit_id, self.by_id) if i), (self.at,))

    def text(self) -> str:
        if self.verb:
            blocker = f"{self.by} was standing there" if self.by else "the ground there has changed"
            return f"{self.unit}'s {self.verb} to {tile_name(self.at)} fails: {blocker}."
        if self.by:
            return f"Ambushed by {self.by} at {tile_name(self.at)}: {self.unit} stops short."
        return f"{self.unit} finds the way at {tile_name(self.at)} changed and stops short."


Event = (
    Moved | Attacked | Equipped | Waited | Healed | Hurt | StatusRoll | StatusGained | StatusLost | Acted | TerrainChanged
    | Routed | RoundBegan | BattleEnded | MoraleChanged | Ambushed
)
