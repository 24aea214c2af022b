"""Tests of the card room (issue 12): server, protocol, storage."""
