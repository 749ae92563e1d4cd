"""The interface never crashes: a terminal too small, text with brackets, names no file system takes, and the
one line (and a log file) when something unforeseen stops the game anyway."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual import events
from muster_keys import hire, press, select_unit
from pilot_helpers import burst, computer_mustered, play_activation, screen_text, wait_until

from officers_chess.commands.common import EXIT_CRASH
from officers_chess.commands.console import main
from officers_chess.content.autosave import newest_unfinished, resume_state
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.user_data import data_dir, saves_dir
from officers_chess.crash import CRASH_LOG
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import app as app_module
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.file_names import file_name_problem
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.too_small import MIN_SIZE, TooSmallScreen
from officers_chess.tui.widgets.map_view import MapView


def training_yard(**options) -> OfficersChessApp:
    options.setdefault("seed", 1)
    return OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), **options)


def hiring_app() -> OfficersChessApp:
    return OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=1,
                            computer={Side.DEFENDER: "greedy"})


def flat(app) -> str:
    return " ".join(screen_text(app).split())


# --- a terminal too small ---------------------------------------------------------------------------


async def test_a_terminal_too_small_covers_the_game_and_the_screen_comes_back_as_it_was():
    app = hiring_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_mustered(pilot)
        hiring = app.screen
        assert isinstance(hiring, HiringScreen)
        await hire(pilot, hiring, "Fighter", ["Iron Axe"])
        shop = hiring.query_one("#shop")
        await press(pilot, "c", "down", "down")
        highlighted, draft, stack = shop.highlighted, hiring.draft, list(app.screen_stack)
        await pilot.resize_terminal(40, 12)
        assert isinstance(app.screen, TooSmallScreen)
        assert f"now 40×12, need at least {MIN_SIZE.width}×{MIN_SIZE.height}" in flat(app)
        # The keys that crashed the shop at this size (PageUp/PageDown), and the ones that open things: nothing.
        await press(pilot, "pagedown", "pageup", "f1", "ctrl+p", "f2", "question_mark", "enter", "escape")
        assert list(app.screen_stack) == [*stack, app.screen] and isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(50, 14)
        assert "now 50×14" in flat(app)
        await pilot.resize_terminal(*MIN_SIZE)
        assert app.screen is hiring and list(app.screen_stack) == stack
        assert shop.highlighted == highlighted and hiring.draft == draft
        await press(pilot, "pagedown")  # and the shop pages again
        assert shop.highlighted != highlighted


async def test_started_in_a_small_terminal_the_notice_comes_first():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert isinstance(app.screen_stack[-2], TitleScreen)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, TitleScreen)


async def test_a_screen_that_opens_by_itself_while_the_terminal_is_too_small_goes_under_the_notice():
    from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver

    app = training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        await pilot.resize_terminal(40, 12)
        # As the fog hand-over opens when a battle starts, or after the other player's move: not from a key.
        app.push_screen(BattleHandOver(Side.DEFENDER, "Fog of war"))
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and isinstance(app.screen_stack[-2], BattleHandOver)
        app.switch_screen(BattleHandOver(Side.ATTACKER, "Fog of war"))  # meant for the screen under the notice
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and app.screen_stack[-2].side is Side.ATTACKER
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, BattleHandOver)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is battle and not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_ctrl_q_under_the_notice_quits_at_once_when_the_battle_is_autosaved():
    app = training_yard()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(40, 12)
        assert "the battle is autosaved" in flat(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0


async def test_ctrl_q_under_the_notice_asks_for_a_second_press_when_the_battle_would_be_lost():
    app = training_yard(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(40, 12)
        assert "the battle in progress would be lost" in flat(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code is None and "Ctrl+Q again quits" in flat(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0


# --- text from files and players is shown as written ---------------------------------------------------


@pytest.mark.parametrize("text", ["Off: [type=less_than, input_type=int]",  # as a seed no save holds was told
                                  "[/] closes nothing", "[@click=app.quit]no link[/]"])
async def test_notifications_show_brackets_as_written(text):
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await pilot.pause()
        app.notify(text, timeout=5)
        app.screen.notify(text, timeout=5)  # a screen's notify (Textual's Widget.notify asks for markup)
        await wait_until(pilot, lambda: text in flat(app))
        assert text in flat(app) and app.return_code is None


def test_textual_still_reads_notifications_as_markup_when_asked():
    # Why App.notify is overridden: if Textual stops parsing markup there, the override can go.
    assert App.notify.__kwdefaults__["markup"] is True


async def test_out_of_range_seed_reaches_the_battle_without_stopping_the_game():
    # The seed no save can hold (only reachable past the CLI's check): the battle goes on unsaved, and says why.
    app = training_yard(seed=None)
    app.seed = 2**64
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, BattleScreen) and "Autosave is off" in flat(app))
        assert isinstance(app.screen, BattleScreen) and app.screen.autosaver is None
        assert "Autosave is off for this battle" in flat(app)


# --- names that become file names ------------------------------------------------------------------


@pytest.mark.parametrize("name, problem", [
    ("my game", None), ("Ünïcødé ⚔", None), ("a\x00b", "cannot be seen"), ("tab\there", "cannot be seen"),
    ("\ud800", "cannot be seen"), ("esc\x1b[2J", "cannot be seen"), ("", "1 to 60"), ("x" * 61, "1 to 60"),
    ("a/b", "without /"), ("..\\up", "without /"), (".hidden", "dot"), ("CON", "Windows"), ("nul.txt", "Windows"),
    ("ends.", "Windows"),
])
def test_file_name_problem(name, problem):
    found = file_name_problem(name, 60)
    assert found is None if problem is None else problem in found


async def test_a_save_name_with_a_nul_is_refused_in_the_dialog_and_a_good_one_saves():
    app = training_yard()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, TextPrompt)
        await pilot.press("ctrl+a", "ctrl+k")
        app.post_message(events.Paste("a\x00b"))  # a terminal types no NUL, but a paste brings one
        await pilot.press("enter")
        assert app.screen is prompt and "cannot be seen" in flat(app)
        assert not saves_dir().exists() or not list(saves_dir().iterdir())
        await pilot.press("ctrl+a", "ctrl+k", *"[b]mine", "enter")
        await pilot.pause()
        assert (saves_dir() / "[b]mine.json").is_file()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"[b]mine", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert 'A save named "[b]mine" exists already' in flat(app)


async def test_a_roster_name_and_a_unit_name_with_a_control_character_are_refused_in_the_dialog():
    app = hiring_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await computer_mustered(pilot)
        hiring = app.screen
        await hire(pilot, hiring, "Fighter", ["Iron Axe"])
        for keys in (("f", "s"), ("n",)):
            if keys == ("n",):
                await select_unit(pilot, hiring, hiring.draft.units[0].name)
            await press(pilot, *keys)
            prompt = app.screen
            assert isinstance(prompt, TextPrompt), (keys, type(prompt).__name__, flat(app))
            await press(pilot, "ctrl+a", "ctrl+k")
            app.post_message(events.Paste("Red\x07Company"))
            await press(pilot, "enter")
            assert app.screen is prompt and "cannot be seen" in flat(app)
            await press(pilot, "escape")
        assert app.screen is hiring


# --- an unforeseen error ---------------------------------------------------------------------------------


def test_an_unforeseen_error_is_one_line_status_70_and_the_autosave_resumes(monkeypatch, capsys):
    real_run = OfficersChessApp.run

    async def play_then_break(pilot) -> None:
        await pilot.pause()
        screen = pilot.app.screen
        await play_activation(pilot, screen)
        await play_activation(pilot, screen)
        await pilot.press("question_mark")  # the help key, broken below
        await pilot.pause()

    def boom(self) -> None:
        raise ZeroDivisionError("a bug behind the help key")

    monkeypatch.setattr(app_module.OfficersChessApp, "action_help", boom)
    monkeypatch.setattr(app_module.OfficersChessApp, "run",
                        lambda self, **kw: real_run(self, headless=True, size=(80, 24), auto_pilot=play_then_break))
    assert main(["play", "training_yard", "--seed", "3"]) == EXIT_CRASH
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    log = data_dir() / CRASH_LOG
    assert len(lines) == 1, err
    assert "ZeroDivisionError: a bug behind the help key" in lines[0] and str(log) in lines[0]
    assert "The battle is autosaved: officers-chess resume goes on with it." in lines[0]
    assert "Traceback" not in err
    details = log.read_text(encoding="utf-8")
    assert "Traceback" in details and "ZeroDivisionError" in details and "def boom" not in err
    found = newest_unfinished()
    assert found is not None and not found.skipped
    resumed = resume_state(found.saved)
    assert resumed.actions >= 2 and not resumed.note


def test_an_unforeseen_error_outside_the_screens_is_one_line_too(monkeypatch, capsys):
    from officers_chess.commands import validate

    monkeypatch.setattr(validate, "cmd_validate", lambda args: 1 / 0)  # main() builds its parser afresh
    assert main(["validate", "x"]) == EXIT_CRASH
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "ZeroDivisionError" in err and CRASH_LOG in err


# --- keys typed together (a quick typist, key repeat, a paste of keys) --------------------------------


async def test_enter_typed_right_after_yes_to_quit_does_not_stop_the_game_on_its_way_out():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=1)  # two players
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog)
        burst(app, "y", "enter")  # the Enter would open the hiring screen as the game closes
        await pilot.pause()
    assert app.return_code == 0 and app.crash is None


async def test_esc_ctrl_p_and_a_letter_typed_together_leave_no_search_running():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "escape", "ctrl+p", "d")  # Esc closes the search Ctrl+P opened; "d" was on its way to it
        await pilot.pause()  # the keys handled,
        await app.workers.wait_for_complete()  # and any search they started run to its end, however long it takes
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.return_code is None


async def test_a_section_key_and_esc_typed_together_in_the_rules_browser():
    from officers_chess.tui.dialogs.rule_card import RuleCard

    app = training_yard()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        battle = app.screen
        app.explain(next(iter(app.reference())))
        await pilot.pause()
        assert isinstance(app.screen, RuleCard)
        burst(app, "enter", "2", "escape")  # to the browser, another section, and out before it is drawn
        await wait_until(pilot, lambda: app.screen is battle or app.return_code is not None)
        assert app.screen is battle and app.return_code is None


async def test_keys_typed_ahead_of_a_screen_being_built_do_nothing():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        burst(app, "escape", "down", "enter", "enter", "h")  # out of the rules, Enter starts the battle, "h" before its map exists
        # Pushed is not yet built: leaving the test while the battle mounts would tear it down mid-mount.
        await wait_until(pilot, lambda: (isinstance(app.screen, BattleScreen) and app.screen.is_mounted)
                     or app.return_code is not None)
        assert isinstance(app.screen, BattleScreen) and app.return_code is None
        await pilot.pause()
        assert app.screen.query(MapView)


async def test_names_made_of_markup_are_shown_as_written_in_the_battle(tmp_path):
    from test_random_keys import hostile_scenario

    from officers_chess.session.modes import Mode
    from officers_chess.tui.widgets.forecast_pane import ForecastPane
    from pilot_helpers import walk_cursor

    app = OfficersChessApp(scenario=hostile_scenario(tmp_path), seed=1)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter", "enter")  # select it, stay where it is: the action menu, titled with its name
        await pilot.pause()
        assert c.mode is Mode.ACTING
        assert app.screen.query_one(ForecastPane).border_title == Text(f"{unit.name}: action").markup
        assert unit.name in flat(app) and "[/] Yard [b]" in flat(app)


async def test_page_keys_in_a_list_with_no_room_do_nothing():
    import officers_chess.tui.app  # noqa: F401  (the game's workarounds are made as it loads)
    from textual.widgets import OptionList

    class Squeezed(App):
        CSS = "OptionList { height: 0; }"

        def compose(self):
            yield OptionList(*[f"option {n}" for n in range(30)])

    app = Squeezed()
    async with app.run_test() as pilot:
        options = app.query_one(OptionList)
        options.focus()
        options.highlighted = 0
        await pilot.press("pagedown", "pageup", "pagedown")
        assert options.highlighted == 0


def test_the_textual_workarounds_still_have_their_target():
    # textual_fixes.py wraps Textual internals: after an upgrade, check whether the bugs are still there.
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    import officers_chess.tui.app  # noqa: F401

    assert getattr(OptionList._move_page, "officers_chess_fix", False)
    assert callable(getattr(CommandPalette, "_gather_commands", None))
    import textual.dom

    assert getattr(textual.dom._watch, "officers_chess_fix", False)  # a data-bound widget's watcher is pruned
