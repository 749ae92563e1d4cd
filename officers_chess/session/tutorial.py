"""The guided first battle's lessons: what each asks of the player, and the state that shows it was done."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from officers_chess.rules.battle.game import GameState
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode

# The guided battle's own file, beside the bundled scenarios but not among them (the title lists only those).
TUTORIAL_SCENARIO = "tutorial/learn_to_play.yaml"
TUTORIAL_SEED = 37  # one battle for everyone: the same thieves, the same dice for the same choices (rulings L3)
TUTORIAL_LEVEL = "normal"  # the thieves' level: they follow the scenario's orders, and play sensibly after
PLAYER = Side.ATTACKER
# The danger zone's modes with marks on the map, as session/lookout.py's `Danger` names them (off → all → one → off).
ALL, ONE = "all", "one"
LEAD, SECOND = "Corin", "Hesk"
SPARE_WEAPON = "Javelin"


@dataclass
class Watched:
    """What the guide saw the player do that the battle's state does not keep: a rule card opened, a blow struck."""

    explained: bool = False  # e opened a rule card (or its chooser) while this lesson was on
    struck: bool = False  # one of the player's units attacked while this lesson was on
    went_on: bool = False  # Enter pressed once the step's second part was shown (so it can be read before it goes)
    saw_danger: bool = False  # the danger zone was on the map during the danger step, on the player's turn


@dataclass(frozen=True)
class Lesson:
    """One step of the guided battle: what to do now, and whether it is done."""

    key: str
    title: str
    text: str
    done: Callable[[BattleController, Watched, bool], bool]  # (controller, watched, danger zone on)
    # A word for a player who went off the path (None while on it): how to get back.
    nudge: Callable[[BattleController], str | None] = field(default=lambda c: None)
    # Whether what made the lesson before this one done was taken back (Esc): the guide then steps back to it.
    undone: Callable[[BattleController], bool] = field(default=lambda c: False)
    # The step's words for where the controller is now, when it has moved on from where `text` starts (None: `text`
    # still holds). A step's words never name a state the player has left (rulings L86).
    now: Callable[[BattleController], str | None] = field(default=lambda c: None)
    # The step's words once its first part is done and it waits to be read (the danger zone shown), by the danger
    # zone's mode: what d does next depends on where in its cycle the player is (rulings L96).
    seen: dict[str, str] = field(default_factory=dict)
    marked: dict[str, str] = field(default_factory=dict)  # added to the step's words while the zone is on, by mode


def _unit(state: GameState, name: str) -> Unit | None:
    return next((u for u in state.units if u.name == name and u.side is PLAYER), None)


def _selected(c: BattleController) -> str | None:
    unit = c.selected_unit
    return unit.name if unit is not None else None


def _in_woods(c: BattleController) -> bool:
    """One of the player's units has moved onto trees (every one of them starts in the open)."""
    return any(c.state.map.terrain_at(u.pos).id == "forest" for u in c.state.living(PLAYER))


def _moved(c: BattleController, name: str) -> bool:
    turn = c.state.active
    unit = _unit(c.state, name)
    return unit is not None and (unit.activated or (turn is not None and turn.unit == unit.id and turn.moved))


def _acted(c: BattleController, name: str) -> bool:
    unit = _unit(c.state, name)
    return unit is not None and (unit.activated or not unit.on_field)


def _any_acted(c: BattleController) -> bool:
    return any(u.activated for u in c.state.living(PLAYER))


def _holding_spare(c: BattleController) -> bool:
    unit = _unit(c.state, SECOND)
    return unit is not None and unit.equipped_weapon is not None and unit.equipped_weapon.name == SPARE_WEAPON


def _players_turn(c: BattleController) -> bool:
    return c.mode is not Mode.COMPUTER and c.state.to_act is PLAYER


# What leaving promises, said alike by the welcome, Esc's question and Ctrl+Q's (rulings L87). True as written: the
# step reached and the battle are both kept between turns, so a turn left half done is taken back.
LEAVE_PROMISE = "Learn to play goes on from the last turn you finished"

# Every word for a player off the path, by its key: the box shows one in place of the step's text, so each must fit
# the box alone (tests/test_tutorial_box_fits.py opens each at 80×24). {name}: the unit chosen.
NUDGES = {
    "not-lead": "That is {name}; Esc puts him back. Choose " + LEAD + " first.",
    "open": "{name} stands in the open. Esc takes the move back: try a tree tile.",
    "not-second": "That is {name}; Esc puts him back and lets you choose " + SECOND + ".",
    "moved-first": "He moved before equipping. Esc takes the move back; then i, before moving.",
    "second-acted": SECOND + " has acted this round: wait for his next turn (w ends the others').",
    "no-reach": "No thief is in reach from here: Esc takes the move back.",
}

