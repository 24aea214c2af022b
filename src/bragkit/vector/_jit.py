"""The optional numba compiler of the vector kernels (extra ``speed``).

The kernels are plain Python over numpy arrays; :func:`jit` compiles them with
``numba.njit`` when numba is installed and the environment variable ``BRAGKIT_NUMBA`` is not
``0``, and returns them unchanged otherwise (the pure-Python fallback, same results, slower).

numba's on-disk cache (``__pycache__/*.nbi``, ``*.nbc``) checks only the source file of each
function, not the constants and inlined kernels it takes from the package's other modules
(a changed column of :mod:`bragkit.vector.layout` left stale observation kernels writing out
of bounds).  :func:`_drop_stale_cache` therefore keeps a stamp of every module of the
package and empties the package's numba cache when one changed.

>>> from bragkit.vector.layout import see_cost   # a kernel, compiled or not
>>> BACKEND in ("numba", "python"), callable(see_cost)
(True, True)
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

__all__ = ["BACKEND", "jit"]

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


def _drop_stale_cache(package: Path) -> bool:
    """Remove the numba cache files of ``package`` unless every module is as when they were
    written (a stamp of the modules' sources beside them); True when files were removed."""
    digest = hashlib.sha256()
    for module in sorted(package.glob("*.py")):
        digest.update(module.name.encode() + b"\0" + module.read_bytes())
    stamp = digest.hexdigest()
    cache = package / "__pycache__"
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
        cache.mkdir(exist_ok=True)
        mark.write_text(stamp)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass
    return removed


if BACKEND == "numba":
    _drop_stale_cache(Path(__file__).parent)


def jit(func: F) -> F:
    """``func`` compiled with ``numba.njit(cache=True)``, or unchanged (see the module).

    Kernels are inlined into their callers (``inline="always"``): a call between compiled
    functions that pass arrays costs reference counting on every array, more than the
    small kernels themselves."""
    if BACKEND != "numba":
        return func
    import numba

    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy",
                              inline="always")(func))
