"""Computer-against-computer batches for `simulate`: the progress bar, the summary and its lines (the games themselves
are played by session/batch_games.py, which the app's quick balance shares)."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from officers_chess.ai.play import LEVELS
from officers_chess.commands.output import below
from officers_chess.rules.history.record import ScenarioRef
from officers_chess.rules.pieces.models import Side
from officers_chess.session.batch_games import (  # noqa: F401 (the names the reports and tests import from here)
    MAX_ROUNDS,
    GameResult,
    _in_flight,
    game_seed,
    play_one,
    record_battle,
    run_batch,
    save_name,
    wilson,
)


def parse_levels(text: str) -> tuple[str, str]:
    """`A:B` (each a level name) into the two levels; ValueError with a plain reason otherwise."""
    parts = text.split(":")
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"--levels takes two levels as A:B, not {text!r}")
    for level in parts:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    return parts[0], parts[1]


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
