"""The unit sheet: the hovered unit's class, HP, stats, derived stats, equipment and tags; or the tile's terrain."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

from officers_chess.ai.directives import directive
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.battle.victory import goal_tile_kinds, holder
from officers_chess.rules.board.terrain import MoveType, Terrain
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.armament import weapon_range
from officers_chess.rules.pieces.models import Accessory, Consumable, Side, Unit, Weapon
from officers_chess.rules.pieces.orders import FREE
from officers_chess.rules.pieces.order_now import describe
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.scroll_box import ScrollBox



def hp_bar(hp: int, max_hp: int, width: int = 20) -> Text:
    filled = round(width * hp / max_hp) if max_hp else 0
    colour = "green" if hp * 2 > max_hp else "yellow" if hp * 4 > max_hp else "red"
    return Text.assemble(("█" * filled, colour), ("░" * (width - filled), "grey35"), f" {hp:>2}/{max_hp}")


ITEM_INDENT = 4  # a wrapped item line goes on two cells right of the item names, so it never reads as an item


class Hanging:
    """A line that wraps with its later lines indented (a hanging indent): in a narrow pane an item's tags go on
    under the item, never at the names' column where they would read as one more item (rulings L112)."""

    def __init__(self, text: Text, indent: int = ITEM_INDENT) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.text.cell_len <= width or width <= self.indent + 1:
            yield self.text
            return
        lines = self.text.wrap(console, width - self.indent)
        yield lines[0]
        for line in lines[1:]:
            yield Text(" " * self.indent) + line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)


def describe_item(unit: Unit, item: Weapon | Accessory | Consumable, equipped: bool) -> Hanging:
    return Hanging(item_text(unit, item, equipped))


def item_text(unit: Unit, item: Weapon | Accessory | Consumable, equipped: bool) -> Text:
    """An item's one line: the equipped mark, its name, its figures, uses left and tags."""
    mark = "▸ " if equipped else "  "
    if isinstance(item, Weapon):
        low, high = weapon_range(unit, item)
        reach = f"{low}" if low == high else f"{low}-{high}"
        hit = f" Hit{item.hit:+d}" if item.hit else ""
        line = Text.assemble(mark, (item.name, "bold" if equipped else ""), f"  {item.type.value} Mt{item.might} Wt{item.weight}{hit} Rng{reach}")
    elif isinstance(item, Accessory):
        line = Text.assemble(mark, (item.name, "bold" if equipped else ""), f"  Def+{item.defense} Wt{item.weight}")
    else:
        line = Text.assemble(mark, item.name)
    if item.uses_left is not None:
        line.append(f" ({item.uses_left} left)", "yellow")
    if item.tags:
        line.append("  " + " ".join(item.tags), palette().tag)
    return line


def orders_text(unit: Unit, view: Known) -> str:
    """What a computer-played unit is doing now: its script's current order in words, or its free tactics.

    `view` is the battle as the viewer sees it (under fog the script is judged on that view, as the
    sheet is). An order whose ward or prey is gone or out of sight leaves the unit free, as it plays.
    """
    found = directive(view, unit) if unit.orders or view.morale_rules is not None else None
    if found is not None:
        return describe(unit, view.units, view.round, list(found.orders)) or FREE
    return FREE


def unit_sheet(unit: Unit, terrain: Terrain, orders: str | None = None) -> RenderableType:
    """`orders`: the behaviour of a computer-played unit (see orders_text); None for a person's unit."""
    stats = unit.stats
    side = Text(f" {unit.side.title} ", style=palette().side_banner(unit.side))
    header = Text.assemble((unit.name, "bold"), f" · {unit.unit_class.name} ", side)
    status = "has acted this round" if unit.activated else "still to act this round"
    rules = rules_for(unit.unit_class.edition)
    numbers = Text(rules.stat_line(unit, terrain))  # the tile's cover counted, as the forecast counts it
    move_type = "/".join(m.value for m in unit.move_types)
    derived = Text(f"{rules.fight_line(unit)}  Move {unit.movement} ({move_type})")
    lines: list[RenderableType] = [header, hp_bar(unit.hp, stats.hp), numbers, derived]
    for index, item in enumerate(unit.inventory):
        lines.append(describe_item(unit, item, index in (unit.weapon, unit.accessory)))
    own = list(unit.unit_class.tags) + list(unit.scenario_tags)
    if own:
        lines.append(Hanging(Text("Tags: " + " ".join(own), palette().tag), len("Tags: ")))
    conditions = [s.name.value for s in unit.statuses]
    if unit.transformed:
        conditions.insert(0, "beast form")
    if unit.inflicted:
        when = ", from its next turn" if unit.inflicted.pending else ""
        conditions.append(f"{unit.inflicted.stat} {unit.inflicted.amount:+d} (inflicted{when})")
    if unit.crests:
        conditions.append("crest of " + ", ".join(unit.crests))
    if conditions:
        lines.append(Text("Now: " + " · ".join(conditions), "bold " + palette().warning))
    if orders is not None:
        lines.append(Text.assemble(("Orders: ", "bold"), (orders, palette().note)))
    bonus = rules.tile_bonus(unit, terrain)
    lines.append(Text(f"On {terrain.name.lower()}" + (f" ({bonus})" if bonus else "") + f" · {status}", "grey62"))
    return Group(*lines)


