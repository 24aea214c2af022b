"""The card room: ``brag serve``, private tables over WebSockets, and their storage (issue 12).

The storage layer is :mod:`bragkit.server.store` (docs/storage.md).
"""
