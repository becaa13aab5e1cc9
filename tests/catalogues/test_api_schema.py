"""The API does what its schema says, checked by schemathesis in-process against the WSGI app:
no server error, no undocumented status code or response shape, no request the schema allows
refused as malformed, and none it forbids accepted."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from armybuilder.wsgi import application
from catalogues.models import Catalogue

# A schema cannot say which ids are stored: a well-formed list naming a game system that is
# not there is refused with 422 (``list_spec.unknown_game_system``), which is acceptance of
# the request's form, not a rejection of it.
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ["2xx", "401", "403", "404", "422"]}
        }
    }
)
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: schemathesis.Case, army: Catalogue) -> None:
    case.call_and_validate()
