# The two commands of the README: `make demo` runs the main job, `make test` runs the tests.
# Each builds the virtual environment (.venv) from pyproject.toml first when it is missing or stale.

VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench clean

demo: $(VENV)/.installed
	$(BIN)/pirate-table demo

test: $(VENV)/.installed
	scripts/install-test-tools
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python bench/bench_skullking.py

$(VENV)/.installed: pyproject.toml scripts/setup-venv
	scripts/setup-venv

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
