"""Network play's round trip on localhost: from a seat's intention leaving it to both seats holding their new views,
beside the local app's work for the same action on one machine (a row of run.py: `net_round_trip`).

    python benchmarks/net_round_trip.py [--battles N]

Target (issue 36): median at most 30 ms, p99 at most 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing anything

from websockets.sync.client import connect  # noqa: E402

from benchmarks.timing import Timing  # noqa: E402
from officers_chess.ai.play import make_policy  # noqa: E402
from officers_chess.content.bundled import bundled_dir  # noqa: E402
from officers_chess.content.loaders import LoadedScenario, load_scenario  # noqa: E402
from officers_chess.net.host import Host  # noqa: E402
from officers_chess.net.join import decide  # noqa: E402
from officers_chess.net.messages import Act, BattleSeat, Hello, Over, read_to_seat, write  # noqa: E402
from officers_chess.net.table import Table  # noqa: E402
from officers_chess.rules.battle.actions import Action  # noqa: E402
from officers_chess.rules.battle.game import apply_action  # noqa: E402
from officers_chess.rules.battle.seat_view import view  # noqa: E402
from officers_chess.rules.battle.state import GameState  # noqa: E402
from officers_chess.rules.pieces.models import Side  # noqa: E402
from officers_chess.session.fog_log import told_lines  # noqa: E402

SCENARIO = "training_yard"
LEVEL = "greedy"
BATTLES = 5
TARGET_MS, TARGET_P99_MS = 30.0, 100.0


@dataclass(frozen=True)
class Battle:
    """One battle's actions and their times, in nanoseconds, over the wire, on the host alone, and locally."""

    seed: int
    actions: list[Action]
    wire_ns: list[int]  # the intention sent to both seats holding their new views
    host_ns: list[int]  # the host's own work: the table takes it (autosave included), both messages as JSON
    local_ns: list[int]  # the local app's: apply_action, both seats' views, both seats' log lines
    ends: dict[str, GameState | None]  # the battle as each way of playing it ended


def _serve(table: Table) -> tuple[Host, int]:
    known = threading.Event()
    held: dict = {}
    loop = asyncio.new_event_loop()

    async def main() -> None:
        held["host"] = Host(table, out=lambda line: None)
        await held["host"].serve("127.0.0.1", 0, lambda port: (held.__setitem__("port", port), known.set()))

    threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True).start()
    if not known.wait(10):
        raise TimeoutError("the host did not start listening")
    return held["host"], held["port"]


def _next_view(ws, after: int) -> BattleSeat | Over:
    while True:
        message = read_to_seat(ws.recv(timeout=10))
        if isinstance(message, Over) or (isinstance(message, BattleSeat) and message.at > after):
            return message


def _wire(loaded: LoadedScenario, seed: int, folder: Path) -> tuple[list[Action], list[int], GameState | None]:
    """A battle between two computer seats over localhost: its actions, their round trips, the end it was sent."""
    host, port = _serve(Table(loaded, seed, folder=folder))
    seats = {}
    for side in Side:
        ws = connect(f"ws://127.0.0.1:{port}", compression=None, max_size=None).__enter__()
        ws.send(write(Hello(code=host.codes[side])))
        seats[side] = ws
    views = {side: _next_view(ws, -1) for side, ws in seats.items()}
    policies = {side: make_policy(LEVEL, seed + n) for n, side in enumerate(Side)}
    actions: list[Action] = []
    spent: list[int] = []
    while not any(isinstance(v, Over) for v in views.values()):
        side = next(s for s, v in views.items() if isinstance(v, BattleSeat) and v.yours)
        intention = decide(policies[side], views[side])
        assert isinstance(intention, Act)
        start = time.perf_counter_ns()
        seats[side].send(write(intention))
        views = {s: _next_view(ws, views[s].at) for s, ws in seats.items()}
        spent.append(time.perf_counter_ns() - start)
        actions.append(intention.action)
    for ws in seats.values():
        ws.close()
    over = next(v for v in views.values() if isinstance(v, Over))
    return actions, spent, over.final


def _host(loaded: LoadedScenario, seed: int, actions: list[Action], folder: Path) -> tuple[list[int], GameState]:
    """The same actions taken by a table in this process: take (autosave included), both messages' JSON."""
    table = Table(loaded, seed, folder=folder)
    spent: list[int] = []
    for action in actions:
        side = table.whose()
        assert side is not None
        start = time.perf_counter_ns()
        table.take(side, Act(at=table.at, action=action))
        for reader in Side:
            write(table.message_for(reader))
        spent.append(time.perf_counter_ns() - start)
    assert table.state is not None
    return spent, table.state


def _local(loaded: LoadedScenario, seed: int, actions: list[Action]) -> tuple[list[int], GameState]:
    """The same actions as the local app takes them on one machine: the rules, then each seat's view and lines."""
    state = loaded.new_battle(seed)
    spent: list[int] = []
    for action in actions:
        start = time.perf_counter_ns()
        outcome = apply_action(state, action)
        for reader in Side:
            view(outcome.state, reader)
            told_lines(state, outcome.state, outcome.events, reader)
        spent.append(time.perf_counter_ns() - start)
        state = outcome.state
    return spent, state


def one_battle(seed: int) -> Battle:
    loaded = load_scenario(bundled_dir("scenarios") / f"{SCENARIO}.yaml")
    with tempfile.TemporaryDirectory() as folder:  # the measured battles' autosaves go nowhere lasting
        actions, wire, over = _wire(loaded, seed, Path(folder) / "wire")
        host, hosted = _host(loaded, seed, actions, Path(folder) / "host")
    local, played = _local(loaded, seed, actions)
    return Battle(seed, actions, wire, host, local, {"wire": over, "host": hosted, "local": played})


def battles(count: int) -> list[Battle]:
    return [one_battle(seed) for seed in range(count)]


def disagreements(played: list[Battle]) -> list[str]:
    """Where a battle's actions, taken on a host's table or locally, did not end in the battle sent at its end."""
    problems = []
    for battle in played:
        sent = battle.ends["wire"]
        if sent is None:
            problems.append(f"seed {battle.seed}: the end was sent without the final battle")
            continue
        for way in ("host", "local"):
            if battle.ends[way] != sent:
                problems.append(f"seed {battle.seed}: the {len(battle.actions)} actions taken {way} ended elsewhere")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=BATTLES)
    args = parser.parse_args(argv)
    played = battles(args.battles)
    over = Timing(tuple(ns for b in played for ns in b.wire_ns))
    host = Timing(tuple(ns for b in played for ns in b.host_ns))
    local = Timing(tuple(ns for b in played for ns in b.local_ns))
    print(f"net_round_trip  {len(over.samples_ns)} actions  median {over.median_ms:.1f} ms  p99 {over.p99_ms:.1f} ms  "
          f"(target {TARGET_MS:g} / {TARGET_P99_MS:g} ms)")
    print(f"the local app's work  median {local.median_ms:.1f} ms  p99 {local.p99_ms:.1f} ms  (the same actions)")
    print(f"the host's own work   median {host.median_ms:.1f} ms  p99 {host.p99_ms:.1f} ms  (no network)")
    for problem in disagreements(played):
        print(f"check failed: {problem}", file=sys.stderr)
    return 0 if over.median_ms <= TARGET_MS and over.p99_ms <= TARGET_P99_MS and not disagreements(played) else 1


if __name__ == "__main__":
    sys.exit(main())
