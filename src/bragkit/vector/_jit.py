"""The optional numba compiler of the vector kernels (extra ``speed``).

The kernels are plain Python over numpy arrays; :func:`jit` compiles them with
``numba.njit`` when numba is installed and the environment variable ``BRAGKIT_NUMBA`` is not
``0``, and returns them unchanged otherwise (the pure-Python fallback, same results, slower).

numba's on-disk cache (``__pycache__/*.nbi``, ``*.nbc``, or under ``NUMBA_CACHE_DIR``)
checks only the source file of each function, not the constants and inlined kernels it takes
from the package's other modules (a changed column of :mod:`bragkit.vector.layout` left stale
observation kernels writing out of bounds).  :func:`_drop_stale_cache` therefore keeps a
stamp of the kernel modules (:data:`KERNEL_MODULES`) and of the engine's phase, status and
action-slot numbering they take as constants, and empties the package's numba cache when one
changed.  Only those: a stamp of every module of the package emptied the cache (minutes of
CPU to compile again) whenever ``warm.py``, ``engine.py`` or a docstring elsewhere changed.

>>> from bragkit.vector.layout import see_cost   # a kernel, compiled or not
>>> BACKEND in ("numba", "python"), callable(see_cost)
(True, True)
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol, TypeVar, cast

__all__ = ["BACKEND", "INLINE", "KERNEL_MODULES", "jit"]

F = TypeVar("F", bound=Callable[..., object])


def _numba_wanted() -> bool:
    if os.environ.get("BRAGKIT_NUMBA", "1") == "0":
        return False
    try:
        import numba  # noqa: F401
    except ImportError:  # pragma: no cover - the speed extra is installed in dev
        return False
    return True


BACKEND: str = "numba" if _numba_wanted() else "python"
"""``"numba"`` when the kernels are compiled, ``"python"`` for the interpreted fallback."""

INLINE: Literal["always", "never"] = (
    "never" if os.environ.get("BRAGKIT_NUMBA_INLINE") == "never" else "always")
"""numba's ``inline`` option for every kernel: ``"always"`` (the default: about twice the
decisions/s, about ten times the compile CPU) or ``"never"`` (``BRAGKIT_NUMBA_INLINE=never``:
the same results, compiled in a tenth of the time; ``make test`` uses it, with a cache of
its own)."""


KERNEL_MODULES: tuple[str, ...] = ("_jit.py", "layout.py", "between.py", "kernels.py",
                                   "observe.py")
"""The modules whose source the compiled kernels depend on (the jitted functions, what they
inline and the constants they read)."""


def _numbering() -> bytes:
    """The engine's numbering the kernels take as constants (:mod:`bragkit.vector.layout`)."""
    from bragkit.engine.contract import Phase, SeatStatus
    from bragkit.engine.discrete import ActionSpace

    slots = [slot.name for slot in ActionSpace.for_engine("brag").slots]
    return repr(([p.name for p in Phase], [s.name for s in SeatStatus], slots)).encode()


class _Found(Protocol):
    def get_cache_path(self) -> str: ...


class _Locator(Protocol):
    def from_function(self, py_func: Callable[[], bytes], py_file: str) -> _Found | None: ...


def _numba_cache_dir(package: Path) -> Path:
    """Where numba caches the package's kernels: ``NUMBA_CACHE_DIR`` when set, else the
    package's ``__pycache__`` (numba's own choice of locator, for a function of ``package``)."""
    from numba.core.caching import CacheImpl

    probe = package / "_jit.py"
    # numba keeps its locators in a private list; without it (another numba), the default
    locators = cast("list[_Locator]", getattr(CacheImpl, "_locator_classes", []))
    for locator in locators:
        found = locator.from_function(_numbering, str(probe))
        if found is not None:
            return Path(found.get_cache_path())
    return package / "__pycache__"


def _drop_stale_cache(package: Path, cache: Path | None = None) -> bool:
    """Remove the numba cache files in ``cache`` (default: where numba caches ``package``)
    unless the kernel modules and the numbering are as when they were written (a stamp beside
    them); True when files were removed."""
    digest = hashlib.sha256(_numbering() + INLINE.encode())
    for name in KERNEL_MODULES:
        module = package / name
        digest.update(name.encode() + b"\0" + module.read_bytes())
    stamp = digest.hexdigest()
    if cache is None:
        cache = _numba_cache_dir(package)
    mark = cache / "bragkit-vector-numba.stamp"
    try:
        if mark.read_text() == stamp:
            return False
    except OSError:
        pass
    removed = False
    for old in (*cache.glob("*.nbi"), *cache.glob("*.nbc")):
        try:
            old.unlink()
            removed = True
        except OSError:
            pass
    try:
        cache.mkdir(parents=True, exist_ok=True)
        mark.write_text(stamp)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass
    return removed


if BACKEND == "numba":
    _drop_stale_cache(Path(__file__).parent)


def jit(func: F) -> F:
    """``func`` compiled with ``numba.njit(cache=True)``, or unchanged (see the module).

    Kernels are inlined into their callers (``inline="always"``, :data:`INLINE`): a call
    between compiled functions that pass arrays costs reference counting on every array,
    more than the small kernels themselves."""
    if BACKEND != "numba":
        return func
    import numba

    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy",
                              inline=INLINE)(func))
