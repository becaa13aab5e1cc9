"""The one settings module.

Everything that differs between a laptop, CI and production comes from environment
variables; the defaults are safe for development (SQLite, eager Celery), and debug is on
only while the development secret key is in use.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEV_SECRET_KEY = "armybuilder-development-only-secret-key-do-not-use-in-production"

# A deployment must provide its own secret key, and providing one turns debug off unless
# asked for; a checkout with no configuration is a development machine.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", DEV_SECRET_KEY)
DEBUG = env_bool("DJANGO_DEBUG", SECRET_KEY == DEV_SECRET_KEY)
if not DEBUG and SECRET_KEY == DEV_SECRET_KEY:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
SITE_NAME = "armybuilder"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "catalogues",
    "allauth",
    "allauth.account",
    "lists",
    "accounts",
    "django_htmx",
    "csp",
]

MIDDLEWARE = [
    # First: every later piece (HTTPS redirect, throttles) sees the client the proxy saw.
    "armybuilder.security.TrustedProxyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "armybuilder.security.SecurityHeadersMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # after the session: a signed-in player's language is kept there from sign-in
    "armybuilder.i18n.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "lists.authorship.AuthorshipMiddleware",
]

ROOT_URLCONF = "armybuilder.urls"
WSGI_APPLICATION = "armybuilder.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "catalogues.context_processors.game_data_names",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
        # a kept connection is checked before a request reuses it (the server may have gone)
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The same URLs in every language: the player's choice (the account's, else the language cookie
# for visitors), else the browser's Accept-Language; the API follows Accept-Language alone.
LANGUAGES = [("en", "English"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Accounts (django-allauth): sign up and log in with an email address and a password. Mail
# goes to the console unless a mail server is configured (EMAIL_HOST).
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lists:mine"
ACCOUNT_LOGOUT_REDIRECT_URL = "catalogues:home"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[armybuilder] "
# A throttled login answers 429 with Retry-After (armybuilder.security.AccountAdapter).
ACCOUNT_ADAPTER = "armybuilder.security.AccountAdapter"
# Attempts per period and per key (allauth's syntax): login failures lock an account out.
# Counted in the cache: per process with the default cache, across every process and
# worker with CACHE_URL (Redis). The admin's login page is the same throttled page.
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
}
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "armybuilder <noreply@localhost>")
# Without a mail server a confirmation link only reaches the server's console, so a new
# player is let in before confirming (the quick start) and the pages say where the link is;
# with a mail server, confirming the address comes first.
MAIL_PRINTED = EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
ACCOUNT_EMAIL_VERIFICATION = os.environ.get(
    "ACCOUNT_EMAIL_VERIFICATION", "optional" if MAIL_PRINTED else "mandatory"
)

# Production hardening follows from DEBUG being off; each knob can still be relaxed by env
# (e.g. behind a TLS-terminating proxy on plain HTTP in a local compose stack).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
# Browsers' preload lists take a site only with a max-age of a year or more: preload is sent
# by default only with such a max-age, and asking for it with less is a configuration error.
HSTS_PRELOAD_MIN_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0 if DEBUG else HSTS_PRELOAD_MIN_SECONDS)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool(
    "DJANGO_HSTS_PRELOAD", not DEBUG and SECURE_HSTS_SECONDS >= HSTS_PRELOAD_MIN_SECONDS
)
if SECURE_HSTS_PRELOAD and SECURE_HSTS_SECONDS < HSTS_PRELOAD_MIN_SECONDS:
    raise ImproperlyConfigured(
        f"DJANGO_HSTS_PRELOAD needs DJANGO_HSTS_SECONDS of at least {HSTS_PRELOAD_MIN_SECONDS}."
    )
# The reverse proxies in front of the site (addresses or networks, e.g. 10.0.0.2 or
# 172.30.0.0/24). Only a request from one of them may say, in X-Forwarded-For and
# X-Forwarded-Proto, who the client is and whether it came over HTTPS; from anyone else those
# headers are dropped (armybuilder.security.TrustedProxyMiddleware). Empty: no proxy.
TRUSTED_PROXIES = env_list("DJANGO_TRUSTED_PROXIES", [])
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXIES else None
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Powerful browser features no page of the site uses.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)
# Scripts and styles come from the site's own static files; the few inline ones (the API
# docs page) carry the request's nonce. Nothing is framed, nothing posts elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Celery runs tasks in-process when no broker is configured, so a fresh checkout works with
# no Redis; with CELERY_BROKER_URL set, a real worker does the work.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# The queue tasks are sent to, including those a worker sends (an import's re-validation);
# tests give their worker a queue of its own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
# Tasks acknowledge late, so a killed worker's task stays with Redis, which hands it to another
# worker after this many seconds (longer than any task of ours runs).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600)}

# Data sources (catalogues/services/data_sources.py): staff add BattleScribe data index URLs
# or release archives; Celery beat checks the active ones every DATA_SOURCES_CHECK_INTERVAL
# seconds (0: never; "check now" and `manage.py check_data_sources` still work).
DATA_SOURCES_CHECK_INTERVAL = env_int("DATA_SOURCES_CHECK_INTERVAL", 6 * 3600)
CELERY_BEAT_SCHEDULE = (
    {
        "check-data-sources": {
            "task": "catalogues.tasks.check_data_sources_task",
            "schedule": float(DATA_SOURCES_CHECK_INTERVAL),
        }
    }
    if DATA_SOURCES_CHECK_INTERVAL > 0
    else {}
)
# Every download: its size, the time for it (redirects included) and the redirects followed.
DATA_SOURCES_MAX_DOWNLOAD_BYTES = env_int("DATA_SOURCES_MAX_DOWNLOAD_BYTES", 50 * 1024 * 1024)
# What one check may fetch in all (the files are held until they are imported together).
DATA_SOURCES_MAX_CHECK_BYTES = env_int("DATA_SOURCES_MAX_CHECK_BYTES", 200 * 1024 * 1024)
DATA_SOURCES_TIMEOUT = env_int("DATA_SOURCES_TIMEOUT", 60)
DATA_SOURCES_MAX_REDIRECTS = env_int("DATA_SOURCES_MAX_REDIRECTS", 5)
# Files one source may list (BSData's largest repositories list a few hundred).
DATA_SOURCES_MAX_FILES = env_int("DATA_SOURCES_MAX_FILES", 500)
# A check that fails on the network is tried again this many times, waiting longer each time.
DATA_SOURCES_CHECK_RETRIES = env_int("DATA_SOURCES_CHECK_RETRIES", 5)
DATA_SOURCES_RETRY_BACKOFF = env_int("DATA_SOURCES_RETRY_BACKOFF", 60)  # seconds, first wait
# Only for tests and local mirrors: fetch over plain HTTP from loopback addresses. Private and
# link-local addresses stay refused.
DATA_SOURCES_ALLOW_LOOPBACK = env_bool("DATA_SOURCES_ALLOW_LOOPBACK", False)

# The cache holds the login throttles and the list-creation rate: with CACHE_URL (Redis) they
# are shared by every process; without it each process counts on its own (fine for one
# process, e.g. development; a deployment with several workers sets CACHE_URL).
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "armybuilder"}
    )
}

# What one account may keep and how fast it may start lists (lists/quotas.py).
LISTS_MAX_PER_ACCOUNT = env_int("LISTS_MAX_PER_ACCOUNT", 500)
LISTS_MAX_CREATIONS_PER_MINUTE = env_int("LISTS_MAX_CREATIONS_PER_MINUTE", 10)
LISTS_MAX_DOCUMENT_BYTES = env_int("LISTS_MAX_DOCUMENT_BYTES", 4 * 1024 * 1024)
LISTS_MAX_STORED_BYTES_PER_ACCOUNT = env_int("LISTS_MAX_STORED_BYTES_PER_ACCOUNT", 1024**3)
# How many lists a re-validation job reads, evaluates and records at a time (lists/updates.py):
# the unit of its progress and of the work a killed worker's job does again.
LISTS_REVALIDATION_CHUNK = env_int("LISTS_REVALIDATION_CHUNK", 200)

# Catalogue uploads: what one request may send and what one archive may unpack to.
CATALOGUE_MAX_UPLOAD_BYTES = env_int("CATALOGUE_MAX_UPLOAD_BYTES", 50 * 1024 * 1024)
CATALOGUE_MAX_UNZIPPED_BYTES = env_int("CATALOGUE_MAX_UNZIPPED_BYTES", 200 * 1024 * 1024)
# Without a broker an upload is imported inside the web request: only small ones are accepted
# then; larger ones need a Celery worker (CELERY_BROKER_URL) or `manage.py import_bsdata`.
CATALOGUE_MAX_INLINE_IMPORT_BYTES = env_int("CATALOGUE_MAX_INLINE_IMPORT_BYTES", 1024 * 1024)
# A request body other than its files (a form, a JSON list spec): a real army list is a few
# hundred kilobytes. Uploaded files are bounded by the limits around this one instead.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
# Roster files checked on upload (.ros/.rosz): a real roster is a few hundred kilobytes.
ROSTER_MAX_UPLOAD_BYTES = env_int("ROSTER_MAX_UPLOAD_BYTES", 5 * 1024 * 1024)
ROSTER_MAX_UNZIPPED_BYTES = env_int("ROSTER_MAX_UNZIPPED_BYTES", 50 * 1024 * 1024)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "catalogues.api.schema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "catalogues.api.base.Pagination",
    "PAGE_SIZE": 50,
    # A body is JSON, and JSON nested deeper than any API body needs is refused (400), never
    # walked. The views that take a file name multipart themselves: one content type per body
    # is what clients generated from the schema can send.
    "DEFAULT_PARSER_CLASSES": ["catalogues.api.parsers.JSONParser"],
    # An app signs in for a device token (``POST /api/v1/auth/token/``); the browser's pages
    # use their session, with its CSRF check. No HTTP Basic: a password is never sent per
    # request, nor open to unthrottled guessing.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_THROTTLE_CLASSES": [
        "armybuilder.api_throttling.AnonymousThrottle",
        "armybuilder.api_throttling.UserThrottle",
    ],
    "EXCEPTION_HANDLER": "armybuilder.api_errors.exception_handler",
    # The client's address is REMOTE_ADDR: the trusted-proxy middleware has already put it
    # there, and X-Forwarded-For (which a client writes) must not key the throttles.
    "NUM_PROXIES": 0,
}
# Requests per client address (anonymous), per user, and token sign-ins per client address.
API_THROTTLE_RATES = {
    "anon": os.environ.get("API_THROTTLE_ANON", "600/min"),
    "user": os.environ.get("API_THROTTLE_USER", "1200/min"),
    "sign_in": os.environ.get("API_THROTTLE_SIGN_IN", "10/min"),
}
# App sign-ins (django-rest-knox): a token per device, renewed as it is used.
KNOX_TOKEN_MODEL = "accounts.DeviceToken"
# knox's own migrations create its unswapped token table, which nothing uses and which keeps
# a foreign key to every user (Postgres then refuses to empty the user table in tests).
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env_int("API_TOKEN_TTL_DAYS", 90)),
    "AUTO_REFRESH": True,
}
API_TOKENS_PER_USER = env_int("API_TOKENS_PER_USER", 20)
SPECTACULAR_SETTINGS = {
    "TITLE": "armybuilder API",
    "DESCRIPTION": "Game systems, catalogues and army lists in the BattleScribe data model.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The API docs page serves Swagger UI from our own static files, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A PATCH body is read whole (a rename needs its name), as its serializer says.
    "COMPONENT_SPLIT_PATCH": False,
    # ``<id:...>`` path segments (``catalogues.params.IdConverter``).
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1}},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}
