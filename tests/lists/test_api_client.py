"""A client generated from the live schema (openapi-python-client) runs a whole session over
HTTP: the schema is complete enough for an app to be built on it alone."""

from __future__ import annotations

import importlib
import io
import sys
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from openapi_python_client import generate
from openapi_python_client.config import Config, ConfigFile, MetaType

from catalogues.models import Catalogue, GameSystem
from lists.models import ArmyList
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS, WARRIORS

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

PACKAGE = "armybuilder_client"


class Generated:
    """The generated package, its submodules imported as they are named
    (``api.api.lists.lists_create.sync``)."""

    def __init__(self, path: str = PACKAGE) -> None:
        self._path = path

    def __getattr__(self, name: str) -> Any:
        path = f"{self._path}.{name}"
        try:
            importlib.import_module(path)
        except ModuleNotFoundError as error:
            if error.name != path:
                raise
            return getattr(importlib.import_module(self._path), name)
        return Generated(path)


@pytest.fixture(scope="module")
def api(live_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Generated]:
    """The client, generated once for the module from the schema the server serves."""
    out = tmp_path_factory.mktemp("client")
    config = Config.from_sources(
        # The generator reads a response only as JSON, text or bytes: a roster file is bytes.
        ConfigFile(
            package_name_override=PACKAGE,
            post_hooks=[],
            content_type_overrides={
                "application/xml": "application/octet-stream",
                "application/zip": "application/octet-stream",
            },
        ),
        MetaType.NONE,
        f"{live_server.url}/api/v1/schema/",
        "utf-8",
        overwrite=True,
        output_path=out / PACKAGE,
    )

    errors = generate(config=config)

    # Warnings are errors too: each is a piece of the API the client would be missing.
    assert [(e.header, e.detail) for e in errors] == []
    sys.path.insert(0, str(out))
    yield Generated()
    sys.path.remove(str(out))
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


def verified_user(name: str) -> tuple[str, str]:
    email, password = f"{name}@example.com", f"pw-{name}-1"
    user = get_user_model().objects.create_user(name, email, password)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return email, password


def signed_in(api: Generated, base_url: str, email: str, password: str) -> Any:
    anonymous = api.client.Client(base_url=base_url, raise_on_unexpected_status=True)
    body = api.models.SignIn(email=email, password=password, device="test app")
    answer = api.api.auth.auth_token_create.sync_detailed(client=anonymous, body=body)
    assert answer.status_code == HTTPStatus.CREATED
    return api.client.AuthenticatedClient(
        base_url=base_url, token=answer.parsed.token, prefix="Token"
    )


def test_a_generated_client_builds_shares_forks_exports_and_verifies_a_list(
    api: Generated, live_server: Any, ninth_age: GameSystem
) -> None:
    base = live_server.url
    player = signed_in(api, base, *verified_user("player"))
    rival = signed_in(api, base, *verified_user("rival"))
    catalogue = Catalogue.objects.get(game_system=ninth_age, bs_id=DWARVEN_HOLDS)
    models, lists = api.models, api.api.lists

    created = lists.lists_create.sync_detailed(
        client=player,
        body=models.CreateList(
            name="Grudge settlers",
            catalogue=catalogue.pk,
            cost_limits=models.CreateListCostLimits.from_dict({POINTS: 4500}),
            force_entry_id=DWARVEN_FORCE,
        ),
    )
    assert created.status_code == HTTPStatus.CREATED
    list_id, first_etag = created.parsed.list_.id, created.parsed.etag
    (force,) = created.parsed.document["roster"]["forces"]
    etag = first_etag
    for entry in (KING, WARRIORS):
        added = lists.lists_edit_add.sync_detailed(
            list_id,
            client=player,
            body=models.AddSelection(force_id=force["id"], entry_id=entry),
            if_match=etag,
        )
        assert added.status_code == HTTPStatus.OK
        etag = added.parsed.etag
    read = lists.lists_retrieve.sync(list_id, client=player)
    stale = lists.lists_edit_add.sync_detailed(
        list_id,
        client=player,
        body=models.AddSelection(force_id=force["id"], entry_id=KING),
        if_match=first_etag,
    )

    units = [s["entryId"] for s in read.document["roster"]["forces"][0]["selections"]]
    assert units == [KING, WARRIORS]
    (points,) = [t for t in read.report.totals if t.type_id == POINTS]
    assert (points.limit, points.value > 0) == (4500, True)
    assert (stale.status_code, stale.parsed.code) == (412, "edit.stale_version")
    assert stale.parsed.params.to_dict() == {"current_version": 3}

    shared = lists.lists_visibility_create.sync(
        list_id,
        client=player,
        body=models.Visibility(visibility=models.VisibilityEnum.UNLISTED),
        if_match=etag,
    )
    stranger = api.client.Client(base_url=base)
    seen = api.api.shared.shared_retrieve.sync_detailed(shared.share_token, client=stranger)
    fork = api.api.shared.shared_fork_create.sync_detailed(
        shared.share_token, client=rival, body=models.Fork()
    )

    assert seen.status_code == HTTPStatus.OK
    assert (seen.parsed.list_.name, seen.parsed.share_token) == ("Grudge settlers", None)
    assert fork.status_code == HTTPStatus.CREATED
    assert ArmyList.objects.get(pk=fork.parsed.list_.id).forked_from.army_list_id == list_id
    mine = lists.lists_list.sync(client=rival)
    assert [item.id for item in mine.results] == [fork.parsed.list_.id]

    ros = lists.lists_export_retrieve.sync_detailed(list_id, "ros", client=player)
    upload = api.types.File(payload=io.BytesIO(ros.content), file_name="grudge.ros")
    verified = api.api.verify.verify_create.sync(
        client=stranger, body=models.VerifyFile(file=upload)
    )
    tampered = api.api.verify.verify_create.sync(
        client=stranger,
        body=models.VerifyFile(
            file=api.types.File(
                payload=io.BytesIO(ros.content.replace(b"Grudge", b"Grumble")),
                file_name="grudge.ros",
            )
        ),
    )

    assert ros.status_code == HTTPStatus.OK
    assert ros.headers["Content-Type"] == "application/xml"
    assert (verified.valid, verified.format_) == (True, "roster")
    assert tampered.valid is False
