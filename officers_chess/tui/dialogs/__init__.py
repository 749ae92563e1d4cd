"""Modal dialogs: confirmations and the help overlay."""
