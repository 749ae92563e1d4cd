"""Officer's Chess: a Fire Emblem-style tabletop skirmish wargame for the terminal."""

__version__ = "0.1.0"
