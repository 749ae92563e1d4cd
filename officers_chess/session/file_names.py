"""Names the player types that become file names (a battle saved with Ctrl+S, an army saved as a roster): what
every operating system takes, checked in the dialog, so a name never reaches the disk to fail there."""

from __future__ import annotations

import unicodedata

FORBIDDEN = '/\\:*?"<>|'  # separators, and what Windows refuses in a file name
# Unicode's control, format, surrogate, private-use and unassigned characters, and its line breaks: a NUL
# cannot be in a path at all, a lone surrogate cannot be written to the disk, the rest cannot be seen.
UNSEEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# Windows keeps these names for devices, whatever follows the dot.
DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)), *(f"LPT{n}" for n in range(1, 10))}


def file_name_problem(name: str, limit: int) -> str | None:
    """Why `name` (as typed; spaces at either end do not count) cannot name a file, in words for the player;
    None when it can."""
    name = name.strip()
    rule = f"A name of 1 to {limit} characters, without / \\ : * ? \" < > | and not starting with a dot."
    if not name or len(name) > limit or any(c in FORBIDDEN for c in name) or name.startswith("."):
        return rule
    if has_unseen(name):
        return "That name holds a character that cannot be seen (a tab, a line break or a control character)."
    if name.endswith(".") or name.split(".")[0].strip().upper() in DEVICES:
        return "Windows cannot use that name for a file: please choose another."
    return None


def has_unseen(text: str) -> bool:
    """Whether `text` holds a character that cannot be seen (a NUL, an escape, a line break...)."""
    return any(unicodedata.category(c) in UNSEEN for c in text)
