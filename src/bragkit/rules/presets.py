"""Named rule presets and the ``{"preset": ..., key: value}`` notation.

>>> get_preset("modern-4card").cards
4
>>> resolve({"preset": "modern", "ante": 2}).ante
2
>>> resolve("teen-patti").game
'teen-patti'
>>> get_preset("poker")
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown preset 'poker'; known: modern, modern-4card, ...
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from typing import Any, Final

from bragkit.errors import RulesError, excerpt
from bragkit.rules import catalogue
from bragkit.rules.model import Rules

__all__ = ["PRESETS", "get_preset", "preset_name", "preset_names", "resolve", "to_spec"]

class _Presets(Mapping[str, Rules]):
    """Preset name -> :class:`Rules`, built from the presets of every registered GameSpec
    (:mod:`bragkit.rules.catalogue`) on first use."""

    def __init__(self) -> None:
        self._built: dict[str, Rules] = {}
        self._version = -1
        self._lock = threading.Lock()

    def _data(self) -> dict[str, Rules]:
        version = catalogue.version()
        if version != self._version:
            with self._lock:  # one thread builds; the others then read what it built
                version = catalogue.version()
                if version != self._version:
                    source = catalogue.preset_values()
                    self._built = {name: Rules.from_dict(dict(values))
                                   for name, values in source.items()}
                    self._version = version
        return self._built

    def __getitem__(self, name: str) -> Rules:
        return self._data()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


PRESETS: Final[Mapping[str, Rules]] = _Presets()
"""Every preset, in listing order; each game declares its own in its GameSpec."""


def preset_names() -> tuple[str, ...]:
    """All preset names, in registry order."""
    return tuple(PRESETS)


def get_preset(name: str) -> Rules:
    """The preset called ``name``."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {excerpt(name)}; known: {', '.join(PRESETS)}") from None


def resolve(spec: str | dict[str, Any] | Rules) -> Rules:
    """Rules from a preset name, a ``{"preset": name, key: value, ...}`` object, or a full dict.

    A dict without ``"preset"`` starts from the ``modern`` defaults.  Every problem with the
    overriding keys is reported in one error.
    """
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        return get_preset(spec)
    if not isinstance(spec, dict):
        raise RulesError(f"rules must be a preset name or an object, not {excerpt(spec)}")
    data = dict(spec)
    name = data.pop("preset", None)
    base = Rules() if name is None else get_preset(str(name))
    if not data:
        return base
    merged = base.to_dict()
    merged.update(data)
    return Rules.from_dict(merged)


def preset_name(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules``, if any.

    >>> preset_name(Rules(cards=5))
    'modern-5card'
    """
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def to_spec(rules: Rules) -> str | dict[str, Any]:
    """The shortest spec for ``rules``: a preset name, or the nearest preset plus overrides.

    >>> to_spec(Rules(cards=4, ante=2))
    {'preset': 'modern-4card', 'ante': 2}
    >>> to_spec(Rules())
    'modern'
    """
    name = preset_name(rules)
    if name is not None:
        return name
    mine = rules.to_dict()
    best: tuple[int, str, dict[str, Any]] | None = None
    for pname, preset in PRESETS.items():
        theirs = preset.to_dict()
        diff = {k: v for k, v in mine.items() if theirs.get(k) != v}
        if best is None or len(diff) < best[0]:
            best = (len(diff), pname, diff)
    assert best is not None
    return {"preset": best[1], **best[2]}
