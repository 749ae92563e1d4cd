"""Run the benchmarks (rules core, computer players, the terminal UI) and print medians beside their targets and baselines.

    python benchmarks/run.py                  a readable table
    python benchmarks/run.py --json           one JSON object keyed by benchmark name
    python benchmarks/run.py --only reach_32x24 --quick

See benchmarks/README.md for what each number means.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing anything

from benchmarks import ai_activation, ai_battle, forecast_pair, net_round_trip, reach, simulate_jobs  # noqa: E402
from benchmarks import startup_title, ui_cursor, ui_forecast, ui_turn  # noqa: E402
from benchmarks.timing import Timing, measure, time_call  # noqa: E402
from officers_chess.ai.play import make_policy  # noqa: E402
from officers_chess.rules.battle.state import GameState  # noqa: E402
from officers_chess.rules.pieces.models import Side  # noqa: E402
from officers_chess.session.batch_games import GameResult  # noqa: E402

QUICK_ACTIVATIONS = 6  # --quick: the activation rows time this many activations of one battle
QUICK_ROUNDS = 2  # --quick: the whole-battle row fights this many rounds after building the armies
NO_NETWORKX = "networkx is not installed (pip install -e '.[bench]'), so there is no baseline"


@dataclass
class Result:
    """One benchmark's numbers, the honesty check of its baseline, and notes for the table.

    The target is a median (`target_ms`, at most) or a speed-up over the baseline (`target_ratio`,
    at least); `target_p99_ms` is a second target, on the slow end, reported in the notes.
    """

    ours: Timing
    target_ms: float | None = None
    target_ratio: float | None = None
    target_p99_ms: float | None = None
    baseline: str | None = None
    baseline_timing: Timing | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    check: str = "same answers as ours"  # what the honesty check compared, when it passes

    @property
    def ratio(self) -> float | None:
        if self.baseline_timing is None:
            return None
        return self.baseline_timing.median_ms / self.ours.median_ms

    @property
    def passed(self) -> bool:
        """Whether the row meets its target: the median under `target_ms`, or the ratio over `target_ratio`."""
        if self.target_ratio is not None:
            return self.ratio is not None and self.ratio >= self.target_ratio
        return self.target_ms is None or self.ours.median_ms <= self.target_ms

    def as_json(self) -> dict:
        row: dict = {"median_ms": round(self.ours.median_ms, 6), "p99_ms": round(self.ours.p99_ms, 6)}
        if self.baseline is not None and self.baseline_timing is not None:
            row["baseline"] = self.baseline
            row["baseline_median_ms"] = round(self.baseline_timing.median_ms, 6)
            row["ratio"] = float(f"{self.ratio:.6g}")  # 6 significant digits
        for key in ("target_ms", "target_p99_ms", "target_ratio"):
            if getattr(self, key) is not None:
                row[key] = getattr(self, key)
        return row


@dataclass(frozen=True)
class Plan:
    """How hard to try: full runs for numbers people quote, quick runs for CI's shape checks."""

    quick: bool

    def reps(self, full: int, quick: int) -> int:
        return quick if self.quick else full


def networkx_available() -> bool:
    try:
        import networkx  # noqa: F401
    except ImportError:
        return False
    return True


def bench_forecast_pair(plan: Plan) -> Result:
    pairs = forecast_pair.pairs(count=plan.reps(forecast_pair.RANDOM_PAIRS, 2))
    calls = [lambda pair=pair: forecast_pair.exact(pair) for pair in pairs]
    ours = measure(calls, repeats=plan.reps(40, 3), warmup=plan.reps(3, 1))
    result = Result(ours, target_ms=1.0)
    worst = measure(calls[:1], repeats=plan.reps(200, 5), warmup=1)
    within = "within" if worst.median_ms <= result.target_ms else "OVER"
    result.notes.append(
        f"worst case, {pairs[0].label}, {len(forecast_pair.exact(pairs[0]).plan.order)} swings: "
        f"median {worst.median_ms:.3f} ms ({within} the {result.target_ms:g} ms target)"
    )
    # The honesty check doubles as the baseline's warm-up: every pair's Monte Carlo
    # estimate must agree with the exact forecast within sampling error.
    for index, pair in enumerate(pairs):
        counts = forecast_pair.monte_carlo(pair, seed=index)
        for problem in forecast_pair.disagreements(forecast_pair.exact(pair), counts):
            result.problems.append(f"{pair.label}: {problem}")
    monte_carlo = [lambda pair=pair, i=index: forecast_pair.monte_carlo(pair, seed=1000 + i) for index, pair in enumerate(pairs)]
    result.baseline = (
        f"Monte Carlo: the real resolve() with seeded Dice, {forecast_pair.MONTE_CARLO_SAMPLES:,} samples per pair"
    )
    result.baseline_timing = measure(monte_carlo, repeats=plan.reps(2, 1), warmup=0)
    result.notes.append(f"{len(pairs)} pairs (the worst case and {len(pairs) - 1} seeded catalogue pairs)")
    return result


