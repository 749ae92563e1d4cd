"""Computer-against-computer batches, shared by the command line and the app: per-game seeds, games in order or on
processes, and the Wilson interval of a win rate."""

from __future__ import annotations

import itertools
import math
import queue
import random
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing import get_context
from pathlib import Path
from typing import Callable, Iterator

from officers_chess.ai.idle_rounds import IdleWatch
from officers_chess.ai.play import make_policy, play_battle
from officers_chess.ai.player import Policy
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
    on_result: Callable[[GameResult], None] | None = None, stop: Callable[[], bool] | None = None,
) -> list[GameResult]:
    """Every game of the batch, in index order, on `jobs` processes (the results do not depend on `jobs`).

    `on_result` hears of each game as it ends, in the order they end. The games are handed out as
    processes come free, never listed all at once, so a batch's size costs no memory before it is played.
    `stop` (games on one process only): asked before each game; once it says yes, the games so far are returned.
    """
    _loaded.cache_clear()  # the file may have changed since the last batch (the editor writes the same one again)
    work = ((str(path), i, seed, levels, MAX_ROUNDS, str(save_dir) if save_dir else None, ref) for i in range(games))
    done = on_result or (lambda _result: None)
    results = []
    if jobs <= 1 or games <= 1:
        for w in work:
            if stop is not None and stop():
                break
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


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) when there are no games."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
