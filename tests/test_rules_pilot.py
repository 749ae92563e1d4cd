"""The rules reference in the app: the browser (F1), the palette's search (Ctrl+P) and the explain key (e)."""

from __future__ import annotations

import textwrap

import pytest
from textual.command import CommandPalette
from textual.widgets import Static
from pilot_helpers import painted, screen_text, select_and_stay, wait_until, walk_cursor

from officers_chess.content.loaders import load_catalogue, load_scenario
from officers_chess.rules.combat.editions import EDITIONS
from officers_chess.rules.reference.rulebook import RULES, STATUS_TEXT, TAG_TEXT, edition_rules, rule_id
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.explain import ExplainChooser
from officers_chess.tui.dialogs.rule_card import RuleCard
from officers_chess.session.modes import Mode
from officers_chess.tui.reference import SECTIONS, markdown, reference
from officers_chess.tui.rules_search import text_snippet
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.rules_browser import RulesBrowser
from officers_chess.tui.screens.title import TitleScreen


def _card_words(card: RuleCard) -> str:
    return " ".join(str(card.query_one("#card", Static).render()).split())


def _squeezed(app) -> str:
    return "".join(screen_text(app).split())


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_rule_tag_status_class_and_item_is_in_the_browsers_markdown(edition):
    catalogue = load_catalogue(edition)
    book = edition_rules(edition)
    entries = reference(catalogue)
    assert len(entries) == len(book) + len(catalogue.classes) + len(catalogue.items) + len(catalogue.arts)
    browser = RulesBrowser(entries)
    pages = {kind: browser.section_markdown(kind) for kind in browser.kinds}
    assert set(pages) == set(SECTIONS) - ({"art"} if not catalogue.arts else set())
    for rid, rule in book.items():
        page = pages[rule.kind]
        assert f"### {rule.title}\n" in page, rid
        assert rule.text.split(";")[0].replace("*", "\\*") in page, rid
    if edition == "v0.6":  # the browser shows the rulebook's own v0.6 text
        for name in TAG_TEXT:
            assert f"### {RULES[rule_id(name)].title}\n" in pages["tag"] or RULES[rule_id(name)].kind == "rule", name
        for name, text in STATUS_TEXT.items():
            assert f"### {name}\n\n{text}" in pages["status"]
    else:  # and a later edition's its own: no v0.6-only entry, and its own text for shared ones
        assert "devil" not in entries and "status-broken" in entries
        assert entries["hit-roll"].text == book["hit-roll"].text != RULES["hit-roll"].text
    for name in catalogue.classes:
        assert f"### {name}\n" in pages["class"]
    for name in catalogue.items:
        assert f"### {name}\n" in pages["item"]
    # The whole reference in one document has every page in it.
    whole = markdown(entries)
    assert all(page.strip() in whole for page in pages.values())


async def test_the_browser_opens_from_the_title_turns_sections_and_closes():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "F1 Rules" in await painted(pilot, "F1 Rules")  # in the footer (at 80 columns the title's own keys fill it)
        await pilot.press("f1")
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, RulesBrowser)
        assert browser.kind == "rule" and "Hit roll" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert browser.kind == "tag" and "Armored" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_the_browser_opens_over_a_battle_with_its_catalogue_and_leaves_it_as_it_was():
    loaded = load_scenario("scenarios/training_yard.yaml")
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        before = battle.controller.state
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser)
        assert app.catalogue_in_play() is loaded.catalogue
        await pilot.press("5")  # classes
        await pilot.pause()
        assert "Mercenary" in screen_text(app)
        await pilot.press("f1")  # F1 closes it again
        await pilot.pause()
        assert app.screen is battle and battle.controller.state is before


