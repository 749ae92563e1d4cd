"""The rules reference: every rule, tag, status and terrain in our words, and where each tag may appear."""
