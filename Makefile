# TableRef: `make run` sets up and serves the demo; `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export DEBUG ?= 1

.PHONY: run test setup bench messages clean

$(BIN)/activate: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(BIN)/activate

# Catalogues compile in plain Python (polib): no GNU gettext needed on the machine.
setup: $(BIN)/activate
	$(BIN)/python -m tableref.catalogues
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0

run: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: setup
	$(BIN)/python -m benchmarks

messages: $(BIN)/activate
	$(BIN)/python manage.py makemessages -l zh_Hant -l en --ignore=.venv --ignore=staticfiles --ignore=weather --no-obsolete

clean:
	rm -rf $(VENV) staticfiles db.sqlite3*
