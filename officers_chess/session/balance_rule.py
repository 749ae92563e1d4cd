"""A fair fight, as `balance` and the editor's quick balance judge it: one batch's wins, the attacker's share of its
decisive games with the 95% interval, and whether that is within the targets scenario authors balance to."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.session.batch_games import GameResult, wilson

# A fair fight (the targets scenario authors balance to): the attacker takes a quarter to three quarters of the
# decisive games, and fewer than a fifth of the games end without a winner.
FAIR_SHARE = (0.25, 0.75)
MAX_DRAW_RATE = 0.20


@dataclass(frozen=True)
class BalanceRow:
    """One scenario's batch: its title, how it was named, and the wins of each side."""

    title: str
    name: str  # the bundled scenario's file name, or the path given
    attacker: int
    defender: int
    draws: int
    mean_rounds: float
    by_level: tuple[tuple[str, int], ...] = ()  # each level's wins (the draws apart), when the levels differ

    @property
    def games(self) -> int:
        return self.attacker + self.defender + self.draws

    @property
    def decisive(self) -> int:
        return self.attacker + self.defender

    @property
    def share(self) -> float | None:
        """The attacker's share of the decisive games (None when there were none)."""
        return self.attacker / self.decisive if self.decisive else None

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.attacker, self.decisive)

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def fair(self) -> bool:
        """Within the fair-fight targets (FAIR_SHARE, MAX_DRAW_RATE)."""
        share = self.share
        return share is not None and FAIR_SHARE[0] <= share <= FAIR_SHARE[1] and self.draw_rate < MAX_DRAW_RATE

    @classmethod
    def of(cls, title: str, name: str, results: list[GameResult]) -> BalanceRow:
        winners = [r.winner.value if r.winner else "draw" for r in results]
        rounds = round(sum(r.rounds for r in results) / len(results), 1) if results else 0.0
        levels = sorted({level for r in results for level in r.levels.values()})
        won = [r.levels[r.winner] for r in results if r.winner is not None]
        by_level = tuple((level, won.count(level)) for level in levels) if len(levels) == 2 else ()
        return cls(title, name, winners.count("attacker"), winners.count("defender"), winners.count("draw"), rounds,
                   by_level)


def percent(value: float) -> str:
    return f"{value * 100:.0f}%"


def quick_line(row: BalanceRow) -> str:
    """The editor's one line on a batch: the wins, the attacker's share with its interval, and the verdict in the
    words `balance` prints."""
    low, high = row.ci95
    share = ("no game had a winner" if row.share is None else
             f"the attacker took {percent(row.share)} of decisive games (95%: {percent(low)}–{percent(high)})")
    verdict = "a fair fight" if row.fair else "not a fair fight"
    return (f"Attacker won {row.attacker}, defender {row.defender}, draws {row.draws}: {share}; {verdict} "
            f"(the attacker wins {percent(FAIR_SHARE[0])} to {percent(FAIR_SHARE[1])} of decisive games, and draws "
            f"stay under {percent(MAX_DRAW_RATE)}).")
