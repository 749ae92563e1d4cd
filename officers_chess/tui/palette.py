"""The game's colour schemes: how tiles, sides, overlays and text accents look, classic or safe for colour-blind eyes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.style import Style
from textual.theme import Theme

from officers_chess.rules.pieces.models import Side

# Colour only ever helps: every state also has a glyph, a letter case or a mark (see map_view and lookout).


@dataclass(frozen=True)
class Palette:
    """Every colour the screens draw with, under one name."""

    name: str  # as typed after --theme
    title: str  # as shown on screen
    textual_theme: str  # the Textual theme for borders, buttons and the footer
    terrain: Mapping[str, Style]
    side: Mapping[Side, Style]  # a unit ready to act
    spent: Mapping[Side, Style]  # a unit that has acted this round
    side_text: Mapping[Side, str]  # a side's colour in text (names, banners)
    move: Style
    attack: Style
    target: Style
    fog: Style
    chest: Style
    objective: Style
    danger: Style
    move_danger: Style
    path: Style
    heat: tuple[Style, Style, Style]  # best rout chance from a tile: none / some / likely
    selected: Style
    cursor: Style
    tag: str  # tag names in sheets and lists
    note: str  # modifiers, rule titles, orders: things to read twice
    warning: str  # something to fix before going on
    good: str  # ready, allowed
    error: str  # refused
    hint: str  # what the keys do now
    threat: str  # an enemy that could rout this unit
    words: Mapping[str, str]  # the colours by name, for the help screen: attacker, defender, move, strike, target, heat


    def tile(self, terrain_id: str) -> Style:
        """A tile's colours; a terrain the palette has no colours for (a new edition's) draws as plains."""
        return self.terrain.get(terrain_id) or self.terrain["plains"]

    def side_banner(self, side: Side) -> str:
        """A side's name as a block of colour (the name itself says which side it is)."""
        return f"bold reverse {self.side_text[side]}"


TERRAIN: dict[str, Style] = {
    "plains": Style(color="#7a8c5a", bgcolor="#1d2417"),
    "sand": Style(color="#c9b37a", bgcolor="#2b2618"),
    "building": Style(color="#b0a090", bgcolor="#2a2420"),
    "ruins": Style(color="#8a8070", bgcolor="#221f1a"),
    "floor": Style(color="#807868", bgcolor="#262320"),
    "stairs": Style(color="#a09888", bgcolor="#262320"),
    "bridge": Style(color="#c0a070", bgcolor="#3a2c1c"),
    "village_gate": Style(color="#d0b080", bgcolor="#2a2418"),
    "sea": Style(color="#6aa0e0", bgcolor="#0e2240"),
    "river": Style(color="#7ab8f0", bgcolor="#15305a"),
    "mountain": Style(color="#c8c0b8", bgcolor="#3a3430", bold=True),
    "desert": Style(color="#e0c880", bgcolor="#3a3018"),
    "forest": Style(color="#5ad05a", bgcolor="#12301a", bold=True),
    "pillars": Style(color="#d0d0d0", bgcolor="#2a2a2e"),
    "snag": Style(color="#b08050", bgcolor="#15305a"),
    "wall": Style(color="#a0a0a8", bgcolor="#44444c", bold=True),
    "door": Style(color="#e0b060", bgcolor="#44444c", bold=True),
    "fort": Style(color="#f0d060", bgcolor="#3a3220", bold=True),
    "castle_gate": Style(color="#f0d060", bgcolor="#3a3220", bold=True),
    "throne": Style(color="#f0d060", bgcolor="#4a2040", bold=True),
    # tiles only the d100 edition's table has
    "thicket": Style(color="#7ac05a", bgcolor="#1a2a12", bold=True),
    "fog": Style(color="#b8c0c8", bgcolor="#2e3238"),
    "protection_tile": Style(color="#f0d060", bgcolor="#203a3a", bold=True),
    "heal_tile": Style(color="#80f0a0", bgcolor="#183a28", bold=True),
    "stone_pillars": Style(color="#d8d0c0", bgcolor="#3a3632", bold=True),
    "vines": Style(color="#60b040", bgcolor="#1d2417"),
    "flames": Style(color="#ffb040", bgcolor="#5a1a08", bold=True),
    "ice": Style(color="#e0f4ff", bgcolor="#3a5a70", bold=True),
}

