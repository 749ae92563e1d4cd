"""The side pane's words for the lookout: the threat inspector's list, the heatmap's tile and legend, the danger zone's legend and the likely targets."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from officers_chess.ai.intent import Intent
from officers_chess.ai.threat_map import AttackForecast, TileHeat
from officers_chess.forecast_words import percent, profile_figure
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.models import Unit
from officers_chess.session.lookout import AIMED_MARK, FROM_MARK, HOLD_MARK, ONE_MARK, Danger, Lookout
from officers_chess.tui.palette import palette


# Each mark takes its tile's second cell, so in plain text a digit sits between two tiles: said wherever the marks'
# legend is shown, since without the colours nothing pairs it with its own tile (rulings L101).
BESIDE_TILE = "each count sits just right of its tile"
NEXT_ROUND = "next round"
NEXT_ROUND_NOTE = f"{NEXT_ROUND}: that enemy has acted this round; it can strike only once the round is over.\n"


def attack_line(attack: AttackForecast) -> str:
    """One enemy's attack as the inspector lists it: the same figures as the forecast pane."""
    plan, enemy = attack.forecast.plan, attack.enemy
    weapon = enemy.inventory[enemy.weapon].name if enemy.weapon is not None else "?"
    swings = plan.swings(Role.ATTACKER)
    # One that has acted this round strikes no sooner than the next: said, since the list mixes both (rulings L106).
    when = f", {NEXT_ROUND}" if enemy.activated else ""
    return (f"{enemy.name} ({weapon}) from {tile_name(attack.origin)}{when}: "
            f"{profile_figure(plan, Role.ATTACKER, 'damage', attack.hp)} dmg ×{swings}, "
            f"hit {profile_figure(plan, Role.ATTACKER, 'hit_chance')}, "
            f"crit {profile_figure(plan, Role.ATTACKER, 'crit_chance')}, "
            f"rout {percent(attack.rout_chance)}")


def inspector_text(view: Known, unit: Unit, pos: Pos, attacks: list[AttackForecast],
                   holders: frozenset[str] = frozenset()) -> Text:
    """Every enemy that could attack `unit` standing on `pos` next activation, worst first; one at its post
    (`holders`) says whether it strikes from there or only if something moves it."""
    terrain = view.map.terrain_at(pos)
    hp = attacks[0].hp if attacks else unit.hp  # after what its own tile does when its turn starts (d100)
    body = Text(f"{unit.name} on {tile_name(pos)} ({terrain.name.lower()}), {hp} HP:\n", "bold")
    other = view.unit_at(pos)
    if other is not None and other.id != unit.id:
        body.append(f"{other.name} stands there now.\n", "grey62")
    elif unit.entry_cost(terrain) is None:
        # Nobody could meet it where it can never be: the list would read as a real danger (a play-test).
        body.append(f"{unit.name} cannot stand on {terrain.name.lower()}: nothing to list.\n", "grey62")
        body.append("Arrows: another tile · Esc closes", "grey62")
        return body
    if not attacks:
        who = "No enemy in sight" if view.fog else "No enemy"
        body.append(f"{who} could attack it there next activation.\n")
    for attack in attacks:
        body.append("• " + attack_line(attack) + "\n", palette().threat if attack.rout_chance else "")
        if attack.enemy.id in holders:
            body.append(f"  {held_reason(attack)}\n", "grey62")
    if any(attack.enemy.activated for attack in attacks):
        body.append(NEXT_ROUND_NOTE, "grey62")
    body.append("Arrows: another tile · Esc closes", "grey62")
    return body


def held_reason(attack: AttackForecast) -> str:
    """Why an enemy at its post is counted apart, or not: it strikes from where it stands, else only if moved."""
    if attack.origin == attack.enemy.pos:
        return f"{attack.enemy.name} holds its post, and strikes from there."
    return f"{attack.enemy.name} holds its post ({HOLD_MARK}): this only if something moves it first (your approach may)."


def heat_line(view: Known, heat: TileHeat | None) -> Text:
    """The heatmap under the cursor: the best rout chance from the tile and its threats afterwards."""
    if heat is None:
        return Text()
    kill = f"{percent(heat.kill)} to rout {view.unit(heat.victim).name}" if heat.victim else "no enemy in reach"
    safe = "no enemy in sight could attack here" if view.fog else "no enemy could attack here"
    threatened = f"{heat.threats} enem{'y' if heat.threats == 1 else 'ies'} could attack here after" if heat.threats else safe
    return Text(f"\nFrom here: {kill} · {threatened}.")


def inspector_waiting(side_name: str) -> Text:
    """The threat inspector with nobody to place yet."""
    return Text.assemble(f"Hover one of the {side_name}'s units (or select one to move): the inspector then lists "
                         "every enemy that could attack it on the tile under the cursor.\n", ("Esc closes", "grey62"))


