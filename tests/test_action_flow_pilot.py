"""One activation by keys: select → move → cancel → move → attack, with the forecast on screen checked against the core."""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

from rich.console import Console
from pilot_helpers import side_pane_shown, walk_cursor

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.game import Move, apply_action
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle_pane import RESULT_BEAT
from officers_chess.tui.widgets.forecast_pane import LABELS, ForecastPane

CONTACT = Path(__file__).resolve().parents[1] / "benchmarks" / "fixtures" / "long_march_contact.yaml"
BESIDE_NIKO = (14, 10)  # Niko the Brigand waits in the woods at (15, 10)
ELSEWHERE = (12, 12)


def pane_rows(pane: ForecastPane) -> dict[str, list[str]]:
    """The forecast pane's table as label → [attacker's figure, defender's figure]."""
    console = Console(width=pane.content_region.width, record=True, file=io.StringIO())
    console.print(pane.content)
    labels = sorted((*LABELS.values(), "Attack speed"), key=len, reverse=True)
    rows = {}
    for line in console.export_text().splitlines():
        label = next((lb for lb in labels if line.startswith(lb + " ")), None)
        if label is not None:
            assert label not in rows, f"{label} shown twice"
            rows[label] = line[len(label):].split()
    return rows


async def move_beside_niko(pilot) -> None:
    """Aurelie selected and moved beside Niko: the action menu is open."""
    screen = pilot.app.screen
    aurelie = next(u for u in screen.controller.state.living(Side.ATTACKER) if u.name == "Aurelie")
    await walk_cursor(pilot, screen, aurelie.pos)
    await pilot.press("enter")
    await walk_cursor(pilot, screen, BESIDE_NIKO)
    await pilot.press("enter")
    await pilot.pause()


def shown_percent(p: Fraction) -> str:
    if 0 < p < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < p < 1:
        return ">99%"
    return f"{round(float(p) * 100)}%"


async def test_select_move_cancel_move_attack_shows_the_cores_forecast_and_strikes():
    loaded = load_scenario(CONTACT)
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        start = c.state
        aurelie = next(u for u in start.living(Side.ATTACKER) if u.name == "Aurelie")
        niko = next(u for u in start.living(Side.DEFENDER) if u.name == "Niko")

        # Select, then move somewhere else.
        await walk_cursor(pilot, screen, aurelie.pos)
        await pilot.press("enter")
        assert c.mode is Mode.MOVING and c.selected_unit.id == aurelie.id
        await walk_cursor(pilot, screen, ELSEWHERE)
        await pilot.press("enter")
        assert c.mode is Mode.ACTING and c.state.unit(aurelie.id).pos == ELSEWHERE

        # Cancel: she is back where she stood and the battle is as it was, still selected to move.
        await pilot.press("escape")
        await pilot.pause()
        assert c.mode is Mode.MOVING and c.state == start
        assert c.state.unit(aurelie.id).pos == aurelie.pos

        # Move beside Niko and attack.
        await walk_cursor(pilot, screen, BESIDE_NIKO)
        await pilot.press("enter")
        assert c.mode is Mode.ACTING
        await pilot.press("a")
        await pilot.pause()
        assert c.mode is Mode.TARGETING and c.hovered_unit.id == niko.id

        # The core's own forecast of that exchange, computed without the screen's controller.
        moved = apply_action(start, Move(unit=aurelie.id, to=BESIDE_NIKO)).state
        fc = moved.forecast(moved.unit(aurelie.id), moved.unit(niko.id))
        plan = fc.plan
        rows = pane_rows(screen.query_one(ForecastPane))

        def likely(role: Role) -> int:
            dist = fc.hp_after(role)
            return max(dist.items(), key=lambda kv: (kv[1], -kv[0]))[0]

        assert rows[LABELS["likely"]] == [f"20→{likely(Role.ATTACKER)}", f"20→{likely(Role.DEFENDER)}"]
        assert rows[LABELS["likely_odds"]] == [shown_percent(fc.hp_after(Role.ATTACKER)[likely(Role.ATTACKER)]),
                                             shown_percent(fc.hp_after(Role.DEFENDER)[likely(Role.DEFENDER)])]
        assert rows[LABELS["worst"]] == [f"→{min(fc.hp_after(Role.ATTACKER))}", f"→{min(fc.hp_after(Role.DEFENDER))}"]
        assert rows[LABELS["damage"]] == [str(plan.attacker.damage), str(plan.defender.damage)]
        assert rows[LABELS["crit_damage"]] == [str(plan.attacker.crit_damage), str(plan.defender.crit_damage)]
        assert rows[LABELS["hit"]] == [shown_percent(plan.attacker.hit_chance), shown_percent(plan.defender.hit_chance)]
        assert rows[LABELS["crit"]] == [shown_percent(plan.attacker.crit_chance), shown_percent(plan.defender.crit_chance)]
        assert rows[LABELS["swings"]] == [f"×{plan.swings(Role.ATTACKER)}", f"×{plan.swings(Role.DEFENDER)}"]
        assert rows["Attack speed"] == [str(plan.attack_speed[Role.ATTACKER]), str(plan.attack_speed[Role.DEFENDER])]
        assert rows[LABELS["routed"]] == [shown_percent(fc.p_routed(Role.ATTACKER)), shown_percent(fc.p_routed(Role.DEFENDER))]
        assert plan.swings(Role.ATTACKER) == 2  # the Cavalier is fast enough to follow up: the pane says ×2

        # Confirm: the exchange happens, the move can no longer be taken back.
        await pilot.press("enter")
        await pilot.pause()
        after = c.state
        assert after.unit(aurelie.id).activated and after.unit(aurelie.id).pos == BESIDE_NIKO
        assert after.unit(niko.id).hp <= niko.hp
        await pilot.press("escape")  # nothing to take back: browsing again, the battle unchanged
        assert c.state == after


