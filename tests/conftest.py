"""Shared test set-up: the player's data folder (autosaves) is a fresh temporary folder for every test, holding a
player setup of two people unless the test is marked `first_launch`."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from officers_chess.content.user_data import DATA_VARIABLE
from officers_chess.content.user_settings import PlayerSetup, write_setup
from officers_chess.rules.pieces.models import Side


def pytest_configure(config):
    # Outside any one test too (collection, a server thread still winding down after its test's teardown put the
    # variable back): a folder of the run's own, never the player's. The real folder's `hosted` notes once changed
    # during a CI run.
    folder = tempfile.mkdtemp(prefix="officers-chess-tests-")
    os.environ[DATA_VARIABLE] = folder
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    config.addinivalue_line("markers", "first_launch: the data folder holds no player setup, as on a first launch")


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch, request):
    # Never the real ~/.local/share/officers-chess: a test's battles must not show up as a player's to resume.
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv(DATA_VARIABLE, str(folder))
    if request.node.get_closest_marker("first_launch") is None:
        # A first launch sets the defender to the computer (rulings L107); the title's tests were written for two
        # people at one keyboard, so every other test finds that setup kept, as after any launch that chose it.
        write_setup(PlayerSetup({side.value: None for side in Side}))
