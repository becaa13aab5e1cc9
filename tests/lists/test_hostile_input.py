"""The same hostile names, notes and files through every way text comes in: the wizard,
rename, builder edits, roster import (page and service), the validation and roster APIs and
staff uploads. Each is refused with a 4xx and a stable code, and nothing is stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from xml.sax.saxutils import quoteattr

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from armybuilder.engine.caps import MAX_NAME_LENGTH, MAX_NOTES_LENGTH, CapExceeded
from catalogues.examples import shipped_examples
from catalogues.models import GameSystem, ImportJob
from catalogues.services.validation import ListSpecRejected
from lists import services, sharing
from lists.exports import ExportFormat
from lists.models import ArmyList, ListVersion
from lists.services import EditRejected, ListState
from tests.catalogues import closure_data
from tests.catalogues.documents import as_file
from tests.lists.conftest import KING, add

pytestmark = pytest.mark.django_db

# What no name may hold: characters XML or PostgreSQL cannot store, line breaks, and length.
HOSTILE_NAMES = [
    "nul \x00 here",
    "bell \x07",
    "escape \x1b[31m",
    "two\nlines",
    "carriage\rreturn",
    "line\u2028separator",
    "x" * (MAX_NAME_LENGTH + 1),
]
# What no notes may hold: the same characters (line breaks and tabs are fine), and length.
HOSTILE_NOTES = ["nul \x00 here", "bell \x07", "escape \x1b[31m", "x" * (MAX_NOTES_LENGTH + 1)]
TEXT_CODES = {"caps.text"}


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _unchanged(state: ListState) -> None:
    """Nothing was written: the list's version and its snapshots are as they were."""
    army_list = ArmyList.objects.get(pk=state.army_list.pk)
    assert army_list.version == state.army_list.version
    assert not ListVersion.objects.filter(army_list=army_list, number__gt=army_list.version)
    assert army_list.document == state.army_list.document


@pytest.fixture
def king_list(dwarven_list: ListState) -> ListState:
    return add(dwarven_list, KING)


def _targets(state: ListState) -> Iterator[str]:
    yield services.ROSTER_TARGET
    yield state.roster.forces[0].id
    yield next(s.id for s in state.roster.all_selections() if s.node.id == KING)


# ------------------------------------------------------------------------------- services


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_services_refuse_a_hostile_name(king_list: ListState, name: str) -> None:
    for target in _targets(king_list):
        with pytest.raises(EditRejected) as refused:
            services.set_custom(
                army_list=king_list.army_list,
                version=king_list.army_list.version,
                target_id=target,
                name=name,
                notes=None,
            )
        assert refused.value.code in TEXT_CODES, target
        assert refused.value.status == 400
    with pytest.raises(EditRejected) as refused:
        services.rename_list(army_list=king_list.army_list, name=name)
    assert refused.value.code in TEXT_CODES
    _unchanged(king_list)


@pytest.mark.parametrize("notes", HOSTILE_NOTES)
def test_the_services_refuse_hostile_notes(king_list: ListState, notes: str) -> None:
    for target in _targets(king_list):
        with pytest.raises(EditRejected) as refused:
            services.set_custom(
                army_list=king_list.army_list,
                version=king_list.army_list.version,
                target_id=target,
                name=None,
                notes=notes,
            )
        assert refused.value.code in TEXT_CODES, target
    _unchanged(king_list)


def test_notes_may_hold_line_breaks_and_tabs(king_list: ListState) -> None:
    notes = "first line\r\nsecond\tline\nthird \u2028 fourth"
    state = services.set_custom(
        army_list=king_list.army_list,
        version=king_list.army_list.version,
        target_id=services.ROSTER_TARGET,
        name=None,
        notes=notes,
    )
    assert state.army_list.document["roster"]["customNotes"] == notes


# ---------------------------------------------------------------------------------- pages


@pytest.mark.parametrize("name", [n for n in HOSTILE_NAMES if "\x00" not in n])
def test_the_wizard_refuses_a_hostile_name(player: Any, ninth_age: GameSystem, name: str) -> None:
    from tests.lists.test_wizard import last_choices, walk_wizard

    client = _client(player)
    url, form, _html = walk_wizard(client, ninth_age.name)
    response = client.post(url, {**last_choices(form), "name": name})

    assert response.status_code == 400
    assert not ArmyList.objects.exists()


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_the_rename_page_refuses_a_hostile_name(king_list: ListState, player: Any, name: str):
    response = _client(player).post(
        reverse("lists:rename", args=[king_list.army_list.pk]), {"name": name}
    )
    assert response.status_code == 400
    _unchanged(king_list)


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", name) for name in HOSTILE_NAMES] + [("notes", notes) for notes in HOSTILE_NOTES],
)
def test_the_builder_refuses_hostile_text(
    king_list: ListState, player: Any, field: str, value: str
) -> None:
    client = _client(player)
    url = reverse("lists:edit", args=[king_list.army_list.pk, "custom"])
    for target in _targets(king_list):
        fields = {"name": "A fine name", field: value}  # (a blank name is refused too)
        response = client.post(
            url, {"version": king_list.army_list.version, "target_id": target, **fields}
        )
        assert response.status_code == 400, target
        assert "control characters" in response.content.decode() or "too long" in (
            response.content.decode()
        ), target
    _unchanged(king_list)


# ---------------------------------------------------------------------------- roster files


