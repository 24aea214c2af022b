"""A throwaway PostgreSQL cluster for the storage tests, and the fixtures that use it.

The session fixture ``pg_cluster`` runs ``initdb`` and ``pg_ctl`` (from ``BRAG_PG_BIN``,
``/usr/lib/postgresql/15/bin`` or PATH) in a temporary directory, listening on a free
loopback port, and stops and deletes it at the end.  PostgreSQL refuses to run as root,
so as root (CI) the binaries run as the ``postgres`` user through ``runuser``.  When the
binaries are missing the PostgreSQL tests are skipped, except under ``CI=true`` where that
is a failure.  ``pg_url`` gives each test a fresh database; ``store_url`` runs a test on
SQLite and on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PG_BIN_DIRS = ("/usr/lib/postgresql/15/bin",)


def pg_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or ``None``."""
    env = os.environ.get("BRAG_PG_BIN")
    candidates = [env] if env else []
    candidates += list(PG_BIN_DIRS)
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).parent))
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class PgCluster:
    """A running throwaway cluster (``url`` of its ``postgres`` database)."""

    folder: Path
    bin: Path
    port: int
    prefix: tuple[str, ...]
    counter: itertools.count[int]

    @property
    def url(self) -> str:
        return self.url_of("postgres")

    def url_of(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.prefix, *args], check=True, capture_output=True,
                              text=True, timeout=120)

    def new_database(self) -> str:
        """Create a fresh database and answer its URL."""
        import psycopg

        name = f"brag_{os.getpid()}_{next(self.counter)}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}".encode())
        return self.url_of(name)

    def stop(self) -> None:
        """Stop the cluster at once (SIGKILL: its data is thrown away) and delete it."""
        pid_file = self.folder / "data" / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int(pid_file.read_text().split()[0])
            os.kill(pid, signal.SIGKILL)   # a throwaway cluster: no shutdown needed
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and _running(pid):
                time.sleep(0.01)
        shutil.rmtree(self.folder, ignore_errors=True)


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent does not)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rpartition(")")[2].split()[0] != "Z"


def start_cluster() -> PgCluster:
    """Start a cluster (``RuntimeError`` with the reason if it cannot start)."""
    folder_bin = pg_bin()
    if folder_bin is None:
        raise FileNotFoundError("PostgreSQL binaries (initdb, pg_ctl) not found")
    prefix: tuple[str, ...] = ()
    owner: pwd.struct_passwd | None = None
    if os.geteuid() == 0:   # PostgreSQL refuses to run as root
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise FileNotFoundError("running as root, and there is no postgres user") from None
        if shutil.which("runuser") is None:
            raise FileNotFoundError("running as root, and runuser is not installed")
        prefix = ("runuser", "-u", "postgres", "--")
    folder = Path(tempfile.mkdtemp(prefix="bragkit-pg-"))
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    cluster = PgCluster(folder, folder_bin, free_port(), prefix, itertools.count(1))
    data = folder / "data"
    try:
        cluster.run(str(folder_bin / "initdb"), "-D", str(data), "-A", "trust", "-U",
                    "postgres", "-E", "UTF8", "--no-sync")
        options = (f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1 "
                   f"-c max_connections=200 -c shared_buffers=32MB")
        cluster.run(str(folder_bin / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                    str(folder / "log"), "-w", "-t", "60", "start")
    except subprocess.CalledProcessError as bad:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        cluster.stop()
        raise RuntimeError(f"PostgreSQL did not start: {bad.stderr or bad.stdout}\n{log}") \
            from None
    return cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """A throwaway PostgreSQL cluster for the whole session (skipped without binaries,
    a failure under ``CI=true``)."""
    try:
        cluster = start_cluster()
    except FileNotFoundError as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true: {missing}")
        pytest.skip(str(missing))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    """The URL of a fresh, empty database of the session's cluster."""
    return pg_cluster.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty store: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.db'}"
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()
