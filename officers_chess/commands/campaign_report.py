"""`campaign simulate`: a whole campaign played computer against computer, chapter by chapter, as JSON or a table."""

from __future__ import annotations

from multiprocessing import get_context
from pathlib import Path

from officers_chess.ai.campaign_muster import company_army
from officers_chess.ai.play import make_policy
from officers_chess.content.campaigns import LoadedCampaign, chapter_loaded
from officers_chess.content.saves import TooLongToSave, scenario_ref, write_save
from officers_chess.rules.campaign.book import PLAYERS, Player
from officers_chess.rules.campaign.chapters import campaign_winner
from officers_chess.rules.campaign.company import after_muster, bill
from officers_chess.rules.campaign.progress import CampaignProgress, begin, close_chapter, forfeit_chapter, with_stipend
from officers_chess.rules.muster.army import army_cost, recruit_cost
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.muster.phases import MusterError
from officers_chess.commands.simulate_report import MAX_ROUNDS, game_seed, progress_bar, record_battle, wilson


def play_campaign(lc: LoadedCampaign, seed: int, levels: dict[Player, str], save_dir: Path | None = None,
                  max_rounds: int = MAX_ROUNDS) -> CampaignProgress:
    """Every chapter the results lead to, each player's company mustered and its battle played by the computer
    at that player's level. With `save_dir`, each chapter's battle is saved there (chapter-01.json, ...) for
    `replay --verify`."""
    campaign = lc.campaign
    progress = begin(campaign)
    number = 0
    while progress.next is not None:
        chapter = campaign.chapter(progress.next)
        loaded = lc.scenarios[chapter.id]
        own = game_seed(seed, number)
        policies = {p: make_policy(levels[p], own * 2 + i) for i, p in enumerate(PLAYERS)}
        before = with_stipend(progress, chapter)
        armies, mustered = {}, {}
        for player in PLAYERS:
            side = chapter.sides[player]
            try:
                army = company_army(loaded.scenario, loaded.catalogue, loaded.battle_map, side, before[player],
                                    policies[player], player)
            except MusterError:
                continue  # this company cannot take the field: it forfeits the chapter
            armies[player] = army
            mustered[player] = after_muster(before[player], army, set(), bill(before[player], army, set(),
                                                                                loaded.catalogue).chest_after)
        if len(armies) < len(PLAYERS):
            forfeits = [p for p in PLAYERS if p not in armies]
            progress = forfeit_chapter(progress, campaign, chapter, loaded.scenario.name, before, forfeits)
            number += 1
            continue
        terms = ChapterTerms(war_chests={chapter.sides[p]: army_cost(armies[p], loaded.catalogue) for p in PLAYERS})
        played = chapter_loaded(loaded, terms)
        ref = scenario_ref(loaded) if save_dir is not None else None
        state, record = record_battle(
            played, {chapter.sides[p]: policies[p] for p in PLAYERS}, own, max_rounds, ref,
            {chapter.sides[p]: levels[p] for p in PLAYERS}, hired={chapter.sides[p]: armies[p] for p in PLAYERS},
            chapter=terms)
        if save_dir is not None and record is not None:
            try:
                write_save(save_dir / f"chapter-{number + 1:02d}.json", record)
            except TooLongToSave:
                pass  # a battle longer than any save: the campaign goes on, that chapter has no save
        costs = {p: {r.name: recruit_cost(r, loaded.catalogue) for r in armies[p].units} for p in PLAYERS}
        progress = close_chapter(progress, campaign, chapter, loaded.scenario.name, before, mustered, armies, costs,
                                 state)
        number += 1
    return progress


def campaign_json(lc: LoadedCampaign, progress: CampaignProgress) -> dict:
    """The promised shape: the campaign, its winner, and each chapter played (ChapterRecord.public)."""
    return {"campaign": lc.campaign.name, "winner": campaign_winner(progress.records) or "draw",
            "chapters": [r.public() for r in progress.records]}


