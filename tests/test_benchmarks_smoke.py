"""benchmarks/run.py keeps its JSON contract (PRODUCT.md, "Headless interfaces"); speed is never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "benchmarks" / "run.py"
NAMES = {
    "forecast_pair", "reach_32x24", "reach_100x100", "ai_activation_24x16", "ai_activation_hard_24x16",
    "ai_battle_normal", "simulate_jobs", "ui_cursor_32x24", "ui_forecast_open", "startup_title", "net_round_trip",
    "ui_computer_turn",
}
NO_BASELINE = {"ui_forecast_open"}  # nothing else shows our forecast: the row has no baseline keys
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
    expect = name not in NO_BASELINE and (name not in NEEDS_NETWORKX or has_networkx())
    check_row(name, quick_json[name], expect_baseline=expect)


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


@pytest.mark.parametrize(
    ("name", "targets"),
    [
        ("forecast_pair", {"target_ms": 1.0}),
        ("ai_activation_24x16", {"target_ms": 50.0, "target_p99_ms": 300.0}),
        ("ai_activation_hard_24x16", {"target_ms": 250.0, "target_p99_ms": 1000.0}),
        ("ai_battle_normal", {"target_ms": 5000.0}),
        ("simulate_jobs", {"target_ratio": 1.6}),  # a speed-up, not a time: no target_ms
        ("ui_cursor_32x24", {"target_ms": 8.0}),
        ("ui_forecast_open", {"target_ms": 15.0, "target_p99_ms": 50.0}),  # issue 17: the slow tail has a target too
        ("startup_title", {"target_ratio": 0.4}),  # issue 17: at most 2.5x the bare Textual app
        ("net_round_trip", {"target_ms": 30.0, "target_p99_ms": 100.0}),  # issue 36: over localhost
        ("ui_computer_turn", {"target_ms": 50.0, "target_p99_ms": 250.0}),  # issue 38: the computer's turn never freezes
    ],
)
def test_each_row_carries_its_own_targets(quick_json, name, targets):
    row = quick_json[name]
    assert {key: row[key] for key in ("target_ms", "target_p99_ms", "target_ratio") if key in row} == targets


def test_the_ai_rows_show_their_targets_and_the_p99_and_speed_up_verdicts():
    done = run("--quick", "--only", "ai_activation_24x16", "--only", "simulate_jobs")
    assert done.returncode == 0, done.stderr  # 1 would mean --jobs changed a game's result
    lines = done.stdout.splitlines()
    activation = next(line for line in lines if line.startswith("ai_activation_24x16 "))
    assert "<= 50 ms" in activation and ("pass" in activation or "FAIL" in activation)
    jobs = next(line for line in lines if line.startswith("simulate_jobs "))
    assert ">= 1.6x" in jobs and ("pass" in jobs or "FAIL" in jobs)
    assert any("300 ms target" in line and ("within" in line or "OVER" in line) for line in lines)
    assert any("1.6x target" in line and ("within" in line or "UNDER" in line) for line in lines)


def test_the_ui_rows_say_what_they_time_and_at_which_sizes():
    done = run("--quick", "--only", "ui_cursor_32x24", "--only", "ui_forecast_open", "--only", "startup_title")
    assert done.returncode == 0, done.stderr  # 1 would mean a key did not do what the benchmark expected
    lines = done.stdout.splitlines()
    for name, target in (("ui_cursor_32x24", "<= 8 ms"), ("ui_forecast_open", "<= 15 ms"), ("startup_title", ">= 0.4x")):
        row = next(line for line in lines if line.startswith(f"{name} "))
        assert target in row and ("pass" in row or "FAIL" in row), row
    notes = "\n".join(lines)
    assert "first frame repainting the map" in notes and "full-map redraw" in notes
    assert any(line.strip().startswith("browse:") for line in lines) and any(line.strip().startswith("moving:") for line in lines)
    assert notes.count("at 200×60") >= 2  # the cursor and the forecast, at a large terminal too
    assert "first frame showing the forecast pane" in notes
    assert "the whole process" in notes and "bare Textual App" in notes and "import textual.app" in notes


def test_the_forecast_fixture_puts_two_units_of_the_long_march_face_to_face():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks import ui_forecast
    from officers_chess.content.loaders import load_scenario

    state = load_scenario(ui_forecast.FIXTURE).new_battle(0)
    assert (state.map.width, state.map.height) == (32, 24) and state.map.name == "The Long March"
    attacker = next(u for u in state.living(state.to_act) if u.name == ui_forecast.ATTACKER)
    defender = next(u for u in state.living(state.to_act.other) if u.name == ui_forecast.DEFENDER)
    assert ui_forecast.STRIKE_FROM in state.reach(attacker).costs
    assert defender in state.targets_from(attacker, ui_forecast.STRIKE_FROM)


def test_the_activation_fixture_is_twelve_against_twelve_on_a_24x16_map_of_mixed_ground():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # the benchmarks are not a package of the install
    from benchmarks import ai_activation
    from officers_chess.rules.pieces.models import Side

    loaded = ai_activation.load()
    state = loaded.new_battle(0)
    assert (state.map.width, state.map.height) == (24, 16)
    assert len(state.living(Side.ATTACKER)) == len(state.living(Side.DEFENDER)) == 12
    ground = {state.map.terrain_at((x, y)).id for x in range(24) for y in range(16)}
    assert {"plains", "forest", "river", "bridge", "fort", "mountain"} <= ground
    for side in Side:
        units = state.living(side)
        assert any(u.unit_class.name == "Archer" for u in units)
        assert any(any(i.name.endswith("Staff") for i in u.inventory) for u in units), "a healer"
        assert any(u.has("Cavalry") or u.has("Flying") for u in units)


def test_an_unknown_benchmark_name_is_refused():
    done = run("--only", "no_such_bench")
    assert done.returncode == 2
    assert "no_such_bench" in done.stderr
