"""Network play's round trip on localhost: from a seat's intention leaving it to both seats holding their new views,
beside the host's own work for the same action (take it, autosave, make both views) without the network.

    python benchmarks/net_round_trip.py [--battles N]

Target (issue 36): median at most 30 ms, p99 at most 100 ms. Not yet a row of run.py (the lead wires it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing anything

from websockets.sync.client import connect  # noqa: E402

from benchmarks.timing import Timing  # noqa: E402
from officers_chess.ai.play import make_policy  # noqa: E402
from officers_chess.content.bundled import bundled_dir  # noqa: E402
from officers_chess.content.loaders import load_scenario  # noqa: E402
from officers_chess.net.host import Host  # noqa: E402
from officers_chess.net.join import decide  # noqa: E402
from officers_chess.net.messages import BattleSeat, Hello, Over, read_to_seat, write  # noqa: E402
from officers_chess.net.table import Table  # noqa: E402
from officers_chess.rules.pieces.models import Side  # noqa: E402


def _serve(table: Table) -> tuple[Host, int, asyncio.AbstractEventLoop]:
    known = threading.Event()
    held: dict = {}
    loop = asyncio.new_event_loop()

    async def main() -> None:
        held["host"] = Host(table, out=lambda line: None)
        await held["host"].serve("127.0.0.1", 0, lambda port: (held.__setitem__("port", port), known.set()))

    threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True).start()
    known.wait(10)
    return held["host"], held["port"], loop


def _next_view(ws, after: int):
    while True:
        message = read_to_seat(ws.recv(timeout=10))
        if isinstance(message, Over) or (isinstance(message, BattleSeat) and message.at > after):
            return message


def one_battle(seed: int) -> tuple[list[int], list[int]]:
    """Round trips over the wire, and the host's work alone, in nanoseconds, for every action of one battle."""
    loaded = load_scenario(bundled_dir("scenarios") / "training_yard.yaml")
    host, port, _ = _serve(Table(loaded, seed))
    seats = {}
    for side in Side:
        ws = connect(f"ws://127.0.0.1:{port}", compression=None, max_size=None).__enter__()
        ws.send(write(Hello(code=host.codes[side])))
        seats[side] = ws
    views = {side: _next_view(ws, -1) for side, ws in seats.items()}
    policies = {side: make_policy("greedy", seed + n) for n, side in enumerate(Side)}
    wire: list[int] = []
    while not any(isinstance(v, Over) for v in views.values()):
        side = next(s for s, v in views.items() if v.yours)
        intention = decide(policies[side], views[side])
        start = time.perf_counter_ns()
        seats[side].send(write(intention))
        views = {s: _next_view(ws, views[s].at) for s, ws in seats.items()}
        wire.append(time.perf_counter_ns() - start)
    for ws in seats.values():
        ws.close()
    return wire, _local(loaded, seed, policies)


def _local(loaded, seed: int, policies) -> list[int]:
    """The same battle's actions taken by a table in this process: apply, autosave, both views and their JSON."""
    table = Table(loaded, seed)
    policies = {side: make_policy("greedy", seed + n) for n, side in enumerate(Side)}
    spent: list[int] = []
    while not table.over:
        side = table.whose()
        intention = decide(policies[side], table.message_for(side))
        start = time.perf_counter_ns()
        table.take(side, intention)
        for reader in Side:
            write(table.message_for(reader))
        spent.append(time.perf_counter_ns() - start)
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as data:
        os.environ["OFFICERS_CHESS_DATA"] = data  # the autosaves of the measured battles go nowhere lasting
        wire, local = [], []
        for seed in range(args.battles):
            w, ours = one_battle(seed)
            wire += w
            local += ours
    over, here = Timing(tuple(wire)), Timing(tuple(local))
    print(f"net_round_trip  {len(wire)} actions  median {over.median_ms:.1f} ms  p99 {over.p99_ms:.1f} ms  "
          f"(target 30 / 100 ms)")
    print(f"host's own work median {here.median_ms:.1f} ms  p99 {here.p99_ms:.1f} ms  (the same actions, no network)")
    return 0 if over.median_ms <= 30 and over.p99_ms <= 100 else 1


if __name__ == "__main__":
    sys.exit(main())
