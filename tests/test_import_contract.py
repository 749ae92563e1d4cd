"""The import contract of `officers_chess` (docs/architecture.md): layers, no circles, no dodges, no UI in the core.

Read from the source, not from a running import, so a circle is found even where a lazy import would hide it.
Every import of one of our modules counts as an arrow: at the top of a module, inside a function, or under
`TYPE_CHECKING`. The checks run on the real package and, to show they can fail, on small made-up packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "officers_chess"

# The rules core from the bottom up: a sub-package imports only from itself and those before it.
RULES_LAYERS = ("basics", "board", "pieces", "combat", "battle", "scenario", "muster", "history", "campaign", "reference")
# The packages beside it, from the bottom up. "shared" are the few modules left at the top of `officers_chess`,
# which the app and the command line share (forecast_words, crash); `commands` is the command line, with
# `__main__`: nothing else imports it.
LAYERS = ("rules", "content", "ai", "shared", "session", "net", "tui", "commands")
UI_LIBRARIES = ("textual", "rich")
UI_FREE = ("rules", "content", "ai", "session", "net")  # no terminal library: a headless run loads the first three; the
# session is what a seat is handed, and the next step puts a network between it and the app


def read_sources(package: Path) -> dict[str, str]:
    """Each module's dotted name and its source."""
    sources = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        sources[name] = path.read_text(encoding="utf-8")
    return sources


class Arrow:
    """One import of a module by another: where it is written and whether it sits inside a function."""

    def __init__(self, source: str, target: str, line: int, in_function: bool) -> None:
        self.source, self.target, self.line, self.in_function = source, target, line, in_function

    def __repr__(self) -> str:
        where = " (inside a function)" if self.in_function else ""
        return f"{self.source} -> {self.target} at line {self.line}{where}"


def arrows(sources: dict[str, str], root: str = "officers_chess") -> tuple[list[Arrow], list[Arrow]]:
    """The arrows between our modules, and the imports of third-party modules (their first dotted part)."""
    ours, theirs = [], []
    for name, text in sources.items():
        is_package = any(other.startswith(name + ".") for other in sources)
        for node, in_function in _imports(ast.parse(text)):
            for target in _targets(node, name, is_package):
                if target.split(".")[0] == root:
                    module = _known(target, sources)
                    if module is not None and module != name:
                        ours.append(Arrow(name, module, node.lineno, in_function))
                else:
                    theirs.append(Arrow(name, target.split(".")[0], node.lineno, in_function))
    return ours, theirs


def _imports(tree: ast.AST, in_function: bool = False):
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, in_function
        inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield from _imports(child, inner)


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = name.split(".") if is_package else name.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join(parts + ([base] if base else []))
    # `from package import module` names the module; `from module import name` names the module.
    return [f"{base}.{alias.name}" for alias in node.names]


def _known(target: str, sources: dict[str, str]) -> str | None:
    parts = target.split(".")
    while parts and ".".join(parts) not in sources:
        parts.pop()
    return ".".join(parts) if parts else None


