"""The pieces: units, classes, items, tags, statuses and scripted orders, how they move and what they cost."""
