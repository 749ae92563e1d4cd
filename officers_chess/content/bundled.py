"""Where the bundled maps, scenarios and catalogues are, whether installed or run from a checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
CATALOGUE_DIR = PACKAGE_DIR / "catalogue"


def bundled_dir(kind: str) -> Path:
    """The folder of bundled `maps` or `scenarios`.

    An installed wheel carries them inside the package (`_bundled/`); a source
    checkout keeps them at the top of the repository, beside the package.
    """
    for candidate in (PACKAGE_DIR / "_bundled" / kind, PACKAGE_DIR.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the bundled {kind} folder is missing from this installation")


def bundled_scenarios() -> list[Path]:
    """Every bundled scenario file, in name order."""
    return sorted(bundled_dir("scenarios").glob("*.yaml"))


def catalogue_path(edition: str) -> Path:
    return CATALOGUE_DIR / f"{edition}.yaml"
