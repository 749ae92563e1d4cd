"""The game state: everything about a battle in progress, dice included, and the questions it answers."""

from __future__ import annotations


from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.basics.sparse import Sparse
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.battle.objectives import Condition, Result, Tally, TimeLimit
from officers_chess.rules.battle.turn_order import waiting
from officers_chess.rules.board.battle_map import BattleMap, Pos, distance
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions import EDITIONS, Edition, rules_for
from officers_chess.rules.combat.armament import reaches, usable_weapon
from officers_chess.rules.combat.exchange import ExchangePlan, Fighter, Forecast, forecast
from officers_chess.rules.pieces.models import Art, Item, Side, Unit
from officers_chess.rules.pieces.movement import Reach, reachable
from officers_chess.rules.pieces.orders import Order
from officers_chess.rules.pieces.statuses import StatusName

VISION = 3  # under fog every unit sees this many tiles around it, counted as movement is (docs/rulings.md F1)


def diamond(center: Pos, radius: int, width: int, height: int) -> set[Pos]:
    """The tiles within `radius` of `center`, counted as movement is (no diagonals), on a map of that size."""
    x0, y0 = center
    return {
        (x, y)
        for y in range(max(0, y0 - radius), min(height, y0 + radius + 1))
        for x in range(max(0, x0 - radius), min(width, x0 + radius + 1))
        if abs(x - x0) + abs(y - y0) <= radius
    }


class ActiveTurn(Sparse):
    """The unit in the middle of its combat turn, and what it has done so far."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    _sparse = ("moved", "canto_done", "ambushed")  # save version 4's: a turn saved before them reads as it did

    unit: str
    start: Pos
    moved: bool = True  # False while it takes free actions before its move (it activated by taking one)
    spent: int = 0  # movement used by the move (Canto spends the rest)
    acted: bool = False  # its action is done; only Canto movement and free actions remain
    canto_done: bool = False  # it made its Canto move and stayed for free actions
    busy: bool = False  # it took an action or a free action (a shifter then returns to normal form)
    traded: bool = False  # the once-per-turn Trade is used
    attacked: bool = False  # it attacked this turn (Punishing weapons hurt their wielder)
    ambushed: bool = False  # under fog its move ran into an unseen enemy: no more movement this turn (rulings F30)


class TerrainDamage(BaseModel):
    """A wall or snag that has taken damage, and its HP left."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    hp: int


class Chest(BaseModel):
    """A chest on a tile and what is in it; Pick opens it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    item: Item


class Light(BaseModel):
    """Tiles lit by a Torch: a radius around a tile, for a number of round ends."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    radius: int
    rounds: int


class TerrainSwap(BaseModel):
    """A tile that turns into another terrain when a timed event comes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    terrain: str


class Arrival(Sparse):
    """A scenario event still to come: at the start of `round`, or once its `trigger` holds after an action
    (triggers.py; `round` is then 0), these units arrive, these tiles change and these units on the field get
    new scripts."""

    model_config = ConfigDict(extra="forbid")
    _sparse = ("trigger", "orders")  # written only when set: older saves keep their hashes

    round: int
    note: str = ""
    units: list[Unit] = Field(default_factory=list)
    terrain: list[TerrainSwap] = Field(default_factory=list)
    trigger: str | None = None
    orders: dict[str, list[Order]] = Field(default_factory=dict)  # by unit name


class Claim(BaseModel):
    """The side whose unit last stood on an objective tile (for `control` conditions)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    side: Side


class Vein(BaseModel):
    """A tile Vein(Terrain) has changed until the end of the round, and what it was before."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    was: str  # the glyph to put back


class Remembered(BaseModel):
    """A tile as one side last saw it, kept while the tile has changed out of that side's sight (fog only)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Pos
    glyph: str  # the terrain it showed then
    hp: int | None = None  # the wall's HP it showed then, for a tile that blows can break


