"""Running a simulation's blocks on a Ray cluster (the optional ``bragkit[distributed]`` extra).

Each block is one Ray task running :func:`bragkit.sim.runner.run_block`, a pure function of
``(config, index)`` and of bragkit's code; so the totals are those of a local run with the
same seed, *provided the workers run the same code*.  Ray workers are fresh processes that
import bragkit from wherever their node has it, which need not be what this process loaded
(another version on a cluster node, or a source tree edited after this process started).
So every task also returns its worker's :func:`code_fingerprint`, and a block computed by
different code is an error, never a silently different total.

``address=None`` joins the Ray instance this process has already started (``ray.init()``)
or starts a local one; give ``"auto"``, ``HOST:PORT`` or a ``ray://`` address to join a
cluster.  An address nobody answers at is refused after a few seconds, not waited on.

>>> len(code_fingerprint()) == 16 and code_fingerprint() == code_fingerprint()
True
>>> check_same_code("abc", "abd", 3)
Traceback (most recent call last):
...
bragkit.errors.BragError: block 3 ran on a Ray worker with different bragkit code (abd, ...
"""

from __future__ import annotations

import hashlib
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bragkit.errors import BragError, excerpt
from bragkit.sim.runner import BlockResult, SimConfig, block_count, run_block

__all__ = ["check_same_code", "code_fingerprint", "run_blocks_ray"]

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a cluster address to answer before giving up."""

_FINGERPRINT: list[str] = []


def code_fingerprint() -> str:
    """A short hash of bragkit's source files (computed once per process).

    Two processes with the same fingerprint run the same simulation code.
    """
    if not _FINGERPRINT:
        root = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256()
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
        _FINGERPRINT.append(digest.hexdigest()[:16])
    return _FINGERPRINT[0]


def check_same_code(expected: str, got: str, index: int) -> None:
    """Refuse a block computed by code other than this process's."""
    if got != expected:
        raise BragError(f"block {index} ran on a Ray worker with different bragkit code "
                        f"({got}, here {expected}): install the same bragkit on every node "
                        "and do not edit it during a run")


def fingerprinted_block(config: SimConfig, index: int) -> tuple[str, BlockResult]:
    """What a Ray task runs: the worker's code fingerprint and block ``index``."""
    return code_fingerprint(), run_block(config, index)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BragError("the ray backend needs Ray: pip install 'bragkit[distributed]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """Fail fast when ``HOST:PORT`` (or ``ray://HOST:PORT``) does not answer."""
    target = address.split("://", 1)[-1]
    host, sep, port = target.rpartition(":")
    if not sep or not (port.isascii() and port.isdecimal()) or not host:
        return  # "auto", "local" and the like: Ray resolves them itself
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except (OSError, OverflowError, ValueError) as error:  # OverflowError: port over 65535
        shown = address if len(address) <= 60 else excerpt(address)
        raise BragError(f"no Ray cluster answers at {shown} "
                        f"({getattr(error, 'strerror', None) or excerpt(str(error))})") \
            from None


def _init(ray: Any, address: str | None) -> bool:
    """Join or start Ray; return whether this call started it (and so must shut it down)."""
    if ray.is_initialized():
        return False
    if address is not None:
        _check_reachable(address)
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError...
        first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        where = f"at {address}" if address else "locally"
        raise BragError(f"cannot start or join Ray {where}: {first}") from None
    return True


def _unwrap(ray: Any, error: Exception) -> BragError:
    """A task's failure as one line (the worker's own error when it was a BragError)."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, BragError):
        return cause
    text = str(cause or error).strip().splitlines()
    return BragError(f"a Ray task failed: {text[-1] if text else type(error).__name__}")


def run_blocks_ray(config: SimConfig, address: str | None = None,
                   progress: Callable[[int], None] | None = None) -> list[BlockResult]:
    """Run every block of ``config`` as a Ray task; results in block order.

    Raises :class:`~bragkit.errors.BragError` if a worker runs other code than this
    process, if the cluster cannot be reached, or if a task fails.
    """
    ray = _ray()
    here = code_fingerprint()
    started = _init(ray, address)
    pending: list[Any] = []
    try:
        task = ray.remote(fingerprinted_block)
        pending = [task.remote(config, i) for i in range(block_count(config))]
        results: list[BlockResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                code, r = ray.get(done[0])
            except ray.exceptions.RayError as error:
                raise _unwrap(ray, error) from None
            check_same_code(here, code, r.index)
            results.append(r)
            if progress:
                progress(r.hands)
    finally:
        if started:
            ray.shutdown()
        else:
            for ref in pending:  # a failure left tasks running on a cluster we joined
                ray.cancel(ref)
    results.sort(key=lambda r: r.index)
    return results
