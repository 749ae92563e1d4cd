"""`validate` for any content file: maps, scenarios, catalogues and campaigns (.yaml), battle and campaign saves (.json)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.campaign_saves import is_campaign_file, open_campaign_save
from officers_chess.content.campaigns import campaign_warnings, load_campaign
from officers_chess.content.loaders import validate_file
from officers_chess.content.save_replay import validate_save
from officers_chess.content.yaml_source import read_yaml


def is_campaign(path: Path) -> bool:
    """Whether a YAML file is a campaign (its top level has `chapters:`)."""
    data = read_yaml(path).data
    return isinstance(data, dict) and "chapters" in data


def validate_any(path: Path) -> list[str]:
    """Load the file fully with every check; ContentError (file and line) on the first problem. Its warnings."""
    if path.suffix == ".json":
        if is_campaign_file(path):
            open_campaign_save(path)
        else:
            validate_save(path)
        return []
    if is_campaign(path):
        return campaign_warnings(load_campaign(path))
    return validate_file(path)
