"""The API does what its schema says, checked by schemathesis in-process against the WSGI app:
no server error, no undocumented status code or response shape, no request the schema allows
refused as malformed, and none it forbids accepted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from armybuilder.wsgi import application
from catalogues.models import Catalogue

# A schema cannot say which ids are stored: a well-formed list naming a game system that is
# not there is refused with 422 (``list_spec.unknown_game_system``), which is acceptance of
# the request's form, not a rejection of it. Nor is a 429: token sign-in allows ten a minute,
# fewer than the examples tried.
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "403", "404", "422", "429"]
            }
        }
    }
)
schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application, config=CONFIG)


@pytest.fixture
def connection_kept_open() -> Iterator[None]:
    """The WSGI app is called directly, not through Django's test client: like the client,
    keep each request from closing the test's database connection (and its transaction)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.usefixtures("connection_kept_open")
def test_api_conforms_to_its_schema(case: schemathesis.Case, army: Catalogue) -> None:
    case.call_and_validate()
