"""The Textual interface: title, battle and result screens over the rules core."""
