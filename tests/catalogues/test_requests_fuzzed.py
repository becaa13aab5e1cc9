"""Any JSON list or roster file gets a report or a 4xx naming why, never a 5xx, and never more
work than the caps and the work budget allow (hypothesis; the shipped The 9th Age pack, whose
repeats read the cost limit).

The lists are random in structure, numbers, strings and depth, with ids drawn mostly from the
pack so that many of them build; the roster files are written from the same trees as
BattleScribe XML. Time is bounded by the budget (``caps.REQUEST_STEPS``), not asserted.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from xml.sax.saxutils import quoteattr

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from catalogues.models import GameSystem
from tests.engine.packs import pack_nodes

GAME = "the-9th-age-3rd"
GAME_SYSTEM_ID = "t9a3-gs"
ROSTER_NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

pytestmark = pytest.mark.django_db


@cache
def pack_ids() -> list[str]:
    return sorted({str(node["id"]) for node in pack_nodes(GAME) if "id" in node})


def mostly(usual: st.SearchStrategy[Any], rare: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``usual`` nine times in ten: enough lists get past the first refusal to be built."""
    return st.integers(min_value=0, max_value=9).flatmap(lambda k: rare if k == 0 else usual)


# (text an XML attribute can hold: no control characters, no lone surrogates)
plain_text = st.text(st.characters(exclude_categories=("Cc", "Cs")), max_size=12)
ids = mostly(
    st.integers(min_value=0, max_value=len(pack_ids()) - 1).map(lambda i: pack_ids()[i]),
    st.one_of(plain_text, st.sampled_from(["", "any", "roster"])),
)
wild_numbers = st.one_of(
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e308, 1e400, -1, 0, 10_000, 10_001, 2**64]),
    st.sampled_from(["inf", "nan", "-1", "1e400", "1e308", "", "many"]),
)
numbers = mostly(st.integers(min_value=1, max_value=12), wild_numbers)
limits = mostly(st.sampled_from([0, 1000, 4500, 1e9]), wild_numbers)
texts = mostly(plain_text, st.sampled_from(["inf", "nan", "-1", "1e400", "1e308"]))
selections = st.recursive(
    st.fixed_dictionaries({"entryId": ids}, optional={"number": numbers, "customName": texts}),
    lambda children: st.fixed_dictionaries(
        {"entryId": ids, "selections": st.lists(children, max_size=4)},
        optional={"number": numbers},
    ),
    max_leaves=30,
)
forces = st.recursive(
    st.fixed_dictionaries(
        {
            "forceEntryId": mostly(st.just("t9a3-dh-force"), ids),
            "catalogueId": mostly(st.just("t9a3-dh"), ids),
            "selections": st.lists(selections, max_size=6),
        }
    ),
    lambda children: st.fixed_dictionaries(
        {
            "forceEntryId": ids,
            "catalogueId": st.just("t9a3-dh"),
            "forces": st.lists(children, max_size=3),
        }
    ),
    max_leaves=6,
)
lists = st.fixed_dictionaries(
    {
        "gameSystemId": mostly(st.just(GAME_SYSTEM_ID), ids),
        "forces": st.lists(forces, max_size=3),
    },
    optional={
        "costLimits": st.dictionaries(mostly(st.just("t9a3-pts"), ids), limits, max_size=2),
        "explain": st.booleans(),
        "options": st.dictionaries(texts, texts, max_size=2),
    },
)


def assert_answered(response: Any) -> None:
    """A report (200) or a refusal naming its reason by a stable code (4xx), never a 5xx."""
    assert response.status_code < 500, response.content[:300]
    body = response.json()
    event(f"{response.status_code} {body.get('code', '')}")  # (--hypothesis-show-statistics)
    if response.status_code == 200:
        assert isinstance(body["legal"], bool)
    else:
        assert 400 <= response.status_code < 500
        assert body.get("code") or body.get("detail"), body


@FUZZ
@given(spec=lists)
def test_any_json_list_gets_a_report_or_a_4xx(
    client: Client, ninth_age: GameSystem, spec: dict[str, Any]
) -> None:
    text = json.dumps(spec)  # (NaN and Infinity as Python's JSON writes them)
    assert_answered(client.post("/api/v1/validate/", text, content_type="application/json"))


# -------------------------------------------------------------------------- roster files


def selection_xml(spec: dict[str, Any], at: str) -> str:
    number = str(spec.get("number", 1))
    children = "".join(
        selection_xml(s, f"{at}-{i}") for i, s in enumerate(spec.get("selections", []))
    )
    inner = f"<selections>{children}</selections>" if children else ""
    return (
        f"<selection id={quoteattr(at)} name={quoteattr(str(spec.get('customName', 'x')))}"
        f' entryId={quoteattr(spec["entryId"])} number={quoteattr(number)} type="upgrade">'
        f"{inner}</selection>"
    )


def force_xml(spec: dict[str, Any], at: str) -> str:
    selected = "".join(
        selection_xml(s, f"{at}-s{i}") for i, s in enumerate(spec.get("selections", []))
    )
    children = "".join(force_xml(f, f"{at}-f{i}") for i, f in enumerate(spec.get("forces", [])))
    return (
        f'<force id={quoteattr(at)} name="Army" entryId={quoteattr(spec["forceEntryId"])}'
        f' catalogueId={quoteattr(spec["catalogueId"])} catalogueRevision="1"'
        f' catalogueName="Army">'
        + (f"<selections>{selected}</selections>" if selected else "")
        + (f"<forces>{children}</forces>" if children else "")
        + "</force>"
    )


def roster_xml(spec: dict[str, Any]) -> bytes:
    limits = "".join(
        f'<costLimit name="pts" typeId={quoteattr(str(type_id))} value={quoteattr(str(value))}/>'
        for type_id, value in spec.get("costLimits", {}).items()
    )
    forces = "".join(force_xml(f, f"f{i}") for i, f in enumerate(spec["forces"]))
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>'
        f'<roster id="r" name="Fuzzed" battleScribeVersion="2.03"'
        f' gameSystemId={quoteattr(spec["gameSystemId"])} gameSystemName="Game"'
        f' gameSystemRevision="1" xmlns="{ROSTER_NAMESPACE}">'
        + (f"<costLimits>{limits}</costLimits>" if limits else "")
        + f"<forces>{forces}</forces></roster>"
    ).encode()


@FUZZ
@given(spec=lists)
def test_any_roster_file_gets_a_report_or_a_4xx(
    client: Client, ninth_age: GameSystem, spec: dict[str, Any]
) -> None:
    upload = SimpleUploadedFile("fuzzed.ros", roster_xml(spec))
    fields = {"file": upload, "explain": "true" if spec.get("explain") else "false"}
    assert_answered(client.post("/api/v1/rosters/check/", fields))