def circles(ours: list[Arrow]) -> list[list[str]]:
    """Every set of modules that import each other round in a circle (Tarjan's strongly connected components)."""
    graph: dict[str, set[str]] = {}
    for arrow in ours:
        graph.setdefault(arrow.source, set()).add(arrow.target)
        graph.setdefault(arrow.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:  # iterative, so a long chain of imports cannot exhaust the recursion limit
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer(module: str) -> str:
    """The layer a module belongs to (LAYERS), or "root" for the package itself."""
    parts = module.split(".")
    if len(parts) == 1:
        return "root"
    if parts[1] in ("rules", "content", "ai", "session", "net", "tui", "commands"):
        return parts[1]
    return "commands" if parts[1] in ("commands", "__main__") else "shared"


def rules_layer(module: str) -> int | None:
    """The place of a rules module in RULES_LAYERS (None for the `officers_chess.rules` package itself)."""
    parts = module.split(".")
    return RULES_LAYERS.index(parts[2]) if len(parts) > 2 else None


def upward(ours: list[Arrow]) -> list[Arrow]:
    """The arrows that point up: to a later layer, or within the rules core to a later sub-package."""
    wrong = []
    for arrow in ours:
        source, target = layer(arrow.source), layer(arrow.target)
        if source == "root" or target == "root":
            continue
        if LAYERS.index(target) > LAYERS.index(source):
            wrong.append(arrow)
        elif source == target == "rules":
            low, high = rules_layer(arrow.source), rules_layer(arrow.target)
            if low is not None and high is not None and high > low:
                wrong.append(arrow)
    return wrong


def dodges(ours: list[Arrow]) -> list[Arrow]:
    """Imports of our modules written inside a function in the rules core or the computer players: there they
    can only serve to dodge a circle (the entry points may load screens and commands late, for start-up)."""
    return [a for a in ours if a.in_function and layer(a.source) in ("rules", "ai")]


def ui_imports(theirs: list[Arrow]) -> list[Arrow]:
    """Imports of Textual or Rich by the parts that run headless."""
    return [a for a in theirs if a.target in UI_LIBRARIES and layer(a.source) in UI_FREE]


# --- the real package ------------------------------------------------------------------------------------------

SOURCES = read_sources(PACKAGE)
OURS, THEIRS = arrows(SOURCES)


def test_the_contract_reads_the_whole_package():
    # Every layer and every rules sub-package is there, so an empty list below means something.
    assert {layer(m) for m in SOURCES} >= {"root", *LAYERS}
    assert {rules_layer(m) for m in SOURCES if layer(m) == "rules"} >= set(range(len(RULES_LAYERS)))
    assert len(OURS) > 500


def test_no_module_imports_round_in_a_circle():
    assert circles(OURS) == []


def test_no_import_points_up_a_layer():
    assert upward(OURS) == []


def test_the_core_and_the_computer_players_import_nothing_of_ours_inside_a_function():
    assert dodges(OURS) == []


def test_the_headless_parts_never_import_textual_or_rich():
    assert ui_imports(THEIRS) == []


def command_line_reaches(ours: list[Arrow]) -> list[Arrow]:
    """Imports of the command line (`officers_chess.commands`) from outside it: only `__main__` may."""
    return [a for a in ours if layer(a.target) == "commands" and layer(a.source) != "commands"]


def test_nothing_but_main_imports_the_command_line():
    assert command_line_reaches(OURS) == []
    assert {a.source for a in OURS if layer(a.target) == "commands"} >= {"officers_chess.__main__"}


def test_no_command_module_is_left_at_the_top_of_the_package():
    # The command line and the reports it prints sit in `commands/`; the top keeps what the app shares with it.
    assert sorted(m for m in SOURCES if layer(m) == "shared") == ["officers_chess.crash", "officers_chess.forecast_words"]


def test_every_rules_module_sits_in_a_sub_package():
    loose = [m for m in SOURCES if layer(m) == "rules" and m != "officers_chess.rules" and m.count(".") < 3
             and not any(other.startswith(m + ".") for other in SOURCES)]
    assert loose == []


# --- the checks can fail ---------------------------------------------------------------------------------------

def _made_up(files: dict[str, str]) -> tuple[list[Arrow], list[Arrow]]:
    return arrows({f"officers_chess.{name}": text for name, text in files.items()} | {"officers_chess": ""})


def test_a_circle_is_found_even_through_an_import_inside_a_function():
    ours, _ = _made_up({
        "rules": "", "rules.board": "", "rules.pieces": "",
        "rules.board.terrain": "def table():\n    from officers_chess.rules.pieces.models import Unit\n",
        "rules.pieces.models": "from officers_chess.rules.board.terrain import table\n",
    })
    assert circles(ours) == [["officers_chess.rules.board.terrain", "officers_chess.rules.pieces.models"]]
    assert [repr(a) for a in dodges(ours)] == [
        "officers_chess.rules.board.terrain -> officers_chess.rules.pieces.models at line 2 (inside a function)"]


def test_an_arrow_up_is_found_between_layers_and_between_rules_sub_packages():
    ours, theirs = _made_up({
        "rules": "", "rules.combat": "", "rules.battle": "", "ai": "", "tui": "", "content": "",
        "rules.combat.exchange": "from officers_chess.rules.battle.state import GameState\n",
        "rules.battle.state": "from officers_chess.rules.combat import exchange\n",
        "ai.normal": "from officers_chess.tui.app import App\nimport textual\n",
        "content.loaders": "from officers_chess.ai import normal\n",
        "tui.app": "from officers_chess.ai.normal import Normal\nfrom textual.app import App\n",
    })
    assert sorted((a.source, a.target) for a in upward(ours)) == [
        ("officers_chess.ai.normal", "officers_chess.tui.app"),
        ("officers_chess.content.loaders", "officers_chess.ai.normal"),
        ("officers_chess.rules.combat.exchange", "officers_chess.rules.battle.state"),
    ]
    assert [(a.source, a.target) for a in ui_imports(theirs)] == [("officers_chess.ai.normal", "textual")]


def test_a_screen_or_a_report_importing_the_command_line_is_found():
    ours, _ = _made_up({
        "tui": "", "commands": "", "session": "",
        "tui.app": "def f():\n    from officers_chess.commands.console import main\n",
        "session.words": "from officers_chess.commands import common\n",
        "commands.console": "from officers_chess.session import words\n",
        "commands.common": "",
        "__main__": "from officers_chess.commands.console import run\n",
    })
    assert sorted((a.source, a.target) for a in command_line_reaches(ours)) == [
        ("officers_chess.session.words", "officers_chess.commands.common"),
        ("officers_chess.tui.app", "officers_chess.commands.console"),
    ]
    assert sorted((a.source, a.target) for a in upward(ours)) == sorted(
        (a.source, a.target) for a in command_line_reaches(ours))


# --- a screen is handed a seat's view, never the battle (issue: privacy by construction) ----------------------

# The modules of the rules core that hold or work on the battle itself. The app may use the rules' vocabulary
# (actions as intentions, pieces, the board, forecasts, the seat's view) but none of these: whatever it needs of
# the battle it asks of the session, which answers in what its seat may know (docs/architecture.md).
BATTLE_ITSELF = tuple(f"officers_chess.rules.battle.{name}" for name in (
    "state", "game", "physical", "vision", "ground", "ambush", "specials", "upkeep", "aftermath", "reactions",
    "triggers", "refusals", "turn_order",
)) + ("officers_chess.rules.history.replay",)
# The attributes through which a battle, or its record, is reached.
BATTLE_ATTRIBUTES = ("state", "_state", "recorder")


def battle_reaches(sources: dict[str, str]) -> list[str]:
    """Every import of the battle's own modules, and every attribute read that reaches a battle, in the app."""
    found = []
    ours, _ = arrows(sources)
    for arrow in ours:
        if layer(arrow.source) == "tui" and arrow.target.startswith(BATTLE_ITSELF):
            found.append(f"{arrow.source} imports {arrow.target} at line {arrow.line}")
    for name, text in sources.items():
        if layer(name) != "tui":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Attribute) and node.attr in BATTLE_ATTRIBUTES:
                # Textual's worker events carry a `state` of their own (running, done): not a battle.
                if node.attr == "state" and isinstance(node.value, ast.Name) and node.value.id == "event":
                    continue
                found.append(f"{name} reads .{node.attr} at line {node.lineno}")
    return found


def test_no_screen_reaches_the_battle_itself():
    assert battle_reaches(SOURCES) == []


def test_a_screen_reaching_the_battle_is_found():
    made = {
        "officers_chess": "", "officers_chess.rules": "", "officers_chess.rules.battle": "",
        "officers_chess.rules.battle.state": "", "officers_chess.rules.battle.seat_view": "",
        "officers_chess.tui": "", "officers_chess.session": "", "officers_chess.session.controller": "",
        "officers_chess.tui.screen": (
            "from officers_chess.rules.battle.seat_view import Known\n"
            "from officers_chess.rules.battle.state import GameState\n"
            "def f(c, event):\n    return c.state.units, event.state, c.view.units\n"),
    }
    assert battle_reaches(made) == [
        "officers_chess.tui.screen imports officers_chess.rules.battle.state at line 2",
        "officers_chess.tui.screen reads .state at line 4",
    ]
