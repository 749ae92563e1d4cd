"""The title lists every bundled battle from its file alone, and loads a battle in full only when it is shown or chosen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens import title as title_module
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.title_shelf import shelve
from pilot_helpers import screen_text

REPO = Path(__file__).resolve().parent.parent
YARD = (REPO / "scenarios" / "training_yard.yaml").read_text()


def shelf_dir(tmp_path: Path) -> list[Path]:
    """A good battle, a file that is not YAML, and one whose file reads but whose army names no real class."""
    (tmp_path / "a_good.yaml").write_text(YARD)
    (tmp_path / "b_not_yaml.yaml").write_text("name: [unclosed\n")
    (tmp_path / "c_no_such_class.yaml").write_text(
        YARD.replace("name: Training Yard", "name: Yard of Ghosts").replace("class: Fighter", "class: Dragonlord"))
    return sorted(tmp_path.glob("*.yaml"))


def test_the_shelf_orders_battles_as_the_loaded_ones_would_be_ordered():
    shelf = shelve(bundled_scenarios())
    for entry in shelf:
        loaded = load_scenario(entry.path)
        assert entry.scenario == loaded.scenario  # the file alone says what the list shows
    assert [entry.path.stem for entry in shelf][0] == "training_yard"  # the smallest battle first, to learn on
    assert not any(entry.loaded for entry in shelve(bundled_scenarios()))  # shelving loads no map or catalogue


def test_a_file_that_will_not_read_is_broken_at_once_and_a_failing_check_when_loaded(tmp_path):
    shelf = {entry.path.stem: entry for entry in shelve(shelf_dir(tmp_path))}
    assert shelf["b_not_yaml"].broken and shelf["b_not_yaml"].scenario is None
    ghosts = shelf["c_no_such_class"]
    assert not ghosts.broken and ghosts.scenario.name == "Yard of Ghosts"  # the file itself reads
    outcome = ghosts.load()
    assert isinstance(outcome, ContentError) and "Dragonlord" in str(outcome) and ghosts.broken
    assert isinstance(shelf["a_good"].load(), LoadedScenario)


async def test_the_title_marks_a_battle_broken_when_it_is_shown_and_will_not_start_it(tmp_path, monkeypatch):
    paths = shelf_dir(tmp_path)
    monkeypatch.setattr(title_module, "bundled_scenarios", lambda: paths)
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TitleScreen)
        names = [entry.path.stem for _, entry in screen.scenarios]
        assert names == ["a_good", "c_no_such_class", "b_not_yaml"]  # the unreadable last
        assert not screen.scenarios[0][1].loaded  # the guided battle is shown first: no battle loaded for it
        await pilot.press("down", "enter")  # open Battles: the first is shown
        await pilot.pause()
        text = screen_text(app)
        assert "Yard of Ghosts" in text and "b_not_yaml (broken)" in text
        assert screen.scenarios[0][1].loaded and not screen.scenarios[1][1].loaded  # only the one shown
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "c_no_such_class (broken)" in text and "Dragonlord" in text  # the briefing says why
        told: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **kwargs: told.append(message))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # a broken battle is never started
        assert told == ["c_no_such_class.yaml cannot be played: the briefing pane says why."]
        await pilot.press("down")
        await pilot.pause()
        assert "b_not_yaml.yaml" in screen_text(app)  # the unreadable file's error, with its name


TITLE_PROBE = """
import json, sys
from textual.app import App
from officers_chess.content import loaders
from officers_chess.tui.screens import title_shelf

loads = []
real_load = title_shelf.load_scenario
title_shelf.load_scenario = lambda path: loads.append(path.stem) or real_load(path)
run, display = App.run, App._display

def headless(self, **kwargs):
    kwargs["headless"] = True
    return run(self, **kwargs)

def painted(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is not None and type(screen).__name__ == "TitleScreen":
        self.exit()

App.run, App._display = headless, painted
from officers_chess.commands import console
status = console.main([])
print(json.dumps({"status": status, "loads": loads,
                  "modules": sorted(m for m in sys.modules if m.startswith("officers_chess."))}))
"""


def test_the_command_paints_its_title_with_one_battle_loaded_and_no_computer_player(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
           "OFFICERS_CHESS_DATA": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", TITLE_PROBE], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["status"] == 0
    assert report["loads"] == []  # the guided battle is highlighted first: no battle is loaded to paint the title
    loaded = set(report["modules"])
    assert "officers_chess.tui.screens.title" in loaded
    # --level's choices are names (ai/levels.py): the computer players load when one plays.
    assert not {m for m in loaded if m.startswith("officers_chess.ai.") and m != "officers_chess.ai.levels"
                and m != "officers_chess.ai.player"}, sorted(loaded)
