"""A non-editable install, run from another folder, still finds the bundled maps and scenarios, and its
`officers-chess` script runs."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_the_bundled_content_and_finds_it_when_installed(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(REPO)],
        check=True, capture_output=True, timeout=300,
    )
    wheel = next((tmp_path / "dist").glob("officers_chess-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for folder in ("maps", "scenarios"):
        for path in (REPO / folder).glob("*.yaml"):
            assert f"officers_chess/_bundled/{folder}/{path.name}" in names
    assert "officers_chess/catalogue/v0.6.yaml" in names

    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True, capture_output=True, timeout=300,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = (
        "import officers_chess, pathlib\n"
        "from officers_chess.content.bundled import bundled_scenarios\n"
        "from officers_chess.content.loaders import load_scenario\n"
        f"assert pathlib.Path(officers_chess.__file__).is_relative_to({str(target)!r}), officers_chess.__file__\n"
        "found = [load_scenario(p).scenario.name for p in bundled_scenarios()]\n"
        "print(len(found))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run([sys.executable, "-c", probe], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) == len(list((REPO / "scenarios").glob("*.yaml")))

    # The console script pip made from pyproject's [project.scripts] reaches the command line's entry point.
    script = target / "bin" / "officers-chess"
    result = subprocess.run([str(script), "--version"], cwd=elsewhere, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("officers-chess ")
