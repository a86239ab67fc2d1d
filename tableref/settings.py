"""TableRef settings, read from the environment.

SQLite is the default so that `make run` works anywhere; set DATABASE_URL for PostgreSQL. The README's
Configuration table lists every variable; docs/deploy.md puts them together for a server behind HTTPS.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tableref.cache_url import DEFAULT_CACHE_URL, cache_from_url
from tableref.environment import env_bool, env_int, env_list
from weather.match_mornings import parse_window

# Django's generic classes accept their type arguments at run time too (`admin.ModelAdmin[AuditEntry]`), as
# django-stubs documents: the annotations mypy checks are also valid Python.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

# Without SECRET_KEY in the environment (the hall's laptop, or `python manage.py ...` on a fresh copy), the
# key is the one kept in a file readable by its owner only (`tableref/hall/secret.py`), made on first use, so
# that every command works as the guides show it. A server sets SECRET_KEY (docs/deploy.md).
HALL_SECRET_KEY_FILE = Path(os.environ.get("HALL_STATE_DIR") or BASE_DIR / "var" / "hall") / "secret-key"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "development-only-insecure-key"  # only with DEBUG on
elif not SECRET_KEY:
    from tableref.hall.secret import hall_secret_key

    try:
        SECRET_KEY = hall_secret_key(HALL_SECRET_KEY_FILE)
    except (OSError, ValueError) as error:
        raise ImproperlyConfigured(
            f"SECRET_KEY is not set and no key could be kept in {HALL_SECRET_KEY_FILE} ({error}). "
            "Set SECRET_KEY, or DEBUG=1 for development."
        ) from error

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "core",
    "csp",
    "tableref",
    "referee",
    "weather",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A body larger than any form is refused before the CSRF middleware reads it (`tableref/request_size.py`).
    "tableref.request_size.RequestSizeLimit",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A one-time password (an organiser's reset, a login card) leads to the change-password page first.
    "core.accounts.PasswordChangeRequiredMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tableref.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Form fields are drawn with the Jinja2 versions of Django's own widget templates (same HTML), faster on the
# referee's table page; the admin's own widgets with Django's templates (core/form_renderer.py).
FORM_RENDERER = "core.form_renderer.FormRenderer"

WSGI_APPLICATION = "tableref.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work while a referee saves; IMMEDIATE takes the write lock at BEGIN, so concurrent
    # saves wait for each other (up to `timeout` seconds) instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Each worker thread keeps its connection: opening one runs the PRAGMAs and registers Django's SQL
    # functions, a visible share of a small request's time under the hall's load.
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 600)
else:
    # A PostgreSQL connection costs a few milliseconds to open: each worker thread keeps its own for a
    # minute, checked before reuse so that a restarted database costs one failed check, not a failed request.
    DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# Shared by every worker process (and every machine sharing the database): never one process's memory.
# `manage.py createcachetable` makes the table; `make hall` and the deployment guide's migrate step run it.
CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL", DEFAULT_CACHE_URL))}
# The public standings are kept under the tournament's version (a change moves readers to a new key at once),
# so this only says how long a superseded entry may occupy the cache.
PUBLIC_PAGE_CACHE_SECONDS = 3600
# Background work (the long exports) through django-tasks: its database backend, whose worker
# (`manage.py db_worker`) the hall starts beside the site; with DEBUG on (`make run`, the tests) tasks run at
# once in the request. TASKS_BACKEND=database or immediate chooses either way.
TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
_tasks_backend = os.environ.get("TASKS_BACKEND", "").strip().lower() or ("immediate" if DEBUG else "database")
if _tasks_backend not in TASK_BACKENDS:
    raise ImproperlyConfigured(f"TASKS_BACKEND must be database or immediate, not {_tasks_backend!r}.")
# Two backends: the exports ("default"), and the public pages' parts regenerated after a change ("public"), so
# that a long export never holds the parents' standings back; the hall runs a worker for each.
TASKS = {
    "default": {"BACKEND": TASK_BACKENDS[_tasks_backend]},
    "public": {"BACKEND": TASK_BACKENDS[_tasks_backend]},
}
# A public page's costly part (the standings' table) is regenerated at most once in this many seconds while
# saves keep changing it: a parent sees the standings at most this much behind (they poll every 15 s). With
# tasks run at once (`make run`) every change shows at once.
PUBLIC_PART_REFRESH_SECONDS = env_int(
    "PUBLIC_PART_REFRESH_SECONDS", 0 if _tasks_backend == "immediate" else 5, minimum=0
)
# Exported files are kept this long, then deleted; a file whose progress stops this long is interrupted.
EXPORT_KEEP_HOURS = env_int("EXPORT_KEEP_HOURS", 24, minimum=1)
EXPORT_STALLED_SECONDS = env_int("EXPORT_STALLED_SECONDS", 120, minimum=5)
# `manage.py backup` writes here unless told a file; `forget_expired` deletes the backups here that hold a
# tournament's children past its retention date (referee/privacy/).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR") or BASE_DIR / "backups")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "zh-hant"
LANGUAGES = [("zh-hant", _("Traditional Chinese")), ("en", _("English"))]
FORMAT_MODULE_PATH = ["core.formats"]  # English dates read 28 Nov 2026
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Hong_Kong"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Without DEBUG, collectstatic writes each file under a name holding a hash of its content, and a gzipped
    # copy: whitenoise serves those names with a cache lifetime of years, so a phone on the hall's Wi-Fi
    # fetches the CSS and scripts once, and a new version is a new name.
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login throttling (django-axes, tableref/throttling.py): after LOGIN_FAILURE_LIMIT wrong passwords for one
# login name from one address within LOGIN_LOCKOUT_MINUTES, that login is refused from that address (even with
# the right password) until that long has passed; an address alone after LOGIN_ADDRESS_FAILURE_LIMIT wrong
# passwords under any names. The counts live in the database, shared by every worker and machine.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: it refuses before a password is checked
    "core.logins.LoginNameBackend",  # Django's ModelBackend, login names not case-sensitive
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10, minimum=1)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 100, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1))
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a refused try while locked is not counted again
AXES_LOCKOUT_PARAMETERS = "tableref.throttling.lockout_parameters"
AXES_CLIENT_IP_CALLABLE = "tableref.throttling.client_address"
AXES_LOCKOUT_CALLABLE = "tableref.throttling.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # no row per successful login: the morning's 200 logins write nothing extra
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "core.logins.throttled_login_name"  # AMY and amy: one login name, one count

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap4.html"

# "Find my table" answers at most this many numbers a minute to one address (counted in the shared cache,
# referee/public/throttle.py); raise it when a whole hall reaches a server through one address.
FIND_TABLE_PER_MINUTE = env_int("FIND_TABLE_PER_MINUTE", 30, minimum=1)

# A session lasts the event day: 200 referees log in once in the morning (each login is one deliberately slow
# password check) and are not asked again before the evening. Password hashing stays Django's default.
SESSION_HOURS = env_int("SESSION_HOURS", 16, minimum=1)
SESSION_COOKIE_AGE = SESSION_HOURS * 3600
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# The largest body the site takes: a people file (2 MB) with its form (`tableref/request_size.py`).
MAX_REQUEST_BYTES = env_int("MAX_REQUEST_BYTES", 3 * 1024 * 1024, minimum=1024 * 1024)
CSRF_FAILURE_VIEW = "tableref.errors.csrf_failure"

# Reading the Observatory on match mornings (`manage.py weather_schedule`, started by `make hall`).
try:
    WEATHER_FETCH_WINDOW = parse_window(os.environ.get("WEATHER_FETCH_HOURS", "05:00-09:00"))
except ValueError as error:
    raise ImproperlyConfigured(f"WEATHER_FETCH_HOURS: {error}.") from error
WEATHER_FETCH_EVERY_MINUTES = env_int("WEATHER_FETCH_EVERY_MINUTES", 5, minimum=1)
WEATHER_STALE_AFTER_MINUTES = env_int("WEATHER_STALE_AFTER_MINUTES", 15, minimum=1)

# The hall's noticeboard (/hall/): the address referees type (`make hall` sets it) and the Wi-Fi to join.
HALL_URL = os.environ.get("HALL_URL", "").strip()
HALL_WIFI = os.environ.get("HALL_WIFI", "").strip()

# Behind a reverse proxy that ends HTTPS (docs/deploy.md): HTTPS=1 turns on everything that depends on it.
HTTPS = env_bool("HTTPS", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy's health check may ask over plain HTTP
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
    if not SECURE_HSTS_PRELOAD:
        # Preloading asks browser makers to hard-code HTTPS for the whole domain: a promise only the
        # domain's owner can make, so it is opt-in (HSTS_PRELOAD=1) and its reminder is not a warning here.
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Content Security Policy (django-csp 4): everything comes from the site itself, nothing runs inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
        "frame-ancestors": [NONE],
    },
}

# The hall's one-time unlock code, as a digest (`tableref/hall/unlock_code.py`); empty elsewhere.
HALL_UNLOCK_CODE_DIGEST = os.environ.get("HALL_UNLOCK_CODE_DIGEST", "").strip()

# Errors with their tracebacks on standard error, where gunicorn, systemd and the hall's terminal show them.
# The hall's access log (`tableref/access_log.py`) goes to ACCESS_LOG_FILE, or to standard error with
# ACCESS_LOG=1; gunicorn writes its own.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
ACCESS_LOG_FILE = os.environ.get("ACCESS_LOG_FILE", "").strip()
if ACCESS_LOG_FILE:
    ACCESS_HANDLER = {
        "class": "logging.handlers.RotatingFileHandler",
        "filename": ACCESS_LOG_FILE,
        "maxBytes": 10 * 1024 * 1024,
        "backupCount": 3,
        "encoding": "utf-8",
        "formatter": "access",
    }
elif env_bool("ACCESS_LOG"):
    ACCESS_HANDLER = {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "access"}
else:
    ACCESS_HANDLER = {"class": "logging.NullHandler"}
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "access": {"format": "%(asctime)s %(message)s"},
    },
    "filters": {
        "one_line": {"()": "tableref.logging_filters.WithoutTraceback"},
        "client_errors_one_line": {"()": "tableref.logging_filters.ClientErrorsWithoutTraceback"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain"},
        "access": ACCESS_HANDLER,
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own: request errors (500s, with their tracebacks) and security refusals, not every request.
        "django": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # A 403 or 404 is the visitor's mistake: one line (the access log has the request), no traceback.
        "django.request": {
            "handlers": ["stderr"],
            "level": "WARNING",
            "filters": ["client_errors_one_line"],
            "propagate": False,
        },
        "tableref.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        # Login throttling: a lockout (a warning) is worth a line, each counted failure is not.
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # A phone or a scanner asking for another host name: one line, not a traceback each time.
        "django.security.DisallowedHost": {
            "handlers": ["stderr"],
            "level": "WARNING",
            "filters": ["one_line"],
            "propagate": False,
        },
    },
}
