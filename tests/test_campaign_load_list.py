"""The title's Load list (l) lists every campaign save, under way or over, and the battles of its chapters played."""

from __future__ import annotations

import json
import os
import re
import time

from officers_chess.ai.play import make_policy
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.game import apply_action
from officers_chess.content.save_summary import save_summary
from officers_chess.tui.dialogs.save_picker import list_saves


def battle_save(tmp_path, folder, finished: bool):
    """A real battle save: Training Yard cut to one round and played to its end by the computer, or just begun."""
    text = re.sub(r"rounds: [0-9]+", "rounds: 1", find_scenario("training_yard").read_text(encoding="utf-8"), count=1)
    (tmp_path / "short_yard.yaml").write_text(text, encoding="utf-8")
    loaded = load_scenario(tmp_path / "short_yard.yaml")
    state = loaded.new_battle(seed=4)
    saver = Autosaver.start(loaded, 4, {}, state, {}, folder=folder)
    policy = make_policy("greedy", 0)
    while finished and not state.is_over:
        action = policy.choose(state)
        state = apply_action(state, action).state
        saver.add(action, state)
    return saver.path


def campaign_folder(tmp_path, root, name: str, title: str, played: int, over: bool, battles: list[str],
                    pending: str | None, when: float, ended: bool = True):
    """A campaign's folder as the game leaves it: its save (only what the list reads of it is real) and the battle
    saves of the chapters named, each a real battle save (the closed chapters' over, the pending one not)."""
    folder = root / name
    folder.mkdir(parents=True)
    for index, battle in enumerate([*battles, *([pending] if pending else [])]):
        battle_save(tmp_path, folder / "tmp", finished=ended and battle != pending).rename(folder / battle)
        os.utime(folder / battle, (when - 100 + index, when - 100 + index))
    data = {"format": "officers-chess-campaign", "version": 1, "campaign": {"title": title},
            "progress": {"records": [{}] * played, **({} if over else {"next": "next"})},  # sparse, as saved
            "pending": {"battle": pending} if pending else None, "battles": battles}
    (folder / "campaign.json").write_text(json.dumps(data))
    os.utime(folder / "campaign.json", (when, when))
    return folder


def test_a_campaign_over_or_under_way_is_listed_with_the_battles_of_its_chapters_played(tmp_path):
    root = tmp_path / "campaigns"
    now = time.time()
    over = campaign_folder(tmp_path, root, "a", "Salt Road", 2, True, ["chapter-01.json", "chapter-02.json"], None, now - 1000)
    going = campaign_folder(tmp_path, root, "b", "Wool Tithe", 1, False, ["chapter-01.json"], "chapter-02.json", now)
    (over / "chapter-02.json").unlink()  # a battle the campaign names but that is gone: not offered
    labels = {pick.path: pick.label for pick in list_saves(tmp_path / "none", campaigns=root)}
    when = {path: save_summary(path).when for path in labels if path.name != "campaign.json"}
    stamp = time.strftime("%d %b %H:%M", time.localtime(now - 1000))
    assert labels[over / "campaign.json"] == f"Campaign Salt Road, over after 2 chapters, saved {stamp}"
    assert labels[over / "chapter-01.json"] == f"Campaign Salt Road · chapter 1 battle · replay · {when[over / 'chapter-01.json']}"
    assert labels[going / "campaign.json"].startswith("Campaign Wool Tithe, chapter 2, saved ")
    assert labels[going / "chapter-01.json"].startswith("Campaign Wool Tithe · chapter 1 battle · replay · ")
    # The chapter under way is the campaign's own (Enter on the campaign goes on with it), never a battle apart.
    assert going / "chapter-02.json" not in labels and over / "chapter-02.json" not in labels
    assert list(labels) == sorted(labels, key=lambda p: p.stat().st_mtime, reverse=True)  # newest first


def test_a_closed_chapters_battle_that_never_ended_in_its_save_is_named_and_not_offered(tmp_path):
    root = tmp_path / "campaigns"
    campaign_folder(tmp_path, root, "a", "Salt Road", 1, False, ["chapter-01.json"], None, time.time(), ended=False)
    [pick] = [p for p in list_saves(tmp_path / "none", campaigns=root) if p.path.name == "chapter-01.json"]
    assert pick.label.endswith("chapter 1  (will not load)") and pick.problem == "Will not load: its battle never ended in this save."
