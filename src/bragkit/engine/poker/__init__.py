"""The poker-style (equalising) betting machine and its deal state (docs/design/contract.md).

``betting`` (the equalising round), ``core`` (the :class:`~.core.PokerGame` hooks, the deal's
fields :class:`~.core.PokerRecord` and the scratch copy :class:`~.core.PokerWork`), ``game``
(the registry of poker-style games), ``state`` (:class:`~.state.PokerState`), ``views``,
``diagnose`` and ``session`` (the table).  A regular package, so that the import contracts
(import-linter) and tests/test_layers.py see its modules.
"""
