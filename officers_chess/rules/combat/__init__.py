"""Combat: one exchange of blows worked out exactly, with each edition of the rules plugged in as its numbers."""
