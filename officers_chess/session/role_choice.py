"""Who carries a chapter's roles at the campaign muster: the player's own choice first, the computer's rule for the rest.

A chapter's scenario may ask for a Leader, a Fleeing unit or a Saboteur. The player gives a fielded unit a role with
`r` (no choice → each role the chapter asks for → no choice again); each role still wanted after the choices goes
to the unit the computer would pick (`ai.muster_ai.with_roles`: a Leader is the dearest, other roles the cheapest),
never to a unit the player gave a role of its own. No Textual here.
"""

from __future__ import annotations

from officers_chess.rules.muster.army import Recruit
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario
from officers_chess.session.army_draft import role_cycle


def roles_given(scenario: Scenario, side: Side, fielded: list[Recruit], costs: list[int],
                chosen: dict[str, str]) -> list[Recruit]:
    """The fielded units with their roles: each unit named in `chosen` (name → role) carries that role, and each
    role rule's count is then made up from the others, as the computer gives roles."""
    units = [r.model_copy(update={"roles": [chosen[r.name]] if r.name in chosen else []}) for r in fielded]
    for rule in scenario.rules(side).roles:
        count = len(units) if rule.count == "all" else rule.count
        have = sum(1 for u in units if rule.role in u.roles)
        order = sorted(range(len(units)), key=lambda i: costs[i], reverse=rule.role == "Leader")
        free = [i for i in order if rule.role not in units[i].roles
                and (units[i].name not in chosen or rule.count == "all")]
        for index in free[:max(0, count - have)]:
            units[index] = units[index].model_copy(update={"roles": [*units[index].roles, rule.role]})
    return units


def next_choice(scenario: Scenario, side: Side, chosen: dict[str, str], name: str) -> tuple[dict[str, str], str]:
    """The choices after `r` on the unit `name`, and what to tell the player."""
    cycle = role_cycle(scenario.rules(side))
    if not cycle:
        return chosen, "This chapter asks for no roles."
    now = chosen.get(name)
    after = cycle[0] if now is None else (cycle[cycle.index(now) + 1] if now != cycle[-1] else None)
    changed = {k: v for k, v in chosen.items() if k != name}
    if after is None:
        return changed, f"{name} carries no role of your choosing now (the chapter's roles go as the computer gives them)."
    changed[name] = after
    return changed, f"{name} is now the {after}."