def _bench_reach(case: reach.ReachCase, target_ms: float, plan: Plan, full_reps: int) -> Result:
    ours_call = reach.ours(case)
    ours = measure([ours_call], repeats=plan.reps(full_reps, 5), warmup=plan.reps(5, 1))
    result = Result(ours, target_ms=target_ms)
    result.notes.append(f"{case.label}: {len(ours_call().costs)} tiles reachable")
    if not networkx_available():
        result.notes.append(NO_NETWORKX)
        return result
    graph = reach.networkx_graph(case)
    baseline = reach.baseline(case, graph)
    result.problems += [f"{case.label}: {p}" for p in reach.disagreements(ours_call(), baseline())]
    result.baseline = (
        "networkx single_source_dijkstra with cutoff = movement (distances and paths), "
        "on a DiGraph weighted by entry costs, built and cached outside the timed region"
    )
    result.baseline_timing = measure([baseline], repeats=plan.reps(full_reps, 5), warmup=plan.reps(5, 1))
    return result


def bench_reach_32x24(plan: Plan) -> Result:
    return _bench_reach(reach.long_march_case(), 2.0, plan, full_reps=500)


def bench_reach_100x100(plan: Plan) -> Result:
    return _bench_reach(reach.generated_case(100, 100), 40.0, plan, full_reps=100)


def _spread(timing: Timing) -> str:
    return f"median {_ms(timing.median_ms)}, p99 {_ms(timing.p99_ms)}"


def bench_ai_activation(plan: Plan) -> Result:
    return _bench_activation(plan, "normal", 50.0, 300.0, "greedy")


def bench_ai_activation_hard(plan: Plan) -> Result:
    return _bench_activation(plan, "hard", 250.0, 1000.0, "normal")


