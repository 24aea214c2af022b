"""The brag-style (non-equalising) betting machine and its deal state (docs/design/contract.md).

A regular package, so that the import contracts (import-linter) and tests/test_layers.py see
its modules.
"""