def danger_legend(lookout: Lookout) -> Text:
    """A line naming what the danger zone shows, so the marks can be read without colour."""
    if lookout.danger is Danger.ALL:
        held = f" {HOLD_MARK}: only enemies holding their posts, if moved." if lookout.holders() else ""
        return Text(f"Danger zone (d): digits count the enemies that could attack a tile; {BESIDE_TILE}.{held}",
                    palette().note)
    if lookout.danger is Danger.ONE:
        enemy = lookout.chosen_enemy()
        who = enemy.name if enemy else "no enemy in sight"
        return Text(f"Danger zone (d): {ONE_MARK} just right of each tile {who} could attack; hover another enemy to "
                    "switch.", palette().note)
    return Text()


def heat_legend(lookout: Lookout) -> Text:
    """While the heatmap is on: what its shades and digits mean, in the pane where the player looks (rulings L80)."""
    if not lookout.heat_on:
        return Text()
    words = palette().words
    return Text(f"Heatmap (o): a tile's shade is your best chance to rout an enemy from it ({words['move']}: none, "
                f"{words['heat']}); a digit counts the enemies that could attack it after; {BESIDE_TILE}. o hides it.",
                palette().note)


def expected_damage(amount: float) -> str:
    """Damage expected on average (misses count as 0), in words that do not read as one hit's damage."""
    return f"avg {amount:.1f} dmg"


def intent_text(view: Known, intents: list[Intent], level: str | None = "normal", steered: bool = False) -> Text:
    """The likely targets, the playing level's next choice first and then the rest, most dangerous first, with
    the legend of their marks and how sure each is (rulings P19); put first in the pane so that at 80×24 the list
    shows whatever follows it. `level`: the level playing the enemy, None when a person does. `steered`: the
    scenario scripts some of the enemy's units, whose orders the viewer is not shown (rulings L153)."""
    body = Text()
    body.append(f"Likely targets (n): {AIMED_MARK} aimed at, {FROM_MARK} from\n", palette().note)
    if level == "random":
        body.append("The random level has no plan to read: any of its moves is as likely.\n")
        return body
    body.append(intent_source(level) + ("; from what you see" if view.fog else "") + ".\n", palette().note)
    if not intents:
        who = "No enemy in sight" if view.fog else "No enemy"
        body.append(f"{who} still to act would attack now.\n")
    opened = bool(intents) and intents[0].first
    if intents and not opened and level is not None:
        # The level's own next choice was played out and is no attack: said, so that the rest read as what follows
        # it rather than as a contradiction of the level named above (a play-test).
        choice = "its likeliest pick" if level == "easy" else "its own choice"  # (easy picks among sound moves)
        body.append(f"Next, {choice} strikes nobody (it moves, waits or tends its own).\n", "bold")
        opened = True
    shown_rest = False
    for intent in intents:
        if intent.first:
            body.append(f"Next, {sureness(intent, view.fog, steered)}:\n", "bold")
        elif not shown_rest:
            body.append(("Then, likely" if opened else "Likely") + rest_source(level) + ":\n", "bold")
            shown_rest = True
        enemy, target = view.unit(intent.enemy), view.unit(intent.target)
        # An expectation, misses and crits weighed in: "avg" and a decimal keep it from reading as a hit's damage
        # (rulings L43).
        line = (f"{enemy.name} → {target.name} from {tile_name(intent.origin)} "
                f"({expected_damage(intent.damage)}, {percent(Fraction(intent.rout))} rout)\n")
        body.append(line, palette().threat if intent.rout else "")
    return body


def intent_waiting_text() -> Text:
    """The likely targets while they are being worked out (the `hard` level's own choice takes a moment on a big
    map): one line, so the pane keeps its room, and no marks on the map meanwhile."""
    return Text("Likely targets (n): working them out…\n", palette().note)


def intent_source(level: str | None) -> str:
    """Whose choices the likely targets are."""
    if level is None:
        return "A person plays them: weighed as the normal level would"
    return f"As the {level} level plays"


def sureness(intent: Intent, fog: bool = False, steered: bool = False) -> str:
    """How sure the first choice is: certain as the board stands for a level that chooses by judgement alone (short
    of what fog hides from the viewer, which the enemy may see, and of the scenario's orders for its units, which
    the viewer is never shown), or easy's share among its sound picks."""
    if intent.chance is None or intent.chance >= 1:
        if fog:
            hidden = "what you cannot see, its orders too," if steered else "what you cannot see"
            return f"its own choice on what you see ({hidden} may change it)"
        if steered:
            return "its own choice as far as you can tell (the scenario's orders, hidden from you, may steer it)"
        return "its own choice, sure as the board stands (your move may change it)"
    return f"about {percent(Fraction(intent.chance).limit_denominator(100))} of its sound picks"


def rest_source(level: str | None) -> str:
    """Whose weighing the units after the first choice are: the playing level's own choice is played out for one
    activation only, so the rest are weighed as `normal` would (rulings P19); said where that is another level."""
    return "" if level in (None, "normal") else " (weighed as the normal level would)"
