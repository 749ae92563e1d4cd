"""Reading a file with care: devices, pipes and oversized files are refused before a byte is read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from officers_chess.content.errors import ContentError


NO_SUCH_FILE = "no such file"


def _kind_problem(mode: int) -> str | None:
    """Why a file of this mode is not one to read (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def _checked(path: Path, status: os.stat_result, limit: int) -> None:
    problem = _kind_problem(status.st_mode)
    if problem is not None:
        raise ContentError(path, problem)
    if status.st_size > limit:
        raise ContentError(path, f"file is larger than {limit} bytes")


_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))


def read_bytes(path: Path | str, limit: int) -> bytes:
    """A file's bytes, or a ContentError saying plainly why not: missing, a folder, a device or a pipe (a
    symlink is followed: what counts is the file it leads to), larger than `limit` bytes, not allowed.

    It never blocks and never reads more than `limit` + 1 bytes: the kind and size are checked before
    opening, the file is opened without waiting (a pipe would wait for a writer), checked again once open
    (it may have been swapped in between), and read no further than the limit (a file may grow, and some
    report no size at all)."""
    path = Path(path)
    try:
        status = os.stat(path)
    except (FileNotFoundError, NotADirectoryError, ValueError):  # ValueError: a name with a NUL byte
        raise ContentError(path, NO_SUCH_FILE) from None
    except OSError as exc:
        raise ContentError(path, exc.strerror or "cannot be read") from None
    _checked(path, status, limit)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        raise ContentError(path, NO_SUCH_FILE) from None
    except IsADirectoryError:
        raise ContentError(path, "is a folder, not a file") from None
    except OSError as exc:
        raise ContentError(path, exc.strerror or "cannot be read") from None
    try:
        _checked(path, os.fstat(fd), limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise ContentError(path, exc.strerror or "cannot be read") from None
    finally:
        os.close(fd)
    if left <= 0:
        raise ContentError(path, f"file is larger than {limit} bytes")
    return b"".join(chunks)


def read_head(path: Path | str, size: int) -> bytes:
    """The first `size` bytes of a regular file (b"" when it is no such thing or cannot be read): a peek
    that, like read_bytes, never blocks on a pipe nor reads a device."""
    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):
            return b""
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError):
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def read_text(path: Path | str, limit: int) -> str:
    """A file's UTF-8 text, or a ContentError saying plainly why it cannot be read (see read_bytes; a byte
    that is not UTF-8 is named with its line)."""
    path = Path(path)
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(path, f"is not UTF-8 text (byte 0x{data[exc.start]:02x})", line) from None