def _bench_activation(plan: Plan, level: str, target_ms: float, target_p99_ms: float, baseline: str) -> Result:
    """One `level` activation in `level`-against-`level` battles, beside `baseline`'s from the same positions."""
    loaded = ai_activation.load()
    for name in (level, baseline):
        ai_activation.warm_up(loaded, name)
    seeds = ai_activation.SEEDS[: plan.reps(len(ai_activation.SEEDS), 1)]
    max_rounds = 60
    cap = QUICK_ACTIVATIONS if plan.quick else None  # --quick: the opening activations of one battle
    activations: list[ai_activation.Activation] = []
    ends: list[GameState] = []
    for seed in seeds:
        played, end = ai_activation.timed_battle(loaded, level, seed, max_rounds, max_activations=cap)
        activations += played
        ends.append(end)
    ours = Timing(tuple(a.total_ns for a in activations))
    result = Result(ours, target_ms=target_ms, target_p99_ms=target_p99_ms)
    within = "within" if ours.p99_ms <= target_p99_ms else "OVER"
    slowest = max(activations, key=lambda a: a.total_ns)
    result.notes.append(
        f"p99 {_ms(ours.p99_ms)} ({within} the {target_p99_ms:.0f} ms target); slowest {_ms(slowest.total_ns / 1e6)} "
        f"(round {slowest.start.round}, {len(slowest.decisions_ns)} decisions)"
    )
    result.notes.append(
        "one activation = every choose() of one unit's turn: the first (no unit active: which unit, "
        "where it moves) and each one after it (equip, attack, heal, Canto, wait) until the turn ends; "
        "applying the actions is not timed"
    )
    first = Timing(tuple(a.decisions_ns[0] for a in activations))
    rest = Timing(tuple(d for a in activations for d in a.decisions_ns[1:]))
    result.notes.append(f"the first decision alone: {_spread(first)}")
    result.notes.append(f"each later decision of the turn ({len(rest.samples_ns)} of them): {_spread(rest)}")
    cut = f", cut after {cap} activations" if cap else ""
    result.notes.append(
        f"{len(activations)} activations of {len(seeds)} {level}-vs-{level} battle(s){cut} (seeds "
        f"{', '.join(map(str, seeds))}) on {loaded.scenario.name}, {loaded.battle_map.width}×"
        f"{loaded.battle_map.height}, 12 against 12: {ai_battle.outcomes(ends)}"
    )
    others = {side: make_policy(baseline, 100 + i) for i, side in enumerate(Side)}
    base = [ai_activation.replay_activation(a.start, others[a.start.to_act]) for a in activations]
    result.baseline = f"the {baseline} level's whole activation (every choose() of the turn) from each of the same starting positions"
    result.baseline_timing = Timing(tuple(sum(b) for b in base))
    decisions = sum(len(a.decisions_ns) for a in activations)
    result.check = (
        f"every decision was a legal action (apply_action took all {decisions} of {level}'s "
        f"and {sum(map(len, base))} of {baseline}'s)"
    )
    return result


def bench_ai_battle(plan: Plan) -> Result:
    loaded = ai_battle.load()
    seeds = ai_battle.SEEDS[: plan.reps(len(ai_battle.SEEDS), 1)]
    rounds = plan.reps(ai_battle.MAX_ROUNDS, QUICK_ROUNDS)  # --quick: the armies built, the battle cut short
    # Untimed, first: a warm-up, and the premise of the check (each seed gives one battle, always the same).
    first = {level: ai_battle.battle(loaded, level, seeds[0], rounds) for level in ("normal", "greedy")}
    ends: dict[str, dict[int, GameState]] = {"normal": {}, "greedy": {}}
    timings = {
        level: measure(ai_battle.calls(loaded, level, seeds, ends[level], rounds), repeats=1, warmup=0, pause_gc=False)
        for level in ("normal", "greedy")
    }
    result = Result(timings["normal"], target_ms=5000.0)
    result.baseline = "greedy-against-greedy battles on the same seeds, army building included"
    result.baseline_timing = timings["greedy"]
    for level in ("normal", "greedy"):
        if not ai_battle.same_battle(first[level], ends[level][seeds[0]]):
            result.problems.append(f"{level}: seed {seeds[0]} played twice ended in two different states")
    result.check = f"seed {seeds[0]} played twice gives the same battle, for both levels"
    rules = loaded.scenario.rules(Side.ATTACKER)
    result.notes.append(
        f"{len(seeds)} battle(s) per level on {loaded.scenario.name}, seeds {seeds[0]}–{seeds[-1]}: each side hires "
        f"{rules.army.min}–{rules.army.max} units with {rules.war_chest} gold, scouts, outfits and deploys, then the "
        f"battle is fought to its end{f' (--quick: cut after round {rounds})' if plan.quick else ''}; the whole of "
        f"play_battle is timed"
    )
    for level in ("normal", "greedy"):
        result.notes.append(f"{level}: {ai_battle.outcomes(list(ends[level].values()))}")
    return result


