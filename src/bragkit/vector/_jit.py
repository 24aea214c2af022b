"""The optional numba compiler of the vector kernels (extra ``speed``).

The kernels are plain Python over numpy arrays; :func:`jit` compiles them with
``numba.njit`` when numba is installed and the environment variable ``BRAGKIT_NUMBA`` is not
``0``, and returns them unchanged otherwise (the pure-Python fallback, same results, slower).

>>> from bragkit.vector.layout import see_cost   # a kernel, compiled or not
>>> BACKEND in ("numba", "python"), callable(see_cost)
(True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable
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
