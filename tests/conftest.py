"""Shared test set-up: the player's data folder (autosaves) is a fresh temporary folder for every test."""

from __future__ import annotations

import pytest

from officers_chess.content.user_data import DATA_VARIABLE


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    # Never the real ~/.local/share/officers-chess: a test's battles must not show up as a player's to resume.
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path_factory.mktemp("data")))
