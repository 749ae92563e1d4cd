"""The battle record behind saves and replays: the seed, the armies and every action with its state hash."""
