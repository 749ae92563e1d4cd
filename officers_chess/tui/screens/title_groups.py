"""The title's list in groups (learn, battles, campaigns, the other editions), one group open at a time, so every
group's header stays in sight at 80×24."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from officers_chess.rules.combat.editions import DEFAULT_EDITION

LEARN, BATTLES, CAMPAIGNS, EDITIONS = "learn", "battles", "campaigns", "editions"
GROUPS = (LEARN, BATTLES, CAMPAIGNS, EDITIONS)
HEADERS = {LEARN: "Learn to play", BATTLES: f"Battles ({DEFAULT_EDITION})", CAMPAIGNS: "Campaigns",
           EDITIONS: "Other editions"}  # (ratings and d100: each entry names its own)
LEARN_LABEL = "A guided first battle"
LEARN_DONE_LABEL = "✓ Guided battle · again?"  # once it was won (session/tutorial_progress.py keeps the mark)
LEARN_ON_LABEL = "Go on from step {step} of {steps}"  # a guided battle left part-way (rulings L89)
WIDTH = 28  # the list's inner width at 80 columns, less its scroll bar: a longer label is cut with an ellipsis, never wrapped


@dataclass(frozen=True)
class Row:
    """One line of the list: a group's header, the guided battle, or a battle or campaign by its place in the
    screen's own lists (`index`)."""

    kind: str  # "header", "learn", "battle", "campaign"
    group: str
    index: int = 0

    @property
    def option_id(self) -> str:
        return f"{self.group}" if self.kind == "header" else f"{self.kind}-{self.index}"


def rows(battles: list[int], editions: list[int], campaigns: int, open_group: str | None) -> list[Row]:
    """The list's rows: each group's header, and under the open group its entries. `battles` and `editions` are
    indexes into the screen's scenarios (the default edition's and the others'); Learn to play is always open (it
    has one entry)."""
    members = {LEARN: [Row("learn", LEARN)], BATTLES: [Row("battle", BATTLES, i) for i in battles],
               CAMPAIGNS: [Row("campaign", CAMPAIGNS, i) for i in range(campaigns)],
               EDITIONS: [Row("battle", EDITIONS, i) for i in editions]}
    found: list[Row] = []
    for group in GROUPS:
        if not members[group]:
            continue  # a group with nothing in it is not listed
        found.append(Row("header", group))
        if group == LEARN or group == open_group:
            found += members[group]
    return found


def header_label(group: str, count: int, open_: bool) -> Text:
    """A group's header: bold, with its count and a mark saying whether it is open (▾) or folded (▸)."""
    words = HEADERS[group] if group == LEARN else f"{'▾' if open_ else '▸'} {HEADERS[group]} · {count}"
    text = Text(words, "bold", no_wrap=True, overflow="ellipsis")
    text.truncate(WIDTH, overflow="ellipsis")
    return text


def entry_label(label: Text) -> Text:
    """An entry under its header, indented; a name too long for one line goes on to a second, further indented, at
    a space (rulings L70: "d100 Low Water at Millbro…" hid the name), and only a name too long for both is cut."""
    room = WIDTH - 2
    text = Text("  ", no_wrap=True, overflow="ellipsis")
    if label.cell_len <= room or " " not in label.plain[1:room + 1]:
        text.append_text(label)
        text.truncate(WIDTH, overflow="ellipsis")
        return text
    cut = label.plain.rindex(" ", 1, room + 1)
    rest = label[cut + 1:]
    rest.truncate(WIDTH - 4, overflow="ellipsis")
    text.append_text(label[:cut])
    text.append("\n    ")
    text.append_text(rest)
    return text