def bench_simulate_jobs(plan: Plan) -> Result:
    games = plan.reps(simulate_jobs.GAMES, 4)
    batches = plan.reps(2, 1)
    ours_runs: list[list[GameResult]] = []
    base_runs: list[list[GameResult]] = []
    ours_call = simulate_jobs.batch(simulate_jobs.JOBS, games, ours_runs)
    base_call = simulate_jobs.batch(1, games, base_runs)
    ours_ns: list[int] = []
    base_ns: list[int] = []
    load = simulate_jobs.load_average()
    cpu = {1: 0.0, simulate_jobs.JOBS: 0.0}
    for _ in range(batches):  # alternating, so a busy spell on the machine hits both
        for jobs, call, into in ((1, base_call, base_ns), (simulate_jobs.JOBS, ours_call, ours_ns)):
            before = simulate_jobs.cpu_seconds()
            into.append(time_call(call, pause_gc=False)[1])
            cpu[jobs] += simulate_jobs.cpu_seconds() - before
    result = Result(Timing(tuple(ours_ns)), target_ratio=simulate_jobs.MIN_SPEEDUP)
    result.baseline = "the same batch on one process (--jobs 1)"
    result.baseline_timing = Timing(tuple(base_ns))
    for run in ours_runs + base_runs[1:]:
        result.problems += simulate_jobs.differences(run, base_runs[0])
    result.check = "every batch gave the same result for every game, whatever --jobs"
    ratio = result.ratio or 0.0
    verdict = "within" if result.passed else "UNDER"
    result.notes.append(
        f"speed-up of --jobs {simulate_jobs.JOBS}: {ratio:.2f}x ({verdict} the >= {simulate_jobs.MIN_SPEEDUP:g}x target)"
        f" on {simulate_jobs.cores()} available core(s)"
    )
    busy = {jobs: cpu[jobs] / (sum(ns) / 1e9) for jobs, ns in ((1, base_ns), (simulate_jobs.JOBS, ours_ns))}
    result.notes.append(
        f"cores kept busy (CPU seconds / wall seconds): {busy[simulate_jobs.JOBS]:.2f} with --jobs {simulate_jobs.JOBS}, "
        f"{busy[1]:.2f} with --jobs 1"
    )
    if load is not None:
        result.notes.append(
            f"load average before the batches: {load:.2f} (other work on the machine takes cores from --jobs "
            f"{simulate_jobs.JOBS}; the speed-up is only meaningful on an otherwise idle machine)"
        )
    levels = ":".join(simulate_jobs.LEVELS)
    result.notes.append(
        f"{games} games of {simulate_jobs.SCENARIO}, --levels {levels}, --seed {simulate_jobs.SEED}, "
        f"{batches} batch(es) each way; the time of one whole batch (run_batch, worker start-up included)"
    )
    return result


def _verdict(timing: Timing, target_ms: float) -> str:
    return "within" if timing.median_ms <= target_ms else "OVER"


def _load_note() -> str | None:
    load = simulate_jobs.load_average()
    return None if load is None else f"load average before the row: {load:.2f} on {simulate_jobs.cores()} core(s)"


def bench_ui_cursor(plan: Plan) -> Result:
    side = plan.reps(ui_cursor.SIDE, 1)
    load = _load_note()
    ours = asyncio.run(ui_cursor.laps((80, 24), side))
    base = asyncio.run(ui_cursor.laps((80, 24), side, baseline=True))
    large = asyncio.run(ui_cursor.laps((200, 60), side))
    result = Result(ours.timing(), target_ms=8.0)
    result.baseline = "the same keys with the map's row cache bypassed: every move a full-map redraw (MapView.redraw)"
    result.baseline_timing = base.timing()
    for name, run in (("ours", ours), ("baseline", base), ("200×60", large)):
        result.problems += [f"{name}: {p}" for p in run.problems]
    result.check = "after every key the cursor stood one tile on and the map's painted line showed it there (reverse video)"
    keys = len(ui_cursor.lap(side))
    result.notes.append(
        f"one arrow key, sent as a terminal sends it, to the first frame repainting the map (with the status line and side "
        f"panel the key also changed; the frame's escape sequences built, the write to the terminal not timed), headless at "
        f"80×24 on {ui_cursor.SCENARIO.stem} (32×24); {keys} keys per lap of a {side}×{side} square, one lap browsing and "
        f"one moving, each key started on a quiet app"
    )
    for mode in ui_cursor.MODES:
        mine, theirs = ours.timing((mode,)), base.timing((mode,))
        result.notes.append(f"{mode}: median {_ms(mine.median_ms)} ({_verdict(mine, 8.0)} the 8 ms target), "
                            f"full-map baseline {_ms(theirs.median_ms)}")
    big = large.timing()
    result.notes.append(
        f"at 200×60 (the whole map in view): {_spread(big)} ({_verdict(big, 8.0)} the 8 ms target); "
        + ", ".join(f"{mode} {_ms(large.timing((mode,)).median_ms)}" for mode in ui_cursor.MODES)
    )
    result.notes.append(
        f"until the app is quiet again (the footer redraws its keys a frame or two later): {_spread(ours.settled_timing())} at 80×24"
    )
    if load:
        result.notes.append(load)
    return result


