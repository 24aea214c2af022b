"""The on-disk cache of ranking tables, checked by hashes.

Building a ranking's tables classifies every three-card hand of its pack in
pure Python (tens to hundreds of milliseconds).  The result (the flat table of
dense ordinals and each ordinal's category) is saved once per ranking and
loaded by later processes in about a millisecond.

* The file lives in a folder named by a digest of the source of every module
  of :mod:`bragkit.hands` and :mod:`bragkit.cards` (plus the module defining
  the ranking class), and is named by a digest of the ranking's spec and pack,
  so changing a classifier never reads an old table.  Folders of other source
  versions unused for an hour are removed when a new one is made.
* The file holds a SHA-256 of its table: a damaged or truncated file is
  ignored and rebuilt, never used.
* The folder is ``$BRAG_CACHE_DIR``, else ``$XDG_CACHE_HOME/bragkit``, else
  ``~/.cache/bragkit``.  ``BRAG_CACHE_DIR=off`` turns the cache off; a folder
  that cannot be written only costs the rebuild.

>>> import array
>>> table = RankTable(array.array("h", [-1, 0, 1]), ("low", "high"))
>>> decode(encode("toy", table), "toy") == table
True
>>> decode(encode("toy", table)[:-1], "toy") is None     # damaged: rebuilt, never read
True
"""

from __future__ import annotations

import array
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

__all__ = ["RankTable", "cache_dir", "cache_file", "decode", "encode", "load", "store"]

_MAGIC: Final = b"bragkit-rank-table 1\n"
_SOURCES: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class RankTable:
    """A ranking's tables: dense ordinals by flat index (-1 invalid), each ordinal's category."""

    flat: array.array[int]
    categories: tuple[str, ...]

    @property
    def class_count(self) -> int:
        """Number of distinct strengths."""
        return len(self.categories)


def cache_dir() -> Path | None:
    """The cache folder (see the module docs), or None when the cache is off.

    >>> import os
    >>> old = os.environ.get("BRAG_CACHE_DIR")
    >>> os.environ["BRAG_CACHE_DIR"] = "off"
    >>> cache_dir() is None
    True
    >>> os.environ["BRAG_CACHE_DIR"] = "/tmp/x"
    >>> str(cache_dir())
    '/tmp/x'
    >>> _ = os.environ.pop("BRAG_CACHE_DIR") if old is None else os.environ.update(
    ...     BRAG_CACHE_DIR=old)
    """
    chosen = os.environ.get("BRAG_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "none") else Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "bragkit"


def _source_digest(files: tuple[Path, ...]) -> str:
    key = ",".join(str(f) for f in files)
    found = _SOURCES.get(key)
    if found is not None:
        return found
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    found = digest.hexdigest()
    _SOURCES[key] = found
    return found


def _sources_of(cls: type) -> tuple[Path, ...]:
    """The files a ranking's tables depend on: every module of bragkit.hands, bragkit.cards
    and the modules of the class and its bases (the same set whatever is imported)."""
    here = Path(__file__).resolve().parent
    files = {*here.glob("*.py"), here.parent / "cards.py"}
    for base in cls.__mro__:
        module = sys.modules.get(base.__module__)
        path = getattr(module, "__file__", None)
        if base.__module__.startswith("bragkit.") and path is not None:
            files.add(Path(path).resolve())
    return tuple(sorted(files))


def cache_file(spec: str, pack_ids: tuple[int, ...], cls: type) -> Path | None:
    """Where the tables of ranking ``spec`` over ``pack_ids`` live (None: not cached).

    Rankings defined outside ``bragkit`` (tests, ``__main__``) are not cached.
    """
    folder = cache_dir()
    if folder is None or not cls.__module__.startswith("bragkit."):
        return None
    try:
        sources = _source_digest(_sources_of(cls))
    except OSError:
        return None
    name = hashlib.sha256(f"{spec}|{cls.__qualname__}|{pack_ids}".encode())
    return folder / f"tables-{sources[:16]}" / f"ranking-{name.hexdigest()[:32]}.bin"


def _prune(folder: Path) -> None:
    """Remove the tables of other source versions, unused for an hour (a new folder only)."""
    import shutil
    import time

    cutoff = time.time() - 3600
    for other in folder.parent.glob("tables-*"):
        if other != folder and other.is_dir() and other.stat().st_mtime < cutoff:
            shutil.rmtree(other, ignore_errors=True)


def encode(spec: str, table: RankTable) -> bytes:
    """The bytes of a cache file: a header line (spec, categories, SHA-256), then the table."""
    payload = table.flat.tobytes()
    header = {"spec": spec, "categories": list(table.categories), "size": len(table.flat),
              "itemsize": table.flat.itemsize, "byteorder": sys.byteorder,
              "sha256": hashlib.sha256(payload).hexdigest()}
    return _MAGIC + json.dumps(header).encode() + b"\n" + payload


def decode(data: bytes, spec: str) -> RankTable | None:
    """The table held by ``data``, or None unless every check passes."""
    if not data.startswith(_MAGIC):
        return None
    end = data.find(b"\n", len(_MAGIC))
    if end < 0:
        return None
    try:
        header = json.loads(data[len(_MAGIC):end])
    except ValueError:
        return None
    payload = data[end + 1:]
    flat = array.array("h")
    if (not isinstance(header, dict) or header.get("spec") != spec
            or header.get("itemsize") != flat.itemsize or header.get("byteorder") != sys.byteorder
            or header.get("sha256") != hashlib.sha256(payload).hexdigest()
            or len(payload) != flat.itemsize * int(header.get("size", -1))):
        return None
    categories = header.get("categories")
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        return None
    flat.frombytes(payload)
    return RankTable(flat, tuple(categories))


def load(path: Path | None, spec: str) -> RankTable | None:
    """The table cached at ``path``, or None (missing, unreadable or failing a check)."""
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return decode(data, spec)


def store(path: Path | None, spec: str, table: RankTable) -> None:
    """Save ``table`` at ``path`` atomically (a temporary file renamed); errors are ignored."""
    if path is None:
        return
    import tempfile

    try:
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
            _prune(path.parent)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".ranking-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(encode(spec, table))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return
