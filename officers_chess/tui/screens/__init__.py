"""One screen per phase of play: title, battle, result."""
