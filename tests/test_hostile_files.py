"""Hostile files: every command that reads a file refuses each one in one line naming the file (and its line
when it has one), with exit status 2, in little CPU time and a bounded memory: never a traceback, a hang or
a gigabyte. Then the reading code, class by class, in-process.

The classes: aliases that expand a billion-fold, things that are not regular files (/dev/zero,
/dev/urandom, a FIFO, a symlink to a device, a folder), a key given twice, a scenario's map outside its
folders (absolute, `..`, a symlink out), NUL and escape characters, a 4,000-digit number, a file over the
size limit, a JSON save with millions of values.

Each command runs as a subprocess with a 1 GB address-space limit; its own peak memory (from wait4) must stay
under 500 MB and its own CPU time (from wait4 too) under SLOW times that of `officers-chess --help` measured in
the same run: a measure of work that a busy or slow machine does not move (ruling L60). A command still running
after HANG seconds of the clock is killed as hung; that bound is no measure of speed. By default each hostile
file goes through one command (every class and every command at least once; `validate` takes them all in one
run); OFFICERS_CHESS_LONG=1 runs every file through every command that reads its kind.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.duel import load_duel
from officers_chess.content.errors import MAX_QUOTED, ContentError, printable, quote, tidy
from officers_chess.content.json_source import MAX_JSON_VALUES, DuplicateJsonKey, JsonRefused, load_json
from officers_chess.content.loaders import load_scenario
from officers_chess.content.muster_saves import is_muster_file
from officers_chess.content.rosters import RosterError, load_roster
from officers_chess.content.safe_read import read_head, read_text
from officers_chess.content.saves import MAX_SAVE_BYTES
from officers_chess.content.yaml_source import MAX_FILE_BYTES, MAX_NODES, DuplicateKey, TooComplex, parse, read_yaml

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="devices, FIFOs and rlimits are POSIX things")

LONG = os.environ.get("OFFICERS_CHESS_LONG") == "1"
HANG = 120  # seconds of the clock before a command is killed as hung: far beyond any load, never the measure
SLOW = 10  # a refusal may take this many times the CPU time of `--help` (start-up alone); they take 1.3 to 4
ADDRESS_SPACE = 1 << 30  # the rlimit each command runs under
PEAK_MB = 500  # the most memory (resident) a command may use refusing a file
SECRET = "SECRET-LINE-OF-A-FILE-OUTSIDE"


def _laughs() -> str:
    """Nine lines, each a list of ten aliases of the line before: ten to the ninth values once expanded."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    return "\n".join(lines) + "\n"


def _scenario_with_map(map_line: str) -> str:
    text = (bundled_dir("scenarios") / "training_yard.yaml").read_text(encoding="utf-8")
    assert "\nmap: training_yard\n" in text
    return text.replace("\nmap: training_yard\n", f"\nmap: {map_line}\n")


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as file:
        file.truncate(size)  # no disk, no time: the size alone must refuse it
    return path


# --- the corpus --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hostile:
    name: str
    kind: str  # "yaml": read by forecast, price, play, simulate; "scenario": its map is the problem; "json": a save
    first: str  # the command it goes through in the default run
    words: str  # what that command's one line must say


YAML_COMMANDS = ("forecast", "price", "play", "simulate")
JSON_COMMANDS = ("replay", "resume")
DIGITS = "7" * 4000

CORPUS = [
    Hostile("billion-laughs", "yaml", "price", "once its aliases are expanded"),
    Hostile("dev-zero", "yaml", "forecast", "is a device"),
    Hostile("dev-urandom", "yaml", "simulate", "is a device"),
    Hostile("fifo", "yaml", "play", "is a pipe"),
    Hostile("symlink-to-zero", "yaml", "price", "is a device"),
    Hostile("folder", "yaml", "forecast", "is a folder"),
    Hostile("duplicate-key", "yaml", "simulate", ":3: key 'edition' appears twice (lines 1 and 3)"),
    Hostile("map-absolute", "scenario", "play", ":2: map: must"),
    Hostile("map-dotdot", "scenario", "simulate", ":2: map: must"),
    Hostile("map-symlink-out", "scenario", "play", ":2: map: must"),
    Hostile("map-bare-symlink-out", "scenario", "simulate", ":2: map: must"),
    Hostile("nul", "yaml", "forecast", ":3: column 13: the control character U+0000"),
    Hostile("esc", "yaml", "price", ":2: column 8: the control character U+001B"),
    Hostile("long-number", "yaml", "forecast", "7…"),
    Hostile("oversize", "yaml", "play", "larger than"),
    Hostile("long-name", "yaml", "simulate", "File name too long"),
    Hostile("json-dev-zero", "json", "replay", "is a device"),
    Hostile("json-dev-urandom", "json", "resume", "is a device"),
    Hostile("json-fifo", "json", "replay", "is a pipe"),
    Hostile("json-symlink-to-zero", "json", "resume", "is a device"),
    Hostile("json-folder", "json", "replay", "is a folder"),
    Hostile("json-duplicate-key", "json", "resume", ":4: key 'version' appears twice (lines 3 and 4)"),
    Hostile("json-nul", "json", "replay", ":2: not valid JSON"),
    Hostile("json-esc", "json", "resume", ":3: not valid JSON: Invalid control character"),
    Hostile("json-escaped-esc", "json", "replay", ":3: version: the text holds the character U+001B (ESC)"),
    Hostile("json-long-number", "json", "resume", "7…"),
    Hostile("json-longer-number", "json", "replay", ":3: a number with more digits"),
    Hostile("json-oversize", "json", "replay", "larger than"),
    Hostile("json-too-many-values", "json", "resume", "values"),
]