def _ros_with(state: ListState, *, name: str | None = None, notes: str | None = None) -> bytes:
    """The list's own ``.ros`` export with its name or notes replaced by raw text (escaped as
    XML escapes it, so only what XML cannot hold at all breaks the file itself)."""
    state = services.set_custom(
        army_list=state.army_list,
        version=state.army_list.version,
        target_id=services.ROSTER_TARGET,
        name="PLACEHOLDER-NAME",
        notes="PLACEHOLDER-NOTES",
    )
    ros = sharing.export_list(
        army_list=state.army_list,
        fmt=ExportFormat.ROS,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    ).content.decode()
    if name is not None:
        escaped = quoteattr(name, {"\n": "&#10;", "\r": "&#13;"})[1:-1]
        ros = ros.replace("PLACEHOLDER-NAME", escaped)
    if notes is not None:
        escaped = quoteattr(notes)[1:-1]
        ros = ros.replace("PLACEHOLDER-NOTES", escaped)
    return ros.encode("utf-8", errors="surrogatepass")


def _hostile_files(state: ListState) -> list[tuple[str, bytes]]:
    return [(f"name {n[:12]!r}", _ros_with(state, name=n)) for n in HOSTILE_NAMES] + [
        (f"notes {n[:12]!r}", _ros_with(state, notes=n)) for n in HOSTILE_NOTES
    ]


def test_import_refuses_hostile_roster_files(king_list: ListState, rival: Any) -> None:
    before = ArmyList.objects.count()
    for label, data in _hostile_files(king_list):
        with pytest.raises(ListSpecRejected) as refused:
            sharing.import_list(user=rival, data=data, filename="hostile.ros")
        assert refused.value.code in TEXT_CODES or refused.value.code.startswith("format."), label
    assert ArmyList.objects.count() == before


def test_the_import_page_refuses_hostile_roster_files(king_list: ListState, rival: Any) -> None:
    client = _client(rival)
    before = ArmyList.objects.count()
    for label, data in _hostile_files(king_list):
        response = client.post(
            reverse("sharing:import"), {"roster": SimpleUploadedFile("hostile.ros", data)}
        )
        assert response.status_code == 422, label  # the refusal's own status, as in the API
        assert 'id="import-error"' in response.content.decode(), label
    assert ArmyList.objects.count() == before


def test_the_roster_check_api_refuses_hostile_roster_files(
    king_list: ListState, player: Any
) -> None:
    client = _client(player)
    for label, data in _hostile_files(king_list):
        response = client.post(
            "/api/v1/rosters/check/", {"file": SimpleUploadedFile("hostile.ros", data)}
        )
        assert 400 <= response.status_code < 500, label
        code = response.json().get("code", "")
        assert code in TEXT_CODES or code.startswith("format."), (label, response.json())


# ------------------------------------------------------------------------------------ API


def _spec() -> dict[str, Any]:
    example = next(e for e in shipped_examples() if e.slug == "dwarven-holds-legal-4500")
    return json.loads(json.dumps(example.spec))


@pytest.mark.parametrize(
    ("where", "value"),
    [("name", name) for name in HOSTILE_NAMES]
    + [("customName", name) for name in HOSTILE_NAMES]
    + [("customNotes", notes) for notes in HOSTILE_NOTES]
    + [("customName", "lone \ud800 surrogate"), ("customNotes", "lone \udfff")],
)
def test_the_validate_api_refuses_hostile_text(
    ninth_age: GameSystem, player: Any, where: str, value: str
) -> None:
    spec = _spec()
    if where == "name":
        spec["name"] = value
    else:
        spec["forces"][0]["selections"][0][where] = value
    body = json.dumps(spec)  # lone surrogates travel as JSON escapes
    response = _client(player).post("/api/v1/validate/", data=body, content_type="application/json")

    assert 400 <= response.status_code < 500, response.content[:200]
    assert ArmyList.objects.count() == 0


# ---------------------------------------------------------------------------- staff upload


@pytest.mark.usefixtures("empty_store")
@pytest.mark.parametrize("text", ["nul \x00 here", "bell \x07", "lone \ud800"])
def test_staff_uploads_refuse_text_a_roster_file_cannot_hold(
    db: None, django_capture_on_commit_callbacks: Any, text: str
) -> None:
    from django.contrib.auth.models import User

    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    client = Client()
    client.force_login(staff)
    document = closure_data.game_system_document()
    document["gameSystem"]["name"] = text
    name, data = as_file("gs.json", document)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("catalogues:upload"), {"uploads": [SimpleUploadedFile(name, data)]}
        )

    assert response.status_code in (302, 400)
    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.FAILED
    assert job.errors[0]["code"] == "format.bad_text"
    assert not GameSystem.objects.exists()


# ------------------------------------------------------------------ lists stored before


def test_lists_stored_before_the_caps_are_cleaned_so_they_open_again(
    king_list: ListState,
) -> None:
    import importlib

    from armybuilder.engine.document import check_document

    migration = importlib.import_module("lists.migrations.0003_document_bytes")
    document = json.loads(json.dumps(king_list.army_list.document))
    body = document["roster"]
    body["name"] = "old\nname \x07" + "n" * 300
    body["customNotes"] = "bell \x07 nul \x00 " + "x" * (MAX_NOTES_LENGTH + 50)
    body["forces"][0]["customName"] = "two\r\nlines\x1b"
    body["forces"][0]["selections"][0]["customNotes"] = "lone \ud800 kept words"
    with pytest.raises(CapExceeded):
        check_document(document)

    cleaned = migration._cleaned(document)

    check_document(cleaned)
    assert cleaned["roster"]["name"].startswith("old name nnn")
    assert len(cleaned["roster"]["name"]) == MAX_NAME_LENGTH
    assert cleaned["roster"]["forces"][0]["customName"] == "two lines"
    assert cleaned["roster"]["forces"][0]["selections"][0]["customNotes"] == "lone  kept words"
