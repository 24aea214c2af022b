"""Every rule key as one :class:`RuleKey` declaration: name, type, default, allowed values,
one-line doc, rules section, and the games that read it.

A key is declared once, as a field of :class:`~bragkit.rules.Rules` with its one-line
attribute docstring; its type and allowed values are the ones the rules model validates
with, and the games reading it come from the registered GameSpecs
(:mod:`bragkit.rules.catalogue`).  ``brag rules PRESET`` and the key tables read these.

>>> k = rule_key("draw31")
>>> k.type, k.default, k.games, k.section
('bool', False, ('three-stake',), '4.2')
>>> rule_key("see_cost").allowed
('double', 'single')
>>> rule_key("see_cost").doc.split(":")[0]
'What a see costs'
>>> rule_key("antes")
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown rule key 'antes'
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bragkit.errors import RulesError, excerpt
from bragkit.rules import catalogue
from bragkit.rules.catalogue import RuleValue
from bragkit.rules.game_keys import GENERAL_KEYS
from bragkit.rules.model import _CHOICES, _TYPES, Rules

__all__ = ["GENERAL_SECTION", "RuleKey", "keys_read_by", "rule_key", "rule_keys"]

GENERAL_SECTION: Final = "7"
"""The docs/rules section of the keys every game reads (the configuration keys)."""


@dataclass(frozen=True, slots=True)
class RuleKey:
    """One rule key's declaration."""

    name: str
    type: str
    """``int``, ``bool``, ``str``; a trailing ``?`` means ``null`` is allowed too."""
    default: RuleValue
    allowed: tuple[RuleValue, ...] | None
    """The values allowed (None: any value of the type, within the model's bounds)."""
    doc: str
    """One line saying what the key means."""
    section: str
    """The docs/rules section of the first game that reads it (``7``: every game)."""

    @property
    def games(self) -> tuple[str, ...]:
        """The games whose GameSpec reads this key (every game for a general key)."""
        if self.name in GENERAL_KEYS:
            return catalogue.game_names()
        return catalogue.games_reading(self.name)


@functools.cache
def _docs() -> dict[str, str]:
    tree = ast.parse(inspect.getsource(Rules))
    body = tree.body[0].body if isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, after in zip(body, [*body[1:], None], strict=True):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs


def _section(name: str) -> str:
    if name in GENERAL_KEYS:
        return GENERAL_SECTION
    for game in catalogue.game_names():
        found = catalogue.entry(game)
        if found is not None and name in found.keys:
            return found.section
    return GENERAL_SECTION


def _build(f: dataclasses.Field[object]) -> RuleKey:
    choices = _CHOICES.get(f.name)
    default = f.default
    assert default is None or isinstance(default, int | str)
    return RuleKey(name=f.name, type=_TYPES[f.name], default=default,
                   allowed=None if choices is None else tuple(choices),
                   doc=_docs().get(f.name, ""), section=_section(f.name))


def rule_keys() -> tuple[RuleKey, ...]:
    """Every rule key, in declaration order.

    >>> [k.name for k in rule_keys()][:3]
    ['game', 'cards', 'ante']
    """
    return tuple(_build(f) for f in dataclasses.fields(Rules))


def rule_key(name: str) -> RuleKey:
    """The declaration of ``name``."""
    for f in dataclasses.fields(Rules):
        if f.name == name:
            return _build(f)
    raise RulesError(f"unknown rule key {excerpt(name)}")


def keys_read_by(game: str) -> tuple[RuleKey, ...]:
    """The keys ``game`` reads (general keys included), in declaration order.

    >>> [k.name for k in keys_read_by("brag-poker")][:4]
    ['game', 'cards', 'pack_policy', 'first_dealer']
    """
    found = catalogue.entry(game)
    own: Sequence[str] = () if found is None else tuple(found.keys)
    return tuple(k for k in rule_keys() if k.name in GENERAL_KEYS or k.name in own)
