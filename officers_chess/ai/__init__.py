"""The computer opponent: policies that build an army and play a battle through the legal-actions interface."""
