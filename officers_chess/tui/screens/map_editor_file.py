"""The map editor's file: saving it (a name asked for when it has none), and leaving (mixed into MapEditorScreen)."""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from officers_chess.content.editing.folders import free_path
from officers_chess.content.errors import os_reason
from officers_chess.content.user_data import data_dir
from officers_chess.session.map_fit import LARGE, WIDE
from officers_chess.session.map_start import own_maps_folder
from officers_chess.tui.dialogs.editor_dialogs import ChoiceDialog, FieldsDialog
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.editor_canvas import EditorCanvas


# The two editors' one layout (the map, the side pane, the status line) and their cursor keys.
EDITOR_CSS = """
    SCREEN { layout: vertical; }
    #work { height: 1fr; }
    #canvas { width: 1fr; height: 100%; border: round $primary; }
    #side { width: 36; height: 100%; border: round $primary; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    #side Static { margin-bottom: 1; }
    #status { height: auto; max-height: 2; background: $boost; padding: 0 1; }
    """
SIDE_WIDTH = 36  # the side pane's width in EDITOR_CSS
WIDE_LAYOUT = 100  # the columns from which the side pane grows into the room the map leaves
CANVAS_LEAST = 44  # the map pane's least width there: room for its title (the name, the size, the cursor)
CANVAS_EDGES = 3  # the map pane's border (a cell each side) and its scroll bar
BELOW_WORK = 3  # the lines under the panes at most: the footer and a status line of two
CURSOR_KEYS = (
    Binding("left,h", "cursor(-1, 0)", "Cursor", key_display="←↑↓→"),
    Binding("right,l", "cursor(1, 0)", show=False),
    Binding("up,k", "cursor(0, -1)", show=False),
    Binding("down,j", "cursor(0, 1)", show=False),
)


def wide_pair(key: str, action: str, label: str, *arguments: object, key_display: str | None = None,
              group: Binding.Group | None = None) -> list[Binding]:
    """A key the footer shows only on a wide terminal (WideFooter), and its hidden twin that does the same at 80
    columns, where the side pane lists it (ruling ED8). Keys of one `group` share one label in the footer."""
    wide = ", ".join([repr(action), *(repr(a) for a in arguments)])
    plain = f"{action}({', '.join(repr(a) for a in arguments)})" if arguments else action
    return [Binding(key, f"wide({wide})", label, key_display=key_display, group=group),
            Binding(key, plain, label, show=False)]


class WideFooter:
    """The footer's wide twins (wide_pair) take their key from WIDE_FOOTER columns on, and show there."""

    WIDE_FOOTER = 140

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "wide":
            return self.app.size.width >= self.WIDE_FOOTER  # type: ignore[attr-defined]
        return True

    def action_wide(self, action: str, *parameters: object) -> None:
        getattr(self, f"action_{action}")(*parameters)

    def on_resize(self) -> None:
        self.refresh_bindings()  # type: ignore[attr-defined]


def corner_words(corner: tuple[int, int], pos: tuple[int, int], key: str, what: str) -> str:
    """The status line while a rectangle's first corner waits (ruling ED42): where it is, where the other would be,
    and the keys that finish or cancel it."""
    first = f"{corner[0] + 1},{corner[1] + 1}"
    if pos == corner:
        return (f"{what}: corner 1 at {first}: move to the other corner and press {key} again, or Enter "
                f"({key} here makes it this one tile; Esc: cancel)")
    width, height = abs(pos[0] - corner[0]) + 1, abs(pos[1] - corner[1]) + 1
    return (f"{what}: corner 1 at {first}, the other at {pos[0] + 1},{pos[1] + 1} ({width}×{height}): press {key} "
            "or Enter (Esc: cancel)")


def editor_folder() -> Path:
    """Where the editor keeps its autosaves."""
    return data_dir() / "editor"


