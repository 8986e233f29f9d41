# One-command set-up: `make run` starts the app, `make test` runs the whole suite.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run serve test bench clean

install: $(STAMP)

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# torch first: the CPU build from local disk; installed later by a dependency it would pull CUDA.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: install
	$(BIN)/streamlit run app.py --server.headless true --server.address 127.0.0.1 --server.port 8501

# Serve respondents on the network: every interface, analyst sign-in enforced (set the password hash first,
# see README "Serving interviews to remote respondents"). HOST/PORT override the defaults.
HOST ?= 0.0.0.0
PORT ?= 8501
serve: install
	INTERVIEW_ACCESS__REQUIRE_SIGN_IN=1 $(BIN)/streamlit run app.py --server.headless true \
		--server.address $(HOST) --server.port $(PORT) --server.enableXsrfProtection true

test: install
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

bench: install
	$(BIN)/interview bench perf

clean:
	rm -rf $(VENV) .pytest_cache
