"""`replay --text` names the script lines each computer unit followed, in the same words as the app's log, for the
saves of the app and of `simulate` alike; a side a person played follows no script and is told without them."""

from __future__ import annotations

import re
from pathlib import Path

from officers_chess.ai.order_notes import with_orders
from officers_chess.ai.play import make_policy, play_battle
from officers_chess.commands.console import main
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save, scenario_ref, write_save
from officers_chess.rules.battle.events import Moved
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.history.record import Recorder
from officers_chess.rules.pieces.models import Side
from officers_chess.session.replay_frames import frames

SCRIPTED = "sleeping_garrison"  # its garrison holds and wakes by script


def played(tmp_path: Path, players: dict[Side, str]) -> tuple[Path, list[str]]:
    """A battle of the greedy level on both sides, saved as `players` says who played; and the lines the app's log
    would give its scripted moves, worked out live as the app does (`with_orders` with the side's policy)."""
    loaded = load_scenario(find_scenario(SCRIPTED))
    policies = {side: make_policy("greedy", 11 + i) for i, side in enumerate(Side)}
    live: list[str] = []
    recorders: list[Recorder] = []
    now = []

    def start(armies, state) -> None:
        recorders.append(Recorder(loaded.scenario.edition, scenario_ref(loaded), 5, armies, state, players))
        now.append(state)

    def on_action(action, after) -> None:
        before = now[-1]
        events = apply_action(before, action).events  # the same action again, on a copy: its events
        live.extend(e.text() for e in with_orders(events, action, before, policies[before.to_act])
                    if isinstance(e, Moved) and e.order)
        recorders[0].add(action, after)
        now.append(after)

    play_battle(loaded, policies, 5, max_rounds=4, on_start=start, on_action=on_action)
    path = tmp_path / "battle.json"
    write_save(path, recorders[0].record())
    return path, live


def said(line: str) -> str:
    """A line of the replay without its action number and side."""
    found = re.match(r"^\s*\d+\.\s+(?:attacker|defender)\s+(.*)$", line)
    return found.group(1) if found else line.strip()


def told(path: Path, capsys) -> str:
    capsys.readouterr()
    assert main(["replay", str(path), "--text"]) == 0
    return capsys.readouterr().out


def test_the_replay_names_each_script_line_the_app_named(tmp_path, capsys):
    path, live = played(tmp_path, {Side.ATTACKER: "greedy", Side.DEFENDER: "greedy"})
    assert live, "the garrison's scripts should steer some moves"
    text = told(path, capsys)
    lines = [line for line in text.splitlines() if "its order: " in line or "its orders: " in line]
    assert [said(line) for line in lines] == live


def test_a_side_a_person_played_is_told_without_script_lines(tmp_path, capsys):
    path, live = played(tmp_path, {Side.ATTACKER: "greedy", Side.DEFENDER: "human"})
    assert live
    text = told(path, capsys)
    name = live[0].split(" ")[0]  # the first scripted unit: its move is told plainly
    assert "its order" not in text and any(said(line).startswith((f"{name} stays", f"{name} moves")) for line in text.splitlines())


def test_simulate_saves_replay_with_their_script_lines(tmp_path, capsys):
    folder = tmp_path / "saves"
    assert main(["simulate", SCRIPTED, "--games", "1", "--seed", "3", "--levels", "greedy:greedy",
                 "--save-dir", str(folder), "--json"]) == 0
    text = told(folder / "game-0001.json", capsys)
    assert "(its order: hold)." in text


def test_the_apps_replay_viewer_names_them_too(tmp_path):
    path, live = played(tmp_path, {Side.ATTACKER: "greedy", Side.DEFENDER: "greedy"})
    told = [line for frame in frames(open_save(path)) for line in frame.told.splitlines()]
    assert [line for line in told if "its order: " in line or "its orders: " in line] == live
