"""The battle screen's lookout: danger zones, the path preview, the move heatmap, the threat inspector and the enemies' likely targets, from the viewer's view.

No Textual here: the map draws the `Marks` it reports and the side pane its words, so the
toggles can be tested without a terminal. Everything is computed from the controller's `view`,
so under fog an enemy the viewer does not see adds nothing. The likely targets are long work: the screen has
them worked out off its own thread (`IntentJob`) and hands them back (`Lookout.store_intents`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from officers_chess.ai.assess import armed_forms
from officers_chess.ai.intent import Intent, likely_targets
from officers_chess.ai.threat_map import AttackForecast, TileHeat, danger_zone, heatmap, threat_forecasts
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode

ONE_MARK = "×"  # a tile the chosen enemy could attack (the all-enemies zone shows how many instead)
HOLD_MARK = "◦"  # a tile only enemies holding their posts could attack, and only if something moves them (rulings L32)
PATH_MARK = "•"
AIMED_MARK = "!"  # one of the viewer's units an enemy is likely to attack
FROM_MARK = "»"  # the tile that enemy would strike from
INSPECTABLE = (Mode.BROWSE, Mode.MOVING)


class Danger(str, Enum):
    """What the danger zone shows; the key cycles through them in this order."""

    OFF = "off"
    ALL = "all"
    ONE = "one"


@dataclass(frozen=True)
class Marks:
    """What the map draws over the tints: the danger zone, the path to the cursor and the heatmap."""

    danger: dict[Pos, str] = field(default_factory=dict)  # tile -> its mark (a count, or ONE_MARK)
    path: frozenset[Pos] = frozenset()
    heat: dict[Pos, TileHeat] = field(default_factory=dict)
    intent: dict[Pos, str] = field(default_factory=dict)  # tile -> AIMED_MARK or FROM_MARK


def count_mark(count: int) -> str:
    return str(count) if count < 10 else "+"


def walk_marks(path: tuple[Pos, ...] | list[Pos], blows: list[tuple[Pos | None, Pos | None]]) -> Marks:
    """What a step looked back on marks (the computer's turn again, the replay): the way walked (PATH_MARK), and
    where each blow came from (FROM_MARK) and landed (AIMED_MARK); those win over a dot on their tile."""
    intent: dict[Pos, str] = {}
    for origin, target in blows:
        if origin is not None:
            intent[origin] = FROM_MARK
        if target is not None:
            intent[target] = AIMED_MARK
    return Marks(path=frozenset(p for p in path if p not in intent), intent=intent)


def walk_legend() -> str:
    """What `walk_marks` mean, so they read without colour."""
    return f"{PATH_MARK} its path · {FROM_MARK} struck from · {AIMED_MARK} struck"


@dataclass(frozen=True)
class IntentJob:
    """The likely targets to work out for one view, viewer and level: long work (the `hard` level's own first choice
    takes up to a second on a big map), so the screen runs it off its own thread and hands the answer back."""

    view: Known  # the viewer's view, as the screen drew it: the likely targets see nothing else
    side: Side
    level: str | None
    holders: frozenset[str] = frozenset()  # the enemies it sees at their posts (the danger zone's ◦ too)

    @property
    def key(self) -> tuple:
        """What the answer is for; the job holds its view, so the view's id is not reused while it runs."""
        return (id(self.view), self.side, self.level, self.holders)

    def __call__(self) -> list[Intent]:
        # The view of a view is itself: nothing unseen gets in.
        return likely_targets(self.view, self.side, self.level, self.holders)


class Lookout:
    """The toggles of the battle screen's overlays and what each shows now, computed once per change."""

    def __init__(self, controller: BattleController) -> None:
        self.c = controller
        self.danger = Danger.OFF
        self.heat_on = False
        self.inspecting = False
        self.intent_on = False
        self.enemy: str | None = None  # whose zone Danger.ONE shows
        # The sides the computer plays by their scripts: only their units hold posts (a person, or the random
        # level, follows no script). The battle screen sets it.
        self.scripted: frozenset[Side] = frozenset()
        # The level the computer plays each of its sides at: the likely targets are that level's (rulings P19).
        self.levels: dict[Side, str] = {}
        self.subject: str | None = None  # the own unit the inspector places while browsing
        self._danger_cache: tuple[tuple, dict[Pos, str]] | None = None
        self._heat_cache: tuple[tuple, dict[Pos, TileHeat]] | None = None
        self._inspect_cache: tuple[tuple, list[AttackForecast]] | None = None
        self._intent_cache: tuple[tuple, list[Intent], dict[Pos, str]] | None = None

    # --- who is who ---------------------------------------------------------------

    @property
    def side(self) -> Side:
        """The viewer's side: the danger comes from the other one."""
        return self.c.viewer or self.c.state.to_act

    def enemies(self) -> list[Unit]:
        """The enemies the viewer sees."""
        return self.c.view.living(self.side.other)

    def holders(self) -> frozenset[str]:
        """The enemies in sight that stand at their posts now (their script keeps them there): counted apart."""
        if self.side.other not in self.scripted:
            return frozenset()
        return self.c.seat_view.holding

    def chosen_enemy(self) -> Unit | None:
        return next((u for u in self.enemies() if u.id == self.enemy), None)

    def subject_unit(self) -> Unit | None:
        """Whom the inspector places: the unit being moved, else the own unit under (or last under) the cursor."""
        if self.c.mode is Mode.MOVING:
            return self.c.selected_unit
        mine = self.c.view.living(self.side)
        return next((u for u in mine if u.id == self.subject), None)

    def follow_cursor(self) -> None:
        """Remember the enemy and the own unit last under the cursor (the zone and the inspector follow them)."""
        unit = self.c.hovered_unit
        if unit is None:
            return
        if unit.side is self.side:
            self.subject = unit.id
        elif self.danger is Danger.ONE or self.enemy is None:
            self.enemy = unit.id

    # --- toggles ------------------------------------------------------------------

    def cycle_danger(self) -> None:
        """Off → every enemy's zone → the hovered (or nearest) enemy's → off."""
        order = list(Danger)
        self.danger = order[(order.index(self.danger) + 1) % len(order)]
        if self.danger is Danger.ONE:
            hovered = self.c.hovered_unit
            if hovered is not None and hovered.side is not self.side:
                self.enemy = hovered.id
            elif self.chosen_enemy() is None:
                cursor = self.c.cursor
                nearest = min(self.enemies(), key=lambda u: (distance(u.pos, cursor), u.pos[1], u.pos[0]), default=None)
                self.enemy = nearest.id if nearest else None

    def toggle_heat(self) -> None:
        self.heat_on = not self.heat_on

    def toggle_inspector(self) -> None:
        self.inspecting = not self.inspecting

    def toggle_intent(self) -> None:
        self.intent_on = not self.intent_on

    # --- what is shown ------------------------------------------------------------

    def danger_tiles(self) -> dict[Pos, str]:
        """The danger zone's tiles with their marks (empty while off)."""
        view = self.c.view
        enemy = self.chosen_enemy() if self.danger is Danger.ONE else None
        holders = self.holders()
        key = (id(view), self.danger, enemy.id if enemy else None, holders)
        if self._danger_cache is None or self._danger_cache[0] != key:
            if self.danger is Danger.ALL:
                enemies = self.enemies()
                awake = [e for e in enemies if e.id not in holders]
                counts = danger_zone(view, awake)
                held = [e for e in enemies if e.id in holders]
                for unit in held:  # at its post it still strikes what it reaches from there
                    for pos in from_post(view, unit):
                        counts[pos] = counts.get(pos, 0) + 1
                marks = {p: count_mark(n) for p, n in counts.items()}
                for pos in danger_zone(view, held):
                    marks.setdefault(pos, HOLD_MARK)
            elif self.danger is Danger.ONE and enemy is not None:
                if enemy.id in holders:
                    marks = {p: ONE_MARK for p in from_post(view, enemy)}
                    for pos in danger_zone(view, [enemy]):
                        marks.setdefault(pos, HOLD_MARK)
                else:
                    marks = {p: ONE_MARK for p in danger_zone(view, [enemy])}
            else:
                marks = {}
            # Not on the enemies' own tiles: no unit of the viewer's can stand there, and a digit beside
            # an enemy's letter reads as part of its name.
            for unit in self.enemies():
                marks.pop(unit.pos, None)
            self._danger_cache = (key, marks)
            self._danger_view = view  # keeps the view alive, so its id is never reused for another
        return self._danger_cache[1]

    def path(self) -> frozenset[Pos]:
        """While moving: the tiles walked to the cursor, the start left out (the unit is drawn there)."""
        reach = self.c.reach
        if self.c.mode is not Mode.MOVING or reach is None or self.c.cursor not in reach:
            return frozenset()
        return frozenset(reach.path_to(self.c.cursor)[1:])

    def heat(self) -> dict[Pos, TileHeat]:
        """While moving with the heatmap on: each reachable tile's best rout chance and threats, once per selection."""
        unit, reach = self.c.selected_unit, self.c.reach
        if not self.heat_on or self.c.mode is not Mode.MOVING or unit is None or reach is None:
            return {}
        view = self.c.view
        key = (id(view), unit.id)
        if self._heat_cache is None or self._heat_cache[0] != key:
            self._heat_cache = (key, heatmap(view, view.unit(unit.id), frozenset(reach.costs), self.enemies()))
            self._heat_view = view
        return self._heat_cache[1]

    def intents(self) -> list[Intent]:
        """With the likely targets on: each enemy's likely attack, the first as the level playing the enemy
        chooses it (`intent_level`), judged from the viewer's view only (none while the computer plays: its real
        moves are on screen then). Empty while they are being worked out (`intent_waiting`): the screen has them
        worked out off its own thread (`intent_job`) and hands them back (`store_intents`)."""
        return self._intents()[0]

    @property
    def intent_level(self) -> str | None:
        """The level playing the viewer's enemy, whose choices the likely targets are; None when a person plays
        it (or a seat at another machine's table, which is not told): then they are the `normal` level's."""
        return self.levels.get(self.side.other)

    @property
    def intents_shown(self) -> bool:
        """The likely targets are asked for and have a place on screen now."""
        return self.intent_on and self.c.mode not in (Mode.COMPUTER, Mode.OVER)

    @property
    def intent_waiting(self) -> bool:
        """Asked for, and not yet worked out for the battle as it stands: the pane says so, the map marks nothing."""
        return self.intents_shown and not self._intent_ready(self._intent_key())

    def intent_job(self) -> IntentJob | None:
        """The likely targets still to work out for the battle as it stands, if they are shown and not ready."""
        if not self.intent_waiting:
            return None
        return IntentJob(self.c.view, self.side, self.intent_level, self.holders())

    def store_intents(self, job: IntentJob, found: list[Intent]) -> bool:
        """Keep what `job` found, if it still answers the battle as it stands (the same view, viewer and level);
        a stale answer (someone acted, or the keyboard changed hands, while it was worked out) is dropped."""
        if job.key != self._intent_key():
            return False
        view = job.view
        tiles = {i.origin: FROM_MARK for i in found}
        tiles.update({view.unit(i.target).pos: AIMED_MARK for i in found})
        self._intent_cache = (job.key, found, tiles)
        self._intent_view = view  # keeps the view alive, so its id is never reused for another
        return True

    def _intent_key(self) -> tuple:
        return (id(self.c.view), self.side, self.intent_level, self.holders())

    def _intent_ready(self, key: tuple) -> bool:
        return self._intent_cache is not None and self._intent_cache[0] == key

    def _intents(self) -> tuple[list[Intent], dict[Pos, str]]:
        if not self.intents_shown:
            return [], {}
        key = self._intent_key()
        if self._intent_cache is None or self._intent_cache[0] != key:
            return [], {}  # still being worked out: nothing of an older battle's shown meanwhile
        return self._intent_cache[1], self._intent_cache[2]

    def marks(self) -> Marks:
        return Marks(self.danger_tiles(), self.path(), self.heat(), self._intents()[1])

    def inspected(self) -> tuple[Unit, Pos, list[AttackForecast]] | None:
        """The inspector's subject, the tile under the cursor, and every enemy attack it could meet there."""
        unit = self.subject_unit()
        if not self.inspecting or unit is None:
            return None
        view, pos = self.c.view, self.c.cursor
        key = (id(view), unit.id, pos)
        if self._inspect_cache is None or self._inspect_cache[0] != key:
            self._inspect_cache = (key, threat_forecasts(view, view.unit(unit.id), pos, self.enemies()))
            self._inspect_view = view
        return unit, pos, self._inspect_cache[1]


def from_post(view: Known, unit: Unit) -> set[Pos]:
    """The tiles `unit` could strike without moving, with any weapon it could hold."""
    tiles: set[Pos] = set()
    x, y = unit.pos
    for armed in armed_forms(unit):
        low, high = weapon_range(armed, armed.inventory[armed.weapon])  # type: ignore[index]
        for dx in range(-high, high + 1):
            for dy in range(-high, high + 1):
                if max(1, low) <= abs(dx) + abs(dy) <= high and view.map.contains((x + dx, y + dy)):
                    tiles.add((x + dx, y + dy))
    return tiles
