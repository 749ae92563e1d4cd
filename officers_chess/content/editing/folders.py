"""Where the editor saves the player's own scenarios (kept apart from scenario_file.py, so the title need not load
the round-trip YAML library to list them)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.user_data import data_dir


def own_scenarios_folder() -> Path:
    """Where the player's own scenarios are saved from the editor (a bundled one's copy goes here)."""
    return data_dir() / "scenarios"