def bench_ui_forecast(plan: Plan) -> Result:
    load = _load_note()
    ours = asyncio.run(ui_forecast.openings((80, 24), plan.reps(60, 2)))
    large = asyncio.run(ui_forecast.openings((200, 60), plan.reps(20, 1)))
    result = Result(ours.timing, target_ms=15.0, target_p99_ms=50.0)
    result.problems += ours.problems + [f"200×60: {p}" for p in large.problems]
    within = "within" if ours.timing.p99_ms <= 50.0 else "OVER"
    result.notes.append(f"p99 {_ms(ours.timing.p99_ms)} ({within} the 50 ms target)")
    result.notes.append(
        f"the Attack key (a) in the action menu to the first frame showing the forecast pane ({ui_forecast.ATTACKER} against "
        f"{ui_forecast.DEFENDER}, {ours.modifiers} modifiers with their rules; Attack chosen, the target aimed, the exact "
        f"forecast computed, the map's target tint drawn), headless at 80×24 on {ui_forecast.FIXTURE.name}; Esc back to "
        f"the menu between samples, untimed"
    )
    result.notes.append(f"at 200×60: {_spread(large.timing)} ({_verdict(large.timing, 15.0)} the 15 ms target)")
    result.notes.append(f"until the app is quiet again: {_spread(Timing(tuple(ours.settled_ns)))} at 80×24")
    result.notes.append("no baseline: nothing else shows this forecast")
    if load:
        result.notes.append(load)
    return result


def bench_startup_title(plan: Plan) -> Result:
    load = _load_note()
    runs = startup_title.measure(repeats=plan.reps(9, 1), floors=plan.reps(3, 1))
    result = Result(runs.timing("ours"), target_ratio=startup_title.MIN_RATIO)
    result.baseline = "a bare Textual App (one line of text) started, painted and exited by the same probe"
    result.baseline_timing = runs.timing("bare")
    result.problems += runs.problems
    result.check = "both processes exited 0 after painting the awaited screen (ours: the title screen)"
    result.notes.append(
        "the whole process, from just before it starts to its exit: `officers-chess` with no arguments (commands.console.run) run "
        "headless at 80×24 by benchmarks/startup_probe.py, which exits once the title screen's first frame is painted"
    )
    painted, bare_painted = runs.painted("ours").median_ms, runs.painted("bare").median_ms
    result.notes.append(
        f"the target: at most {1 / startup_title.MIN_RATIO:g}x the bare app's time (a ratio of {startup_title.MIN_RATIO:g}x "
        f"or more); ours is {1 / result.ratio:.2f}x" if result.ratio else "the target: a ratio to the bare app"
    )
    result.notes.append(
        f"start to the painted title frame: median {_ms(painted)} (the bare app's first frame: {_ms(bare_painted)}, "
        f"{painted / bare_painted:.2f}x)"
    )
    result.notes.append(
        f"floors: `python -c pass` {_ms(runs.timing('python').median_ms)}, "
        f"`python -c \"import textual.app\"` {_ms(runs.timing('import textual').median_ms)}"
    )
    if load:
        result.notes.append(load)
    return result


