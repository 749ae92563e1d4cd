"""`balance`: scenarios simulated computer against computer, one row each: who won, the attacker's share of the
decisive games with its 95% interval, draws and mean rounds, and whether that makes a fair fight."""

from __future__ import annotations

from pathlib import Path

from officers_chess.commands.simulate_report import progress_bar, run_batch, wilson
from officers_chess.session.balance_rule import FAIR_SHARE, MAX_DRAW_RATE, BalanceRow
from officers_chess.session.balance_rule import percent as _percent


def level_totals(rows: list[BalanceRow], levels: tuple[str, str]) -> dict | None:
    """With two different levels: each level's wins over every row, the draws, and the first level's share of the
    decisive games with its 95% interval (the strength claim the rows add up to). None for one level on both sides."""
    if levels[0] == levels[1]:
        return None
    wins = {level: sum(dict(row.by_level).get(level, 0) for row in rows) for level in levels}
    decisive = sum(wins.values())
    low, high = wilson(wins[levels[0]], decisive)
    return {"wins": wins, "draw": sum(row.draws for row in rows), "decisive": decisive,
            "share": round(wins[levels[0]] / decisive, 3) if decisive else None, "ci95": [round(low, 3), round(high, 3)]}


def balance(scenarios: list[tuple[Path, str, str]], games: int, seed: int, levels: tuple[str, str], jobs: int = 1,
            progress: bool = False) -> list[BalanceRow]:
    """Each scenario (path, title, name) played `games` times, the levels swapping sides game by game; one bar for all."""
    rows = []
    with progress_bar(games * len(scenarios), progress) as on_result:
        for path, title, name in scenarios:
            rows.append(BalanceRow.of(title, name, run_batch(path, games, seed, levels, jobs, on_result=on_result)))
    return rows


def table_lines(rows: list[BalanceRow], games: int, seed: int, levels: tuple[str, str]) -> list[str]:
    """The readable table: one line per scenario, and how many are fair fights."""
    width = max([len("scenario"), *(len(r.title) for r in rows)])
    lines = [
        f"{games} games per scenario, {levels[0]} v {levels[1]} (sides alternate), seed {seed}",
        f"{'scenario':<{width}}  att  def  draw  attacker share of decisive (95%)  rounds",
    ]
    for row in rows:
        low, high = row.ci95
        share = "no decisive game" if row.share is None else f"{_percent(row.share)} ({_percent(low)}–{_percent(high)})"
        verdict = "" if row.fair else "  ← not a fair fight"
        lines.append(f"{row.title:<{width}}  {row.attacker:>3}  {row.defender:>3}  {row.draws:>4}  {share:<32}  "
                     f"{row.mean_rounds:>6}{verdict}")
    fair = sum(row.fair for row in rows)
    lines.append(f"{fair} of {len(rows)} within a fair fight: the attacker wins {_percent(FAIR_SHARE[0])} to "
                 f"{_percent(FAIR_SHARE[1])} of decisive games, and draws stay under {_percent(MAX_DRAW_RATE)}")
    totals = level_totals(rows, levels)
    if totals is not None:
        first, second = levels
        share = "no decisive game" if totals["share"] is None else (
            f"{_percent(totals['share'])} of decisive games (95% interval {_percent(totals['ci95'][0])}–"
            f"{_percent(totals['ci95'][1])})")
        lines.append(f"{first} won {totals['wins'][first]}, {second} {totals['wins'][second]}, draws {totals['draw']}: "
                     f"{first} took {share}")
    return lines


def balance_json(rows: list[BalanceRow], games: int, seed: int, levels: tuple[str, str]) -> dict:
    """The same as one JSON object."""
    report = {
        "games": games,
        "seed": seed,
        "levels": f"{levels[0]}:{levels[1]}",
        "fair_share": list(FAIR_SHARE),
        "max_draw_rate": MAX_DRAW_RATE,
        "scenarios": [
            {
                "scenario": row.title,
                "name": row.name,
                "wins": {"attacker": row.attacker, "defender": row.defender, "draw": row.draws},
                "decisive": row.decisive,
                "attacker_share": None if row.share is None else round(row.share, 3),
                "ci95": [round(x, 3) for x in row.ci95],
                "draw_rate": round(row.draw_rate, 3),
                "mean_rounds": row.mean_rounds,
                "fair": row.fair,
            }
            for row in rows
        ],
    }
    totals = level_totals(rows, levels)
    if totals is not None:
        report["by_level"] = totals  # the levels' wins over every scenario, and the first one's share
        for entry, row in zip(report["scenarios"], rows):
            entry["by_level"] = {**dict(row.by_level), "draw": row.draws}
    return report
