"""The deployment screen's words for its lookout: the danger zone's legend and the threat inspector's list."""

from __future__ import annotations

from rich.text import Text

from officers_chess.forecast_words import percent, profile_figure
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.exchange import Role
from officers_chess.session.deploy_lookout import DeployThreat
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.lookout_text import BESIDE_TILE


def deploy_danger_legend(enemies: int) -> Text:
    """What the digits mean while deploying, where the enemy's items are not known yet."""
    if not enemies:
        return Text("Danger zone (z): no enemy on the field that you can see yet.", palette().note)
    return Text("Danger zone (z): digits count the enemies in sight that could attack a tile next activation, "
                f"with any weapon they may carry here (their items are hidden until the battle); {BESIDE_TILE}.",
                palette().note)


def deploy_threat_line(threat: DeployThreat) -> str:
    """One enemy's worst attack, with the weapon it was assumed to carry: the figures of the battle's forecast."""
    attack = threat.attack
    plan, enemy = attack.forecast.plan, attack.enemy
    weapon = enemy.inventory[enemy.weapon].name if enemy.weapon is not None else "?"
    return (f"{threat.enemy} with {weapon}, from {tile_name(attack.origin)}: "
            f"{profile_figure(plan, Role.ATTACKER, 'damage', attack.hp)} dmg ×{plan.swings(Role.ATTACKER)}, "
            f"hit {profile_figure(plan, Role.ATTACKER, 'hit_chance')}, "
            f"rout {percent(attack.rout_chance)}")


def deploy_inspector_text(name: str | None, pos: Pos, threats: list[DeployThreat], enemies: int,
                          stands: bool = True) -> Text:
    """The inspector's list for the unit `name` on `pos` (None: no unit in hand or under the cursor; `stands`
    False: it cannot stand on that tile at all)."""
    if name is None:
        return Text.assemble("Threats (t): take a unit in hand (Tab) or put the cursor on one of yours; the list then "
                             "shows every enemy in sight that could attack it on the cursor's tile.\n",
                             ("t closes", "grey62"))
    body = Text(f"{name} on {tile_name(pos)}, next activation:\n", "bold")
    if not stands:
        body.append(f"{name} cannot stand on this tile.\n")
    elif not enemies:
        body.append("No enemy on the field that you can see yet.\n")
    elif not threats:
        body.append("No enemy in sight could attack it there.\n")
    for threat in threats:
        body.append("• " + deploy_threat_line(threat) + "\n", palette().threat if threat.attack.rout_chance else "")
    if threats:
        body.append("Each with its worst weapon for you among those it may carry.\n", "grey62")
    body.append("t closes", "grey62")
    return body
