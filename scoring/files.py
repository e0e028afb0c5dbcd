"""Opening a file that someone may have replaced with what is not one (a link to ``/dev/zero``, a named pipe):
refused by what it is before a byte is read, never waited on or read without end."""

from __future__ import annotations

import errno
import os
import stat

from scoring.i18n.engine import engine_words

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (a command starts faster)
if TYPE_CHECKING:
    from typing import BinaryIO

    from scoring.i18n.sentences import Words


class NotRegularFile(OSError):
    """``path`` is not a regular file: ``what`` says what it is ("a link to a device"); ``str()`` says so as the
    detail after a file's name, in the language in use when it is shown."""

    def __init__(self, path: str | os.PathLike[str], what: Words):
        super().__init__(errno.EINVAL, None, os.fspath(path))
        self.strerror = None  # said by __str__, in the language in use when shown
        self.what = what

    @property
    def detail(self) -> Words:
        """What is wrong and what is allowed, to follow the file's name."""
        return engine_words("file.not_regular", what=self.what)

    def __str__(self) -> str:
        return str(self.detail)


def kind_of(path: str | os.PathLike[str], mode: int) -> Words:
    """What the entry ``path`` whose (followed) mode is ``mode`` is, as a message names it: "a named pipe",
    "a link to a device"."""
    kind = ("device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "pipe" if stat.S_ISFIFO(mode)
            else "socket" if stat.S_ISSOCK(mode) else "folder" if stat.S_ISDIR(mode) else "other")
    return engine_words(f"file.{'link_' if os.path.islink(path) else ''}{kind}")


def not_regular(path: str | os.PathLike[str]) -> Words | None:
    """What ``path`` is if it is there and is not a regular file (nor a link to one); None for a regular file
    or nothing at all. Looks without opening it."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None if not os.path.islink(path) else engine_words("file.link_other")
    return None if stat.S_ISREG(mode) else kind_of(path, mode)


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` open for reading bytes if it is a regular file, or a link to one.

    Anything else raises :class:`NotRegularFile` saying what it is, at once: a named pipe is opened without
    waiting for a writer and a device is never read. A folder raises :class:`IsADirectoryError`, as
    :func:`open` does; other failures raise the :class:`OSError` :func:`open` would.
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, kind_of(path, mode))
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
