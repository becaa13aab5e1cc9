"""Serve the BattleScribe roster conformance protocol (NDJSON on stdin/stdout).

The adapter itself is pure engine code; this command only gives it the project's usual entry
point, so the conformance runner can start it as ``python manage.py bsspec_adapter``.
"""

import sys
from typing import Any

from django.core.management.base import BaseCommand

from armybuilder.engine.bsspec import serve


class Command(BaseCommand):
    help = "Speak the BattleScribe roster conformance protocol on stdin/stdout."

    def handle(self, *args: Any, **options: Any) -> None:
        serve(sys.stdin, sys.stdout)
