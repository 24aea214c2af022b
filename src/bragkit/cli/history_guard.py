"""Never destroy a file when a game starts: ``--history FILE`` checks, and stale saves.

``brag play --history FILE`` and ``brag casino play --history FILE`` refuse a FILE that
already holds something (docs/history-format.md, "Where histories are saved"):

* a bragkit history is never overwritten and never appended to: a game always starts its
  own file, so a history stays the record of one table (replay it with ``brag replay``);
* any other non-empty file is left untouched too;
* an empty file (``touch``, ``mktemp``) may be used.

Every save writes a temporary file ``.NAME.tmpPID.XXXXXXXX`` beside the history and renames
it; a kill during a save can leave one behind.  :func:`clean_temporaries` removes those of
processes that no longer run when the next game starts in that folder.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "notes.txt").write_text("my notes")
8
>>> refuse_existing(folder / "notes.txt")
Traceback (most recent call last):
...
bragkit.errors.HistoryError: --history .../notes.txt exists and is not a bragkit history; \
it is left untouched: give a new file name
>>> refuse_existing(folder / "new.json")   # a new file is fine
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Final

from bragkit.errors import BragError, HistoryError
from bragkit.limits import load_json

__all__ = ["clean_temporaries", "free_name", "refuse_existing", "temporary_prefix"]

_TEMP: Final = re.compile(r"\.(?P<name>.+\.json)\.tmp(?P<pid>[0-9]{1,10})\.[A-Za-z0-9_]+")
_LEGACY_TEMP: Final = re.compile(r"\.(?P<name>.+\.json)\.[A-Za-z0-9_]{8}")
_LEGACY_AGE: Final = 3600.0
"""Seconds after which a temporary file of the old naming (no process id) is stale."""
_SNIFF: Final = 1 << 20
"""Bytes of an existing file read to tell whether it is a bragkit history."""


def temporary_prefix(path: Path) -> str:
    """The name prefix of the temporary files a save of ``path`` writes (with this process's id).

    >>> temporary_prefix(Path("h.json")).startswith(".h.json.tmp")
    True
    """
    return f".{path.name}.tmp{os.getpid()}."


def refuse_existing(path: Path) -> None:
    """Raise one :class:`~bragkit.errors.HistoryError` if ``path`` holds anything: a game never
    overwrites a file (a bragkit history or any other); an empty file or no file is fine."""
    try:
        info = path.stat()
    except OSError:  # no such file (or no such folder: the save says it cannot write)
        return
    if path.is_dir():
        raise HistoryError(f"--history {path} is a folder: give a file name")
    if info.st_size == 0:
        return
    deals = _history_deals(path)
    if deals is not None:
        count = "" if deals < 0 else f" ({deals} deal{'s' if deals != 1 else ''})"
        raise HistoryError(f"--history {path} already holds a bragkit history{count}; a game "
                           "never overwrites or continues one: give a new file name (brag "
                           "replay reads the old one)")
    raise HistoryError(f"--history {path} exists and is not a bragkit history; it is left "
                       "untouched: give a new file name")


def _history_deals(path: Path) -> int | None:
    """The number of deals of the bragkit history in ``path`` (-1: too large to count), or
    None if it is not one."""
    try:
        with path.open("rb") as fh:
            head = fh.read(_SNIFF)
            whole = len(head) < _SNIFF
    except OSError:
        return None
    if not whole:  # a large file: a history if it starts like one
        return -1 if b'"bragkit-history/' in head[:4096] else None
    try:
        data = load_json(head.decode("utf-8"), "history")
    except (UnicodeDecodeError, BragError):
        return None
    if not isinstance(data, dict) or "deals" not in data or "rules" not in data:
        return None
    deals = data["deals"]
    return len(deals) if isinstance(deals, list) else 0


def free_name(path: Path) -> Path:
    """``path``, or ``NAME-2.json``, ``NAME-3.json``... if it is taken (two games started in
    the same second get two files).

    >>> import tempfile
    >>> taken = Path(tempfile.mkdtemp()) / "play.json"
    >>> _ = taken.write_text("{}")
    >>> free_name(taken).name
    'play-2.json'
    """
    candidate = path
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def clean_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files that interrupted saves left in ``folder`` (those of
    processes no longer running, and old-style ones over an hour old); return them.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> stale = folder / ".h.json.tmp999999999.abcdefgh"
    >>> _ = stale.write_text("{")
    >>> [p.name for p in clean_temporaries(folder)], stale.exists()
    (['.h.json.tmp999999999.abcdefgh'], False)
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        if not name.startswith(".") or not entry.is_file(follow_symlinks=False):
            continue
        m = _TEMP.fullmatch(name)
        try:
            info = entry.stat(follow_symlinks=False)
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                continue
            if m is not None and os.name != "nt":
                stale = not _running(int(m["pid"]))
            else:
                stale = ((m is not None or _LEGACY_TEMP.fullmatch(name) is not None)
                         and now - info.st_mtime > _LEGACY_AGE)
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # Windows' os.kill would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process (or a pid this system cannot name): keep
    return True
