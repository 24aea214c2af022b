# The two commands: `make run` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.stamp-run
STAMP_DEV := $(VENV)/.stamp-dev

.PHONY: run serve test lint typecheck pytest browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(BIN)/brag $(or $(ARGS),play)

# make serve: a local card room with a table for you and bots, its link printed and opened
# (the server extra comes with the dev install); ARGS adds options, e.g. ARGS=--port=8001
serve: $(STAMP_DEV)
	$(BIN)/brag serve --open $(ARGS)

# make test: ruff first (a second), then mypy and lint-imports in the background while
# the vector engine's numba kernels are compiled into numba's cache (python -m
# bragkit.vector.warm: about 25 s of CPU on a fresh checkout, a second cached), then pytest
# on every core (pytest-xdist; --dist loadgroup keeps each xdist_group on one worker).
# Compiling first, once, on one core while mypy has the other: otherwise every worker and
# every `brag` subprocess that starts before the cache is written compiles them again (the
# cold clean-clone run took 16 min 22 s).  The output of mypy and lint-imports follows
# pytest's; the target fails when any of them fails.
# The tests that drive `brag` through a real terminal (marker `terminal`, pexpect) run in
# the same pool: `pytest -m terminal` selects them alone.  (They once ran apart because a
# Ctrl-C was lost under load: Python's input() race, fixed by bragkit.cli.prompt_line.)
# PYTEST_WORKERS=0 runs the tests in one process; PYTEST_ARGS adds pytest options.
PYTEST_WORKERS ?= auto
PYTEST_ARGS ?=
PYTEST_PARALLEL := -n $(PYTEST_WORKERS) --dist loadgroup -p no:cacheprovider $(PYTEST_ARGS)

# Bytecode of the test processes (and of every `brag` they start) is kept in .venv/pycache,
# also when the shell sets PYTHONDONTWRITEBYTECODE: compiling every module afresh in each
# subprocess costs about a quarter of a CLI test's time.
test pytest: export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache
test pytest: export PYTHONDONTWRITEBYTECODE :=
# The tests compile the vector kernels without inlining (BRAGKIT_NUMBA_INLINE=never: the
# same results, about 25 s of CPU cold against about 230 s, half the speed) into a numba
# cache of their own, shared by every worker and subprocess; NUMBA_INLINE=always tests the
# users' build (its own cache again).
NUMBA_INLINE ?= never
test pytest: export BRAGKIT_NUMBA_INLINE := $(NUMBA_INLINE)
test pytest: export NUMBA_CACHE_DIR := $(abspath $(VENV))/numba-cache-$(NUMBA_INLINE)

test: $(STAMP_DEV) browser
	$(BIN)/ruff check src tests benchmarks
	@logs=$$(mktemp -d); \
	$(BIN)/mypy >$$logs/mypy 2>&1 & types=$$!; \
	$(BIN)/lint-imports >$$logs/imports 2>&1 & imports=$$!; \
	$(BIN)/python -m bragkit.vector.warm; \
	$(BIN)/python -m pytest $(PYTEST_PARALLEL); tests=$$?; \
	wait $$types; types=$$?; wait $$imports; imports=$$?; \
	echo "--- mypy"; cat $$logs/mypy; echo "--- lint-imports"; tail -n 25 $$logs/imports; \
	rm -rf $$logs; \
	if [ $$tests -ne 0 ] || [ $$types -ne 0 ] || [ $$imports -ne 0 ]; then \
		echo "make test: FAILED (pytest $$tests, mypy $$types, lint-imports $$imports)"; exit 1; fi

# The browser tests (tests/web) drive Debian's chromium: install it when it is missing and
# this is a root shell with apt-get; otherwise say so (they skip, or fail under CI=true).
browser:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
	{ if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get install -y chromium || { apt-get update && apt-get install -y chromium; } \
		|| echo "make: could not install chromium; the browser tests will not run"; \
	else echo "make: chromium is missing (apt-get install chromium); browser tests skip"; fi; }

lint: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP_DEV)
	$(BIN)/mypy

pytest: $(STAMP_DEV)
	$(BIN)/python -m bragkit.vector.warm
	$(BIN)/python -m pytest $(PYTEST_PARALLEL)

bench: $(STAMP_DEV)
	$(BIN)/python benchmarks/bench_hands.py
	$(BIN)/python benchmarks/bench_kernels.py
	$(BIN)/python benchmarks/bench_sim.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