async def test_the_palette_finds_brave_and_shows_its_card_then_the_browser_at_it():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Brave")
        await wait_until(pilot, lambda: "Brave(tag)" in _squeezed(app))  # the palette gathers hits in a worker
        assert "Brave(tag)" in _squeezed(app)  # the match is highlighted letter by letter, hence no spaces
        await pilot.press("enter")
        await pilot.pause()
        card = app.screen
        assert isinstance(card, RuleCard) and card.entry.key == "brave"
        assert TAG_TEXT["Brave"] in _card_words(card) and "Brave" in screen_text(app)
        await pilot.press("enter")  # show it in the browser
        await pilot.pause()
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, RulesBrowser)
        assert browser.kind == "tag" and browser.entry_on_top == "brave"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_ctrl_q_still_asks_to_quit_with_the_palette_enabled():
    from officers_chess.tui.dialogs.confirm import ConfirmDialog

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)


SWORD_AGAINST_AXE = textwrap.dedent("""\
    name: Sword and Axe
    map: training_yard
    edition: v0.6
    briefing: A sword against an axe, side by side.
    first_deployer: attacker
    armies:
      attacker:
        - {name: Hale, class: Mercenary, items: [Iron Sword], at: [7, 3]}
      defender:
        - {name: Bram, class: Fighter, items: [Iron Axe], at: [8, 3]}
    """)


async def test_e_on_the_forecast_explains_the_weapon_triangle(tmp_path):
    path = tmp_path / "scenarios" / "sword_and_axe.yaml"
    path.parent.mkdir()
    path.write_text(SWORD_AGAINST_AXE)
    app = OfficersChessApp(scenario=load_scenario(path), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        c = battle.controller
        await select_and_stay(pilot, battle, "Hale")
        await pilot.press("a")
        await pilot.pause()
        assert c.mode is Mode.TARGETING and c.forecast() is not None
        assert any(m.rule == "weapon-triangle" for m in c.forecast().plan.modifiers)
        await pilot.press("e")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ExplainChooser)
        keys = [key for _, key in chooser.choices]
        # Every modifier line of the pane has its own entry, even two from the same rule.
        triangle_lines = [m for m in c.forecast().plan.modifiers if m.rule == "weapon-triangle"]
        assert len(triangle_lines) > 1 and keys.count("weapon-triangle") == len(triangle_lines)
        assert "Weapon triangle" in screen_text(app)
        await pilot.press(str(keys.index("weapon-triangle") + 1))
        await pilot.pause()
        card = app.screen
        assert isinstance(card, RuleCard) and card.entry.key == "weapon-triangle"
        assert "Swords beat axes" in _card_words(card) and "Weapon triangle" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is battle and c.mode is Mode.TARGETING


async def test_e_on_a_unit_lists_its_class_items_and_terrain_and_enter_chooses():
    loaded = load_scenario("scenarios/training_yard.yaml")
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        wren = next(u for u in battle.controller.state.units if u.name == "Wren")
        await walk_cursor(pilot, battle, wren.pos)
        await pilot.press("e")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ExplainChooser)
        keys = [key for _, key in chooser.choices]
        assert keys[0] == "class-archer" and "item-iron-bow" in keys and keys[-1].startswith("terrain-")
        await pilot.press("enter")  # the first choice is highlighted
        await pilot.pause()
        assert isinstance(app.screen, RuleCard) and app.screen.entry.key == "class-archer"


def test_a_text_snippet_needs_every_word_and_starts_on_a_whole_word():
    text = "A critical hit doubles the damage left after Defense or Resistance, whatever the weapon or the Skill."
    assert text_snippet("DOUBLES damage", text).startswith("A critical hit doubles")
    assert text_snippet("doubles healing", text) is None
    assert text_snippet("of a", text) is None  # only short words: nothing to look for
    far = "word " * 40 + "the Resistance counts here and nowhere else at all"
    snippet = text_snippet("resistance", far)
    assert snippet.startswith("…word ") and "Resistance" in snippet and len(snippet) <= 72


async def test_the_palette_finds_an_entry_by_words_in_its_text():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        entries = app.reference()
        wanted = [e for e in entries.values() if "doubles the damage" in e.text.lower()]
        assert wanted and all("doubles" not in e.title.lower() for e in wanted)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"doubles the damage")
        await wait_until(pilot, lambda: "doubles the damage" in screen_text(app))
        assert wanted[0].title in screen_text(app) and "doubles the damage" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RuleCard) and app.screen.entry.key in {e.key for e in wanted}