def terrain_sheet(terrain: Terrain, pos: tuple[int, int], notes: list[str] = (), edition: str = "v0.6") -> RenderableType:
    def cost(m: MoveType) -> str:
        value = terrain.cost(m)
        return "–" if value is None else str(value)

    cover, effects = rules_for(edition).tile_words(terrain)
    lines: list[RenderableType] = [
        Text.assemble((terrain.name, "bold"), f"  tile {pos[0] + 1},{pos[1] + 1}  glyph '{terrain.glyph}'"),
        Text(cover),
        Text(f"Move cost: foot {cost(MoveType.FOOT)} · armored {cost(MoveType.ARMORED)}", "grey70"),
        Text(f"           cavalry {cost(MoveType.CAVALRY)} · flying {cost(MoveType.FLYING)}", "grey70"),
    ]
    for effect in effects:
        lines.append(Text(effect, "red" if "Burns" in effect else "green"))
    for note in notes:
        lines.append(Text(note, "bold #ffd700"))
    return Group(*lines)


def tile_notes(state: Known, pos: tuple[int, int], seen: set | frozenset | None = None) -> list[str]:
    """What a scenario put on a tile: a chest, an objective (a tile to control with who holds it now, unless the
    fog hides the tile: `seen`, the tiles the viewer sees, None without fog), the HP left of a wall."""
    notes = ["A chest ($): Pick opens it." for chest in state.chests if chest.at == pos]
    goals = goal_tile_kinds(state.victory)
    for tiles, what in ((state.seize_tiles, "seize"), (state.escape_tiles, "escape"), (state.raze_tiles, "raze")):
        if pos not in tiles:
            continue
        if what in goals:
            notes.append(f"Objective: a Leader may {what} here." if what == "seize" else
                         f"Objective: {'a Fleeing unit may escape' if what == 'escape' else 'a Saboteur may raze'} here.")
        elif what == "escape":  # no side wins by leaving: the exits a broken side runs for (rulings L140)
            notes.append("An exit: a broken side's units leave the field here.")
    for side in Side:
        for cond in state.victory.get(side, ()):
            if cond.kind == "hold" and pos in cond.tiles:
                notes.append(f"Objective: the {side.value} wins if a unit of it stands on one of these tiles at the "
                             f"end of round {cond.rounds}.")
            elif cond.kind == "control" and pos in cond.tiles:
                notes.append(f"Objective: the {side.value} wants {cond.count} of these tiles when the battle ends "
                             f"(the last side to stand on one holds it). {_held_by(state, pos, seen)}")
    hp = state.terrain_hp(pos)
    if hp is not None:
        notes.append(f"{hp} HP left; strike it to break it.")
    return notes


def _held_by(state: Known, pos: tuple[int, int], seen: set | frozenset | None) -> str:
    """Who holds a tile to control now, as the viewer knows it (a play-test could not tell who held a bridge)."""
    if seen is not None and pos not in seen:
        return "The fog hides who holds it now."
    side = holder(state, pos)
    return f"The {side.value} holds it now." if side is not None else "Nobody holds it yet."


class UnitSheet(ScrollBox):
    """Shows the unit under the cursor, or the terrain when the tile is empty; a sheet taller than its room scrolls
    (its border says so) rather than losing its last lines."""

    async def on_click(self) -> None:
        # A click asks what to explain, as the e key does (the screen's explain action).
        await self.run_action("screen.explain")

    def show_unit(self, unit: Unit, terrain: Terrain, orders: str | None = None) -> None:
        self.border_title = "Unit"
        self._show(unit_sheet(unit, terrain, orders))

    def show_terrain(self, terrain: Terrain, pos: tuple[int, int], notes: list[str] = (), edition: str = "v0.6") -> None:
        self.border_title = "Tile"
        self._show(terrain_sheet(terrain, pos, notes, edition))

    def _show(self, sheet: Group) -> None:
        # The sheet's height follows its text; a layout pass only when its number of lines changes (ScrollBox).
        self.update(sheet)