def campaign_table(lc: LoadedCampaign, progress: CampaignProgress) -> str:
    """The campaign told chapter by chapter for a terminal: who won, each chest, who was lost."""
    names = {p: lc.campaign.players[p].name for p in PLAYERS}
    lines = [f"{lc.campaign.name}: {names['p1']} (p1) against {names['p2']} (p2)"]
    for number, record in enumerate(progress.records, 1):
        won = "a draw" if record.winner is None else f"{record.winner} wins ({record.tier})"
        lines.append(f"{number}. {record.scenario}: {won}")
        for p in PLAYERS:
            earned = sum(x.gold for x in record.payouts[p])
            lost = ", ".join(record.lost[p]) or "nobody"
            lines.append(f"   {p} {record.sides[p].value}: chest {record.chest_before[p]} → spent {record.spent[p]}, "
                         f"earned {earned} → {record.chest_after[p]}; lost {lost}")
    winner = campaign_winner(progress.records)
    lines.append("The campaign is drawn." if winner is None else f"{winner} ({names[winner]}) wins the campaign.")
    return "\n".join(lines)


_BALANCING: list[LoadedCampaign] = []  # the campaign being balanced, for the worker processes forked from this one


def _one(args: tuple) -> CampaignProgress:
    seed, levels = args
    return play_campaign(_BALANCING[-1], seed, levels)


def balance_campaign(lc: LoadedCampaign, games: int, levels: dict[Player, str], jobs: int = 1,
                     progress: bool = False) -> dict:
    """Campaigns with seeds 1 to `games`: each player's wins, p1's share of the decisive ones (Wilson 95%), and per
    chapter how often it was played and who won it."""
    work = [(seed, levels) for seed in range(1, games + 1)]
    results: list[CampaignProgress] = []
    _BALANCING[:] = [lc]  # the workers are forked: each sees this very campaign, not the file read again
    with progress_bar(games, progress, "campaigns") as advance:
        if jobs <= 1 or games <= 1:
            for w in work:
                results.append(_one(w))
                if advance:
                    advance(None)  # type: ignore[arg-type]
        else:
            with get_context("fork").Pool(min(jobs, games)) as pool:
                for done in pool.imap(_one, work):
                    results.append(done)
                    if advance:
                        advance(None)  # type: ignore[arg-type]
    wins = {"p1": 0, "p2": 0, "draw": 0}
    chapters: dict[str, dict[str, int]] = {c.id: {"played": 0, "p1": 0, "p2": 0, "draw": 0} for c in lc.campaign.chapters}
    for result in results:
        wins[campaign_winner(result.records) or "draw"] += 1
        for record in result.records:
            tally = chapters[record.id]
            tally["played"] += 1
            tally[record.winner or "draw"] += 1
    decisive = wins["p1"] + wins["p2"]
    low, high = wilson(wins["p1"], decisive)
    return {"campaign": lc.campaign.name, "games": games, "levels": levels, "wins": wins,
            "p1_share": round(wins["p1"] / decisive, 3) if decisive else None, "ci95": [round(low, 3), round(high, 3)],
            "chapters": chapters}


def balance_lines(report: dict) -> list[str]:
    """The balance report for a terminal."""
    wins, (low, high) = report["wins"], report["ci95"]
    share = "no decisive campaign" if report["p1_share"] is None else (
        f"p1 wins {report['p1_share']:.0%} of decisive campaigns (95% interval {low:.0%}–{high:.0%})")
    lines = [f"{report['campaign']}, {report['games']} campaigns at {report['levels']['p1']}:{report['levels']['p2']}",
             f"p1 {wins['p1']}, p2 {wins['p2']}, drawn {wins['draw']}: {share}"]
    for chapter, tally in report["chapters"].items():
        lines.append(f"  {chapter}: played {tally['played']}; p1 {tally['p1']}, p2 {tally['p2']}, drawn {tally['draw']}")
    return lines