CLASSIC = Palette(
    name="classic",
    title="classic",
    textual_theme="textual-dark",
    terrain=TERRAIN,
    side={
        Side.ATTACKER: Style(color="#ffffff", bgcolor="#2050c0", bold=True),
        Side.DEFENDER: Style(color="#ffffff", bgcolor="#b02828", bold=True),
    },
    spent={
        Side.ATTACKER: Style(color="#a0b0d0", bgcolor="#28324a"),
        Side.DEFENDER: Style(color="#d0a0a0", bgcolor="#4a2828"),
    },
    side_text={Side.ATTACKER: "#6f9cff", Side.DEFENDER: "#ff7070"},
    move=Style(bgcolor="#2f5f9f"),
    attack=Style(bgcolor="#7a3030"),
    target=Style(bgcolor="#c04040", bold=True),
    fog=Style(color="#505050", bgcolor="#0c0c0c", bold=False),
    chest=Style(color="#ffd700", bold=True),
    objective=Style(underline=True, bold=True),
    danger=Style(bgcolor="#5a2a5a"),
    move_danger=Style(bgcolor="#4a3a8a"),
    path=Style(bgcolor="#4f8fdf", bold=True),
    heat=(Style(bgcolor="#2f5f9f"), Style(bgcolor="#6a5a20"), Style(bgcolor="#a07a10", bold=True)),
    selected=Style(color="#000000", bgcolor="#e0b020", bold=True),
    cursor=Style(reverse=True, bold=True),
    tag="italic #c0a0ff",
    note="#c0a0ff",
    warning="#ffb060",
    good="bold green",
    error="bold #ff8080",
    hint="bold yellow",
    threat="#ff9090",
    words={"attacker": "blue", "defender": "red", "move": "blue", "strike": "dark red", "target": "bright red",
           "heat": "amber: some, bright: likely"},
)

# Okabe and Ito's palette, whose colours stay apart under the common forms of colour blindness:
# blue against orange for the sides, sky blue for movement, vermilion for attacks, reddish purple
# for danger, yellow for the heatmap. Nothing pairs red with green.
OKABE_ITO = {
    "orange": "#e69f00", "sky": "#56b4e9", "green": "#009e73", "yellow": "#f0e442",
    "blue": "#0072b2", "vermilion": "#d55e00", "purple": "#cc79a7",
}
CLEAR = Palette(
    name="colour-blind",
    title="colour-blind safe",
    textual_theme="officers-colour-blind",
    terrain={**TERRAIN, "forest": Style(color="#8fd3b0", bgcolor="#10302a", bold=True),
             "throne": Style(color="#f0e442", bgcolor="#3a2a40", bold=True)},
    side={
        Side.ATTACKER: Style(color="#ffffff", bgcolor=OKABE_ITO["blue"], bold=True),
        Side.DEFENDER: Style(color="#000000", bgcolor=OKABE_ITO["orange"], bold=True),
    },
    spent={
        Side.ATTACKER: Style(color="#a8c8e0", bgcolor="#1c3448"),
        Side.DEFENDER: Style(color="#e8c890", bgcolor="#4a3810"),
    },
    side_text={Side.ATTACKER: OKABE_ITO["sky"], Side.DEFENDER: OKABE_ITO["orange"]},
    move=Style(bgcolor="#1d5a80"),
    attack=Style(bgcolor="#8a3c00"),
    target=Style(color="#000000", bgcolor=OKABE_ITO["vermilion"], bold=True),
    fog=Style(color="#505050", bgcolor="#0c0c0c", bold=False),
    chest=Style(color=OKABE_ITO["yellow"], bold=True),
    objective=Style(underline=True, bold=True),
    danger=Style(bgcolor="#6a3c58"),
    move_danger=Style(bgcolor="#54407a"),
    path=Style(color="#000000", bgcolor=OKABE_ITO["sky"], bold=True),
    heat=(Style(bgcolor="#1d5a80"), Style(bgcolor="#6a6420"), Style(color="#000000", bgcolor="#c8be30", bold=True)),
    selected=Style(color="#000000", bgcolor=OKABE_ITO["yellow"], bold=True),
    cursor=Style(reverse=True, bold=True),
    tag=f"italic {OKABE_ITO['purple']}",
    note=OKABE_ITO["purple"],
    warning=OKABE_ITO["yellow"],
    good=f"bold {OKABE_ITO['sky']}",
    error=f"bold {OKABE_ITO['vermilion']}",
    hint=f"bold {OKABE_ITO['yellow']}",
    threat=OKABE_ITO["vermilion"],
    words={"attacker": "blue", "defender": "orange", "move": "blue", "strike": "brown", "target": "vermilion",
           "heat": "olive: some, yellow: likely"},
)

PALETTES: dict[str, Palette] = {p.name: p for p in (CLASSIC, CLEAR)}

COLOUR_BLIND_THEME = Theme(
    name=CLEAR.textual_theme,
    primary=OKABE_ITO["blue"],
    secondary=OKABE_ITO["orange"],
    accent=OKABE_ITO["sky"],
    warning=OKABE_ITO["yellow"],
    error=OKABE_ITO["vermilion"],
    success=OKABE_ITO["green"],
    dark=True,
)

# Text helpers are plain functions called from many widgets, and one terminal runs one game,
# so the palette in use is kept here rather than threaded through every call.
_in_use: list[Palette] = [CLASSIC]


def palette() -> Palette:
    """The palette the screens draw with now."""
    return _in_use[0]


def use(name: str) -> Palette:
    """Draw with the named palette from now on (KeyError if there is none by that name)."""
    _in_use[0] = PALETTES[name]
    return _in_use[0]


def next_palette() -> Palette:
    """The palette after the one in use, round the list."""
    names = list(PALETTES)
    return PALETTES[names[(names.index(palette().name) + 1) % len(names)]]
