"""The battle and the muster as a seat at the table sees and plays them, with no Textual: the turn controller,
its views and menus, the per-seat logs, the lookout, the muster and campaign sessions. The Textual app draws
only what this package hands it."""
