"""The `ui_forecast_open` benchmark: opening the forecast pane, from the key to the repainted screen.

The real app runs headless in `App.run_test(size=...)` on the fixture The Long March, in contact
(fixtures/long_march_contact.yaml: The Long March's map and armies, with the attacker's Cavalier
Aurelie and the defender's Brigand Niko a few tiles apart, Niko in the woods). Untimed, with keys:
the cursor goes to Aurelie, Enter selects her, the cursor goes next to Niko, Enter moves her
there, and the action menu is open. One sample is the Attack key (`a`: Attack chosen, the cursor
put on the only target, the exact forecast computed) to the first frame in which the forecast
pane was repainted showing the forecast (see ui_frames.py for what a frame is); then, untimed,
Esc back to the action menu. The forecast has seven modifiers (weapon triangle both ways, the
woods' Defense, Inaccurate, the follow-up), each drawn with its rule's title.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.timing import Timing
from benchmarks.ui_frames import Frame, FrameProbe

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.board.battle_map import Pos
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.widgets.forecast_pane import ForecastPane

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "long_march_contact.yaml"
ATTACKER, DEFENDER = "Aurelie", "Niko"
STRIKE_FROM: Pos = (14, 10)  # beside Niko, who stands in the woods at (15, 10)


@dataclass
class Opened:
    first_ns: list[int] = field(default_factory=list)  # the key to the frame showing the forecast
    settled_ns: list[int] = field(default_factory=list)  # the key to the last frame before the app was quiet
    modifiers: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def timing(self) -> Timing:
        return Timing(tuple(self.first_ns))


async def walk(probe: FrameProbe, controller, target: Pos) -> None:
    """Arrow keys until the cursor stands on `target` (untimed)."""
    for _ in range(100):
        x, y = controller.cursor
        if (x, y) == target:
            return
        await probe.press("right" if x < target[0] else "left" if x > target[0] else "down" if y < target[1] else "up")
    raise AssertionError(f"the cursor never reached {target}")


async def openings(size: tuple[int, int], samples: int) -> Opened:
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=1, autosave=False)  # no save files from a benchmark
    app.collect_quietly()  # the garbage collector's schedule of the `officers-chess` command (tui/collector.py)
    result = Opened()
    async with app.run_test(size=size):
        probe = FrameProbe(app)
        await probe.quiet()
        screen = app.screen
        c = screen.controller
        pane = screen.query_one(ForecastPane)
        unit = next(u for u in c.state.living(c.state.to_act) if u.name == ATTACKER)
        await walk(probe, c, unit.pos)
        await probe.press("enter")
        await walk(probe, c, STRIKE_FROM)
        await probe.press("enter")
        if c.mode is not Mode.ACTING:
            result.problems.append(f"{ATTACKER} did not move to {STRIKE_FROM} ({c.mode.value}; {c.hint})")
            return result

        def forecast_shown(frame: Frame) -> bool:
            return "ForecastPane" in frame.dirty and pane.border_title == "Forecast"

        for index in range(samples + 1):  # the first is an untimed warm-up
            first, settled = await probe.key_to_frame("a", forecast_shown)
            fc = c.forecast()
            target = c.hovered_unit
            if c.mode is not Mode.TARGETING or fc is None or target is None or target.name != DEFENDER:
                result.problems.append(f"Attack did not aim at {DEFENDER} with a forecast ({c.mode.value})")
                return result
            if index:
                result.first_ns.append(first)
                result.settled_ns.append(settled)
            result.modifiers = len(fc.plan.modifiers)
            await probe.press("escape")
            if c.mode is not Mode.ACTING:
                result.problems.append(f"Esc did not return to the action menu ({c.mode.value})")
                return result
    return result
