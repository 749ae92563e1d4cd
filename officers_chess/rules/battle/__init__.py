"""The battle: its state, whose turn it is, the actions and what they do, upkeep, events and victory."""
