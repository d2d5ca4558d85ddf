# The two commands of the README: `make demo` runs the main job, `make test` runs the tests.
# Each builds the virtual environment (.venv) from pyproject.toml first when it is missing or stale: `make demo`
# with what the demo needs only, `make test` with the test tools as well (scripts/setup-venv).

VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-python3.13 pi-install-check release bench fuzz evening resume-sweep bench-venue clean

demo: $(VENV)/.installed
	$(BIN)/pirate-table demo

test: $(VENV)/.installed-test
	scripts/install-test-tools
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist loadfile
	scripts/test-on-python 3.13

# The rules, flows and referee tests on Python 3.13 (Raspberry Pi OS Trixie's), in a small environment of its own
# (.venv/python3.13); skipped, saying so, on a machine without a Python 3.13. `make test` runs it last.
test-python3.13:
	scripts/test-on-python 3.13

# hardware/pi/install.sh run for real in Debian 13 (Trixie) and Debian 12 (Bookworm) roots made with debootstrap,
# then the installed table checked there (hardware/pi/install-check says what is stood in for). As root; the roots
# are kept in /var/tmp/pirate-table-roots. About 20 minutes the first time on a 2-core machine; not in `make test`.
pi-install-check: $(VENV)/.installed
	hardware/pi/install-check

# The benchmarks of BENCHMARKS.md that take a minute or two each: the trick judge, the seat hub, a trick's last card
# to the winner's light, the scoreboard. (`make test` runs every bench in bench/ for a moment: tests/test_bench.py.)
bench: $(VENV)/.installed
	$(BIN)/python bench/bench_skullking.py
	$(BIN)/python bench/bench_hub_latency.py
	$(BIN)/python bench/bench_trick_latency.py
	$(BIN)/python bench/bench_scoreboard.py

# The long runs, kept out of `make test` (results in BENCHMARKS.md): the hub protocol fuzzed with 100 000 streams,
# and a whole evening of every game with faults and kills.
fuzz: $(VENV)/.installed-test
	PIRATE_TABLE_FUZZ=100000 $(BIN)/python -m pytest tests/devices/test_hub_protocol.py -k fuzz

evening: $(VENV)/.installed
	$(BIN)/python bench/bench_evening.py

# Every game cut after every event of its log (what kill -9 leaves) and resumed: the same FINAL lines each time
# (table/sim/cut_sweep.py; `make test` tries a few cuts per game). About an hour on a 2-core machine.
resume-sweep: $(VENV)/.installed
	$(BIN)/python -m table.sim.cut_sweep --every 1

# 30 virtual tables at full speed into one broker and one venue service (needs mosquitto: scripts/install-test-tools).
bench-venue: $(VENV)/.installed
	$(BIN)/python bench/bench_venue.py

# A release file of the commit checked out, for a table with no git copy to clone (docs/operator-guide.md).
release:
	scripts/make-release

$(VENV)/.installed: pyproject.toml scripts/setup-venv
	scripts/setup-venv

$(VENV)/.installed-test: pyproject.toml scripts/setup-venv
	scripts/setup-venv test

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