async def test_the_line_under_the_log_says_what_esc_can_still_take_back():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        line = screen.query_one("#take-back")
        assert not line.display  # browsing: nothing to take back
        await move_beside_niko(pilot)
        assert line.display and str(line.content) == "↶ Esc undoes the move 11,11→15,11"
        await pilot.press("a")  # aiming keeps the move open to taking back
        await pilot.pause()
        assert "Esc undoes the move" in str(line.content)
        await pilot.press("enter")  # the dice roll: the turn is done
        await pilot.pause()
        assert not line.display or "no undo now" in str(line.content)


async def test_the_result_is_revealed_line_by_line_and_any_key_shows_it_all():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        pane = screen.query_one(ForecastPane)
        await move_beside_niko(pilot)
        await pilot.press("a", "enter")
        lines = screen._result
        assert len(lines) >= 3 and lines[0].startswith("Aurelie attacks Niko")
        assert pane.border_title == "Result"
        assert screen._result_shown < len(lines) and "any key shows the rest" in str(pane.content)
        await pilot.press("right")  # skips the reveal, and still moves the cursor
        await pilot.pause()
        assert screen._result_shown == len(lines)
        text = str(pane.content)
        assert all(line in text for line in lines) and "any key" not in text
        assert c.mode is Mode.BROWSE


async def test_left_alone_the_result_reveal_ends_by_itself_in_a_beat_per_line():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        await move_beside_niko(pilot)
        await pilot.press("a", "enter")
        lines = screen._result
        await pilot.pause(RESULT_BEAT * (len(lines) + 2))
        assert screen._result_shown >= len(lines)
        assert "any key" not in str(screen.query_one(ForecastPane).content)


async def test_both_sides_objectives_fit_the_side_pane_at_80_by_24():
    """The Red Keep has the longest objectives of the bundled battles: at the smallest size they are read first,
    before the step's help, so the pane's cut end never hides how either side wins."""
    from officers_chess.content.loaders import find_scenario
    from officers_chess.session.objectives import victory_line

    loaded = load_scenario(find_scenario("grey_teeth_keep"))
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = side_pane_shown(app)
        for side in Side:
            assert " ".join(victory_line(loaded.scenario, side).split()) in shown


async def test_the_turn_controller_shows_the_time_limit_and_both_sides_objectives():
    from officers_chess.content.loaders import find_scenario
    from officers_chess.session.objectives import victory_line
    from officers_chess.tui.widgets.status_line import StatusLine

    loaded = load_scenario(find_scenario("harrow_watch"))
    assert loaded.scenario.time_limit is not None
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        status = str(screen.query_one(StatusLine).content)
        assert f"Round 1 of {loaded.scenario.time_limit.rounds}" in status
        pane = " ".join(str(screen.query_one(ForecastPane).content).split())
        for side in Side:
            assert f"{side.title} wins: " + " ".join(victory_line(loaded.scenario, side).split()) in pane
        assert f"Time limit: {loaded.scenario.time_limit.rounds} rounds" in pane
