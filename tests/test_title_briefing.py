"""The title screen's briefing tells each side how it wins, what it must not lose, and the time limit."""

from __future__ import annotations

from rich.console import Console

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.tui.screens.title_briefing import briefing


def text_of(group) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    console.print(group)
    return " ".join(console.export_text().split())


def test_the_briefing_states_both_sides_conditions_and_the_time_limit():
    loaded = load_scenario(find_scenario("grey_teeth_crossing"))
    text = text_of(briefing(loaded))
    sc = loaded.scenario
    for side, rules in sc.sides.items():
        for cond in rules.victory:
            if cond.kind == "protect":
                assert f"if {cond.unit} is routed" in text
            else:
                assert f"{cond.describe(side)} ({cond.tier})" in text
    assert f"Time limit: {sc.time_limit.rounds} rounds" in text


def test_without_conditions_the_briefing_shows_the_default_rout():
    text = text_of(briefing(load_scenario(find_scenario("training_yard"))))
    assert "Attacker wins: rout every defender unit (decisive)." in text
    assert "seize" not in text  # no seize tiles on that map


def test_the_briefing_says_who_leads_the_rounds_after_the_first():
    """Round 1 is not the whole story: after it, whoever runs out of units first leads, and under a game master
    the players' side opens every round."""
    harrowdale = text_of(briefing(load_scenario(find_scenario("harrowdale_border"))))
    assert "The attacker deploys first; the defender acts first." in harrowdale
    assert "From round 2, the side that ran out of units to activate first leads the round." in harrowdale
    ford = text_of(briefing(load_scenario(find_scenario("ford_skirmish"))))  # one side both deploys and acts first
    assert "The defender deploys and acts first." in ford and "From round 2" in ford
    wardens = text_of(briefing(load_scenario(find_scenario("d100_thornmere_wardens"))))
    assert "Every round the attacker opens with one activation; then the defender takes three in a row." in wardens
    assert "From round 2" not in wardens


def test_learn_to_play_is_named_in_one_wording_on_the_title_and_in_its_welcome():
    """The title's Learn to play and the guided battle's first box call it the same thing, in words a newcomer reads
    one way ("of our own" and "of your own" each read as something else; rulings L76)."""
    from officers_chess.tui.screens.title_briefing import GROUP_WORDS, WHAT_IT_IS
    from officers_chess.tui.screens.tutorial import WELCOME

    title = GROUP_WORDS["learn"][1]
    assert title.startswith(f"{WHAT_IT_IS} that shows") and WELCOME.startswith(f"{WHAT_IT_IS} on Mill Meadow")
    assert WHAT_IT_IS == "A short practice battle"
    for words in (title, WELCOME):
        assert "of our own" not in words and "of your own" not in words


def test_training_yards_briefing_says_plainly_what_the_attacker_must_do_in_time():
    """A newcomer who played the attacker cautiously lost on time without having read that time was against them:
    the briefing says it in one plain clause, with the rounds and the units the rules hold (rulings L99)."""
    from officers_chess.rules.pieces.models import Side

    loaded = load_scenario(find_scenario("training_yard"))
    sc = loaded.scenario
    text = text_of(briefing(loaded))
    assert sc.time_limit.winner is Side.DEFENDER and len(sc.armies[Side.DEFENDER]) == 2
    assert f"The attacker must rout both defenders within {sc.time_limit.rounds} rounds, or the defenders win" in text
    # The reason a clause in brackets, said once (the briefing's first sentence says what the attacker must do).
    assert f"Time limit: {sc.time_limit.rounds} rounds (the drill sergeant calls time); then the defender wins." in text


def test_a_briefing_names_its_map_unless_the_battle_bears_the_same_name():
    """Training Yard's briefing read "Training Yard" and then "Training Yard · 10×8 tiles" (a play-test)."""
    import io

    from rich.console import Console

    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.tui.screens.title_briefing import briefing

    def lines(name: str) -> list[str]:
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(briefing(load_scenario(find_scenario(name))))
        return console.export_text().splitlines()

    yard = lines("training_yard")
    assert yard[0] == "Training Yard" and not any(line.startswith("Training Yard ·") for line in yard)
    assert any(line.startswith("10×8 tiles · rules v0.6") for line in yard)
    assert any(line.startswith("Wychmere Fen · 16×12 tiles") for line in lines("wychmere_beacon"))
