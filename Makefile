# TableRef: `make run` sets up and serves the demo; `make test` runs the whole suite; `make hall` serves the
# site to the referees' phones on the day (docs/organiser.md, "Running the hall on the day"); on a laptop
# without make, `python -m tableref.hall` does the same.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export DEBUG ?= 1

.PHONY: run test setup hall backup restore unlock bench screenshots messages clean check

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
	$(BIN)/python manage.py createcachetable
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The habits, checked: lint (imports in order, one condition per assert), formatting, types (mypy --strict with
# the configuration in pyproject.toml: the plain-Python packages, then the Django packages through django-stubs'
# plugin: core, weather, and every idea's services and selectors with what they use), and no model change
# without its migration.
TYPED := scoring $(wildcard seating)
TYPED_DJANGO := core weather $(wildcard referee/*/services referee/*/selectors) referee/people/imports \
	referee/privacy referee/models referee/results referee/wording referee/permissions.py referee/checks.py \
	referee/locks.py
check: $(BIN)/activate
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict $(TYPED)
	$(BIN)/mypy --strict $(TYPED_DJANGO)
	$(BIN)/python manage.py makemigrations --check --dry-run

# The venue server (python -m tableref.hall, the same without make): it sets itself up, then serves the site
# with waitress on every interface (PORT, default 8000) with DEBUG off, the export worker and the weather beside.
hall: $(BIN)/activate
	$(BIN)/python -m tableref.hall

# A backup of the whole database into backups/ (BACKUP_DIR; named by the time), and putting one back (it says
# what it would replace, then asks).
backup: setup
	$(BIN)/python manage.py backup

restore: setup
	@test -n "$(BACKUP)" || { echo "Say which backup: make restore BACKUP=backups/tableref-....backup"; exit 2; }
	$(BIN)/python manage.py restore "$(BACKUP)"

# Lift the login lockouts (too many wrong passwords): all of them, or one login name's (LOGIN=ref7@hk-2025).
# Throttling counts a login name in small letters (core/logins.py), whatever case was typed.
unlock: setup
	@if [ -n "$(LOGIN)" ]; then $(BIN)/python manage.py axes_reset_username "$$(printf '%s' "$(LOGIN)" | tr A-Z a-z)"; \
	else $(BIN)/python manage.py axes_reset; fi

# Refresh the pictures in docs/screenshots/: the browser tests' screenshots, a certificate (its test renders it),
# and the demo's exports rendered with pdftoppm (poppler-utils) from a demo database of their own.
PICTURES := $(CURDIR)/docs/screenshots
EXPORTS_TMP := $(CURDIR)/tests/browser/screenshots-tmp/exports
EXPORT := DATABASE_URL=sqlite:///$(EXPORTS_TMP)/demo.sqlite3 $(BIN)/python manage.py export demo

screenshots: setup
	TABLEREF_SCREENSHOTS=$(PICTURES) $(BIN)/python -m pytest -q tests/browser tests/referee/exporters/test_exporters_certificates.py
	rm -rf $(EXPORTS_TMP) && mkdir -p $(EXPORTS_TMP)
	DATABASE_URL=sqlite:///$(EXPORTS_TMP)/demo.sqlite3 $(BIN)/python manage.py migrate --noinput --verbosity 0
	DATABASE_URL=sqlite:///$(EXPORTS_TMP)/demo.sqlite3 $(BIN)/python manage.py load_demo >/dev/null
	for lang in zh-hant en; do \
	  $(EXPORT) scoresheets-pdf --round 1 --table 1 --lang $$lang -o $(EXPORTS_TMP)/sheet.pdf && \
	  pdftoppm -r 80 -png -singlefile $(EXPORTS_TMP)/sheet.pdf $(PICTURES)/export-scoresheet-$$lang && \
	  $(EXPORT) blank-scoresheets-pdf --round 1 --table 1 --lang $$lang -o $(EXPORTS_TMP)/blank.pdf && \
	  pdftoppm -r 80 -png -singlefile $(EXPORTS_TMP)/blank.pdf $(PICTURES)/export-blank-scoresheet-$$lang && \
	  $(EXPORT) standings-pdf --include-unsigned --lang $$lang -o $(EXPORTS_TMP)/standings.pdf && \
	  pdftoppm -r 80 -png -singlefile $(EXPORTS_TMP)/standings.pdf $(PICTURES)/export-standings-$$lang || exit 1; \
	done
	$(EXPORT) player-cards-pdf -o $(EXPORTS_TMP)/cards.pdf
	pdftoppm -r 80 -png -singlefile $(EXPORTS_TMP)/cards.pdf $(PICTURES)/export-player-cards

bench: setup
	$(BIN)/python -m benchmarks

messages: $(BIN)/activate
	$(BIN)/python manage.py makemessages -l zh_Hant -l en --ignore=.venv --ignore=staticfiles --ignore=weather --ignore=tests --no-obsolete --no-location
	cd weather && ../$(BIN)/python ../manage.py makemessages -l zh_Hant -l en --no-obsolete --no-location

clean:
	rm -rf $(VENV) staticfiles db.sqlite3*
