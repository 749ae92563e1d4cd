"""benchmarks/run.py keeps its JSON contract (PRODUCT.md, "Headless interfaces"); speed is never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "benchmarks" / "run.py"
NAMES = {"forecast_pair", "reach_32x24", "reach_100x100"}
BASELINE_KEYS = {"baseline", "baseline_median_ms", "ratio"}
NEEDS_NETWORKX = {"reach_32x24", "reach_100x100"}

# Running the script with networkx made unimportable, as on a machine without the bench extra.
WITHOUT_NETWORKX = (
    "import runpy, sys; sys.modules['networkx'] = None; "
    "sys.argv = [sys.argv[1], *sys.argv[2:]]; runpy.run_path(sys.argv[0], run_name='__main__')"
)


def run(*args: str, hide_networkx: bool = False) -> subprocess.CompletedProcess[str]:
    prefix = [sys.executable, "-c", WITHOUT_NETWORKX] if hide_networkx else [sys.executable]
    return subprocess.run([*prefix, str(RUNNER), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def has_networkx() -> bool:
    try:
        import networkx  # noqa: F401
    except ImportError:
        return False
    return True


def check_row(name: str, row: dict, expect_baseline: bool) -> None:
    assert {"median_ms", "p99_ms"} <= set(row), name
    for key in ("median_ms", "p99_ms"):
        assert isinstance(row[key], (int, float)) and row[key] > 0, (name, key)
    assert row["p99_ms"] >= row["median_ms"], name
    if not expect_baseline:
        assert not BASELINE_KEYS & set(row), f"{name}: no baseline ran, so its keys must be left out"
        return
    assert BASELINE_KEYS <= set(row), name
    assert isinstance(row["baseline"], str) and row["baseline"].strip(), name
    assert row["baseline_median_ms"] > 0, name
    # ratio = baseline median / our median (rounded in the output, so compare loosely)
    assert row["ratio"] == pytest.approx(row["baseline_median_ms"] / row["median_ms"], rel=1e-3), name


@pytest.fixture(scope="module")
def quick_json() -> dict:
    done = run("--quick", "--json")
    assert done.returncode == 0, done.stderr  # 1 would mean a baseline disagreed with our answer
    return json.loads(done.stdout)  # exactly one JSON object, nothing else on stdout


def test_quick_json_is_one_object_keyed_by_benchmark_name(quick_json):
    assert set(quick_json) == NAMES


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_row_has_the_contract_keys_and_an_honest_ratio(quick_json, name):
    check_row(name, quick_json[name], expect_baseline=name not in NEEDS_NETWORKX or has_networkx())


def test_only_runs_just_the_named_benchmark():
    done = run("--quick", "--json", "--only", "reach_32x24")
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) == {"reach_32x24"}


def test_without_networkx_the_reach_rows_leave_the_baseline_keys_out():
    done = run("--quick", "--json", "--only", "reach_32x24", hide_networkx=True)
    assert done.returncode == 0, done.stderr
    check_row("reach_32x24", json.loads(done.stdout)["reach_32x24"], expect_baseline=False)


def test_without_networkx_the_table_says_why_there_is_no_baseline():
    done = run("--quick", "--only", "reach_32x24", hide_networkx=True)
    assert done.returncode == 0, done.stderr
    assert "networkx is not installed" in done.stdout
    assert "reach_32x24" in done.stdout


def test_the_table_marks_each_row_against_its_target():
    done = run("--quick", "--only", "forecast_pair")
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if line.startswith("forecast_pair "))
    assert "<= 1 ms" in row and ("pass" in row or "FAIL" in row)


def test_an_unknown_benchmark_name_is_refused():
    done = run("--only", "no_such_bench")
    assert done.returncode == 2
    assert "no_such_bench" in done.stderr