# The watch step waits for Enter after the enemy's turn; no later enemy turn does (rulings L90), and the step says so.
WATCH_ONCE = "This round they stay put, and the box waits for Enter after; later turns play straight on."

# What the watch step says once the enemy's turn is over: what it did, from the log, who acts next, and how to go on.
# One thief acts per unit of the player's, so "their turn" would be untrue while the other still waits (rulings L97).
WATCH_OVER = "{did} {rest}\nPress Enter to go on."
WATCH_REST = {
    "waiting": "{name} acts after your next unit.",
    "all": "Both thieves have acted.",
}


def turn_told(lines: list[str], state: Known) -> str:
    """A thief's turn in a few words for the box, from the log's lines: what it did (its move, whom it attacked, who
    was routed), each attack with the HP both have after it. The dice of each swing stay in the log under the map:
    told in full here, an attack of three swings pushed "Press Enter to go on." out of the box."""
    told = []
    for line in (part for entry in lines for part in entry.splitlines()):  # (an exchange is one entry of lines)
        if not line.strip() or line.startswith(" "):  # a swing's dice, indented in the log
            continue
        line = line.strip()
        attacker, attacks, target = line.rstrip(".").partition(" attacks ")
        target = target.partition(" with ")[0]  # "Pell attacks Hesk with Sunder."
        if attacks:
            left = [f"{name} {_hp_left(state, name)}" for name in (target, attacker)]
            line = f"{attacker} attacks {target} ({', '.join(left)})."
        told.append(line)
    return " ".join(told)


def _hp_left(state: Known, name: str) -> str:
    unit = next((u for u in state.units if u.name == name), None)
    if unit is None:
        return "?"
    return "routed" if unit.routed else f"{unit.hp} HP"


def watch_over(c: BattleController, did: str) -> str:
    """The watch step's words once a thief's turn is over, saying truly which thief has still to act this round."""
    waiting = [u for u in c.state.living(PLAYER.other) if u.on_field and not u.activated]
    rest = WATCH_REST["waiting"].format(name=waiting[0].name) if waiting else WATCH_REST["all"]
    return WATCH_OVER.format(did=did, rest=rest)


# A step's words once the player has gone on within it, by the controller's mode (each fits the box alone at 80×24,
# tests/test_tutorial_box_fits.py). {name}: the unit chosen.
NOW = {
    "equip-chosen": f"{SECOND} is chosen. Press i for his items, then choose Equip Javelin: a free action, it costs "
                    "no turn.",
    "equip-menu": "His items are listed on the right: choose Equip Javelin and press Enter.",
    "move-chosen": f"Press Enter on \"Choose where to move\" in the menu, then walk {SECOND} towards the thieves.",
    "move-walk": f"Walk {SECOND} towards the thieves with the arrow keys and press Enter on the tile; then w ends his "
                 "turn.",
    "move-moved": f"{SECOND} has moved (Esc takes it back). Press w to end his turn there.",
    "move-in-reach": f"{SECOND} has moved, and a thief is in reach: a attacks it (the forecast comes first), or w "
                     "ends his turn there.",
    "move-select": f"Select {SECOND} again (Tab, then Enter), walk him towards the thieves, Enter, then w.",
    "aim-walk": f"Walk {{name}} next to a thief and press Enter there ({SECOND} may stand 2 tiles off and throw).",
    "aim-moved": "{name} has moved: press a to attack a thief in reach.",
    "items-open": "The menu on the right lists his free actions; \"Choose where to move\" goes on to the map.",
    # Both thieves in reach: the forecast opens on one of them, and nothing else would say the other can be chosen.
    "forecast-both": "Both thieves are in reach: the arrow keys switch the target. The pane forecasts the blows "
                     "both ways (damage, to hit, HP left); e explains a number.",
    "strike-both": "Enter strikes the thief under the cursor (arrow keys: the other). One beside you strikes back "
                   "if it still stands; from 2 tiles off, a blade cannot answer.",
}


def _both_in_reach(c: BattleController) -> bool:
    """Aiming with more than one target to choose from (the arrow keys switch between them)."""
    return c.mode is Mode.TARGETING and len(c.overlays().targets) > 1


def _forecast_now(c: BattleController) -> str | None:
    return NOW["forecast-both"] if _both_in_reach(c) else None


def _strike_now(c: BattleController) -> str | None:
    return NOW["strike-both"] if _both_in_reach(c) else None


def _equip_now(c: BattleController) -> str | None:
    if _selected(c) != SECOND:
        return None
    return NOW["equip-menu"] if c.mode is Mode.PREPARE else NOW["equip-chosen"]


