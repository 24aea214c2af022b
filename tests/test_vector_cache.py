"""The vector kernels' numba cache is emptied when a kernel module changes, and only then
(bragkit.vector._jit._drop_stale_cache): a stamp of every module emptied it (minutes of CPU
to compile again) whenever warm.py or engine.py was edited."""

from __future__ import annotations

import shutil
from pathlib import Path

from bragkit.vector import _jit


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    package = tmp_path / "vector"
    package.mkdir()
    for module in Path(_jit.__file__).parent.glob("*.py"):
        shutil.copy(module, package / module.name)
    cache = tmp_path / "cache"
    cache.mkdir()
    return package, cache


def _cached(cache: Path) -> None:
    for name in ("kernels.step_tables-650.py311.nbi", "kernels.step_tables-650.py311.1.nbc"):
        (cache / name).write_bytes(b"compiled")


def test_an_edit_outside_the_kernel_modules_keeps_the_cache(tmp_path: Path) -> None:
    package, cache = _copy(tmp_path)
    assert _jit._drop_stale_cache(package, cache) is False   # no files yet: the stamp
    _cached(cache)
    assert _jit._drop_stale_cache(package, cache) is False
    for name in ("warm.py", "engine.py", "check.py", "__init__.py"):
        with open(package / name, "a", encoding="utf-8") as out:
            out.write("# edited\n")
    assert _jit._drop_stale_cache(package, cache) is False
    assert len(list(cache.glob("*.nb[ic]"))) == 2


def test_an_edit_of_a_kernel_module_empties_the_cache(tmp_path: Path) -> None:
    package, cache = _copy(tmp_path)
    for name in _jit.KERNEL_MODULES:
        _jit._drop_stale_cache(package, cache)
        _cached(cache)
        with open(package / name, "a", encoding="utf-8") as out:
            out.write("# edited\n")
        assert _jit._drop_stale_cache(package, cache) is True, name
        assert list(cache.glob("*.nb[ic]")) == [], name
        assert _jit._drop_stale_cache(package, cache) is False   # stamped again
