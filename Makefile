# Evalboard — `make run` starts everything, `make test` runs the whole suite.
# Both install what they need first (a venv in .venv; requirements.txt pins
# torch's CPU build first so no CUDA build is pulled; the project itself as an
# editable package; test tools and Debian chromium for `make test`).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP     := $(VENV)/.installed-$(shell cat requirements.txt pyproject.toml | cksum | cut -d' ' -f1)
DEV_STAMP := $(VENV)/.dev-$(shell cat requirements.txt requirements-dev.txt pyproject.toml | cksum | cut -d' ' -f1)
PIP       := $(PY) -m pip install -q --disable-pip-version-check

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export OMP_WAIT_POLICY := PASSIVE
export PYTHONUNBUFFERED := 1

.PHONY: install install-dev model run test test-fast test-dates lint migrate chromium bench clean

$(STAMP): requirements.txt pyproject.toml
	@echo "install: creating the virtual environment in $(VENV)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip
	@echo "install: runtime requirements (torch CPU build, sentence-transformers, streamlit, ...: a few minutes the first time)"
	@$(PIP) -r requirements.txt 2>&1 | grep -v "^WARNING: Location" || true
	@$(PY) -c "import torch, sentence_transformers, streamlit, pymongo" || (echo "install failed: see the pip output above" && exit 1)
	@echo "install: Evalboard itself (editable)"
	@$(PIP) --no-deps --no-build-isolation -e . >/dev/null 2>&1 || $(PIP) --no-deps --no-build-isolation -e .
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)
	@echo "install: done"

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	@echo "install: test tools (pytest, playwright, aiosmtpd, hypothesis, ruff, vulture)"
	@$(PIP) -r requirements-dev.txt 2>&1 | grep -v "^WARNING: Location" || true
	@rm -f $(VENV)/.dev-*
	@touch $(DEV_STAMP)

# The embedding model exported once to ONNX (float32 + int8) by sentence-transformers from the
# installed package (no download); the scorer runs it without torch. The folder name carries the
# model package version and the export recipe (evaluators/onnx_export.py).
MODEL_STAMP := .models/.exported-$(shell cksum evaluators/onnx_export.py requirements.txt | cksum | cut -d' ' -f1)

$(MODEL_STAMP): $(STAMP) evaluators/onnx_export.py
	$(PY) -m evaluators export-model
	rm -f .models/.exported-*
	touch $(MODEL_STAMP)

model: $(MODEL_STAMP)

install: $(STAMP) $(MODEL_STAMP)

install-dev: install $(DEV_STAMP)

lint: install-dev
	$(PY) -m ruff check .
	$(PY) -m vulture  # dead code: [tool.vulture] in pyproject.toml, deliberate names in vulture_allow.py

migrate: install
	$(PY) -m store migrate

# Debian's chromium for the browser test; the emoji font so the icons in its
# screenshots render as they do in a user's browser.
chromium:
	@(command -v chromium >/dev/null 2>&1 && test -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf) || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji)

run: install
	$(PY) -m scripts.run_local

# Three worker processes, each taking whole test files (their module fixtures are built once): on 2 cores
# the suite waits on browsers, servers and subprocesses often enough that a third worker pays.
# PYTEST_PARALLEL= (empty) runs it in one process.
PYTEST_PARALLEL ?= -n 3 --dist loadfile --no-loadscope-reorder

test: install-dev model chromium
	$(PY) -m ruff check .
	$(PY) -m vulture
	$(PY) -m pytest -q $(PYTEST_PARALLEL) --durations=20  # the 20 slowest tests listed at the end: the suite's time stays visible

# The clock-shift check (tests/clock/run.py): the calendar-dependent tests with the clock moved to
# other days (a Monday, a late Sunday, after a month's end, 1 January, DST weeks in Europe/Berlin and
# America/New_York, 29 February 2028). DATE=leap-day runs one of them; SET=ci the smaller set CI rotates.
test-dates: install-dev model chromium
	$(PY) tests/clock/run.py $(if $(DATE),--date $(DATE)) $(if $(SET),--set $(SET)) $(PYTEST_PARALLEL)

test-fast: install-dev
	$(PY) -m pytest -q tests/unit

bench: install
	$(PY) bench/bench_ingest.py

clean:
	rm -rf .pytest_cache tests/e2e/artifacts bench/out