def bench_net_round_trip(plan: Plan) -> Result:
    load = _load_note()
    played = net_round_trip.battles(plan.reps(net_round_trip.BATTLES, 1))
    target, target_p99 = net_round_trip.TARGET_MS, net_round_trip.TARGET_P99_MS
    ours = Timing(tuple(ns for battle in played for ns in battle.wire_ns))
    result = Result(ours, target_ms=target, target_p99_ms=target_p99)
    within = "within" if ours.p99_ms <= target_p99 else "OVER"
    result.notes.append(f"p99 {_ms(ours.p99_ms)} ({within} the {target_p99:g} ms target)")
    result.notes.append(
        f"one action of a battle played over localhost: from a seat's intention leaving it (websockets, JSON) to both "
        f"seats holding their new views (the host's table takes it, autosaves what is committed, tells each seat its "
        f"view and log lines); {len(ours.samples_ns)} actions of {len(played)} {net_round_trip.LEVEL}-vs-"
        f"{net_round_trip.LEVEL} battle(s) on {net_round_trip.SCENARIO}, the computer deciding untimed"
    )
    result.baseline = ("the local app's work for the same actions on one machine, no network: apply_action, both "
                       "seats' views and both seats' log lines (told_lines)")
    result.baseline_timing = Timing(tuple(ns for battle in played for ns in battle.local_ns))
    host = Timing(tuple(ns for battle in played for ns in battle.host_ns))
    result.notes.append(f"the host's own work without the network (take with its autosave, both messages' JSON): "
                        f"{_spread(host)}")
    result.problems += net_round_trip.disagreements(played)
    result.check = ("each battle's actions, taken again on a host's table and locally, end in the battle the host "
                    "sent both seats at its end")
    if load:
        result.notes.append(load)
    return result


def _passes(durations: list[float]) -> str:
    """The garbage collector's full passes that fell on the keys, and the longest."""
    if not durations:
        return "no full pass of the garbage collector"
    return f"{len(durations)} full pass(es) of the garbage collector, the longest {_ms(max(durations))}"


def bench_ui_computer_turn(plan: Plan) -> Result:
    load = _load_note()
    keys = plan.reps(40, 2)
    target, target_p99 = ui_turn.TARGET_MS, ui_turn.TARGET_P99_MS
    levels = ui_turn.LEVELS[: plan.reps(len(ui_turn.LEVELS), 1)]  # --quick: normal's keys only
    runs = {level: asyncio.run(ui_turn.turns(level, keys)) for level in levels}
    for level, run in runs.items():
        if not run.ours_ns or not run.base_ns:  # nothing to time: say why, rather than print empty figures
            raise RuntimeError(f"ui_computer_turn: the keys at {level} could not be timed: {'; '.join(run.problems) or 'no samples'}")
    normal = runs["normal"]
    result = Result(normal.ours, target_ms=target, target_p99_ms=target_p99)
    result.baseline = "the same key on the person's own turn (nobody thinking), each started on a quiet app"
    result.baseline_timing = normal.baseline
    for level, run in runs.items():
        result.problems += [f"{level}: {p}" for p in run.problems]
        if not run.problems and (len(run.ours_ns), len(run.base_ns)) != (keys, keys):
            result.problems.append(f"{level}: {len(run.ours_ns)} keys while it thought and {len(run.base_ns)} on the "
                                   f"person's turn, not {keys} each")
    if "hard" in runs and not runs["hard"].still_thinking:
        # hard thinks for hundreds of ms: a screen that answers keys meanwhile paints some frames before it is done
        result.problems.append("hard: no key's frame was painted while the decision it fell in was still being thought")
    result.check = (f"every key got its frame within {ui_turn.TIMEOUT_S:g} s (none froze), went in while the computer's "
                    f"worker was thinking and was answered in its turn (Mode.COMPUTER), and changed the danger zone as "
                    f"the key does; at hard, some frames came while the decision was still being thought")
    within = "within" if normal.ours.p99_ms <= target_p99 else "OVER"
    result.notes.append(f"p99 {_ms(normal.ours.p99_ms)} ({within} the {target_p99:g} ms target)")
    result.notes.append(
        f"the danger-zone key ({ui_turn.KEY}: the map's one key live in the computer's turn; the arrows do nothing "
        f"until the person's) sent as a terminal sends it while the computer thinks the first decision of its activation (which unit, "
        f"where it moves), to the first frame repainting the map with the new zone; headless at 80×24 on {ui_turn.FIXTURE.stem} (24×16, 12 against 12), "
        f"the computer playing the {ui_turn.COMPUTER.value} at the {ui_turn.PACE} pace"
    )
    for level, run in runs.items():
        ours, base = run.ours, run.baseline
        result.notes.append(
            f"{level}: {_spread(ours)} ({_verdict(ours, target)} the {target:g} ms target, p99 "
            f"{'within' if ours.p99_ms <= target_p99 else 'OVER'} {target_p99:g} ms), baseline {_spread(base)}; "
            f"{len(run.ours_ns)} keys in {run.decisions} decisions of {run.computer_turns} computer turns, "
            f"{run.still_thinking} of their frames painted before that decision's thinking ended; "
            f"{_passes(run.full_passes['ours'])} while they waited ({_passes(run.full_passes['baseline'])} in the baseline)"
        )
    if plan.quick:
        result.notes.append("hard: not run under --quick")
    result.notes.append(
        f"the computer thinks in a thread of the same interpreter: while it thinks, the screen's thread has the "
        f"interpreter in turns (switching every {sys.getswitchinterval() * 1000:g} ms), so a key's work is slowed, not "
        f"held up until the thinking ends; a full pass of the garbage collector, in either thread, holds both"
    )
    if load:
        result.notes.append(load)
    return result


