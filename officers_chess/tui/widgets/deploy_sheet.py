"""The deployment screen's words: a unit's own sheet on its tile, a refused placement said as a sentence, and the
fog's rule for what the deploying side sees of the enemy."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.muster.deploy_sight import FogAtDeployment
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.unit_sheet import describe_item


def sentence(exc: Exception) -> str:
    """A core message ("x cannot stand on ...") as a sentence for the help pane."""
    text = str(exc)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def own_sheet(unit: Unit, terrain: Terrain) -> Group:
    """The deploying side's own unit: class, stats, items and tags, and the tile it stands on."""
    side = Text(f" {unit.side.title} ", style=palette().side_banner(unit.side))
    rules = rules_for(unit.unit_class.edition)
    lines = [
        Text.assemble((unit.name, "bold"), f" · {unit.unit_class.name} ", side),
        Text(rules.stat_line(unit, terrain)),  # the tile's cover counted, as in battle (rulings L79)
        Text(f"Move {unit.movement} ({'/'.join(m.value for m in unit.move_types)})  {rules.fight_line(unit)}"),
    ]
    lines += [describe_item(unit, item, index in (unit.weapon, unit.accessory)) for index, item in enumerate(unit.inventory)]
    tags = list(unit.unit_class.tags) + list(unit.scenario_tags)
    if tags:
        lines.append(Text("Tags: " + " ".join(tags), palette().tag))
    bonus = rules.tile_bonus(unit, terrain)  # in the edition's own terms (a d100 tile's DR and Avo), as in battle
    lines.append(Text(f"On {terrain.name.lower()}" + (f" ({bonus})" if bonus else ""), "grey62"))
    return Group(*lines)


FOG_WORDS = {
    FogAtDeployment.FOE_DEPLOYS_AFTER_UNSEEN: "Fog: the {foe} deploys after you and will not see where you stand.",
    FogAtDeployment.FOE_DEPLOYS_AFTER_SEEING: "Fog, but this scenario shows your units to the {foe}, who deploys after you.",
    FogAtDeployment.FOE_DEPLOYED_HIDDEN: "Fog: where the {foe} deployed is hidden from you.",
    FogAtDeployment.FOE_DEPLOYED_SHOWN: "Fog, but this scenario shows you where the {foe} deployed.",
    FogAtDeployment.FOE_PLACED_HIDDEN: "Fog: you see none of the {foe}'s army outside your zone before the battle.",
    FogAtDeployment.FOE_PLACED_SHOWN: "Fog, but this scenario shows you where the {foe}'s army stands.",
}


def fog_line(rule: FogAtDeployment | None, viewer: Side) -> Text:
    """The line stating what the fog hides from the deploying side (empty without fog)."""
    if rule is None:
        return Text("")
    return Text(FOG_WORDS[rule].format(foe=viewer.other.value), palette().warning)
