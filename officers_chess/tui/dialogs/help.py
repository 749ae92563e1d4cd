"""The help overlay: every key of the battle screen and how to read the map."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.reference.rulebook import TAG_TEXT, edition_rules, rule_id, terrain_rule_id
from officers_chess.session import dice_words
from officers_chess.tui.palette import palette

KEYS = [
    ("Arrows / h j k l", "move the cursor (in menus and targeting: choose)"),
    ("Enter / Space", "select a unit · move there · choose · attack"),
    ("Esc", "step back: a move can be taken back until the unit acts (the line under the log says what Esc "
            "would undo; once a die is rolled, or the move showed something new, nothing); while browsing, leave "
            "the battle"),
    ("Tab", "jump to the next unit still to act"),
    ("a / w", "attack / wait, once the unit has moved (a takes up a spare weapon first when only that one reaches; "
              "Equip other items from the menu: it is free)"),
    ("i", "free actions before the move: with a unit selected, equip, trade with an ally beside it or discard, "
          "then choose where it moves (Esc on the map takes them back)"),
    ("s", "act and stay: like Enter on an attack, a staff or an item, but the turn stays open afterwards to "
          "equip, trade or discard (bow shot, sword back in hand); w ends it"),
    ("d or z", "danger zone: off → every enemy's (digits: how many could attack a tile; ◦: only enemies holding their "
          "posts, if something moves them) → one enemy's (×; hover another to switch) → off"),
    ("t", "threats: every enemy that could attack your unit on the cursor's tile, with its forecast (Esc closes)"),
    ("o", "while moving: heatmap of each tile's best rout chance ({heat}) and, as a digit, "
          "how many enemies could attack it after"),
    ("n", "likely targets: whom each enemy in sight still to act would attack now (!) and from where (»): first the "
          "move the computer level playing them makes next (its own choice, sure unless fog or the scenario's hidden "
          "orders may change it; for "
          "easy, how often it picks it), then the rest as normal weighs them (a person's side, all as normal would); "
          "the side panel names the level and adds the expected damage and rout chance (n hides them)"),
    ("PgUp / PgDn", "scroll the battle log (named under the log, and in the footer where it has room, once the log "
                    "holds more than it shows)"),
    ("[ / ]", "scroll the side panel's forecast (or the unit sheet) when it holds more than it shows (its border "
              "says ↓ more)"),
    ("r", "the whole battle log on one screen, the computer's turns included (Esc closes)"),
    ("v", "the computer's last turn again on the map: each unit's path (•), where it struck from (») and whom (!), "
          "one activation at a time with ← →, as far as your side saw it (Esc closes)"),
    ("f / s", "while the computer plays: faster (or back to normal pace) / skip to the end of its turn, "
              "or of the round when it plays both sides"),
    ("Mouse click", "point at a tile (click again to confirm)"),
    ("e", "explain: pick a modifier of the forecast, or a tag, status or item of the unit sheet, and read its rule "
          "(a click on the forecast or the sheet does the same)"),
    ("F1", "the rules browser: every rule, tag, status, terrain, class and item (from anywhere)"),
    ("Ctrl+P", "search the rules by name, from anywhere; Enter opens the entry's card"),
    ("Ctrl+S", "save this battle under a name of yours (it autosaves anyway after every action); load it with l on the title screen"),
    ("F2", "colours: classic → safe for colour-blind eyes (or start with play --colours colour-blind)"),
    ("?", "this help"),
    ("q", "quit (asks first)"),
]


def _add(table: Table, *cells: str | Text) -> None:
    """A row of plain text: names and descriptions come from the catalogue's files, brackets and all (Rich
    would read a str cell as markup)."""
    table.add_row(*(Text(cell) if isinstance(cell, str) else cell for cell in cells))


def help_text(catalogue: Catalogue) -> Table:
    keys = Table(box=None, show_header=False, pad_edge=False)
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    words = palette().words
    for key, meaning in KEYS:
        _add(keys, key, meaning.format(**words))
    _add(keys, "", "")
    _add(keys, "Units", Text(f"Attackers are CAPITAL letters ({words['attacker']}), defenders small letters ({words['defender']}). "
                               "The letter is the class; the unit sheet names it. Dimmed units have acted this round."))
    _add(keys, "Turns", "each round the sides take turns, one unit at a time (a game master's side: three), each moving "
                        "then acting; once a side has "
                        "nobody left to act, the other acts with the rest in a row, and the side that ran out first "
                        "leads the next round. The header counts who is still to act: the enemy moves between your "
                        "units, so look at the danger zone (d) again before each one.")
    _add(keys, "Marks", "$: a chest · underlined and bold: an objective tile (seize, escape or raze), or an exit a broken side flees "
                        "by (the tile panel says which) · underlined: "
                        "an area the scenario names (the tile panel says what it means)")
    _add(keys, "Big maps", "drawn whole: one cell a tile when two do not fit (a mark then stands in the glyph's "
                           "place), or two rows a line, a unit's letter filling its cell")
    _add(keys, "Overlays", f"{words['move']}: where the unit under the cursor (or the selected one) can move · "
                             f"{words['strike']}: what it could strike · {words['target']}: targets in reach now · "
                             "•: the path to the cursor while moving (its cost in the side panel)")
    _add(keys, "Dice", dice_words.HELP)
    _add(keys, "", "")
    _add(keys, "Classes", "")
    for unit_class in catalogue.classes.values():
        _add(keys, f"  {unit_class.letter} {unit_class.letter.lower()}", f"{unit_class.name}: {unit_class.description}")
    _add(keys, "", "")
    rules, book = rules_for(catalogue.edition), edition_rules(catalogue.edition)
    if not rules.rules_text:  # v0.6: the compact legend
        _add(keys, "Terrain", "move cost foot/armored/cavalry/flying (– = impassable), Def/Res bonus")
        for terrain in TERRAIN.values():
            bonus = f", +{terrain.defense} Def/Res" if terrain.defense else ""
            heal = f", heals {terrain.heal} HP at the end of a turn here" if terrain.heal else ""
            costs = "/".join("–" if c is None else str(c) for c in (terrain.foot, terrain.armored, terrain.cavalry, terrain.flying))
            _add(keys, f"  {terrain.glyph}", f"{terrain.name}: {costs}{bonus}{heal}")
        _add(keys, "", "")
        _add(keys, "Combat", "A swing hits on a d20 roll at or under Skill; a 1 always hits and crits. Damage = "
                               "Strength + Might − Defense (Resistance against magic), doubled on a crit. Triangles: "
                               "sword > axe > lance > sword and reason > faith > dark > reason (+1 Skill and damage).")
        _add(keys, "Tags", "")
        for name, text in TAG_TEXT.items():
            _add(keys, f"  {name}", text)
        return keys
    _add(keys, "Terrain", f"the {rules.name} terrain table")
    for terrain in rules.terrain.values():
        _add(keys, f"  {terrain.glyph}", f"{terrain.name}: {book[terrain_rule_id(terrain)].text}")
    _add(keys, "", "")
    _add(keys, f"Combat ({rules.name})", " ".join(book[key].text for key in ("hit-roll", "damage", "critical", "follow-up")
                                                     if key in book))
    _add(keys, "Tags", "")
    for name in sorted(rules.tags):
        if rule_id(name) in book:
            _add(keys, f"  {name}", book[rule_id(name)].text)
    return keys


class HelpScreen(ModalScreen[None]):
    """Key bindings and the map legend; any of Esc, ? or q closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    /* Two blank columns between the text and the scrollbar: flush against it, the words read as cut (rulings L84). */
    HelpScreen > VerticalScroll > Static { margin-right: 2; }
    """
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        super().__init__()
        self.catalogue = catalogue or load_catalogue()  # the catalogue in play: its classes and its edition's rules

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "Help · Esc to close"
            yield Static(help_text(self.catalogue))

    def action_close(self) -> None:
        self.dismiss(None)
