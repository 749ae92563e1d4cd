"""Campaigns: chapters played in turn, with the gold, veterans and losses each player carries between them."""
