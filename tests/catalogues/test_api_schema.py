"""The API does what its schema says, checked by schemathesis in-process against the WSGI app:
no server error, no undocumented status code or response shape, no request the schema allows
refused as malformed, and none it forbids accepted. It asks anonymously, and as a player
signed in with a token who owns a list, so that the lists endpoints answer more than 401.

``SCHEMA_EXAMPLES`` sets how many examples each operation gets as the player (6 by default;
CI runs 50, ``.ci/run``), and a fifth of that anonymously (at least 6). Each operation is
its own test, so pytest-xdist spreads them over its workers; the army, the player and the
token are made once per module."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from schemathesis import checks
from schemathesis.config import SchemathesisConfig
from werkzeug.sansio.multipart import Data, MultipartEncoder, State

from accounts.models import DeviceToken
from armybuilder.wsgi import application
from catalogues.models import Catalogue
from lists import services
from lists.etags import etag_of
from lists.models import ArmyList
from tests.catalogues.closure_data import FORCE_ID, import_closure_wars

EXAMPLES = int(os.environ.get("SCHEMA_EXAMPLES", "6"))
# The player reaches every operation that an anonymous asker does, and past its 401s: the
# examples per operation that CI requires are the player's. Anonymously, an operation answers
# a 401 or what it answers anyone (the player's too), so fewer examples find what it can.
ANONYMOUS_EXAMPLES = max(6, EXAMPLES // 5)
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
        # The coverage phase builds its cases as the tests are collected, by every pytest-xdist
        # worker (most of the suite's collection time): CI runs it, ``bin/test`` fuzzes only.
        "phases": {"coverage": {"enabled": bool(os.environ.get("CI"))}},
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
# A name's pattern refuses a blank name with a look-ahead (which the server scans in one
# pass), and Hypothesis draws a string for a look-ahead by drawing and throwing away: the
# coverage phase's names of the longest and shortest lengths took 22 s to build (most of
# collecting the suite in CI, on every pytest-xdist worker). The same strings, stated without
# one, are drawn directly.
NAME_PATTERN = re.compile(r"\^\(\?=\.\*\[\^(?P<spaces>[^\]]*)\]\)\[\^(?P<refused>[^\]]*)\]\*\$")


def without_look_ahead(pattern: str) -> str:
    """The strings a name's pattern matches, stated without its look-ahead."""
    found = NAME_PATTERN.fullmatch(pattern)
    if found is None:
        return pattern
    refused = found["refused"]
    return f"^[^{refused}]*[^{found['spaces']}{refused}][^{refused}]*$"


def _restate(node: Any, restated: list[str]) -> None:
    """Restate every name pattern in a loaded schema (``restated`` gets them as they were)."""
    if isinstance(node, dict):
        pattern = node.get("pattern")
        if isinstance(pattern, str) and without_look_ahead(pattern) != pattern:
            restated.append(pattern)
            node["pattern"] = without_look_ahead(pattern)
        for value in node.values():
            _restate(value, restated)
    elif isinstance(node, list):
        for value in node:
            _restate(value, restated)


schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application, config=CONFIG)
NAME_PATTERNS: list[str] = []
_restate(schema.raw_schema, NAME_PATTERNS)


@pytest.fixture(scope="module")
def connection_kept_open() -> Iterator[None]:
    """The WSGI app is called directly, not through Django's test client: like the client,
    keep each request from closing the database connection (and the transactions open on
    it, the module's and the test's)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(scope="module", autouse=True)
def empty_files_sent_whole() -> Iterator[None]:
    """Werkzeug's test client (schemathesis's in-process transport) leaves out the line break
    between an empty file part's headers and the next boundary, so the server reads no file
    where an HTTP client sends an empty one (``/verify/`` answered 400 ``request.invalid``):
    send the part as an HTTP client does."""
    send_event = MultipartEncoder.send_event

    def send_whole(encoder: MultipartEncoder, event: Any) -> bytes:
        if isinstance(event, Data) and not event.data and encoder.state == State.DATA_START:
            encoder.state = State.DATA
            return b"\r\n"
        return send_event(encoder, event)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MultipartEncoder, "send_event", send_whole)
        yield


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


@pytest.fixture(scope="module")
def fuzzed_army(
    django_db_setup: None, django_db_blocker: Any, connection_kept_open: None
) -> Iterator[Catalogue]:
    """The army, imported once per module (an import for each of the 118 tests cost more
    than their examples): in a transaction that each test's own rolls back to, rolled back
    as the module ends."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield import_closure_wars()
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def asker(
    request: pytest.FixtureRequest, fuzzed_army: Catalogue, django_db_blocker: Any
) -> Iterator[Asker]:
    """Nobody, or a player signed in with a token, made once per module like the army."""
    if request.param == "anonymous":
        yield Asker(headers={})
        return
    with django_db_blocker.unblock(), transaction.atomic():
        player = get_user_model().objects.create_user("player", "player@example.com", "pw-1")
        _, token = DeviceToken.objects.create(user=player, device_name="schemathesis")
        yield Asker(
            headers={"Authorization": f"Token {token}"}, player=player, catalogue=fuzzed_army
        )
        transaction.set_rollback(True)


@pytest.fixture(autouse=True)
def _creations_unlimited(settings: Any) -> None:
    """Examples that delete the player's list have it created again, past any rate."""
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000_000


def fuzzing(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=None,
        # The examples of one operation share the test's transaction and the module's asker
        # on purpose: each starts from what the previous left (a list deleted is made again),
        # and a fresh database per example would cost more than the example.
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


@schema.parametrize()
@fuzzing(EXAMPLES)
@pytest.mark.parametrize("asker", ["player"], indirect=True)
@pytest.mark.django_db
def test_api_conforms_to_its_schema(case: schemathesis.Case, asker: Asker) -> None:
    conforms(case, asker)


@schema.parametrize()
@fuzzing(ANONYMOUS_EXAMPLES)
@pytest.mark.parametrize("asker", ["anonymous"], indirect=True)
@pytest.mark.django_db
def test_api_conforms_to_its_schema_anonymously(case: schemathesis.Case, asker: Asker) -> None:
    conforms(case, asker)


def conforms(case: schemathesis.Case, asker: Asker) -> None:
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


@pytest.mark.parametrize(
    "name", ["", " ", "\u3000\u00a0", "a", " a ", "\u3000x", "a\nb", "\x85", "é\u2028", "\t"]
)
def test_a_name_pattern_without_its_look_ahead_matches_the_same_names(name: str) -> None:
    """(The schema states the serializer's pattern in ECMA syntax, which Python reads too.)"""
    assert NAME_PATTERNS, "the schema's names have no look-ahead to restate"
    for pattern in set(NAME_PATTERNS):
        restated = without_look_ahead(pattern)

        assert bool(re.search(restated, name)) == bool(re.search(pattern, name))