def _build(root: Path) -> dict[str, Path]:
    """Each hostile file of CORPUS, by name, made under `root` (the devices are the system's own)."""
    (root / "outside").mkdir(parents=True)
    (root / "outside" / "secret.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    scenarios, maps = root / "content" / "scenarios", root / "content" / "maps"
    scenarios.mkdir(parents=True)
    maps.mkdir()

    def write(name: str, text: str | bytes) -> Path:
        path = root / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        return path

    def scenario(name: str, map_line: str) -> Path:
        path = scenarios / name
        path.write_text(_scenario_with_map(map_line), encoding="utf-8")
        return path

    for name in ("fifo.yaml", "fifo.json"):
        os.mkfifo(root / name)
    for name in ("to-zero.yaml", "to-zero.json"):
        (root / name).symlink_to("/dev/zero")
    for name in ("folder.yaml", "folder.json"):
        (root / name).mkdir()
    (scenarios / "evil.yaml").symlink_to(root / "outside" / "secret.yaml")
    (maps / "training_yard.yaml").symlink_to(root / "outside" / "secret.yaml")  # a bare `map: training_yard` finds it
    save = '{\n "format": "officers-chess-battle",\n "version": %s\n}\n'
    paths = {
        "billion-laughs": write("laughs.yaml", _laughs()),
        "dev-zero": Path("/dev/zero"),
        "dev-urandom": Path("/dev/urandom"),
        "fifo": root / "fifo.yaml",
        "symlink-to-zero": root / "to-zero.yaml",
        "folder": root / "folder.yaml",
        "duplicate-key": write("duplicate.yaml", "edition: v0.6\ndistance: 1\nedition: d100\n"),
        "map-absolute": scenario("absolute.yaml", str(root / "outside" / "secret.yaml")),
        "map-dotdot": scenario("dotdot.yaml", "../../outside/secret.yaml"),
        "map-symlink-out": scenario("link.yaml", "evil.yaml"),
        "map-bare-symlink-out": scenario("bare.yaml", "training_yard"),
        "nul": write("nul.yaml", b"edition: v0.6\ndistance: 1\nattacker: \"a\x00b\"\n"),
        "esc": write("esc.yaml", b"edition: v0.6\nname: \"\x1b[2J\x1b[31mred\"\n"),
        "long-number": write("long-number.yaml", f"edition: {DIGITS}\ndistance: 1\n"),
        "oversize": _sparse(root / "oversize.yaml", MAX_FILE_BYTES + 1),
        "long-name": root / ("f" * 300 + ".yaml"),  # longer than any file system takes
        "json-dev-zero": Path("/dev/zero"),
        "json-dev-urandom": Path("/dev/urandom"),
        "json-fifo": root / "fifo.json",
        "json-symlink-to-zero": root / "to-zero.json",
        "json-folder": root / "folder.json",
        "json-duplicate-key": write("duplicate.json", (save % "3").replace("\n}", ',\n "version": 2\n}')),
        "json-nul": write("nul.json", (save % "3").replace('battle",', 'battle",\0').encode()),
        "json-esc": write("esc.json", save % '"\x1b[31m"'),
        "json-escaped-esc": write("escaped.json", save % '"\\u001b[2J"'),
        "json-long-number": write("long-number.json", save % DIGITS),
        "json-longer-number": write("longer-number.json", save % (DIGITS * 2)),
        "json-oversize": _sparse(root / "oversize.json", MAX_SAVE_BYTES + 1),
        "json-too-many-values": write("values.json", '{"format": "officers-chess-battle", "version": 3, "actions": ['
                                      + "{}," * MAX_JSON_VALUES + "{}]}"),
    }
    assert set(paths) == {h.name for h in CORPUS}
    assert len(paths["billion-laughs"].read_bytes()) < 700
    return paths


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict[str, Path]:
    return _build(tmp_path_factory.mktemp("hostile"))


def _cases() -> list:
    """(file, command) pairs: by default each file through its one command; OFFICERS_CHESS_LONG=1, all of them."""
    cases = []
    for hostile in CORPUS:
        commands = JSON_COMMANDS if hostile.kind == "json" else YAML_COMMANDS
        for command in commands if LONG else (hostile.first,):
            cases.append(pytest.param(hostile, command, id=f"{hostile.name}-{command}"))
    return cases


def test_the_default_run_covers_every_command():
    assert {h.first for h in CORPUS} == set(YAML_COMMANDS + JSON_COMMANDS)


# --- running a command: its output, status, time and peak memory --------------------------------------


@dataclass(frozen=True)
class Run:
    code: int
    output: str  # stdout and stderr together, as a terminal shows them
    cpu: float  # seconds of CPU time, user and system, the command's own
    peak_mb: float


def _limits() -> None:
    import resource

    try:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    except (ValueError, OSError):  # a system that does not enforce it (macOS): the peak below still counts
        pass


def run_cli(*args: str) -> Run:
    """Run `officers-chess ARGS` with the limits above; fail the test if it outlives HANG."""
    return run_python("-m", "officers_chess", *args)


def run_python(*args: str) -> Run:
    """Run `python ARGS` with the limits above; fail the test if it outlives HANG."""
    with tempfile.TemporaryFile() as out:
        started = time.monotonic()
        process = subprocess.Popen([sys.executable, *args], stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=subprocess.STDOUT, preexec_fn=_limits)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > HANG:
                process.kill()
                os.wait4(process.pid, 0)
                process.returncode = -9
                pytest.fail(f"python {' '.join(args)[:200]} still running after {HANG} s")
            time.sleep(0.01)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        output = out.read().decode("utf-8", "replace")
    return Run(process.returncode, output, usage.ru_utime + usage.ru_stime,
               usage.ru_maxrss / (1 << 20 if sys.platform == "darwin" else 1 << 10))


_START_UP: list[float] = []


def start_up_cpu() -> float:
    """The CPU time of `officers-chess --help` on this machine (the least of three, measured once a run): the
    start-up every command pays before it reads a byte."""
    if not _START_UP:
        runs = [run_cli("--help") for _ in range(3)]
        assert all(run.code == 0 for run in runs), runs[0].output[-2000:]
        _START_UP.append(min(run.cpu for run in runs))
    return _START_UP[0]


def assert_cheap(run: Run, times: float = SLOW) -> None:
    """The command's CPU time is within `times` that of the start-up: it did not blow up on the file."""
    ratio = run.cpu / start_up_cpu()
    assert ratio < times, f"{run.cpu:.2f} s of CPU, {ratio:.1f} times the start-up's {start_up_cpu():.2f} s"


def _args(command: str, path: Path) -> list[str]:
    return {"simulate": ["simulate", str(path), "--games", "1"], "replay": ["replay", str(path), "--text"]}.get(
        command, [command, str(path)])


def assert_refused_in_one_line(run: Run, path: Path, words: str = "") -> str:
    assert "Traceback" not in run.output, run.output[-2000:]
    assert run.code == 2, run.output[-2000:]
    lines = run.output.splitlines()
    assert len(lines) == 1, run.output[:2000]
    line = lines[0]
    assert str(path) in line
    assert words in line
    assert line.isprintable()  # no escape sequence reaches the terminal
    assert not re.search(r"[0-9]{%d}" % (MAX_QUOTED + 1), line.replace(str(path), ""))  # a value is cut short
    assert SECRET not in line
    assert 5 < run.peak_mb < PEAK_MB, f"{run.peak_mb:.0f} MB"  # (more than 5: the measure measures something)
    assert_cheap(run)
    return line


@pytest.mark.parametrize("hostile, command", _cases())
def test_each_command_refuses_each_hostile_file_in_one_line(corpus, hostile, command):
    path = corpus[hostile.name]
    run = run_cli(*_args(command, path))
    # The words are the reader's; another command may meet the file another way first (a scenario given
    # to `forecast` is no duel), so only the command the file was made for must say them.
    line = assert_refused_in_one_line(run, path, hostile.words if command == hostile.first else "")
    if hostile.kind == "scenario" and command in ("play", "simulate"):
        assert f"{path}:2: map: must" in line


def test_validate_refuses_every_hostile_file_in_its_one_line_per_file(corpus, tmp_path):
    # A folder given to validate is searched for content; a folder named like a file inside one is not content.
    (tmp_path / "inside.yaml").mkdir()
    run = run_cli("validate", *[str(p) for p in corpus.values()], str(tmp_path))
    assert "Traceback" not in run.output and run.code == 2, run.output[-2000:]
    lines = run.output.splitlines()
    assert len(lines) == len(corpus) + 1, run.output[:3000]
    for path in [*corpus.values(), tmp_path / "inside.yaml"]:
        assert any(re.match(re.escape(str(path)) + r":(\d+:)? ", line) for line in lines), path
    for line in lines:
        assert line.isprintable() and SECRET not in line and not line.startswith("ok ")
    assert f"{tmp_path / 'inside.yaml'}: is a folder, not a file" in lines
    assert run.peak_mb < PEAK_MB


# --- 1. aliases, measured expanded ----------------------------------------------------------------------


def test_billion_laughs_is_refused_at_the_line_where_it_crosses_the_limit():
    with pytest.raises(TooComplex) as info:
        parse(_laughs())
    assert info.value.line == 6 and "200000 values" in info.value.problem


def test_aliases_count_what_they_stand_for_up_to_the_limit():
    # The root, key a, the anchored list (1 + 999), key b and its list: 1,004; each alias 1,000 more.
    def text(aliases: int) -> str:
        return "a: &a [" + ", ".join(["1"] * 999) + "]\nb: [" + ", ".join(["*a"] * aliases) + "]\n"

    fits = (MAX_NODES - 1004) // 1000
    _, data = parse(text(fits))
    assert len(data["b"]) == fits
    with pytest.raises(TooComplex):
        parse(text(fits + 1))


def test_a_file_with_a_handful_of_aliases_still_loads(tmp_path):
    path = tmp_path / "catalogue.yaml"
    path.write_text("base: &sword {might: 5, weight: 2}\nweapons:\n  - *sword\n  - {<<: *sword, might: 6}\n"
                    + "".join(f"k{i}: *sword\n" for i in range(150)), encoding="utf-8")  # more than the old 100
    data = read_yaml(path).data
    assert data["weapons"][1] == {"might": 6, "weight": 2} and data["k149"] == {"might": 5, "weight": 2}


def test_aliases_cannot_nest_deeper_than_the_limit_nor_inside_their_own_anchor():
    deep = "[" * 39 + "1" + "]" * 39
    parse(f"a: &a {deep}\n")  # 40 levels with the mapping: fine
    with pytest.raises(TooComplex, match="40 levels"):
        parse(f"a: &a {deep}\nb: [*a]\n")
    with pytest.raises(TooComplex, match="inside its own anchor"):
        parse("a: &a [1, *a]\n")


# --- 2. regular files only, never more than the limit --------------------------------------------------


def _within(seconds: float, call):
    """call(), failing (not hanging) if it takes longer than `seconds`: a hang guard (a read that blocks on a pipe
    waits for ever), never a measure of speed."""
    result: dict = {}

    def target():
        try:
            result["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test below
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still reading after {seconds} s"
    if "error" in result:
        raise result["error"]
    return result.get("value")


@pytest.mark.parametrize("make, words", [
    (lambda d: Path("/dev/zero"), "is a device, not a regular file"),
    (lambda d: Path("/dev/urandom"), "is a device, not a regular file"),
    (lambda d: (os.mkfifo(d / "pipe.yaml"), d / "pipe.yaml")[1], "is a pipe (FIFO), not a regular file"),
    (lambda d: ((d / "zero.yaml").symlink_to("/dev/zero"), d / "zero.yaml")[1], "is a device, not a regular file"),
    (lambda d: ((d / "dir.yaml").mkdir(), d / "dir.yaml")[1], "is a folder, not a file"),
    (lambda d: _sparse(d / "big.yaml", 1001), "file is larger than 1000 bytes"),
    (lambda d: d / "gone.yaml", "no such file"),
    (lambda d: ((d / "dangling.yaml").symlink_to(d / "nowhere"), d / "dangling.yaml")[1], "no such file"),
    (lambda d: d / "x\0y.yaml", "no such file"),
])
def test_read_text_refuses_what_is_not_a_regular_file_at_once(tmp_path, make, words):
    path = make(tmp_path)
    with pytest.raises(ContentError) as info:
        _within(HANG, lambda: read_text(path, 1000))
    assert info.value.message == words and info.value.line is None


def test_read_text_follows_a_symlink_to_a_regular_file_and_reads_up_to_the_limit(tmp_path):
    (tmp_path / "real.yaml").write_text("é" * 500, encoding="utf-8")  # 1,000 bytes
    (tmp_path / "link.yaml").symlink_to(tmp_path / "real.yaml")
    assert read_text(tmp_path / "link.yaml", 1000) == "é" * 500
    (tmp_path / "bad.yaml").write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(ContentError, match=r"bad.yaml:2: is not UTF-8 text \(byte 0xff\)"):
        read_text(tmp_path / "bad.yaml", 1000)


def test_peeking_at_a_pipe_or_a_device_reads_nothing_and_never_waits(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    assert _within(HANG, lambda: read_head(tmp_path / "pipe.json", 200)) == b""
    assert _within(HANG, lambda: is_muster_file(tmp_path / "pipe.json")) is False
    assert read_head(Path("/dev/zero"), 200) == b""


def test_a_roster_that_is_a_pipe_or_a_device_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(RosterError, match="is a pipe"):
        _within(HANG, lambda: load_roster(tmp_path / "pipe.json"))
    with pytest.raises(RosterError, match="is a device"):
        load_roster(Path("/dev/zero"))


# --- 3. a key given twice -------------------------------------------------------------------------------


def test_a_key_given_twice_is_refused_naming_it_and_both_lines(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text("edition: v0.6\ndistance: 1\nattacker:\n  class: Fighter\n  class: Archer\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_duel(path)
    assert str(info.value) == f"{path}:5: key 'class' appears twice (lines 4 and 5)"


@pytest.mark.parametrize("text, line", [
    ("a: 1\nb:\n  - {x: 1, y: 2, x: 3}\n", 3),
    ("1: one\ntrue: also one\n", 2),  # the same key once read: 1 and true are equal, and a mapping keeps one
    ('"name": a\nname: b\n', 2),
])
def test_keys_are_compared_as_read(text, line):
    with pytest.raises(DuplicateKey) as info:
        parse(text)
    assert info.value.line == line


def test_keys_that_differ_once_read_and_merges_are_not_duplicates():
    assert parse("1: number\n'1': text\n")[1] == {1: "number", "1": "text"}
    assert parse("a: &a {x: 1}\nb:\n  <<: *a\n  x: 2\n")[1]["b"] == {"x": 2}


def test_a_json_key_given_twice_is_refused_with_both_lines(tmp_path):
    text = '{\n  "seed": 1,\n  "armies": {},\n  "seed": 2\n}\n'
    with pytest.raises(DuplicateJsonKey) as info:
        load_json(text)
    error = info.value.error(tmp_path / "x.json", text)
    assert str(error) == f"{tmp_path / 'x.json'}:4: key 'seed' appears twice (lines 2 and 4)"
    roster = tmp_path / "roster.json"
    roster.write_text('{"format": "officers-chess roster", "version": 1, "name": "a", "name": "b", "army": {}}')
    with pytest.raises(RosterError, match="key 'name' appears twice"):
        load_roster(roster)


def test_json_with_far_too_many_values_is_refused_before_it_is_read():
    with pytest.raises(JsonRefused, match="values"):
        load_json("[" + "0," * MAX_JSON_VALUES + "0]")
    assert load_json('{"a": [1, 2, {"b": null}]}') == {"a": [1, 2, {"b": None}]}


# --- 4. a scenario's map comes from its folders --------------------------------------------------------


@pytest.fixture
def content(tmp_path) -> Path:
    """tmp_path/content/{scenarios,maps}, a secret file outside, and a good map in both folders."""
    for folder in ("content/scenarios/sub", "content/maps", "outside"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "outside" / "secret.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    good = (bundled_dir("maps") / "training_yard.yaml").read_text(encoding="utf-8")
    (tmp_path / "content" / "maps" / "yard.yaml").write_text(good, encoding="utf-8")
    (tmp_path / "content" / "scenarios" / "sub" / "yard.yaml").write_text(good, encoding="utf-8")
    return tmp_path / "content"


def _scenario(content: Path, map_line: str) -> Path:
    path = content / "scenarios" / "s.yaml"
    path.write_text(_scenario_with_map(map_line), encoding="utf-8")
    return path


@pytest.mark.parametrize("map_line, inside", [
    ("ABSOLUTE", "scenario's folder"),
    ("../../outside/secret.yaml", "scenarios (or the maps folder beside it)"),
    ("../../outside/nothing.yaml", "scenarios (or the maps folder beside it)"),  # refused before it is looked for
    ("../../outside/secret", "maps (or the bundled maps)"),
    ("evil.yaml", "scenarios (or the maps folder beside it)"),
    ("evil", "maps (or the bundled maps)"),
])
def test_a_map_outside_the_scenarios_folders_is_refused_and_never_read(content, map_line, inside):
    (content / "scenarios" / "evil.yaml").symlink_to(content.parent / "outside" / "secret.yaml")
    (content / "maps" / "evil.yaml").symlink_to(content.parent / "outside" / "secret.yaml")
    map_line = str(content.parent / "outside" / "secret.yaml") if map_line == "ABSOLUTE" else map_line
    path = _scenario(content, map_line)
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    message = str(info.value)
    assert message.startswith(f"{path}:2: map: must ") and inside in message and SECRET not in message


@pytest.mark.parametrize("map_line", ["yard", "sub/yard.yaml", "../maps/yard.yaml", "inner.yaml", "training_yard"])
def test_a_map_in_the_scenarios_folders_loads(content, map_line):
    (content / "scenarios" / "inner.yaml").symlink_to(content / "maps" / "yard.yaml")  # a symlink that stays inside
    loaded = load_scenario(_scenario(content, map_line))
    assert loaded.battle_map.rows and loaded.map_path is not None and loaded.map_path.is_absolute()


# --- 5. control characters, and values cut short ------------------------------------------------------


@pytest.mark.parametrize("raw, name", [(b"\x00", "U+0000 (NUL)"), (b"\x1b", "U+001B (ESC)"), (b"\x7f", "U+007F (DEL)"),
                                       ("\u0091".encode(), "U+0091")])
def test_a_control_character_is_refused_with_its_line_and_column(tmp_path, raw, name):
    path = tmp_path / "map.yaml"
    path.write_bytes(b"name: Yard\ndescription: ab" + raw + b"c\n")
    with pytest.raises(ContentError) as info:
        read_yaml(path)
    assert str(info.value) == f"{path}:2: column 16: the control character {name} has no place in a text file"


def test_tabs_and_line_breaks_are_text(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a:\tx\r\nb: 2\t# a tab before a comment\r\n")
    assert read_yaml(path).data == {"a": "x", "b": 2}
    # Inside a value, a tab is refused once decoded (ruling X1): tests/test_hostile_text.py.
    path.write_bytes(b"a: \"x\ty\"\r\nb: 2\r\n")
    with pytest.raises(ContentError, match=r"x.yaml:1: a: the text holds the character U\+0009 \(tab\)"):
        read_yaml(path)


def test_no_message_holds_a_line_break_or_a_control_character_or_a_whole_long_value():
    error = ContentError("/tmp/a\nb.yaml", "unknown class 'a\nb\x1b[31m'", 3)
    assert str(error) == "/tmp/a\\nb.yaml:3: unknown class 'a\\nb\\x1b[31m'"
    assert tidy(f"not {7 ** 4000!r}") == "not " + str(7 ** 4000)[:MAX_QUOTED] + "…"
    spaced = "a b " * 1000
    assert tidy(f"unknown class {spaced!r} here") == f"unknown class {quote(spaced)} here"
    assert quote(spaced).endswith("…'") and len(quote(spaced)) == MAX_QUOTED + 2
    # What is no quoted value stays whole: a path, an apostrophe in a word, a short quote.
    kept = "its scenario cannot be loaded: /" + "p" * 100 + "/s.yaml:3: the scenario's map 'x' is gone"
    assert tidy(kept) == kept
    assert printable("ok\ttab") == "ok\\ttab"


def test_a_message_quoting_a_long_value_from_the_rules_is_cut_short(tmp_path):
    text = _scenario_with_map("training_yard")
    path = tmp_path / "s.yaml"
    long_name = "Knight" * 700
    path.write_text(re.sub(r"class: \w+", f"class: {long_name}", text, count=1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_scenario(path)
    message = str(info.value)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if re.search(r"class: \w+", row))  # the one changed
    assert message.startswith(f"{path}:{line}: ") and long_name[:50] in message and "…'" in message
    assert long_name[:MAX_QUOTED] not in message


def test_a_4000_digit_number_is_quoted_cut_short(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text("distance: -" + "9" * 4000 + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_duel(path)
    message = str(info.value)
    assert message.startswith(f"{path}:1: distance: must be a whole number") and "9" * 50 + "…" in message
    assert "9" * MAX_QUOTED not in message and len(message) < len(str(path)) + 200


def test_a_number_python_cannot_read_is_refused_at_its_line(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\nb: " + "9" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"x.yaml:2: a number with more digits than any file needs"):
        read_yaml(path)
    path.write_text("a: 1\nb: 2024-13-45\n", encoding="utf-8")
    assert read_yaml(path).data["b"] == "2024-13-45"  # a date is text (ruling X3), whatever its month
    path.write_text("a: 1\nb: !!timestamp 2024-01-02\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"x.yaml:2: not valid YAML: could not determine a constructor"):
        read_yaml(path)
    with pytest.raises(JsonRefused) as info:
        load_json('{\n"a":\n' + "9" * 5000 + "}")
    assert info.value.line == 3


def test_the_corpus_files_are_what_they_claim(corpus):
    # So a refusal above is the hostile part's doing: the good scenario the map cases start from loads.
    assert json.loads('{"ok": 1}') and load_scenario(bundled_dir("scenarios") / "training_yard.yaml")
    assert stat.S_ISFIFO(corpus["fifo"].stat().st_mode) and stat.S_ISCHR(corpus["dev-zero"].stat().st_mode)


# --- 5. saves: no part larger than a battle's, the first bad part the only complaint ------------------------------
#
# A save under the size limit could still hold hundreds of thousands of broken things, and validation built a
# complaint for each (a 4 MB save of 150,000 `{"action": {"kind": "move"}}` took 700 MB): each part (the
# opening, each action, each round checkpoint) is now bounded before validation, which stops at the first bad
# action or checkpoint. And a save names its scenario file by path: nothing of that file is read as content
# unless its sha256 is the one the save recorded.

MANY = 400_000  # broken things in one part of a save, a few megabytes: before the bounds, a gigabyte or more
LOAD = ("-c", "import sys\nfrom officers_chess.content.saves import open_save, public_line\n"
        "from officers_chess.content.autosave import resume_state\nfrom officers_chess.content.errors import ContentError\n"
        "try:\n    resume_state(open_save(sys.argv[1]))\nexcept ContentError as exc:\n    print(public_line(exc))\n"
        "    sys.exit(2)\n")  # the title screen's Load and Continue: open_save, then the replay that checks it


def _good_save() -> dict:
    """A Training Yard save four actions in, as its JSON: the hostile saves below each change one part of it."""
    from officers_chess.content.saves import dump_record, scenario_ref
    from officers_chess.rules.battle.actions import Move, Wait
    from officers_chess.rules.battle.game import apply_action, legal_actions
    from officers_chess.rules.history.record import Recorder

    loaded = load_scenario(bundled_dir("scenarios") / "training_yard.yaml")
    state = loaded.new_battle(seed=3)
    recorder = Recorder(loaded.scenario.edition, scenario_ref(loaded), 3, {}, state)
    for _ in range(4):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        recorder.add(action, state)
    return json.loads(dump_record(recorder.record()))


@dataclass(frozen=True)
class HostileSave:
    name: str
    command: tuple[str, ...]  # how it is read: a command, or LOAD (the title screen's way)
    words: str


HOSTILE_SAVES = [
    HostileSave("bad-actions", ("replay", "--verify"), "more than 3000 actions"),
    HostileSave("units-of-nothing", ("resume",), "round checkpoint 1: more than 25000 values"),
    HostileSave("player-keys", ("validate",), "the save's opening (all but its actions and checkpoints) holds more"),
    HostileSave("army-of-nothing", ("replay", "--text"), "the save's opening"),
    HostileSave("fat-action", LOAD, ":1: action 1: more than 500 values"),
    HostileSave("digit-key", ("resume",), "it is damaged or was edited (players."),
    HostileSave("names-another-file", ("resume",), "has changed since this battle was saved, or is another file"),
    HostileSave("names-a-device", ("replay", "--text"), "the scenario file /dev/zero cannot be read: is a device"),
    HostileSave("names-a-fifo", LOAD, "cannot be read: is a pipe"),
]


@pytest.fixture(scope="module")
def hostile_saves(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("saves")
    good = _good_save()
    first = good["checkpoints"][0]
    notes = root / "notes.yaml"  # a YAML file of the player's that is no scenario, its second line a secret
    notes.write_text(f"name: notes\nmap: {SECRET}\n", encoding="utf-8")
    os.mkfifo(root / "fifo.yaml")

    def naming(file: str) -> dict:
        return {"title": "Training Yard", "file": file, "sha256": good["scenario"]["sha256"]}

    changes = {
        "bad-actions": {"actions": [{"action": {"kind": "move"}}] * 150_000},
        "units-of-nothing": {"checkpoints": [{**first, "state": {**first["state"], "units": [{}] * MANY}}]},
        "player-keys": {"players": {f"p{i}": 0 for i in range(MANY)}},
        "army-of-nothing": {"armies": {"attacker": [{}] * MANY}},
        "fat-action": {"actions": [{"action": {"kind": "wait"}, **{f"x{i}": 0 for i in range(MANY)}}]},
        "digit-key": {"players": {"7" * 100_000: "human"}},
        "names-another-file": {"scenario": naming(str(notes))},
        "names-a-device": {"scenario": naming("/dev/zero")},
        "names-a-fifo": {"scenario": naming("fifo.yaml")},  # relative: beside the save
    }
    assert set(changes) == {h.name for h in HOSTILE_SAVES}
    paths = {}
    for name, change in changes.items():
        paths[name] = root / f"{name}.json"
        paths[name].write_text(json.dumps({**good, **change}, separators=(",", ":")), encoding="utf-8")
        assert paths[name].stat().st_size < MAX_SAVE_BYTES
    return paths


@pytest.mark.parametrize("hostile", HOSTILE_SAVES, ids=lambda h: h.name)
def test_each_hostile_save_is_refused_in_one_line_within_the_limits(hostile_saves, hostile):
    path = hostile_saves[hostile.name]
    run = run_python(*hostile.command, str(path)) if hostile.command == LOAD else run_cli(*hostile.command, str(path))
    line = assert_refused_in_one_line(run, path, hostile.words)
    assert "notes" not in line.replace(str(path.parent / "notes.yaml"), "")  # not a word of the other file
    assert len(line) < len(str(path)) + 400


def test_validate_refuses_every_hostile_save_in_one_run(hostile_saves):
    run = run_cli("validate", *[str(p) for p in hostile_saves.values()])
    assert "Traceback" not in run.output and run.code == 2, run.output[-2000:]
    lines = run.output.splitlines()
    assert len(lines) == len(hostile_saves), run.output[:3000]
    for path, line in zip(hostile_saves.values(), lines):
        assert line.startswith(f"{path}:") and line.isprintable() and SECRET not in line and len(line) < 1000
    assert run.peak_mb < PEAK_MB
    assert_cheap(run, SLOW * 2)  # one start-up, then each save refused in turn: some 8 times the start-up


def test_a_save_of_more_actions_than_a_battle_has_is_refused_at_its_actions(tmp_path):
    from officers_chess.content.saves import read_save
    from officers_chess.rules.history.record import MAX_ACTIONS

    good = _good_save()
    path = tmp_path / "long.json"
    good["actions"] = good["actions"] * (MAX_ACTIONS // len(good["actions"]) + 1)  # each well formed
    path.write_text(json.dumps(good, indent=1), encoding="utf-8")
    with pytest.raises(ContentError, match=f"more than {MAX_ACTIONS} actions") as info:
        read_save(path)
    assert path.read_text(encoding="utf-8").splitlines()[info.value.line - 1].strip() == '"actions": ['


def test_an_error_deep_in_a_large_save_is_told_at_its_line(tmp_path):
    """A save too large for the YAML reader's line finder (over 200,000 values) still has its lines."""
    from officers_chess.content.saves import read_save

    good = _good_save()
    actions = good.pop("actions") * 20
    actions[57] = {"action": {"kind": "attack", "target": 7}, "state": actions[57]["state"]}
    checkpoints = [good.pop("checkpoints")[0]] * 1000  # well formed, and some 250 values each
    text = (json.dumps(good, indent=1)[:-2] + ',\n "actions": [\n' + ",\n".join(json.dumps(a) for a in actions)
            + '\n ],\n "checkpoints": ' + json.dumps(checkpoints) + "\n}\n")  # as saves are: an action a line
    path = tmp_path / "large.json"
    path.write_text(text, encoding="utf-8")
    assert text.count(",") + text.count("{") + text.count("[") > MAX_NODES  # what the YAML reader takes
    with pytest.raises(ContentError, match="action 58 \\(attack\\), target") as info:
        read_save(path)
    assert '"target": 7' in text.splitlines()[info.value.line - 1]


def test_a_hired_army_the_army_model_refuses_is_told_in_one_plain_line():
    from officers_chess.ai.play import make_policy, muster
    from officers_chess.rules.pieces.models import Side
    from officers_chess.rules.history.record import ArmyMismatch, check_armies

    loaded = load_scenario(bundled_dir("scenarios") / "practice_muster.yaml")
    policies = {side: make_policy("greedy", n) for n, side in enumerate(Side)}
    armies = muster(loaded.scenario, loaded.catalogue, loaded.battle_map, policies)
    side = next(iter(armies))
    armies[side] = [unit.model_copy(update={"name": f"Hired {n}"}) for n in range(40) for unit in armies[side][:1]]
    with pytest.raises(ArmyMismatch) as info:
        check_armies(loaded.scenario, loaded.catalogue, loaded.battle_map, armies)
    assert str(info.value) == "hiring: List should have at most 30 items after validation, not 40"


# --- army building saves: bounded as battle saves are ---------------------------------------------------------


def _good_muster(path: Path) -> dict:
    """Practice Muster's army building, the first side hired, written as the game writes it: its JSON."""
    from officers_chess.content.muster_saves import write_muster
    from officers_chess.rules.muster.army import Army, Recruit
    from officers_chess.rules.pieces.models import Side
    from officers_chess.rules.muster.phases import Muster, finish_step, set_army

    loaded = load_scenario(bundled_dir("scenarios") / "practice_muster.yaml")
    scenario, catalogue = loaded.scenario, loaded.catalogue
    army = Army(units=[Recruit(name="Arlen", unit_class="Fighter", items=["Iron Axe"]),
                       Recruit(name="Brisa", unit_class="Archer", items=["Iron Bow"])])
    muster = finish_step(set_army(Muster(), scenario, catalogue, scenario.first_deployer, army), scenario, catalogue)
    write_muster(path, loaded, 3, {side: "human" for side in Side}, False, muster)
    return json.loads(path.read_text(encoding="utf-8"))


# Each a few megabytes: before the bound, validation alone took 0.6 to 1.9 GB (and under the 1 GB limit below,
# a Rust panic and a hang), as each of the million broken values made its complaint.
HOSTILE_MUSTERS = {
    "roles-of-nothing": lambda m: {**m, "muster": {**m["muster"], "armies": {"attacker": {"units": [
        {"name": "a", "class": "b", "roles": [0] * 900_000}]}}}},
    "classes-of-nothing": lambda m: {**m, "muster": {**m["muster"], "hired_classes": {"attacker": [0] * 900_000}}},
    "player-keys": lambda m: {**m, "players": {f"p{i}": 0 for i in range(MANY)}},
    "placement-keys": lambda m: {**m, "muster": {**m["muster"], "placements": {"attacker": {
        f"n{i}": 0 for i in range(MANY)}}}},
}


@pytest.fixture(scope="module")
def hostile_musters(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("musters")
    good = _good_muster(root / "good.json")
    paths = {}
    for name, change in HOSTILE_MUSTERS.items():
        paths[name] = root / f"{name}.json"
        paths[name].write_text(json.dumps(change(good), separators=(",", ":")), encoding="utf-8")
        assert 1_000_000 < paths[name].stat().st_size < MAX_SAVE_BYTES and is_muster_file(paths[name])
    return paths


@pytest.mark.parametrize("command", ["resume", "validate"])
@pytest.mark.parametrize("name", HOSTILE_MUSTERS)
def test_a_huge_army_building_save_is_refused_in_one_line_within_the_limits(hostile_musters, name, command):
    from officers_chess.content.muster_saves import MAX_MUSTER_VALUES

    path = hostile_musters[name]
    run = run_cli(command, str(path))
    line = assert_refused_in_one_line(run, path, f"the save holds more than {MAX_MUSTER_VALUES} values")
    assert line.startswith(f"officers-chess: {path}:1: " if command == "resume" else f"{path}:1: ")


def test_the_largest_army_building_there_can_be_is_well_within_the_bound(tmp_path):
    """Two armies of 30 units (the most an army holds), each unit with the longest name, three items and three
    roles, all placed and all classes listed as hired: some 930 values, and the bound is 5,000."""
    from officers_chess.content.muster_saves import MAX_MUSTER_VALUES
    from officers_chess.content.save_json import count_values
    from officers_chess.rules.muster.army import Army
    from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS

    data = _good_muster(tmp_path / "good.json")
    most = Army.model_fields["units"].metadata[0].max_length
    unit = {"name": "N" * 24, "class": "Fighter", "items": ["Iron Axe"] * INVENTORY_SLOTS,
            "roles": ["Leader", "Fleeing", "Saboteur"]}
    sides = ("attacker", "defender")
    data["muster"] = {"step": 7, "armies": {side: {"units": [unit] * most} for side in sides},
                      "hired_classes": {side: ["Fighter"] * most for side in sides},
                      "placements": {side: {f"N{i}": [i, 0] for i in range(most)} for side in sides}}
    assert count_values(data, 10 * MAX_MUSTER_VALUES) < MAX_MUSTER_VALUES // 4


def test_validate_checks_an_army_building_save_as_resume_does(tmp_path, capsys):
    from officers_chess.commands.console import main

    path = tmp_path / "muster.json"
    good = _good_muster(path)
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"ok {path}\n"
    army = next(iter(good["muster"]["armies"].values()))
    army["units"][0]["items"] = ["Silver Axe"] * 3  # past the war chest
    path.write_text(json.dumps(good, indent=1), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert "army building is not one the rules could have reached" in capsys.readouterr().err


# --- simulate: a battle longer than a save holds is played, counted, and not saved --------------------------


def test_simulate_skips_the_save_of_a_battle_longer_than_a_save_holds_and_says_so_in_one_line(
        monkeypatch, tmp_path, capsys):
    from officers_chess.commands.console import main
    from officers_chess.content import saves as saves_module
    from officers_chess.rules.history import record as record_module

    monkeypatch.setattr(record_module, "MAX_ACTIONS", 5)  # every Training Yard battle is longer
    monkeypatch.setattr(saves_module, "MAX_ACTIONS", 5)
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "game-0001.json").write_text("an earlier batch's game 1\n", encoding="utf-8")
    assert main(["simulate", "training_yard", "--games", "2", "--json", "--save-dir", str(folder)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2  # the games still count
    assert "Traceback" not in captured.err
    assert captured.err.splitlines() == [
        "officers-chess: 2 saves not written (game-0001.json, game-0002.json): each battle is longer than a save "
        "holds (the games still count)"]
    assert list(folder.iterdir()) == []  # and none of an earlier batch passes for one of these

    assert main(["simulate", "training_yard", "--games", "1", "--json", "--save-dir", str(folder)]) == 0
    err = capsys.readouterr().err
    assert err == ("officers-chess: game-0001.json not written: the battle has more than 5 actions, more than a "
                   "save of it holds (the game still counts)\n")


# --- replay --verify: the same full check as validate and resume -----------------------------------------------


def _forge(data: dict, how: str) -> dict:
    """The good save with its actions taken away and a round checkpoint made up."""
    first = data["checkpoints"][0]
    data = {**data, "actions": [], "finished": False}
    data.pop("summary")  # (a summary that says round 1 would do as well)
    state = json.loads(json.dumps(first["state"]))
    if how == "edited-first":  # the round 1 checkpoint, a unit of it wounded
        state["units"][0]["hp"] -= 1
        data["checkpoints"] = [{**first, "state": state}]
    else:  # a round 5 of the player's own, after an action the save does not have
        data["checkpoints"] = [first, {"after": 3, "round": 5, "state": {**state, "round": 5}}]
    return data


@pytest.mark.parametrize("how, words", [
    ("edited-first", "the save's round 1 checkpoint does not match the battle's actions"),
    ("after-the-last", "the save has a round checkpoint after its last action"),
])
def test_replay_verify_refuses_a_save_with_a_made_up_round_checkpoint(tmp_path, capsys, how, words):
    from officers_chess.commands.common import EXIT_MISMATCH
    from officers_chess.commands.console import main

    good = _good_save()
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good, indent=1), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 0  # as written, it holds
    assert capsys.readouterr().out.startswith(f"ok {path}: ")
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forge(good, how), indent=1), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == EXIT_MISMATCH
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"{path}: does not replay as recorded: {words}\n"
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err == captured.err  # the one reason, in validate's words
