"""Named rosters: where they are kept, that they round-trip, and that a bad file gets a plain message."""

from __future__ import annotations

import json

import pytest

from officers_chess.content.rosters import (
    RosterError,
    list_rosters,
    load_roster,
    roster_dir,
    roster_path,
    save_roster,
)
from officers_chess.content.user_data import DATA_VARIABLE, autosave_dir, data_dir
from officers_chess.rules.muster.army import Army, Recruit

ARMY = Army(units=[Recruit(name="Arlen", unit_class="Mercenary", items=["Iron Sword", "Vulnerary"], roles=["Leader"]),
                   Recruit(name="Brisa", unit_class="Archer", items=["Iron Bow"])])


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "oc"))
    return tmp_path / "oc"


def test_rosters_live_in_the_one_data_folder_beside_the_saves(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "mine"))
    monkeypatch.setenv("OFFICERS_CHESS_HOME", str(tmp_path / "not-this"))  # the old roster-only variable is gone
    assert roster_dir() == tmp_path / "mine" / "rosters" == data_dir() / "rosters"
    assert save_roster("Iron Company", ARMY).parent == autosave_dir().parent / "rosters"
    monkeypatch.delenv(DATA_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert roster_dir() == tmp_path / "xdg" / "officers-chess" / "rosters"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert roster_dir() == tmp_path / "home" / ".local" / "share" / "officers-chess" / "rosters"


def test_a_saved_roster_loads_back_the_same_army(home):
    path = save_roster("  Iron   Company ", ARMY, scenario="Practice Muster")
    assert path == roster_dir() / "iron-company.json" and path.parent == home / "rosters"
    assert load_roster("Iron Company") == ARMY
    assert load_roster(path) == ARMY
    assert [(r.name, r.units, r.problem) for r in list_rosters()] == [("Iron Company", 2, "")]
    data = json.loads(path.read_text())
    assert data["army"]["units"][0]["class"] == "Mercenary"


def test_saving_under_the_same_name_replaces_the_roster(home):
    save_roster("Iron Company", ARMY)
    smaller = Army(units=ARMY.units[:1])
    save_roster("iron company", smaller)
    assert load_roster("Iron Company") == smaller
    assert len(list_rosters()) == 1


@pytest.mark.parametrize("name, message", [("", "give the roster a name"), ("!!!", "at least one letter"), ("x" * 41, "at most 40")])
def test_a_roster_name_must_be_usable(home, name, message):
    with pytest.raises(RosterError, match=message):
        roster_path(name)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "line 1: not valid JSON"),
        ("[1, 2]", "not an Officer's Chess roster"),
        ('{"format": "officers-chess roster", "version": 9, "name": "x", "army": {}}', "version 9"),
        ('{"format": "officers-chess roster", "version": 1, "name": "x", "army": {"units": [{"name": "A"}]}}', "army.units.0.class"),
        ('{"format": "officers-chess roster", "version": 1, "name": "x", "army": {"units": [], "gold": 5}}', "army.gold"),
        ('{"format": "officers-chess roster", "version": 1, "army": {"units": []}}', "has no name"),
    ],
)
def test_a_bad_roster_file_gives_a_plain_message_naming_the_file(home, text, message):
    path = roster_dir() / "bad.json"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    with pytest.raises(RosterError, match=message) as caught:
        load_roster(path)
    assert str(path) in str(caught.value)
    listed = list_rosters()
    assert listed[0].path == path and message.split(":")[0] in listed[0].problem


def test_a_missing_or_huge_roster_is_refused(home):
    with pytest.raises(RosterError, match="no roster at"):
        load_roster("nobody")
    path = roster_dir() / "huge.json"
    path.parent.mkdir(parents=True)
    path.write_text(" " * 70_000)
    with pytest.raises(RosterError, match="too big"):
        load_roster(path)


def test_no_folder_means_no_rosters(home):
    assert list_rosters() == []
