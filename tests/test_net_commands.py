"""`officers-chess host` and `join` on the console script: wired to the networking, which the parser never loads."""

from __future__ import annotations

import subprocess
import sys

import pytest

from officers_chess.commands.console import main


def test_building_the_console_parser_loads_no_network_library():
    # Every command's start-up builds the whole parser: `host` and `join` must not make `validate` pay for websockets.
    probe = ("import sys; from officers_chess.commands import console; console.build_parser(); "
             "print('websockets' in sys.modules, 'officers_chess.net.host' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_host_and_join_reach_the_network_commands(capsys):
    # A wrong address is the join command's own refusal (net/join.py), so the console really runs it: one line,
    # exit 2, never a traceback, whatever the address.
    for address in ("nowhere", "a b:c", "host:0", "host:99999", ":4000", "user@host:4000", "host:4000/x"):
        assert main(["join", address, "abcd-efgh-ijkl-mnop", "--level", "greedy"]) == 2, address
        said = capsys.readouterr()
        assert said.out.count("\n") == 1 and "is not HOST:PORT" in said.out and not said.err, address
    assert main(["host", "no_such_scenario", "--headless"]) != 0
    said = capsys.readouterr()
    assert "no_such_scenario" in said.out + said.err


def test_a_port_out_of_range_is_a_usage_mistake_not_a_crash(capsys):
    for port in ("99999", "-1", "http"):
        with pytest.raises(SystemExit) as exit_info:  # argparse's usage mistakes exit where they are found
            main(["host", "training_yard", "--headless", "--port", port])
        assert exit_info.value.code == 2, port
        said = capsys.readouterr()
        assert "is not a port number" in said.err and "Traceback" not in said.err and "unexpected" not in said.err