def _move_now(c: BattleController) -> str | None:
    if _selected(c) != SECOND:
        return NOW["move-select"] if not _acted(c, SECOND) else None
    if c.mode is Mode.MOVING:
        return NOW["move-walk"]
    if _moved(c, SECOND):
        if c.mode is Mode.ACTING and any(i.key.startswith(("attack", "arm:")) for i in c.menu()):
            return NOW["move-in-reach"]  # a thief beside him: "press w" alone would have him wait next to it
        return NOW["move-moved"]
    return NOW["move-chosen"]


def _aim_now(c: BattleController) -> str | None:
    name = _selected(c)
    if name is None:
        return None
    if c.mode is Mode.MOVING:
        return NOW["aim-walk"].format(name=name)
    if c.mode is Mode.ACTING:
        return NOW["aim-moved"].format(name=name)
    if c.mode is Mode.PREPARE:
        return NOW["items-open"]
    return None


def _select_nudge(c: BattleController) -> str | None:
    name = _selected(c)
    if name is not None and name != LEAD:
        return NUDGES["not-lead"].format(name=name)
    return None


def _woods_nudge(c: BattleController) -> str | None:
    name = _selected(c)
    if name is not None and name != LEAD and not _acted(c, LEAD):  # the step's words name him: the other waits
        return NUDGES["not-lead"].format(name=name)
    if name is not None and _moved(c, name) and not _in_woods(c):
        return NUDGES["open"].format(name=name)
    return None


def _equip_nudge(c: BattleController) -> str | None:
    name = _selected(c)
    hesk = _unit(c.state, SECOND)
    if name is not None and name != SECOND:
        return NUDGES["not-second"].format(name=name)
    if name == SECOND and c.mode is Mode.ACTING:
        return NUDGES["moved-first"]
    if name is None and hesk is not None and hesk.activated:
        return NUDGES["second-acted"]
    return None


def _strike_nudge(c: BattleController) -> str | None:
    if c.mode is Mode.ACTING and not any(i.key.startswith(("attack", "arm:")) for i in c.menu()):
        return NUDGES["no-reach"]
    return None


LESSONS: tuple[Lesson, ...] = (
    Lesson("select", "Choose a unit",
           f"Yours are on the left: M is {LEAD}, a sellsword, and the cursor starts on him. Press Enter to "
           f"select him. (Arrow keys move the cursor; Tab jumps to your next unit, which may be {SECOND}: Tab "
           f"again reaches {LEAD}.)",
           lambda c, w, d: _selected(c) == LEAD or _moved(c, LEAD), _select_nudge),
    Lesson("terrain", "Move onto good ground",
           f"Tinted tiles: where {LEAD} can go. Trees (\") add 1 to Defense; the pane on the right names "
           "each tile. Enter on a tree tile moves him there.",
           # Once he has ended his turn in the open the trees are next round's: the steps go on rather than send the
           # other unit to trees it cannot reach (a newcomer's play-test was stuck there for a round).
           lambda c, w, d: _in_woods(c) or _acted(c, LEAD), _woods_nudge,
           undone=lambda c: _selected(c) is None and not _any_acted(c)),
    Lesson("wait", "End the turn",
           "No thief is in reach yet. The menu on the right lists what he can do now: press w to wait "
           "there, which ends his turn.",
           lambda c, w, d: _any_acted(c),
           undone=lambda c: not _in_woods(c) and not _any_acted(c)),
    Lesson("watch", "The enemy's turn",
           "Now a thief acts: the computer plays one unit for each of yours. The right pane and the log "
           f"say what it does (f: faster). {WATCH_ONCE}",
           lambda c, w, d: _any_acted(c) and _players_turn(c) and w.went_on),
    Lesson("equip", "A free action: equip",
           f"S is {SECOND}. He carries a Javelin, thrown from 2 tiles. Select him, press i and choose "
           "Equip Javelin: a free action, it costs no turn.",
           lambda c, w, d: _holding_spare(c), _equip_nudge, now=_equip_now),
    Lesson("move-on", "Then move",
           f"Now walk {SECOND} towards the thieves: \"Choose where to move\" in his menu, a tile, Enter, then w to "
           "end his turn.",
           lambda c, w, d: _acted(c, SECOND),
           undone=lambda c: not _holding_spare(c) and not _acted(c, SECOND), now=_move_now),
    # Read, then gone on from: Enter, the marks hidden again, or a unit chosen (rulings L74).
    Lesson("danger", "The danger zone",
           # (No round named: a player off the path reaches this step a round or two later.)
           "Before you step closer, see where the thieves can hit. Press d to mark the tiles a thief could strike next turn.",
           lambda c, w, d: w.saw_danger and (w.went_on or not d or c.selected_unit is not None),
           seen={ALL: "A digit on a tile: how many thieves could strike it next turn. d once more marks one thief's "
                      "reach only (×); d twice more hides the marks.\nPress Enter to go on.",
                 ONE: "A × on a tile: the thief under the cursor (or the nearest) could strike it next turn. d once "
                      "more hides the marks.\nPress Enter to go on."}),
    Lesson("aim", "Attack",
           f"Select a unit, move it next to a thief ({SECOND} may stand 2 tiles off and throw), then press "
           "a to attack.",
           lambda c, w, d: c.mode is Mode.TARGETING or w.struck, _strike_nudge, now=_aim_now,
           marked={ALL: "(The marks are there to read, not to follow: d twice hides them.)",
                   ONE: "(The marks are there to read, not to follow: d once more hides them.)"}),
    Lesson("forecast", "Read the forecast",
           "The right pane forecasts the blows both ways: damage, chance to hit, HP left. Press e for the "
           "rule behind a number; Esc closes it.",
           lambda c, w, d: w.explained or w.struck,
           undone=lambda c: c.mode is not Mode.TARGETING, now=_forecast_now),
    Lesson("strike", "Strike",
           "Press Enter to strike. A thief beside you strikes back if it still stands; from 2 tiles off, "
           "a blade cannot answer.",
           lambda c, w, d: w.struck,
           undone=lambda c: c.mode is not Mode.TARGETING, now=_strike_now),
    Lesson("finish", "Win the battle",
           "Now rout both thieves. Tab finds a unit still to act; d, e and the forecast are yours to use; "
           "Esc steps back from a choice.",
           lambda c, w, d: c.state.is_over),
)


