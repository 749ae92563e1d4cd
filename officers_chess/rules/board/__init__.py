"""The board: terrain and its tables, and the tile grid of a battle map."""
