"""Where the editor saves the player's own scenarios (kept apart from scenario_file.py, so the title need not load
the round-trip YAML library to list them)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.user_data import data_dir


def own_scenarios_folder() -> Path:
    """Where the player's own scenarios are saved from the editor (a bundled one's copy goes here)."""
    return data_dir() / "scenarios"



def free_path(folder: Path, stem: str, renamed: bool = False) -> Path:
    """`folder/stem.yaml`, or the first free of `stem_2.yaml`, `stem_3.yaml` ... when it is taken or `renamed` is
    asked (a copy of one of the game's own files: under the bundled file's own name, the player's map would stand in
    for the bundled one in every scenario of theirs that names it, rulings ED7)."""
    path, n = folder / f"{stem}.yaml", 2
    while renamed or path.exists():
        renamed = False
        path, n = folder / f"{stem}_{n}.yaml", n + 1
    return path
