"""Hiring at 80×24: the details pane describes the class the shop highlights, and that row stays in sight when a
taller description shortens the list (rulings L40)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList

from officers_chess.tui.widgets.scroll_box import ScrollBox

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.hiring import TALL_DETAILS, TALL_FROM, HiringScreen

from muster_keys import hand_over, press


def row_in_sight(shop: OptionList) -> bool:
    """Whether the highlighted row (one line each: the shop does not wrap) is inside the list's visible rows."""
    top, room = shop.scroll_offset.y, shop.scrollable_content_region.height
    return top <= shop.highlighted < top + room


async def test_the_details_follow_the_highlight_and_the_row_stays_in_sight():
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        shop = screen.query_one("#shop", OptionList)
        # Past the rows that fit beside the shortest details: at 80×24, around row 10, taller descriptions start
        # shortening the list.
        await pilot.press(*["down"] * 7)
        for _ in range(6):
            await press(pilot, "down")
            name = (shop.highlighted_option.id or "").partition(":")[2]
            described = screen.query_one("#details", ScrollBox).content.renderables[0].plain
            assert described.startswith(f"{name} ("), (name, described)
            assert row_in_sight(shop), f"{name} is highlighted but scrolled out of sight"
        # A description taller than the pane (a later edition's class with many tags) says so on the border, and ]
        # turns its page.
        details = screen.query_one("#details", ScrollBox)
        details.update(Text("\n".join(f"tag line {n}" for n in range(15))))
        await pilot.pause()
        assert "↓ more" in str(details.border_subtitle)
        await press(pilot, "right_square_bracket")
        assert details.scroll_y > 0 and "↑" in str(details.border_subtitle)
        assert details.outer_size.height == TALL_DETAILS and app.size.height >= TALL_FROM  # the room the test below counts


def test_every_class_and_item_of_the_bundled_catalogue_fits_the_details_pane_at_80_columns():
    # The pane under the lists has a most height at 80×24: at 8 rows Troubadour, Taguel, Manakete and Ashen Brand
    # (with its "cannot use" note) lost their last line. The later editions' classes carry more tags: there the
    # pane scrolls, and says so (the pilot test above).
    import io

    from rich.console import Console

    from officers_chess.tui.widgets.army_text import class_details, item_details

    rows = TALL_DETAILS - 2  # at 80×24, less its borders
    width = 80 - 2 - 2  # borders and padding
    console = Console(width=width, file=io.StringIO())
    options = console.options.update(width=width)
    catalogue = load_scenario(find_scenario("practice_muster")).catalogue
    described = [(c.name, class_details(c, 100)) for c in catalogue.classes.values()]
    described += [(i.name, item_details(i, 100, "A Cleric cannot use this.")) for i in catalogue.items.values()]
    for what, body in described:
        lines = console.render_lines(body, options, pad=False)
        assert len(lines) <= rows, f"{what} takes {len(lines)} rows, the pane shows {rows}"


async def test_the_shop_says_its_letters_are_map_letters_and_does_not_set_them_as_keys():
    # A bold capital left of each name read as the key that hires that class; it is the class's letter on the map.
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        shop = app.screen.query_one("#shop", OptionList)
        assert str(shop.border_title) == "Map letter · class · gold"  # at 80 columns; wide: "Map · class · ..."
        for index in range(shop.option_count):
            row = shop.get_option_at_index(index).prompt
            assert isinstance(row, Text)
            letter = next(span for span in row.spans if span.start == 0)
            assert "bold" not in str(letter.style)
