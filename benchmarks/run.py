"""Run the rules-core benchmarks and print medians beside their targets and baselines.

    python benchmarks/run.py                  a readable table
    python benchmarks/run.py --json           one JSON object keyed by benchmark name
    python benchmarks/run.py --only reach_32x24 --quick

See benchmarks/README.md for what each number means.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing anything

from benchmarks import forecast_pair, reach  # noqa: E402
from benchmarks.timing import Timing, measure  # noqa: E402

NO_NETWORKX = "networkx is not installed (pip install -e '.[bench]'), so there is no baseline"


@dataclass
class Result:
    """One benchmark's numbers, the honesty check of its baseline, and notes for the table."""

    ours: Timing
    target_ms: float
    baseline: str | None = None
    baseline_timing: Timing | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        row: dict = {"median_ms": round(self.ours.median_ms, 6), "p99_ms": round(self.ours.p99_ms, 6)}
        if self.baseline is not None and self.baseline_timing is not None:
            row["baseline"] = self.baseline
            row["baseline_median_ms"] = round(self.baseline_timing.median_ms, 6)
            row["ratio"] = float(f"{self.baseline_timing.median_ms / self.ours.median_ms:.6g}")  # 6 significant digits
        row["target_ms"] = self.target_ms
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
    pairs = forecast_pair.pairs(count=plan.reps(forecast_pair.RANDOM_PAIRS, 4))
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


BENCHMARKS: dict[str, Callable[[Plan], Result]] = {
    "forecast_pair": bench_forecast_pair,
    "reach_32x24": bench_reach_32x24,
    "reach_100x100": bench_reach_100x100,
}


def _ms(value: float) -> str:
    return f"{value:.3f} ms" if value < 100 else f"{value:.1f} ms"


def table(results: dict[str, Result]) -> str:
    """A plain-text table: our median and p99 against the target, then the baseline and the ratio."""
    header = ("benchmark", "median", "p99", "target", "", "baseline median", "ratio")
    rows = [header]
    for name, r in results.items():
        ok = "pass" if r.ours.median_ms <= r.target_ms else "FAIL"
        if r.baseline_timing is not None:
            base, ratio = _ms(r.baseline_timing.median_ms), f"{r.baseline_timing.median_ms / r.ours.median_ms:,.2f}x"
        else:
            base, ratio = "none", "-"
        rows.append((name, _ms(r.ours.median_ms), _ms(r.ours.p99_ms), f"<= {r.target_ms:g} ms", ok, base, ratio))
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
        check = "same answers as ours" if not r.problems else f"{len(r.problems)} disagreement(s), see below"
        if r.baseline is not None:
            lines.append(f"  check: {check}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the rules core against its targets and baselines.")
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
