"""The rules core and content loaders never import the UI libraries."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PROBE = """
import importlib, json, pkgutil, sys
imported = []
for package_name in ("officers_chess.rules", "officers_chess.content"):
    package = importlib.import_module(package_name)
    imported.append(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(json.dumps({"imported": imported, "ui": ui}))
"""


def test_rules_and_content_import_without_textual_or_rich():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    report = json.loads(result.stdout.strip().splitlines()[-1])
    # The probe really imported the modules (so an empty "ui" list means something).
    assert {
        "officers_chess.rules.combat.exchange",
        "officers_chess.rules.battle.game",
        "officers_chess.rules.pieces.movement",
        "officers_chess.rules.scenario.setup",
        "officers_chess.content.loaders",
        "officers_chess.content.yaml_source",
    } <= set(report["imported"])
    assert report["ui"] == []