class GameState(Sparse):
    """Everything about a battle in progress, dice included; JSON in, JSON out, nothing lost."""

    model_config = ConfigDict(extra="forbid")
    _sparse = ("veins", "game_master", "burst", "woken", "areas", "morale_rules", "morale", "remembered")

    edition: str = Field("v0.6", max_length=20)
    scenario: str
    map: BattleMap
    units: list[Unit]
    round: int = 1
    to_act: Side
    finished_first: Side | None = None
    active: ActiveTurn | None = None
    reactivate: str | None = None  # a unit refreshed by Dance, which acts next
    dice: Dice
    result: Result | None = None  # set when the battle ends
    victory: dict[Side, list[Condition]] = Field(default_factory=dict)  # empty: rout or seize
    time_limit: TimeLimit | None = None
    fog: bool = False
    tallies: dict[Side, Tally] = Field(default_factory=lambda: {side: Tally() for side in Side})
    seized_by: Side | None = None
    claims: list[Claim] = Field(default_factory=list)
    arrivals: list[Arrival] = Field(default_factory=list)  # timed events still to come
    arts: dict[str, Art] = Field(default_factory=dict)
    terrain_damage: list[TerrainDamage] = Field(default_factory=list)
    seize_tiles: list[Pos] = Field(default_factory=list)
    escape_tiles: list[Pos] = Field(default_factory=list)
    raze_tiles: list[Pos] = Field(default_factory=list)
    chests: list[Chest] = Field(default_factory=list)
    lights: list[Light] = Field(default_factory=list)
    veins: list[Vein] = Field(default_factory=list)
    # The game-master activation pattern: the other side activates one unit, then this side three.
    game_master: Side | None = None
    burst: int = 0  # activations the side to act has had in a row under that pattern
    # The `once` script lines that have fired, as "<unit id or team>:<line from 0>" (rules/battle/wake.py).
    woken: list[str] = Field(default_factory=list)
    areas: dict[str, list[Pos]] = Field(default_factory=dict)  # the scenario's named areas, for scripts
    morale_rules: MoraleRules | None = None  # a scenario that plays with morale (morale.py)
    morale: dict[Side, int] = Field(default_factory=dict)  # each side's, while it does
    # Under fog, the tiles that changed out of a side's sight, as that side still believes them to be
    # (rules/battle/ground.py): what a side may know of the ground is its memory, not the ground itself.
    remembered: dict[Side, list[Remembered]] = Field(default_factory=dict)
    # Set on the battle as one side knows it (vision.known_battle): the side it belongs to. Never saved.
    _known_to: Side | None = PrivateAttr(default=None)

    @property
    def known_to(self) -> Side | None:
        """The side this is the knowledge of (vision.known_battle), or None for the battle itself."""
        return self._known_to

    @field_validator("edition")
    @classmethod
    def _known_edition(cls, value: str) -> str:
        if value not in EDITIONS:
            raise ValueError(f"unknown edition {value!r} (this version plays {', '.join(EDITIONS)})")
        return value

    @property
    def rules(self) -> Edition:
        """The edition this battle is played under."""
        return rules_for(self.edition)

    # --- units -----------------------------------------------------------------

    def unit(self, unit_id: str) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def unit_at(self, pos: Pos) -> Unit | None:
        for unit in self.units:
            if unit.on_field and unit.pos == pos:
                return unit
        return None

    def living(self, side: Side | None = None) -> list[Unit]:
        """Units still on the field (neither routed nor escaped), of one side or both."""
        return [u for u in self.units if u.on_field and (side is None or u.side is side)]

    def waiting(self, side: Side) -> list[Unit]:
        """Units of `side` still to activate this round."""
        return waiting(self.units, side)

    def mark_turn(self, **changes: bool | int) -> None:
        """Record what the unit mid-turn has now done (moved, acted, traded ...)."""
        assert self.active is not None
        self.active = self.active.model_copy(update=changes)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> Side | None:
        """The winning side once the battle is over (None while it goes on, or for a draw)."""
        return self.result.winner if self.result else None

    @property
    def active_unit(self) -> Unit | None:
        return self.unit(self.active.unit) if self.active else None

    def seen_by(self, side: Side) -> set[Pos]:
        """Tiles `side` sees under fog: within VISION of any of its units on the field, and every torch-lit tile."""
        w, h = self.map.width, self.map.height
        seen: set[Pos] = set()
        for unit in self.living(side):
            seen |= diamond(unit.pos, VISION, w, h)
        for light in self.lights:  # a torch's light shows the ground to everyone
            seen |= diamond(light.at, light.radius, w, h)
        return seen

    # --- terrain ---------------------------------------------------------------

    def terrain_hp(self, pos: Pos) -> int | None:
        """HP left of a tile that blows can break, such as a wall or snag (None for other tiles)."""
        full = self.map.terrain_at(pos).hp
        if full is None:
            return None
        return next((d.hp for d in self.terrain_damage if d.at == pos), full)

    def terrain_named(self, terrain_id: str) -> Terrain:
        """A kind of tile of this battle's edition, by id."""
        return next(t for t in self.map.terrain_table.values() if t.id == terrain_id)

    def set_terrain(self, pos: Pos, terrain: Terrain) -> None:
        x, y = pos
        row = self.map.rows[y]
        self.map.rows[y] = row[:x] + terrain.glyph + row[x + 1 :]
        self.terrain_damage = [d for d in self.terrain_damage if d.at != pos]

    # --- reach and targets -----------------------------------------------------

    def reach(self, unit: Unit, budget: int | None = None) -> Reach:
        """Tiles `unit` may end a move on (with `budget` movement instead of its full move)."""
        if any(unit.has_status(s) for s in (StatusName.SLEEP, StatusName.PETRIFIED, StatusName.FROZEN)):
            budget = 0  # asleep, stone or frozen: it cannot move
        return reachable(unit, self.map, self.units, budget)

    def targets_from(self, unit: Unit, pos: Pos) -> list[Unit]:
        """Units the unit may attack from `pos`: enemies its usable weapon reaches.

        A berserk unit must strike the weakest unit it reaches, friend or foe (docs/rulings.md).
        """
        weapon = usable_weapon(unit)
        if weapon is None or unit.cannot_swing:
            return []
        if unit.has_status(StatusName.BERSERK):
            # Under fog, among the units its side can see: a rule must not steer by what nobody on the table knows.
            seen = self.seen_by(unit.side) if self.fog else None
            around = [u for u in self.living() if u.id != unit.id and reaches(unit, weapon, distance(pos, u.pos))
                      and (seen is None or u.side is unit.side or u.pos in seen)]
            weakest = min((u.hp for u in around), default=None)
            return [u for u in around if u.hp == weakest]
        return [e for e in self.living(unit.side.other) if reaches(unit, weapon, distance(pos, e.pos))]

    def strikable_from(self, unit: Unit, pos: Pos) -> list[Pos]:
        """Walls and snags the unit's usable weapon reaches from `pos`."""
        weapon = usable_weapon(unit)
        # Fix: Sleep and Petrified forbid attacking, walls included (they were only kept out of `targets_from`).
        asleep = unit.cannot_swing
        if weapon is None or asleep or unit.has_status(StatusName.BERSERK):
            return []
        table = self.map.terrain_table
        return [
            (x, y)
            for y, row in enumerate(self.map.rows)
            for x, glyph in enumerate(row)
            if table[glyph].hp is not None and reaches(unit, weapon, distance(pos, (x, y)))
        ]

    # --- forecasts -------------------------------------------------------------

    def guard_for(self, attacker: Unit, target: Unit, attacker_pos: Pos | None = None) -> Unit | None:
        """A Qi Adept that takes this attack for its ally: next to the target, at full HP and not yet guarding
        this round (docs/rulings.md E9). It takes the blow where it was aimed, at the same distance."""
        if "QiAdept" not in self.rules.tags:
            return None
        for ally in self.living(target.side):
            if (ally.id != target.id and ally.has("QiAdept") and not ally.guarded and ally.hp == ally.max_hp
                    and distance(ally.pos, target.pos) == 1):
                return ally
        return None

    def defender_for(self, attacker: Unit, target: Unit, attacker_pos: Pos | None = None) -> Unit:
        """Who fights back when `attacker` attacks `target`: the target, or the Qi Adept guarding it."""
        return self.guard_for(attacker, target, attacker_pos) or target

    def backed(self, attacker: Unit, target: Unit) -> bool:
        """Whether an ally of the attacker with Backup could attack the target from where it stands."""
        if "Backup" not in self.rules.tags:
            return False
        for ally in self.living(attacker.side):
            weapon = usable_weapon(ally)
            if (ally.id != attacker.id and ally.has("Backup") and weapon is not None
                    and reaches(ally, weapon, distance(ally.pos, target.pos))):
                return True
        return False

    def plan(self, attacker: Unit, defender: Unit, attacker_pos: Pos | None = None, art: str | None = None) -> ExchangePlan:
        """The exchange that would follow if `attacker` (standing on `attacker_pos`) attacked `defender`
        (or the Qi Adept that steps in for it: see `defender_for`)."""
        pos = attacker.pos if attacker_pos is None else attacker_pos
        aimed = distance(pos, defender.pos)  # a Qi Adept steps into the blow: the distance is the one aimed at
        guard = self.guard_for(attacker, defender, pos)
        defender = guard or defender
        return self.rules.plan(
            Fighter(attacker, self.map.terrain_at(pos), backed=self.backed(attacker, defender)),
            Fighter(defender, self.map.terrain_at(defender.pos), backed=self.backed(defender, attacker),
                    guarding=guard is not None),
            aimed,
            self.arts[art] if art else None,
        )

    def forecast(self, attacker: Unit, defender: Unit, attacker_pos: Pos | None = None, art: str | None = None) -> Forecast:
        """The exact forecast of that exchange, from both units' current HP."""
        fighter = self.defender_for(attacker, defender, attacker_pos)
        return forecast(self.plan(attacker, defender, attacker_pos, art), attacker.hp, fighter.hp)
