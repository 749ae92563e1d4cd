"""The scenario: a battle as its author sets it up, checked before it is played, and the room each side has to deploy."""
