"""The `officers-chess` command line: one module a command (or a family of them), each adding its parser."""
