"""Rich text for army building: catalogue rows and details for classes and items, and the rows of an army."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.text import Text

from officers_chess.rules.basics.rating_scale import letter
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.models import Accessory, Consumable, Stats, UnitClass, Weapon
from officers_chess.rules.pieces.tags import parse_tag
from officers_chess.rules.reference.rulebook import TAG_TEXT, edition_rules, rule_id
from officers_chess.session.muster_common import Item, class_of
from officers_chess.tui.palette import palette

NAME_WIDTH = 18  # the longest catalogue item name, and a space


def stat_line(stats: Stats, compact: bool = False, edition: str = "v0.6") -> str:
    if rules_for(edition).letter_stats:  # the later editions' letter ratings, with Magic
        shown = " ".join(f"{name} {letter(getattr(stats, stat))}" for name, stat in
                         (("Str", "strength"), ("Mag", "magic"), ("Dex", "skill"), ("Spd", "speed"), ("Def", "defense"),
                          ("Res", "resistance")))
        return shown if compact else f"{shown}  HP {stats.hp}"
    if compact:  # HP is 20 for everyone in v0.6; a narrow pane needs the room
        return f"Str {stats.strength} Skl {stats.skill} Spd {stats.speed} Def {stats.defense} Res {stats.resistance}"
    return (f"Str {stats.strength}  Skl {stats.skill}  Spd {stats.speed}  "
            f"Def {stats.defense}  Res {stats.resistance}  HP {stats.hp}")


class StatPairs:
    """A stat line ("Str A  Mag E ...") that wraps only between its pairs, into even lines indented alike: a narrow
    pane (the Scouting screen's at 80 columns) shows two lines of three, never a last pair alone on a line."""

    def __init__(self, line: str, indent: int = 0, style: str = "") -> None:
        self.pairs = re.findall(r"\S+ \S+", line)
        self.indent = indent
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # As few lines as fit, the pairs shared evenly between them (3 and 3, not 5 and a lone "Res C").
        pairs = self.pairs or [""]
        for count in range(1, len(pairs) + 1):
            size = -(-len(pairs) // count)
            rows = [" ".join(pairs[i:i + size]) for i in range(0, len(pairs), size)]
            if all(self.indent + len(row) <= options.max_width for row in rows):
                break
        for row in rows:
            yield Text(" " * self.indent + row, self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((len(pair) for pair in self.pairs), default=0)
        return Measurement(self.indent + widest, self.indent + len(" ".join(self.pairs)))


def movement(unit_class: UnitClass) -> str:
    sample = class_of(unit_class)
    return f"moves {sample.movement} ({'/'.join(m.value for m in sample.move_types)})"


def item_kind(item: Item) -> str:
    if isinstance(item, Weapon):
        return item.type.value
    return "accessory" if isinstance(item, Accessory) else "item"


def item_figures(item: Item) -> str:
    if isinstance(item, Weapon):
        low, high = item.range
        reach = f"{low}" if low == high else f"{low}-{high}"
        if item.strength_reach:
            reach += " (more with Str)"
        if item.magic_reach:
            reach += " (more with Mag)"
        hit = f"  Hit {item.hit:+d}" if item.hit else ""
        return f"Mt {item.might}  Wt {item.weight}{hit}  Rng {reach}  {item.damage.value}"
    if isinstance(item, Accessory):
        return f"Def +{item.defense}  Wt {item.weight}"
    return ""


def short_figures(item: Item) -> str:
    """"Mt 5 Wt 2 R 1-2" for a weapon, "Def+1 Wt 1" for an accessory: what a wide shop fits on the row."""
    if isinstance(item, Weapon):
        low, high = item.range
        return f"Mt{item.might:>2} Wt{item.weight:>2} R{low}" + (f"-{high}" if high != low else "")
    if isinstance(item, Accessory) and (item.defense or item.weight):
        return f"Def+{item.defense} Wt{item.weight:>2}"
    return ""


def _price(price: int, gold_left: int | None) -> Text:
    dear = gold_left is not None and price > gold_left
    # A "!" as well as the colour, so a price the war chest cannot pay reads without colour too.
    return Text(f"{price:>4}{'!' if dear else ' '}", style=palette().error if dear else "")


def class_row(unit_class: UnitClass, price: int, gold_left: int | None, wide: bool = False) -> Text:
    wields = "/".join(w.value for w in unit_class.wields)
    # The map letter is quiet: in bold, left of the name, it read as a key that would hire the class.
    row = Text.assemble((f"{unit_class.letter} ", "grey62"), f"{unit_class.name:<{NAME_WIDTH - 2}}", _price(price, gold_left),
                        (f" {wields:<11}" if wide else f" {wields}", "grey62"))
    if wide:
        s = unit_class.stats
        row.append(f" {s.strength:>2} {s.skill:>2} {s.speed:>2} {s.defense:>2} {s.resistance:>2}  {class_of(unit_class).movement}"
                   f" {'/'.join(m.value for m in class_of(unit_class).move_types)}")
    return row


CLASS_COLUMNS = "Str Skl Spd Def Res  Move"


def uses_note(item: Item, spent: int = 0, long: bool = False) -> str:
    """" 3u" (long: " (3 uses left)") for an item with uses, `spent` of them gone; nothing for one without."""
    left = item.model_copy(update={"used": spent}).uses_left
    if left is None:
        return ""
    return f" ({left} use{'' if left == 1 else 's'} left)" if long else f" {left}u"


def item_row(item: Item, price: int, gold_left: int | None, usable: bool = True, wide: bool = False) -> Text:
    # "–" marks an item the unit cannot carry for the eye without colour; dimmed for the eye with it.
    mark = (" ", "") if usable else ("–", "bold")
    kind = item_kind(item) + uses_note(item)  # "item 3u": a new one's uses
    row = Text.assemble(mark, f"{item.name:<{NAME_WIDTH - 1}}", _price(price, gold_left),
                        (f" {kind:<10}" if wide else f" {kind}", "grey62"))
    if wide:
        row.append(f"{short_figures(item):<15}")
        row.append(" ".join(item.tags), palette().tag)
    if not usable:
        row.stylize("grey50")
    return row


def tag_lines(tags: list[str], edition: str = "v0.6") -> list[Text]:
    book = edition_rules(edition)
    lines = []
    for tag in tags:
        try:
            name = parse_tag(tag).name
        except ValueError:
            name = tag
        entry = book.get(rule_id(name))
        lines.append(Text.assemble((tag, palette().tag), ("  " + (entry.text if entry else TAG_TEXT.get(name, "")), "grey70")))
    return lines


def _class_head(unit_class: UnitClass, price: int) -> list[Text]:
    """A class's name, price, movement and weapons, then its stats (and a beast form's, and what promotion does)."""
    wields = ", ".join(w.value for w in unit_class.wields)
    lines = [
        Text.assemble((unit_class.name, "bold"), f" ({unit_class.letter}) · {price} gold · {movement(unit_class)} · wields {wields}"),
        Text(stat_line(unit_class.stats, edition=unit_class.edition)),
    ]
    if unit_class.transformed is not None:
        lines.append(Text("Beast form: " + stat_line(unit_class.transformed), "grey70"))
    if unit_class.promoted:
        lines.append(Text("Promoted: Assassinate cannot take all its HP.", "grey70"))
    return lines


def class_details(unit_class: UnitClass, price: int) -> Group:
    lines = _class_head(unit_class, price)
    lines += tag_lines(list(unit_class.tags), unit_class.edition)
    if unit_class.description:
        lines.append(Text(unit_class.description, "grey70"))
    return Group(*lines)


def class_brief(unit_class: UnitClass, price: int) -> Group:
    """`class_details` for a narrow box: the tags by name only, so that every one is seen, the description last."""
    lines = _class_head(unit_class, price)
    if unit_class.tags:
        lines.append(Text.assemble("Tags: ", (", ".join(unit_class.tags), palette().tag)))
    if unit_class.description:
        lines.append(Text(unit_class.description, "grey70"))
    return Group(*lines)


def item_brief(item: Item, price: int) -> Group:
    """`item_details` for a narrow box: the tags by name only."""
    lines = list(item_details(item, price).renderables)[:1]
    if item.tags:
        lines.append(Text.assemble("Tags: ", (", ".join(item.tags), palette().tag)))
    return Group(*lines)


def item_details(item: Item, price: int, note: str = "") -> Group:
    uses = item.uses_left
    lines = [Text.assemble((item.name, "bold"), f" · {price} gold · {item_kind(item)}  {item_figures(item)}".rstrip(),
                           (f" · {uses} use{'' if uses == 1 else 's'}" if uses is not None else ""))]
    if isinstance(item, Consumable) and not item.tags:
        lines.append(Text("Used from the menu in battle.", "grey70"))
    lines += tag_lines(list(item.tags), item.edition)
    if note:
        lines.append(Text(note, "bold " + palette().warning))
    return Group(*lines)


def army_rows(army: Army, costs: list[int], items: Mapping[str, Item] | None = None) -> list[tuple[int, int | None, Text]]:
    """One row per unit and one per item under it: (unit index, item index or None, text). Given the catalogue's
    `items`, an item with uses says how many it has left (a campaign veteran's may be worn)."""
    rows: list[tuple[int, int | None, Text]] = []
    for u, (recruit, cost) in enumerate(zip(army.units, costs)):
        head = Text.assemble((f"{recruit.name}", "bold"), f" · {recruit.unit_class}")
        if recruit.roles:
            head.append(" · " + ", ".join(recruit.roles), "bold #ffd700")
        head.append(f"  {cost}g", "grey70")
        if not recruit.items:
            head.append("  (no items)", "grey50")
        rows.append((u, None, head))
        for i, name in enumerate(recruit.items):
            spent = recruit.used[i] if i < len(recruit.used) else 0
            note = uses_note(items[name], spent, long=True) if items is not None and name in items else ""
            rows.append((u, i, Text.assemble(f"   {name}", (note, "grey70"))))
    return rows
