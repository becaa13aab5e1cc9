"""The API does what its schema says, checked by schemathesis in-process against the WSGI app:
no server error, no undocumented status code or response shape, no request the schema allows
refused as malformed, and none it forbids accepted. It asks anonymously, and as a player
signed in with a token who owns a list, so that the lists endpoints answer more than 401.

``SCHEMA_EXAMPLES`` sets how many examples each operation gets (CI runs more)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.config import SchemathesisConfig

from accounts.models import DeviceToken
from armybuilder.wsgi import application
from catalogues.models import Catalogue
from lists import services
from lists.etags import etag_of
from lists.models import ArmyList
from tests.catalogues.closure_data import FORCE_ID

EXAMPLES = int(os.environ.get("SCHEMA_EXAMPLES", "6"))
OWN_LIST = "/api/v1/lists/{id}/"

# A schema cannot say which ids are stored: a well-formed list naming a game system that is
# not there is refused with 422 (``list_spec.unknown_game_system``), which is acceptance of
# the request's form, not a rejection of it. Nor is a 429: token sign-in allows ten a minute,
# fewer than the examples tried.
# Nor can a schema say which forces, selections, entries, options (and their values) or
# versions a list has: a well-formed edit naming one it lacks is refused with a code saying
# so (400), as is a data update a list's state refuses (409), again acceptance of the
# request's form. A 400 with any other code (``request.invalid``:
# the body does not match the schema) is still a schema-valid request rejected.
NAMES_WHAT_THE_LIST_LACKS = {
    "edit.unknown_catalogue",
    "edit.unknown_cost_type",
    "edit.unknown_entry",
    "edit.unknown_force",
    "edit.unknown_option",
    "edit.unknown_selection",
    "edit.bad_value",
    "edit.nothing_to_undo",
    "edit.nothing_to_redo",
    "history.unknown_version",
    "edit.nothing_to_change",
    # (409) the list is on the newest data already, or the newer data lacks its selections
    "migration.up_to_date",
    "migration.removals_unconfirmed",
}
CONFIG = SchemathesisConfig.from_dict(
    {
        # Strings a client can send: UTF-8 has no lone surrogates, which the server refuses
        # in any text (PostgreSQL cannot store them) and OpenAPI 3.0 cannot say so.
        "generation": {"codec": "utf-8"},
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "403", "404", "422", "429"]
            },
            # A write without If-Match is refused with 428 Precondition Required (RFC 6585).
            "missing_required_header": {
                "expected-statuses": ["400", "401", "403", "406", "415", "422", "428"]
            },
        },
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


@dataclass(frozen=True)
class Asker:
    headers: dict[str, str]
    player: Any = None
    catalogue: Catalogue | None = None

    def own_list(self) -> ArmyList:
        """One of the player's lists: a new one when an example has deleted the last."""
        army_list = ArmyList.objects.filter(owner=self.player).order_by("pk").first()
        if army_list is not None:
            return army_list
        assert self.catalogue is not None
        return services.create_list(
            user=self.player,
            game_system=self.catalogue.game_system,
            catalogue=self.catalogue,
            name="Owned",
            cost_limits={},
            options={},
            force_entry_id=FORCE_ID,
        ).army_list


@pytest.fixture(params=["anonymous", "player"])
def asker(request: pytest.FixtureRequest, army: Catalogue, settings: Any) -> Asker:
    if request.param == "anonymous":
        return Asker(headers={})
    # Examples that delete the player's list have it created again, past any rate.
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000_000
    player = get_user_model().objects.create_user("player", "player@example.com", "pw-1")
    _, token = DeviceToken.objects.create(user=player, device_name="schemathesis")
    return Asker(headers={"Authorization": f"Token {token}"}, player=player, catalogue=army)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@pytest.mark.usefixtures("connection_kept_open")
def test_api_conforms_to_its_schema(case: schemathesis.Case, asker: Asker) -> None:
    headers = dict(asker.headers)
    # A random id is someone else's list or none (404): the player's own list is the one
    # whose edits, history and exports there are to check, at its current version.
    if asker.player is not None and case.path.startswith(OWN_LIST):
        owned = asker.own_list()
        case.path_parameters["id"] = owned.pk
        if case.headers and "If-Match" in case.headers:
            headers["If-Match"] = etag_of(owned)
    case.call_and_validate(
        headers=headers,
        excluded_checks=[checks.positive_data_acceptance],
        additional_checks=[well_formed_requests_are_accepted],
    )


def well_formed_requests_are_accepted(ctx: Any, response: Any, case: schemathesis.Case) -> Any:
    if response.status_code in (400, 409) and _code_of(response) in NAMES_WHAT_THE_LIST_LACKS:
        return None
    return checks.positive_data_acceptance(ctx, response, case)


def _code_of(response: Any) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None
