"""Computer-against-computer batches for `simulate`: per-game seeds, parallel games, win counts and a Wilson interval."""

from __future__ import annotations

import itertools
import math
import queue
import random
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path
from typing import Callable, Iterator

from officers_chess.ai.idle_rounds import IdleWatch
from officers_chess.ai.play import LEVELS, make_policy, play_battle
from officers_chess.ai.player import Policy
from officers_chess.commands.output import below
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.content.saves import TooLongToSave, write_save
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import BattleRecord, Recorder, ScenarioRef
from officers_chess.rules.muster.army import Army
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup

MAX_ROUNDS = 60


@dataclass(frozen=True)
class GameResult:
    """One battle of a batch: which level took which side, who won (None: draw), and its rounds."""

    index: int
    levels: dict[Side, str]
    winner: Side | None
    rounds: int
    unsaved: str = ""  # why its save was not written (a battle longer than a save holds); "" when it was
    fled: dict[str, int] | None = None  # each side's units that fled broken (rulings P13); None: no morale in play
    idle: dict[str, int] | None = None  # rounds each side spent idle while the clock was against it (rulings P18)


def parse_levels(text: str) -> tuple[str, str]:
    """`A:B` (each a level name) into the two levels; ValueError with a plain reason otherwise."""
    parts = text.split(":")
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"--levels takes two levels as A:B, not {text!r}")
    for level in parts:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    return parts[0], parts[1]


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index`: a function of the batch seed and the index only, so any number of
    processes plays exactly the same games."""
    return random.Random(f"officers-chess simulate {seed} {index}").getrandbits(32)


@lru_cache(maxsize=4)
def _loaded(path: str) -> LoadedScenario:
    return load_scenario(path)


def record_battle(
    loaded: LoadedScenario, policies: dict[Side, Policy], seed: int, max_rounds: int = MAX_ROUNDS,
    ref: ScenarioRef | None = None, players: dict[Side, str] | None = None,
    hired: dict[Side, Army] | None = None, chapter: ChapterTerms | None = None,
    watches: list[IdleWatch] | None = None,
) -> tuple[GameState, BattleRecord | None]:
    """`play_battle`, keeping the record a save needs when `ref` names the scenario; returns the last
    state and the record (None without `ref`). A campaign chapter brings its `hired` armies and its terms.
    `watches`, when given, receives the battle's `IdleWatch` (the rounds each side spent idle while losing)."""
    recorders: list[Recorder] = []

    def start(armies: dict[Side, list[UnitSetup]], state: GameState) -> None:
        if ref is not None:
            recorders.append(Recorder(loaded.scenario.edition, ref, seed, armies, state, players, chapter))
        if watches is not None:
            watches.append(IdleWatch(state))

    def seen(action: Action, after: GameState) -> None:
        for recorder in recorders:
            recorder.add(action, after)
        for watch in watches or ():
            watch.see(action, after)

    state = play_battle(loaded, policies, seed, max_rounds, on_start=start, on_action=seen, hired=hired)
    return state, recorders[0].record() if recorders else None


def save_name(index: int) -> str:
    """The file name of game `index`'s save (counted from 1, as people count games)."""
    return f"game-{index + 1:04d}.json"


def play_one(
    path: str, index: int, seed: int, levels: tuple[str, str], max_rounds: int = MAX_ROUNDS,
    save_dir: str | None = None, ref: ScenarioRef | None = None,
) -> GameResult:
    """Game `index`: even games give the first level the attacker, odd games the defender; with
    `save_dir` (and the scenario's `ref`), its save is written there."""
    first, second = levels if index % 2 == 0 else levels[::-1]
    chosen = {Side.ATTACKER: first, Side.DEFENDER: second}
    own = game_seed(seed, index)
    policies = {side: make_policy(level, own * 2 + i) for i, (side, level) in enumerate(chosen.items())}
    watches: list[IdleWatch] = []
    state, record = record_battle(_loaded(path), policies, own, max_rounds, ref if save_dir else None, chosen,
                                  watches=watches)
    unsaved = ""
    if save_dir is not None and record is not None:
        target = Path(save_dir) / save_name(index)
        try:
            write_save(target, record)
        except TooLongToSave as exc:  # no reader would take it: the game counts, its save is skipped (and told)
            unsaved = exc.strerror or str(exc)
            try:
                target.unlink(missing_ok=True)  # an earlier batch's game of that name must not pass for this one
            except OSError:
                pass
    fled = None if state.morale_rules is None else {
        side.value: sum(1 for u in state.units if u.side is side and u.fled) for side in Side}
    idle = {side.value: n for side, n in watches[0].idle.items()} if watches else None
    return GameResult(index, chosen, state.winner if state.is_over else None, min(state.round, max_rounds), unsaved,
                      fled, idle)


def _play_args(args: tuple) -> GameResult:
    return play_one(*args)


def run_batch(
    path: Path, games: int, seed: int, levels: tuple[str, str], jobs: int = 1,
    save_dir: Path | None = None, ref: ScenarioRef | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Every game of the batch, in index order, on `jobs` processes (the results do not depend on `jobs`).

    `on_result` hears of each game as it ends, in the order they end. The games are handed out as
    processes come free, never listed all at once, so a batch's size costs no memory before it is played.
    """
    work = ((str(path), i, seed, levels, MAX_ROUNDS, str(save_dir) if save_dir else None, ref) for i in range(games))
    done = on_result or (lambda _result: None)
    results = []
    if jobs <= 1 or games <= 1:
        for w in work:
            results.append(_play_args(w))
            done(results[-1])
        return results
    workers = min(jobs, games)
    with get_context("fork").Pool(workers) as pool:
        # One game per task: a battle takes far longer than handing it over, and the bar moves game by game.
        for result in _in_flight(pool, work, window=2 * workers):
            results.append(result)
            done(result)
    return sorted(results, key=lambda r: r.index)


def _in_flight(pool, work: Iterator[tuple], window: int) -> Iterator[GameResult]:
    """The pool's results as they come, with at most `window` games handed out and not yet back (the pool's
    own imap would read the whole of `work` into its queue at once)."""
    finished: queue.SimpleQueue = queue.SimpleQueue()
    out = 0
    for w in itertools.islice(work, window):
        pool.apply_async(_play_args, (w,), callback=finished.put, error_callback=finished.put)
        out += 1
    while out:
        try:
            result = finished.get(timeout=0.5)  # a timeout, so Ctrl+C is heard while waiting
        except queue.Empty:
            continue
        out -= 1
        if isinstance(result, BaseException):
            raise result
        for w in itertools.islice(work, 1):
            pool.apply_async(_play_args, (w,), callback=finished.put, error_callback=finished.put)
            out += 1
        yield result


@contextmanager
def progress_bar(games: int, show: bool, label: str = "battles") -> Iterator[Callable[[GameResult], None] | None]:
    """A Rich progress bar on stderr, advanced by the callback it yields (None when `show` is false)."""
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    # No refresh thread: the worker processes are forked while the bar runs, and a fork must not
    # catch another thread holding a lock. The bar redraws as each game ends.
    # Below the command's guard (output.visible_output), whose spelling out would break the bar's own
    # codes: the bar shows only its label (ours) and numbers.
    with Progress(*columns, console=Console(file=below(sys.stderr)), auto_refresh=False) as progress:
        task = progress.add_task(label, total=games)

        def advance(_result: GameResult) -> None:
            progress.advance(task)
            progress.refresh()

        yield advance


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) when there are no games."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(scenario: str, results: list[GameResult], seed: int, levels: tuple[str, str], seconds: float) -> dict:
    """The PRODUCT.md simulate JSON; with two different levels, also `by_level` (each level's wins, and the draws)
    and `by_level_side` (each level's games and wins as the attacker and as the defender); with morale in play,
    `fled` (each side's units that fled the field broken, over every game). `idle_while_losing`: per level, over
    every game, the rounds a side it played was losing as things stood and did nothing toward winning (P18)."""
    games = len(results)
    wins = {"attacker": 0, "defender": 0, "draw": 0}
    for r in results:
        wins[r.winner.value if r.winner else "draw"] += 1
    low, high = wilson(wins["attacker"], games)
    report: dict = {
        "scenario": scenario,
        "games": games,
        "seed": seed,
        "wins": wins,
        "attacker_win_rate": round(wins["attacker"] / games, 3) if games else 0.0,
        "ci95": [round(low, 3), round(high, 3)],
        "mean_rounds": round(sum(r.rounds for r in results) / games, 1) if games else 0.0,
        "seconds": round(seconds, 1),
    }
    if any(r.fled is not None for r in results):  # a battle with morale: how many ran off each side, over all games
        report["fled"] = {side.value: sum((r.fled or {}).get(side.value, 0) for r in results) for side in Side}
    # Per level, over all games: the rounds a side it played was losing on the clock and did nothing about it.
    idle = {level: 0 for level in dict.fromkeys(levels)}
    for r in results:
        for side in Side:
            idle[r.levels[side]] += (r.idle or {}).get(side.value, 0)
    report["idle_while_losing"] = idle
    if levels[0] != levels[1]:
        won = {level: sum(1 for r in results if r.winner is not None and r.levels[r.winner] == level) for level in levels}
        report["level_wins"] = won  # (kept for tools written before by_level)
        report["by_level"] = {**won, "draw": wins["draw"]}
        # Each level's record on each side: a level that only wins as the attacker is the scenario's, not its own.
        report["by_level_side"] = {
            level: {
                side.value: {
                    "games": sum(1 for r in results if r.levels[side] == level),
                    "wins": sum(1 for r in results if r.winner is side and r.levels[side] == level),
                }
                for side in Side
            }
            for level in levels
        }
    return report


def simulate(
    path: Path, scenario: str, games: int, seed: int, levels: tuple[str, str], jobs: int = 1,
    save_dir: Path | None = None, ref: ScenarioRef | None = None, progress: bool = False,
) -> dict:
    """Play the batch and return its summary; with `save_dir`, each game is saved there (`ref` names the scenario)."""
    started = time.perf_counter()
    with progress_bar(games, progress) as on_result:
        results = run_batch(path, games, seed, levels, jobs, save_dir, ref, on_result)
    unsaved = [r for r in results if r.unsaved]
    if unsaved:
        print(unsaved_line(unsaved), file=sys.stderr)
    return summary(scenario, results, seed, levels, time.perf_counter() - started)


def unsaved_line(unsaved: list[GameResult], shown: int = 5) -> str:
    """The one line saying which games' saves were skipped, and why (the games themselves still count)."""
    if len(unsaved) == 1:
        return (f"officers-chess: {save_name(unsaved[0].index)} not written: {unsaved[0].unsaved} "
                "(the game still counts)")
    names = ", ".join(save_name(r.index) for r in unsaved[:shown]) + (", …" if len(unsaved) > shown else "")
    return (f"officers-chess: {len(unsaved)} saves not written ({names}): each battle is longer than a save holds "
            "(the games still count)")


def summary_lines(report: dict, levels: tuple[str, str]) -> list[str]:
    """The short readable summary printed without --json."""
    wins = report["wins"]
    low, high = report["ci95"]
    lines = [
        f"{report['scenario']}: {report['games']} games, {levels[0]} v {levels[1]} (sides alternate), seed {report['seed']}",
        f"  attacker {wins['attacker']}, defender {wins['defender']}, draw {wins['draw']}",
        f"  attacker win rate {report['attacker_win_rate']:.1%} (95% interval {low:.1%} to {high:.1%})",
    ]
    if "level_wins" in report:
        lines.append("  " + ", ".join(f"{level} won {n}" for level, n in report["level_wins"].items()))
    if "fled" in report:
        lines.append("  units fled broken: " + ", ".join(f"{side} {n}" for side, n in report["fled"].items()))
    idle = report.get("idle_while_losing", {})
    lines.append("  rounds idle while losing on the clock: " + ", ".join(f"{level} {n}" for level, n in idle.items()))
    lines.append(f"  {report['mean_rounds']} rounds on average, {report['seconds']} s")
    return lines
