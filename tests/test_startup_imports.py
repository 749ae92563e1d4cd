"""The app starts without the screens its title does not show: they load when first opened (benchmarks: startup_title)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys
import officers_chess.tui.app
print(json.dumps(sorted(m for m in sys.modules if m.startswith("officers_chess."))))
"""

LOADED_WHEN_FIRST_USED = (
    "officers_chess.tui.screens.battle",
    "officers_chess.tui.screens.hiring",
    "officers_chess.tui.screens.deployment",
    "officers_chess.tui.screens.replay_viewer",
    "officers_chess.tui.screens.rules_browser",
    "officers_chess.session.muster_session",
    "officers_chess.ai.play",
)


def test_the_app_module_loads_no_screen_the_title_does_not_show():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
                          check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "officers_chess.tui.screens.title" in loaded  # the probe really loaded the app
    assert loaded.isdisjoint(LOADED_WHEN_FIRST_USED), sorted(loaded & set(LOADED_WHEN_FIRST_USED))
