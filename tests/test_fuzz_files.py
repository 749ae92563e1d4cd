"""Hostile files: mutated maps, scenarios, catalogues and saves load cleanly or fail with a ContentError, never anything else.

Each example takes a good bundled file (or a good save) and damages it once: a key removed, a value
replaced by another type, a huge number or odd unicode, the text cut short or spliced with stray
characters. CI runs a bounded number of examples; OFFICERS_CHESS_FUZZ_EXAMPLES raises it for a long run.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers_chess.content.autosave import Autosaver, resume_state
from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import find_scenario, load_catalogue_file, load_map, load_scenario
from officers_chess.content.saves import open_save
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.pieces.models import Side

EXAMPLES = int(os.environ.get("OFFICERS_CHESS_FUZZ_EXAMPLES", "0")) or 60
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

ODD_VALUES = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF), min_size=1, max_size=8),
    st.just("x" * 5000),
    st.lists(st.integers(min_value=-5, max_value=100), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
)


def _paths(data, prefix=()):
    """Every place in the data, as a path of keys and indexes."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


def _mutated(data, path, how, value):
    """A deep copy of `data` with the value at `path` removed or replaced."""
    data = json.loads(json.dumps(data))
    if not path:
        return value
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "remove":
        del parent[last]
    else:
        parent[last] = value
    return data


@st.composite
def damaged(draw, data, dump):
    """The text of `data` damaged once."""
    kind = draw(st.sampled_from(["remove", "replace", "truncate", "splice"]))
    if kind in ("remove", "replace"):
        places = list(_paths(data))
        path = draw(st.sampled_from(places[1:] if kind == "remove" else places))
        return dump(_mutated(data, path, kind, draw(ODD_VALUES)))
    text = dump(data)
    at = draw(st.integers(min_value=0, max_value=len(text)))
    if kind == "truncate":
        return text[:at]
    return text[:at] + draw(st.text(min_size=1, max_size=12)) + text[at:]


def _yaml(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _bundled(kind: str, name: str):
    return yaml.safe_load((bundled_dir(kind) / f"{name}.yaml").read_text())


def _loads_or_refuses(load, path: Path) -> None:
    try:
        load(path)
    except ContentError as exc:
        assert str(path) in str(exc)


@SETTINGS
@given(st.data())
def test_a_damaged_map_loads_or_is_refused_with_a_content_error(tmp_path_factory, data):
    text = data.draw(damaged(_bundled("maps", "training_yard"), _yaml))
    path = tmp_path_factory.mktemp("map") / "damaged.yaml"
    path.write_bytes(text.encode("utf-8", "replace"))
    _loads_or_refuses(load_map, path)


@SETTINGS
@given(st.data())
def test_a_damaged_scenario_loads_and_sets_up_or_is_refused_with_a_content_error(tmp_path_factory, data):
    name = data.draw(st.sampled_from(["training_yard", "harrow_watch", "practice_muster", "greyhollow_vault"]))
    text = data.draw(damaged(_bundled("scenarios", name), _yaml))
    folder = tmp_path_factory.mktemp("scenario")
    path = folder / "scenarios" / "damaged.yaml"
    path.parent.mkdir()
    path.write_bytes(text.encode("utf-8", "replace"))

    def load_and_set_up(p):
        loaded = load_scenario(p)
        if not any(loaded.scenario.hires(side) for side in Side):
            loaded.new_battle(seed=1)

    _loads_or_refuses(load_and_set_up, path)


@settings(max_examples=max(10, EXAMPLES // 3), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_catalogue_loads_or_is_refused_with_a_content_error(tmp_path_factory, data):
    good = yaml.safe_load(catalogue_path("v0.6").read_text())
    text = data.draw(damaged(good, _yaml))
    path = tmp_path_factory.mktemp("catalogue") / "catalogue.yaml"
    path.write_bytes(text.encode("utf-8", "replace"))
    _loads_or_refuses(load_catalogue_file, path)


@pytest.fixture(scope="module")
def good_save(tmp_path_factory) -> dict:
    loaded = load_scenario(find_scenario("training_yard"))
    state = loaded.new_battle(seed=3)
    saver = Autosaver.start(loaded, 3, {}, state, {"attacker": "human", "defender": "human"},
                            folder=tmp_path_factory.mktemp("saves"))
    for _ in range(8):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        saver.add(action, state)
    return json.loads(saver.path.read_text())


@SETTINGS
@given(st.data())
def test_a_damaged_save_resumes_or_is_refused_with_a_content_error(tmp_path_factory, good_save, data):
    text = data.draw(damaged(good_save, lambda d: json.dumps(d, indent=1)))
    path = tmp_path_factory.mktemp("save") / "damaged.json"
    path.write_bytes(text.encode("utf-8", "replace"))
    _loads_or_refuses(lambda p: resume_state(open_save(p)), path)


def test_the_fuzz_can_tell_a_good_file(tmp_path):
    # The undamaged files load: a refusal in the tests above is the damage's doing.
    shutil.copy(bundled_dir("maps") / "training_yard.yaml", tmp_path / "map.yaml")
    load_map(tmp_path / "map.yaml")