BENCHMARKS: dict[str, Callable[[Plan], Result]] = {
    "forecast_pair": bench_forecast_pair,
    "reach_32x24": bench_reach_32x24,
    "reach_100x100": bench_reach_100x100,
    "ai_activation_24x16": bench_ai_activation,
    "ai_activation_hard_24x16": bench_ai_activation_hard,
    "ai_battle_normal": bench_ai_battle,
    "simulate_jobs": bench_simulate_jobs,
    "ui_cursor_32x24": bench_ui_cursor,
    "ui_forecast_open": bench_ui_forecast,
    "startup_title": bench_startup_title,
    "net_round_trip": bench_net_round_trip,
    "ui_computer_turn": bench_ui_computer_turn,
}


def _ms(value: float) -> str:
    return f"{value:.3f} ms" if value < 100 else f"{value:.1f} ms"


def _target(r: Result) -> str:
    if r.target_ratio is not None:
        return f">= {r.target_ratio:g}x"
    return f"<= {r.target_ms:g} ms" if r.target_ms is not None else "none"


def table(results: dict[str, Result]) -> str:
    """A plain-text table: our median and p99 against the target, then the baseline and the ratio."""
    header = ("benchmark", "median", "p99", "target", "", "baseline median", "ratio")
    rows = [header]
    for name, r in results.items():
        ok = "pass" if r.passed else "FAIL"
        if r.baseline_timing is not None:
            base, ratio = _ms(r.baseline_timing.median_ms), f"{r.ratio:,.2f}x"
        else:
            base, ratio = "none", "-"
        rows.append((name, _ms(r.ours.median_ms), _ms(r.ours.p99_ms), _target(r), ok, base, ratio))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))) for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    lines.append("")
    lines.append("ratio = baseline median / our median (above 1: we are faster)")
    for name, r in results.items():
        lines.append(f"{name}:")
        if r.baseline is not None:
            lines.append(f"  baseline: {r.baseline}")
        lines += [f"  {note}" for note in r.notes]
        check = r.check if not r.problems else f"{len(r.problems)} disagreement(s), see below"
        if r.baseline is not None:
            lines.append(f"  check: {check}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the rules core, the computer players and the UI against their targets and baselines.")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by benchmark name")
    parser.add_argument("--only", action="append", choices=list(BENCHMARKS), metavar="NAME",
                        help=f"run only this benchmark (may be repeated): {', '.join(BENCHMARKS)}")
    parser.add_argument("--quick", action="store_true", help="few repetitions and pairs: checks the shape, not the speed")
    args = parser.parse_args(argv)
    plan = Plan(quick=args.quick)
    names = args.only or list(BENCHMARKS)
    results = {name: BENCHMARKS[name](plan) for name in dict.fromkeys(names)}
    if args.json:
        print(json.dumps({name: r.as_json() for name, r in results.items()}, indent=2))
    else:
        print(table(results))
    problems = [f"{name}: {p}" for name, r in results.items() for p in r.problems]
    for problem in problems:
        print(f"check failed, the baseline and ours disagree: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
