"""Typed slot setters: how the hot paths fill a new frozen, slotted object (no ``exec``).

A leaf module (it imports nothing of bragkit), so actions, tables and states can all use it;
:mod:`bragkit.engine.contract` re-exports :func:`slot_setter`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["slot_setter"]

T = TypeVar("T")


def slot_setter(cls: type[T], name: str) -> Callable[[T, object], None]:
    """The fast setter of slot ``name`` of the (frozen, slotted) class ``cls``: the way to
    fill a new ``object.__new__(cls)`` in a typed keyword-only ``_make`` (no ``exec``).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class P:
    ...     x: int
    >>> p = object.__new__(P)
    >>> slot_setter(P, "x")(p, 3)
    >>> p
    P(x=3)
    >>> slot_setter(P, "y")
    Traceback (most recent call last):
    ...
    TypeError: P has no slot 'y'
    """
    descriptor: object = vars(cls).get(name)
    setter = getattr(descriptor, "__set__", None)
    if setter is None or not name:
        raise TypeError(f"{cls.__name__} has no slot {name!r}")
    typed: Callable[[T, object], None] = setter
    return typed
