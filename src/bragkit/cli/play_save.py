"""Where and how ``brag play`` (and ``brag casino play``) save their hand histories.

Every finished deal is written atomically, so an interruption leaves a valid history.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from bragkit.cli.history_guard import (
    clean_temporaries,
    free_name,
    refuse_existing,
    temporary_prefix,
)
from bragkit.engine.table import Table as GameTable
from bragkit.errors import HistoryError
from bragkit.history import dumps, history_of

__all__ = ["default_history_dir", "history_path", "save_history", "seeded", "write_atomically"]


def seeded(seed: int | None) -> str:
    """What a game's banner says of its chance: a seed the user asked for is said, with what
    it means; an unseeded game (unpredictable shuffles) has no seed to say.

    >>> seeded(7), seeded(None)
    ('seeded: 7 (deals are predictable); ', '')
    """
    return "" if seed is None else f"seeded: {seed} (deals are predictable); "


def save_history(session: GameTable, path: Path) -> int:
    """Write the finished deals of ``session`` to ``path`` atomically; return their number.

    A file that cannot be written is a :class:`~bragkit.errors.HistoryError` (one line).
    """
    history = history_of(session)
    done = len(session.records)
    history = dataclasses.replace(history, deals=history.deals[:done])
    write_atomically(path, dumps(history))
    return done


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` at once (a temporary file, fsync, rename): an
    interruption leaves the old file or the new one, never a part.  Errors are
    :class:`~bragkit.errors.HistoryError` (one line)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix(path), dir=path.parent)
    except OSError as error:
        raise HistoryError(f"cannot write the history {path}: {error.strerror or error}") \
            from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary file, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException as error:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise HistoryError(f"cannot write the history {path}: "
                               f"{error.strerror or error}") from None
        raise


def default_history_dir() -> Path:
    """Where ``brag play`` saves histories by default (never the current directory).

    ``$BRAG_HISTORY_DIR`` if set, else the user's data directory:
    ``$XDG_DATA_HOME/bragkit/histories`` or ``~/.local/share/bragkit/histories``
    (``%LOCALAPPDATA%\\bragkit\\histories`` on Windows).

    >>> import os
    >>> os.environ["BRAG_HISTORY_DIR"] = "/tmp/h"
    >>> default_history_dir().as_posix()
    '/tmp/h'
    >>> del os.environ["BRAG_HISTORY_DIR"]
    """
    chosen = os.environ.get("BRAG_HISTORY_DIR")
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("LOCALAPPDATA" if os.name == "nt" else "XDG_DATA_HOME")
    if base:
        return Path(base) / "bragkit" / "histories"
    return Path.home() / ".local" / "share" / "bragkit" / "histories"


def history_path(given: str | None, prefix: str, seed: int | None,
                 save: Callable[[Path], object], console: Console) -> Path:
    """Where a session saves its hands: ``given``, else ``PREFIX-TIME.json`` (with
    ``-seedSEED`` when the user asked for a seed) in
    :func:`default_history_dir` (in ``brag-histories`` here if that cannot be written).
    ``save(path)`` writes the empty history at once, so the place is known to be writable.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp()) / "h.json"
    >>> history_path(str(where), "play", 1, lambda p: p.write_text("{}"), Console()).name
    'h.json'
    """
    if given is not None:
        path = Path(given)
        refuse_existing(path)  # never destroy a file (docs/history-format.md)
        clean_temporaries(path.parent)
        save(path)
        return path
    name = f"{prefix}-{time.strftime('%Y%m%d-%H%M%S')}{'' if seed is None else f'-seed{seed}'}.json"
    try:
        path = free_name(default_history_dir() / name)
        clean_temporaries(path.parent)
        save(path)
    except (HistoryError, RuntimeError) as error:  # RuntimeError: no home directory
        path = free_name(Path("brag-histories") / name)
        console.print(f"[yellow]{error}[/yellow]; saving in the current directory")
        save(path)
    return path
