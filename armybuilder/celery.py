"""The Celery application; workers start with ``celery -A armybuilder.celery worker``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

app = Celery("armybuilder")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
