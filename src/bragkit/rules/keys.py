"""Every rule key as one :class:`RuleKey` declaration: name, type, default, allowed values,
one-line doc, rules section, and the games that read it.

A shared key is declared once, as a field of :class:`~bragkit.rules.Rules` with its one-line
attribute docstring (a game module's own keys are :class:`RuleKey` objects in its
GameSpec); its type and allowed values are the ones the rules model validates with, and the
games reading it come from the registered GameSpecs (:mod:`bragkit.rules.catalogue`).
``brag rules PRESET`` and the key tables read these.

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
from typing import Final

from bragkit.errors import RulesError, excerpt
from bragkit.rules import catalogue
from bragkit.rules.catalogue import RuleKey
from bragkit.rules.game_keys import GENERAL_KEYS
from bragkit.rules.model import _CHOICES, _TYPES, Rules

__all__ = ["GENERAL_SECTION", "RuleKey", "key_docs", "keys_read_by", "rule_key", "rule_keys"]

GENERAL_SECTION: Final = "7"
"""The docs/rules section of the keys every game reads (the configuration keys)."""


@functools.cache
def key_docs(cls: type) -> dict[str, str]:
    """The one-line doc of every field of a dataclass, read from its attribute docstrings.

    >>> key_docs(Rules)["see_cost"].split(":")[0]
    'What a see costs'
    """
    tree = ast.parse(inspect.getsource(cls))
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
                   doc=key_docs(Rules).get(f.name, ""), section=_section(f.name),
                   general=f.name in GENERAL_KEYS)


def _extra_keys() -> tuple[RuleKey, ...]:
    out: list[RuleKey] = []
    for game in catalogue.game_names():
        found = catalogue.entry(game)
        if found is not None:
            out.extend(k for k in found.extra_keys if k not in out)
    return tuple(out)


def rule_keys() -> tuple[RuleKey, ...]:
    """Every rule key: the shared ones in declaration order, then the game modules' own.

    >>> [k.name for k in rule_keys()][:3]
    ['game', 'cards', 'ante']
    """
    shared = tuple(_build(f) for f in dataclasses.fields(Rules) if f.name != "extra")
    return shared + _extra_keys()


def rule_key(name: str) -> RuleKey:
    """The declaration of ``name``."""
    for f in dataclasses.fields(Rules):
        if f.name == name and name != "extra":
            return _build(f)
    found = catalogue.extra_key(name)
    if found is not None:
        return found
    raise RulesError(f"unknown rule key {excerpt(name)}")


def keys_read_by(game: str) -> tuple[RuleKey, ...]:
    """The keys ``game`` reads (general keys included), in declaration order.

    >>> [k.name for k in keys_read_by("brag-poker")][:4]
    ['game', 'cards', 'pack_policy', 'first_dealer']
    """
    found = catalogue.entry(game)
    own: Sequence[str] = () if found is None else tuple(found.keys)
    extra = () if found is None else found.extra_keys
    return tuple(k for k in rule_keys() if k.general or k.name in own or k in extra)
