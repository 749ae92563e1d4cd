"""The forecast pane: both sides of an exchange side by side, with every modifier and its rule."""

from __future__ import annotations


from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from officers_chess.forecast_words import LABELS, modifier_text, most_likely, percent, profile_figure
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Forecast, Role
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.reference.rulebook import edition_rules, rule_title
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.scroll_box import ScrollBox


# What the percentage beside the likeliest HP is of (rulings L78).
LIKELIEST_NOTE = (f"{LABELS['likely_odds']}: the chance of ending on exactly the likely HP (a miss or a crit ends "
                  "on another).")


def forecast_view(fc: Forecast, attacker: Unit, defender: Unit, aimed_at: Unit | None = None) -> RenderableType:
    plan = fc.plan
    rules = rules_for(attacker.unit_class.edition)
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold", expand=True)
    table.add_column("", style="grey70", no_wrap=True)
    # Names as typed: brackets are no markup. A cell too wide for the pane (a long name, "no counter" beside a
    # long speed title at 80 columns) folds onto a second line rather than ending in an ellipsis.
    table.add_column(Text(attacker.name), justify="right", overflow="fold")
    table.add_column(Text(defender.name), justify="right", overflow="fold")

    def both(fn) -> tuple[str, str]:
        return fn(Role.ATTACKER, attacker), fn(Role.DEFENDER, defender)

    def hp(role: Role, unit: Unit) -> str:
        return f"{unit.hp}→{most_likely(fc.hp_after(role))}"

    def hp_odds(role: Role, unit: Unit) -> str:
        # Its chance, on the next row: a likeliest "→0" beside "Routed 44%" reads as a contradiction without it.
        dist = fc.hp_after(role)
        return percent(dist[most_likely(dist)])

    def worst(role: Role, unit: Unit) -> str:
        return f"→{min(fc.hp_after(role))}"

    def profile_value(attr: str):
        # A blow set by the target's HP (Devastate) shows what it takes from this target (rulings I8).
        return lambda role, unit: profile_figure(plan, role, attr, (defender if role is Role.ATTACKER else attacker).hp)

    def swings(role: Role, unit: Unit) -> str:
        n = plan.swings(role)
        return "no counter" if n == 0 else f"×{n}"

    table.add_row(LABELS["likely"], *both(hp))
    table.add_row(LABELS["likely_odds"], *both(hp_odds))
    table.add_row(LABELS["worst"], *both(worst))
    table.add_row(LABELS["damage"], *both(profile_value("damage")))
    table.add_row(LABELS["crit_damage"], *both(profile_value("crit_damage")))
    table.add_row(LABELS["hit"], *both(profile_value("hit_chance")))
    table.add_row(LABELS["crit"], *both(profile_value("crit_chance")))
    table.add_row(LABELS["swings"], *both(swings))
    table.add_row(rules.speed_title, *(rules.speed_text(plan.attack_speed[r]) for r in Role))
    table.add_row(LABELS["routed"], percent(fc.p_routed(Role.ATTACKER)), percent(fc.p_routed(Role.DEFENDER)))

    def uses(role: Role, unit: Unit) -> str:
        # Consumable(X) weapons spend one use in each exchange they swing in (docs/rulings.md C21).
        weapon = usable_weapon(unit)
        left = None if weapon is None else weapon.uses_left
        if left is None:
            return ""
        return f"{left}→{left - 1}" + (" gone" if left == 1 else "") if plan.swings(role) else f"{left} kept"

    if any(both(uses)):
        table.add_row(LABELS["uses"], *both(uses))
    # "20→11 50%" above "Hit 55%" read as a mismatch: the 50% is of that one HP, and a crit (5%) ends lower.
    lines: list[RenderableType] = [table, Text(LIKELIEST_NOTE, "grey62")]
    if aimed_at is not None and aimed_at.id != defender.id:
        lines.insert(0, Text(f"{defender.name} steps in for {aimed_at.name} (Qi Adept)", "bold " + palette().warning))
    names = {Role.ATTACKER: attacker.name, Role.DEFENDER: defender.name}
    book = edition_rules(rules.name)  # each line names its rule as this edition's reference does
    for mod in plan.modifiers:
        title = book[mod.rule].title if mod.rule in book else rule_title(mod.rule)
        lines.append(Text(f"{names[mod.role]}: {modifier_text(mod)} · {title}", palette().note))
    return Group(*lines)


class ForecastPane(ScrollBox):
    """Shows the forecast while targeting, and otherwise what the current step expects; it scrolls (the [ and ]
    keys) when that is taller than the pane, as the forecast of a weapon with many tags is at 80×24."""

    showing_forecast = False

    def show_forecast(self, fc: Forecast, attacker: Unit, defender: Unit, aimed_at: Unit | None = None,
                      stays: bool = False, hint: str = "") -> None:
        """`stays`: the player asked (s) to keep the turn open after this attack; the title says so. `hint`: a
        word for the player (why a key did nothing), above the figures."""
        self.showing_forecast = True
        self.border_title = "Forecast · the turn stays open after" if stays else "Forecast"
        view = forecast_view(fc, attacker, defender, aimed_at)
        if hint:
            view = Group(Text(hint, palette().hint), view)
        self.update(view)

    async def on_click(self) -> None:
        # A click on a forecast asks which modifier to explain, as the e key does (the screen's explain action).
        if self.showing_forecast:
            await self.run_action("screen.explain")

    def show_text(self, title: str, body: RenderableType) -> None:
        self.showing_forecast = False
        self.border_title = Text(title)  # it may name a unit or an item: brackets in a name are no markup
        self.update(body)
