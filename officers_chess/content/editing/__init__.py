"""The map editor's working parts, no Textual: the draft and its strokes, undo, round-trip files, live checks."""
