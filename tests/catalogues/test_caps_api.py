"""Caps and the work budget at every way in: ``POST /api/validate/`` (List specs) and
``POST /api/rosters/check/`` (roster files), on the shipped The 9th Age pack."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armybuilder.engine import caps
from armybuilder.engine.report import COST_LIMIT_EXCEEDED
from catalogues.models import GameSystem
from catalogues.services import rosters, validation
from tests.engine.packs import PACKS

VALIDATE = "/api/v1/validate/"
CHECK = "/api/v1/rosters/check/"
EXPORT = "/api/v1/rosters/export/"
LEGAL_4500 = PACKS / "the-9th-age-3rd" / "examples" / "dwarven-holds-legal-4500.json"

pytestmark = pytest.mark.django_db


def legal_spec(**changes: Any) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(LEGAL_4500.read_text(encoding="utf-8"))
    for key in ("name", "description", "source", "expected"):
        spec.pop(key, None)
    return {**spec, **changes}


def validate(client: Client, body: dict[str, Any]) -> Any:
    return client.post(VALIDATE, json.dumps(body), content_type="application/json")


def check(client: Client, content: bytes, name: str = "list.ros") -> Any:
    return client.post(CHECK, {"file": SimpleUploadedFile(name, content)})


def refused_with(response: Any) -> str:
    assert response.status_code == 422, response.content[:500]
    code: str = response.json()["code"]
    return code


def exported(client: Client, spec: dict[str, Any]) -> bytes:
    response = client.post(
        EXPORT, json.dumps({**spec, "format": "ros"}), content_type="application/json"
    )
    assert response.status_code == 200, response.content[:500]
    return bytes(response.content)


def with_limit(ros: bytes, value: str) -> bytes:
    pattern = rb'(<costLimit [^>]*value=")[^"]*"'
    changed, count = re.subn(pattern, lambda m: m.group(1) + value.encode() + b'"', ros)
    assert count == 1
    return changed


# ---------------------------------------------------------------------------- JSON lists


@pytest.mark.parametrize("limit", [1e308, 1e10, -1])
def test_a_cost_limit_out_of_bounds_is_refused(
    client: Client, ninth_age: GameSystem, limit: float
) -> None:
    """Regression: 1e308 spun a worker forever; a negative limit meant "no limit"."""
    body = legal_spec(costLimits={"t9a3-pts": limit})

    response = validate(client, body)

    assert response.status_code == 400, response.content[:500]
    assert "t9a3-pts" in response.json()["field_errors"]["costLimits"]


def test_the_largest_cost_limit_allowed_is_checked_at_once(
    client: Client, ninth_age: GameSystem
) -> None:
    response = validate(client, legal_spec(costLimits={"t9a3-pts": caps.MAX_COST_LIMIT}))

    assert response.status_code == 200, response.content[:500]
    assert response.json()["totals"][0]["limit"] == caps.MAX_COST_LIMIT


def test_forces_count_toward_the_caps(client: Client, ninth_age: GameSystem) -> None:
    """Regression: thousands of empty forces were accepted, each costing seconds."""
    force = {"forceEntryId": "t9a3-dh-force", "catalogueId": "t9a3-dh"}
    body = legal_spec(forces=[force] * (caps.MAX_FORCES + 1))

    assert refused_with(validate(client, body)) == caps.TOO_MANY_FORCES


def test_a_list_over_the_work_budget_is_refused(
    client: Client, ninth_age: GameSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validation, "REQUEST_STEPS", 100)

    assert refused_with(validate(client, legal_spec())) == caps.OVER_BUDGET


def test_explaining_stops_at_its_cap_and_says_so(
    ninth_age: GameSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = validation.validate_list_spec(spec=legal_spec(), explain=True)
    monkeypatch.setattr(validation, "MAX_EXPLAINED", 3)
    capped = validation.validate_list_spec(spec=legal_spec(), explain=True)

    assert whole.explained_all
    assert not capped.explained_all
    assert len(capped.unavailable) <= 3 < len(whole.unavailable)
    assert set(capped.unavailable) <= set(whole.unavailable)
    assert capped.problems == whole.problems


def test_the_api_says_when_explaining_stopped_at_its_cap(
    client: Client, ninth_age: GameSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = validate(client, legal_spec(explain=True)).json()
    monkeypatch.setattr(validation, "MAX_EXPLAINED", 3)
    cache.clear()  # the answers kept for the same list were worked out under the old cap
    capped = validate(client, legal_spec(explain=True)).json()

    assert (whole["explained_all"], capped["explained_all"]) == (True, False)
    assert len(capped["unavailable"]) <= 3 < len(whole["unavailable"])


def test_explaining_past_its_share_of_the_budget_still_reports_the_list(
    ninth_age: GameSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(validation, "EXPLAIN_STEPS", 10)

    report = validation.validate_list_spec(spec=legal_spec(), explain=True)

    assert report.explained
    assert not report.explained_all
    assert report.legal


# -------------------------------------------------------------------------- roster files


@pytest.mark.parametrize(
    ("limit", "number", "code"),
    [
        ("1e308", "1", caps.BAD_COST_LIMIT),
        ("inf", "1", caps.BAD_COST_LIMIT),
        ("nan", "1", caps.BAD_COST_LIMIT),
        ("1e400", "1", caps.BAD_COST_LIMIT),
        ("4500", "inf", caps.BAD_NUMBER),
        ("4500", "nan", caps.BAD_NUMBER),
        ("4500", "1e400", caps.BAD_NUMBER),
        ("4500", "1e308", caps.BAD_NUMBER),
        ("4500", "-3", caps.BAD_NUMBER),
    ],
)
def test_a_roster_file_with_numbers_out_of_bounds_is_refused_not_crashed(
    client: Client, ninth_age: GameSystem, limit: str, number: str, code: str
) -> None:
    """Regression: these were a 500 (or, for 1e308, a worker spinning forever)."""
    ros = with_limit(exported(client, legal_spec()), limit)
    ros = ros.replace(b'number="1"', f'number="{number}"'.encode(), 1)

    assert refused_with(check(client, ros)) == code


def test_a_roster_file_recording_a_cost_beyond_floats_is_refused(
    client: Client, ninth_age: GameSystem
) -> None:
    ros = exported(client, legal_spec())
    recorded = re.sub(
        rb'(<selection .*?<cost [^>]*value=")[^"]*"', rb'\g<1>1e400"', ros, count=1, flags=re.DOTALL
    )
    assert recorded != ros

    assert refused_with(check(client, recorded)) == caps.BAD_COST


def copies_of_its_force(ros: bytes, copies: int) -> bytes:
    force = re.search(rb"<force .*</force>", ros, re.DOTALL)
    assert force is not None
    return ros.replace(force.group(), force.group() * copies)


def test_a_roster_file_gets_the_caps_of_json_lists(client: Client, ninth_age: GameSystem) -> None:
    """Regression: roster files had no cap on selections or forces."""
    empty_force = {"forceEntryId": "t9a3-dh-force", "catalogueId": "t9a3-dh"}
    empty = exported(client, legal_spec(forces=[empty_force]))
    full = exported(client, legal_spec())
    per_force = full.count(b"<selection ")
    assert per_force > 20

    forces = check(client, copies_of_its_force(empty, caps.MAX_FORCES + 1))
    size = check(client, copies_of_its_force(full, caps.MAX_SIZE // per_force + 1))

    assert refused_with(forces) == caps.TOO_MANY_FORCES
    assert refused_with(size) == caps.TOO_LARGE
    assert check(client, copies_of_its_force(empty, caps.MAX_FORCES)).status_code == 200


def test_a_roster_file_over_the_work_budget_is_refused(
    client: Client, ninth_age: GameSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    ros = exported(client, legal_spec())
    monkeypatch.setattr(rosters, "REQUEST_STEPS", 100)

    assert refused_with(check(client, ros)) == caps.OVER_BUDGET


def test_a_roster_file_with_a_negative_limit_has_no_limit(
    client: Client, ninth_age: GameSystem
) -> None:
    response = check(client, with_limit(exported(client, legal_spec()), "-1"))

    assert response.status_code == 200, response.content[:500]
    assert response.json()["totals"][0]["limit"] is None


def test_a_roster_file_without_cost_limits_is_not_given_the_default(
    client: Client, ninth_age: GameSystem
) -> None:
    """Issue 9: the game system's default limit (4500 here) is for new lists only."""
    spec = legal_spec(costLimits={"t9a3-pts": 1000})
    ros = exported(client, spec)
    over = check(client, ros).json()
    without = re.sub(rb"<costLimits>.*?</costLimits>", b"", ros, flags=re.DOTALL)

    report = check(client, without).json()

    assert COST_LIMIT_EXCEEDED in {p["code"] for p in over["problems"]}
    assert report["totals"][0]["limit"] is None
    assert COST_LIMIT_EXCEEDED not in {p["code"] for p in report["problems"]}
    assert validate(client, legal_spec(costLimits={})).json()["totals"][0]["limit"] == 4500