class Guide:
    """Where the player is in the lessons; moves on only when the battle shows the lesson was done."""

    def __init__(self, controller: BattleController, step: int = 0) -> None:
        self.c = controller
        self.step = min(max(step, 0), len(LESSONS))
        self.watched = Watched()

    @property
    def lesson(self) -> Lesson | None:
        return LESSONS[self.step] if self.step < len(LESSONS) else None

    @property
    def finished(self) -> bool:
        return self.step >= len(LESSONS)

    def won(self) -> bool:
        """The battle is over and the player's side won it."""
        return self.c.state.is_over and self.c.state.winner is PLAYER

    def check(self, danger_on: bool) -> bool:
        """Step back over lessons whose deed was taken back, then on past every lesson the battle shows done (one
        action may finish several); whether the step changed."""
        start = self.step
        while (lesson := self.lesson) is not None and self.step > 0 and lesson.undone(self.c):
            self.step -= 1  # Esc took back what the last lesson asked for: ask for it again
        if self.c.state.is_over:  # the battle ended (won or lost) with lessons still to come: nothing left to teach
            self.step = len(LESSONS)
        while (lesson := self.lesson) is not None:
            if lesson.key == "danger" and danger_on and _players_turn(self.c):
                self.watched.saw_danger = True  # (on already when the step came: read from here on)
            if not lesson.done(self.c, self.watched, danger_on):
                break
            self.step += 1
        if self.step != start:
            # What was seen counts for every lesson the same action finished (a strike with the forecast still on
            # screen finishes both "read the forecast" and "strike"), and for no lesson after them.
            self.watched = Watched()
        return self.step != start

    def nudge(self) -> str | None:
        lesson = self.lesson
        return lesson.nudge(self.c) if lesson is not None else None

    def text(self, danger: str) -> str:
        """The step's words: its second part once its first is done, and a word on the danger marks while on.
        `danger`: the danger zone's mode, OFF, ALL or ONE (session/lookout.py's `Danger`, d steps through them)."""
        lesson = self.lesson
        if lesson is None:
            return ""
        if lesson.seen and self.watched.saw_danger:
            return lesson.seen.get(danger) or lesson.seen[ALL]
        text = lesson.now(self.c) or lesson.text
        marked = lesson.marked.get(danger)
        return f"{text} {marked}" if marked else text

    def waiting_to_go_on(self) -> bool:
        """The box shows what there is to read (the enemy's turn over, the danger zone on) and Enter goes on."""
        lesson = self.lesson
        if lesson is not None and lesson.key == "danger":
            return self.watched.saw_danger and self.c.mode is Mode.BROWSE and _players_turn(self.c)
        return self.enemy_turn_over()

    def enemy_turn_over(self) -> bool:
        """The enemy's turn of the watch step is over, and the box waits for Enter so it can be read."""
        lesson = self.lesson
        return lesson is not None and lesson.key == "watch" and _any_acted(self.c) and _players_turn(self.c)

    def go_on(self) -> None:
        self.watched.went_on = True

    def saw_explain(self) -> None:
        self.watched.explained = True

    def saw_strike(self) -> None:
        self.watched.struck = True