class MapEditorFile:
    """w / Ctrl+S and q / Esc of the map editor; Ctrl+Q's question while it is open. The scenario editor shares
    them: WHAT, own_folder and file_stem say what is being saved and where a copy goes."""

    @property
    def canvas(self) -> EditorCanvas:
        return self.query_one(EditorCanvas)  # type: ignore[attr-defined]

    def say(self, words: str, style: str = "") -> None:
        self.query_one("#status", Static).update(Text(words, style))  # type: ignore[attr-defined]

    def fit_side(self) -> None:
        """From WIDE_LAYOUT columns on, the side pane takes the room the map does not need (ruling ED43): the large
        blocks' where the whole map fits in them and the side keeps its width, else two cells a tile; narrower, it
        keeps SIDE_WIDTH and the map the rest (ruling ED51)."""
        total, lines = self.app.size  # type: ignore[attr-defined]
        width = SIDE_WIDTH
        block_lines = lines - BELOW_WORK - 2  # (its frame's two lines)
        if block_lines != self.canvas.block_lines:
            self.canvas.block_lines = block_lines
            self.canvas.show(self.canvas.draft)  # its scale again, whatever the order the two heard of the resize
        if total >= WIDE_LAYOUT:
            draft = self.canvas.draft
            large = draft.width * LARGE.across + CANVAS_EDGES
            tall = draft.height * LARGE.lines_per_row <= block_lines
            need = large if tall and total - large >= SIDE_WIDTH else draft.width * WIDE.across + CANVAS_EDGES
            width = max(SIDE_WIDTH, total - max(CANVAS_LEAST, need))
        side = self.query_one("#side")  # type: ignore[attr-defined]
        if side.styles.width is None or side.styles.width.value != width:
            side.styles.width = width

    def on_resize(self) -> None:
        self.fit_side()

    def offer_autosave(self, question: str) -> None:
        """On opening: an autosave that differs from what was opened is offered back (rulings ED6, ED12)."""
        recovered = self.autosave.recover()  # type: ignore[attr-defined]
        if recovered is not None and recovered != self.draft:  # type: ignore[attr-defined]
            self.app.push_screen(ChoiceDialog(  # type: ignore[attr-defined]
                question, [("r", "restore it", "restore"), ("d", "discard it", "discard")]), self._restored)

    def _restored(self, answer: str | None) -> None:
        recovered = self.autosave.recover()  # type: ignore[attr-defined]
        if answer == "restore" and recovered is not None and self.history.do(recovered, "the autosave restored"):  # type: ignore[attr-defined]
            self._changed("Autosave restored (u undoes it).")  # type: ignore[attr-defined]
        elif answer != "restore":
            self.autosave.clear()  # type: ignore[attr-defined]
            self.say("Autosave discarded.")

    WHAT = "map"

    def own_folder(self) -> Path:
        return own_maps_folder()

    def file_stem(self) -> str:
        return "_".join(self.draft.name.lower().split()) or "new_map"

    def action_save(self, then=None) -> None:
        """Write the map to its file (asking for a name when it has none, or when its folder refuses)."""
        if self.file.path is None:
            self._ask_name(then)
        else:
            self._write(self.file.path, then)

    def _ask_name(self, then, why: str = "") -> None:
        folder = self.own_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.cwd()
        stem = self.file_stem()
        suggestion = self.file.path or (free_path(folder, self.copy_of.stem, renamed=True) if self.copy_of is not None
                                        else folder / f"{stem}.yaml")
        if self.copy_of is not None and not why:
            why = f"The game's own {self.WHAT} stays as it is: your version is saved as a new file."

        def done(values: list[str] | None) -> None:
            if values is not None:
                self._write(target_path(values[0]), then)

        note = (why + " " if why else "") + "A .yaml file in a folder you can write to."
        self.app.push_screen(FieldsDialog(f"Save the {self.WHAT} as", [("File", str(suggestion))],
                                          lambda values: refusal(values[0], self.file.path), note), done)

    def _write(self, target: Path, then) -> None:
        problem = refusal(str(target), target)
        if problem is not None:
            self._ask_name(then, problem)
            return
        try:
            written = self.file.save(self.draft, target)
        except OSError as exc:
            self._ask_name(then, f"{target} could not be written ({os_reason(exc)}).")
            return
        self.autosave.clear()
        self.autosave = type(self.autosave)(editor_folder(), written)
        self.copy_of = None  # the author's own file from now on
        self.history.saved = self.draft
        self._side()
        errors = sum(p.error for p in self.problems)
        if errors:
            self.say(f"Saved as a draft to {written}, with {errors} error{'s' * (errors != 1)}: fix "
                     f"{'it' if errors == 1 else 'them'} before a battle is fought on it.", palette().warning)
        else:
            self.say(f"Saved to {written}.", palette().good)
        if then is not None:
            then()

    def action_leave(self) -> None:
        canvas = self.canvas
        if canvas.anchor is not None:  # Esc first forgets a rectangle's corner
            canvas.anchor = None
            canvas.refresh()
            self.say("Corner forgotten.")
            return
        if not self.unsaved:
            self._leave()
            return

        def answered(answer: str | None) -> None:
            if answer == "save":
                self.action_save(then=self._leave)
            elif answer == "leave":
                self._leave()

        self.app.push_screen(ChoiceDialog(
            f"The {self.WHAT} has changes not saved to its file.",
            # ^s as in the editor, where s is another key (the scenario editor's Setup): a play-test mixed them up.
            [("ctrl+s", "save, then leave", "save"), ("l", "leave without saving", "leave")], escape="stay"), answered)

    @property
    def unsaved(self) -> bool:
        """Changes a file does not have: for a new map, any stroke not undone."""
        return self.history.unsaved and (self.history.saved is not None or self.history.can_undo)

    def _leave(self) -> None:
        self.autosave.clear()  # saved, or the author chose to leave the changes
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

    def quit_question(self) -> str:
        """Ctrl+Q's question: the autosave keeps what is not saved."""
        if self.unsaved:
            return (f"Quit? The {self.WHAT}'s changes are not saved to its file; the editor's autosave keeps them, and "
                    f"opening the {self.WHAT} again offers them back.")
        return "Quit the game?"


def target_path(text: str) -> Path:
    """The file a name typed in the save dialog means: relative to the working folder, .yaml added when missing."""
    path = Path(text.strip()).expanduser()
    if not path.is_absolute():
        path = Path.cwd() / path
    return path if path.suffix in (".yaml", ".yml") else path.with_name(path.name + ".yaml")


def refusal(text: str, current: Path | None) -> str | None:
    """Why the map cannot be saved as `text` (None when it can): no name, no such folder, a folder not the author's
    to write, or another file already there."""
    if not text.strip():
        return "Give the file a name."
    path = target_path(text)
    folder = path.parent
    if not folder.is_dir():
        return f"There is no folder {folder}."
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{folder} is not a folder you can write to: choose another."
    if path.is_dir():
        return f"{path} is a folder: give a file name."
    if path.exists() and (current is None or path.resolve() != current.resolve()):
        return f"{path.name} is there already: give another name (the editor never writes over another file)."
    return None
