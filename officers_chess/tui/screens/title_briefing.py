"""What the title screen says of a scenario: its briefing, each side's forces, and its line in the list."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.combat.editions import DEFAULT_EDITION
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.newcomer import newcomer_line
from officers_chess.session.objectives import reflow, time_limit_line, victory_line
from officers_chess.tui.screens.title_shelf import Shelved


def briefing(loaded: LoadedScenario) -> Group:
    scenario, battle_map = loaded.scenario, loaded.battle_map
    armies = "  ·  ".join(_forces(scenario, side) for side in Side)
    first = scenario.first_to_act or scenario.first_deployer
    parts = [Text(scenario.name, style="bold")]
    if scenario.purpose:
        parts.append(Text(scenario.purpose, "italic"))
    # The map's name, unless the battle bears it already (Training Yard on the Training Yard read twice).
    where = "" if battle_map.name.casefold() == scenario.name.casefold() else f"{battle_map.name} · "
    parts += [
        Text(f"{where}{battle_map.width}×{battle_map.height} tiles · rules {scenario.edition}"
             + (" · fog of war" if scenario.fog else ""), "grey70"),
        Text(armies, "grey70"),
        Text(newcomer_line(scenario, battle_map.width, battle_map.height), "bold #a0d0a0"),
        Text(f"The {first.value} deploys and acts first." if first is scenario.first_deployer
             else f"The {scenario.first_deployer.value} deploys first; the {first.value} acts first.", "grey70"),
    ]
    for side in Side:
        parts.append(Text(f"{side.title} wins: " + victory_line(scenario, side), "#a0d0a0"))
    if (limit := time_limit_line(scenario)) is not None:
        parts.append(Text(limit, "#e0c080"))
    parts.append(Text(later_rounds_line(scenario), "grey70"))
    parts += [Text(""), Text(reflow(scenario.briefing))]
    return Group(*parts)


def later_rounds_line(scenario) -> str:
    """Who leads each round after the first (the armies' line says who opens round 1; the log names it each round)."""
    master = scenario.game_master
    if master is not None:  # (docs/rulings.md E15)
        return f"Every round the {master.other.value} opens with one activation; then the {master.value} takes three in a row."
    return "From round 2, the side that ran out of units to activate first leads the round."


def _forces(scenario, side: Side) -> str:
    if scenario.hires(side):
        rules = scenario.rules(side)
        return f"{side.title}: hires {rules.army.min}–{rules.army.max} units, {rules.war_chest} gold"
    return f"{side.title}: {len(scenario.armies.get(side, []))} units"


def label(entry: Shelved) -> Text:
    """A battle in the list: its name, and the edition of the rules when it is not the default."""
    if entry.scenario is None or entry.broken:
        return Text(f"{entry.path.stem} (broken)")
    edition = entry.scenario.edition
    if edition == DEFAULT_EDITION:
        return Text(entry.scenario.name)  # as the file spells it: brackets are no markup
    # The edition first, so a narrow list cuts the end of a long name rather than the edition.
    return Text.assemble((f"{edition} ", "grey62"), entry.scenario.name, no_wrap=True, overflow="ellipsis")


# How the title and the guided battle's welcome both name Learn to play, in one wording (rulings L76).
WHAT_IT_IS = "A short practice battle"

GROUP_WORDS = {
    "learn": ("Learn to play",
              f"{WHAT_IT_IS} that shows the game one step at a time: selecting a unit, moving, reading the "
              "forecast, attacking, terrain, waiting, and the enemy's turn. Each step waits for you to do it. About "
              "ten minutes; it can be left and taken up again. Press Enter to begin."),
    "battles": ("Battles",
                "Single battles under the standard rules, smallest first. Each briefing says which side is the "
                "easier one to learn on and about how long the battle takes. Training Yard, the first, is the one "
                "to start with. Enter opens the group, and Enter again or ← folds it."),
    "campaigns": ("Campaigns",
                  "Several battles in a row: gold, veterans and losses carry from one to the next. 1 and 2 choose "
                  "who leads each company. Enter opens the group, and Enter again or ← folds it."),
    "editions": ("Other editions",
                 "Battles under the later rule sets: letter ratings, and the d100 dice. Play a few standard battles "
                 "first. Enter opens the group, and Enter again or ← folds it."),
}


def group_briefing(group: str, ending: str | None = None) -> Group:
    """What the briefing pane says of a group's header (and of the guided battle); `ending` replaces the last
    sentence (the guided battle's, when one is under way: the list's "Go on from step N" and this agree)."""
    title, words = GROUP_WORDS[group]
    if ending is not None:
        words = words.rsplit(". ", 1)[0] + ". " + ending
    return Group(Text(title, style="bold"), Text(""), Text(words))
