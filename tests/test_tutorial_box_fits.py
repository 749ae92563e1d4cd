"""At 80×24 the guided battle's box shows every step's text, every word for a player off the path, the enemy's turn
over and the end, whole: none cut by the box's bottom edge."""

from __future__ import annotations


from pilot_helpers import wait_until
from test_tutorial_lessons import intended_first_round
from textual.geometry import Region

from officers_chess.rules.pieces.models import Side
from officers_chess.session.tutorial import LESSONS, NOW, NUDGES, WATCH_OVER, WATCH_REST, turn_told
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.tutorial import TutorialScreen
from officers_chess.tui.screens.tutorial_box import TutorialBox


def words(text: str) -> str:
    return " ".join(text.split())


def box_shows(screen) -> str:
    """The words the box paints inside its frame, as a player reads them (lines joined), at its laid-out size."""
    box = screen.query_one("#guide")
    strips = box.render_lines(Region(0, 0, box.outer_size.width, box.outer_size.height))
    inside = [strip.text.strip()[1:-1] for strip in strips[1:-1]]  # the frame's sides off
    return words(" ".join(inside))


async def test_every_guide_text_is_whole_in_the_box_at_80x24():
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_tutorial()
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialBox))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialScreen))
        screen = app.screen
        longest = max((u.name for u in screen.controller.state.units if u.side is Side.ATTACKER), key=len)
        thief = max((u.name for u in screen.controller.state.units if u.side is Side.DEFENDER), key=len)
        _, turns, _ = intended_first_round()
        did = max((" ".join(said) for *_, said in turns), key=len)  # what the log says of a thief's first turn
        texts = [("", lesson.text) for lesson in LESSONS]
        texts += [("", seen) for lesson in LESSONS for seen in lesson.seen.values()]  # words to read, once shown
        texts += [("", f"{lesson.text} {marked}") for lesson in LESSONS for marked in lesson.marked.values()]  # zone on
        texts += [(nudge.format(name=longest), "") for nudge in NUDGES.values()]
        texts += [("", now.format(name=longest)) for now in NOW.values()]  # a step's words as the player goes on
        texts += [("", f"{now.format(name=longest)} {marked}") for now in NOW.values()
                  for lesson in LESSONS for marked in lesson.marked.values()]
        texts += [("", WATCH_OVER.format(did=did, rest=rest.format(name=thief))) for rest in WATCH_REST.values()]
        # Off the path a thief may walk up and strike: a move, three swings and a rout. Told in full, its dice pushed
        # "Press Enter to go on." out of the box (a newcomer's play-test); the box tells it in short.
        swing = f"  {thief}: d20 2 vs ≤12: hit, 10 HP lost → {longest} 10 HP"
        struck = turn_told([f"{thief} moves 10,10 → 10,10 (cost 5).", f"{thief} attacks {longest}.\n{swing}\n"
                            f"  {longest}: d20 19 vs ≤11: miss\n{swing}", f"{longest} is routed and leaves the field."],
                           screen.controller.state)
        assert "d20" not in struck and f"{thief} attacks {longest} (" in struck
        texts += [("", WATCH_OVER.format(did=struck, rest=rest.format(name=thief))) for rest in WATCH_REST.values()]
        texts += [("", "The thieves held the meadow. Enter on the result, and "
                                                          "try again.")]
        for n, shown in enumerate(texts):
            screen.draw_guide(f"Step {n % len(LESSONS) + 1}/{len(LESSONS)}: {LESSONS[n % len(LESSONS)].title}", shown)
            await pilot.pause()
            held = words(screen.query_one("#guide").content.plain)  # all the box holds, the way back first
            assert words(shown[0] or shown[1]) in held
            assert box_shows(screen) == held, f"cut: {held!r} shows as {box_shows(screen)!r}"
