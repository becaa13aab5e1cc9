"""Exports: every format states the verdict, revisions and link, and carries a code that
verifies exactly what the server wrote (and nothing else)."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.test import override_settings
from lxml import etree

from armybuilder.engine.formats import FormatError, read_document
from catalogues.examples import shipped_examples
from catalogues.models import GameSystem
from catalogues.services.rosters import check_roster_file
from catalogues.services.validation import ListReport, validate_list_spec
from lists.exports import (
    CODE_PATTERN,
    CODE_TAG,
    ExportContext,
    ExportFormat,
    canonical_text,
    export,
    verdict,
    verify,
)
from tests.catalogues.packs import load_pack
from tests.conftest import BSDATA, require_shared

pytestmark = pytest.mark.django_db

SHARE = "https://example.org/s/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/"
VERIFY = "https://example.org/verify/"


def _report(game_system: GameSystem, slug: str) -> ListReport:
    example = next(e for e in shipped_examples() if e.slug == slug)
    return validate_list_spec(spec=example.spec)


def _context(report: ListReport) -> ExportContext:
    return ExportContext(
        report=report,
        share_url=SHARE,
        verify_url=VERIFY,
        version=7,
        checked_at=datetime(2026, 11, 25, 13, 5, tzinfo=UTC),
    )


@pytest.fixture
def legal(ninth_age: GameSystem) -> ListReport:
    return _report(ninth_age, "dwarven-holds-legal-4500")


@pytest.fixture
def illegal(ninth_age: GameSystem) -> ListReport:
    return _report(ninth_age, "dwarven-holds-too-many-characters")


@pytest.mark.parametrize("fmt", list(ExportFormat))
def test_every_export_verifies_and_says_what_was_checked(
    legal: ListReport, fmt: ExportFormat
) -> None:
    exported = export(_context(legal), fmt)

    assert exported.filename.endswith(f".{fmt.value}")
    result = verify(exported.content, exported.filename)
    assert result.valid
    assert CODE_PATTERN.fullmatch(result.code)
    readable = (
        exported.content
        if fmt is not ExportFormat.ROSZ
        else zipfile.ZipFile(io.BytesIO(exported.content)).read(
            zipfile.ZipFile(io.BytesIO(exported.content)).namelist()[0]
        )
    ).decode()
    assert "Legal" in readable
    assert SHARE in readable
    revision = legal.closure.game_system_revision
    assert f"{revision.name} (revision {revision.number})" in readable


def test_the_text_export_reads_like_a_forum_post(illegal: ListReport) -> None:
    text = export(_context(illegal), ExportFormat.TEXT).content.decode()

    assert text.splitlines()[0] == illegal.view.name
    assert f"Verdict: Not legal: {illegal.error_count} error" in text
    for force in illegal.view.forces:
        assert f"== {force.name} ({force.catalogue_name}) ==" in text
    for selection in illegal.view.forces[0].selections:
        assert selection.name in text
    assert "version 7, checked 2026-11-25 13:05 UTC" in text
    assert "Problems:" in text


@pytest.mark.parametrize("fmt", [ExportFormat.TEXT, ExportFormat.MARKDOWN])
def test_any_changed_line_of_a_text_export_fails_verification(
    illegal: ListReport, fmt: ExportFormat
) -> None:
    lines = export(_context(illegal), fmt).content.decode().splitlines()
    code_line = next(i for i, line in enumerate(lines) if CODE_PATTERN.search(line))

    for index, line in enumerate(lines):
        if index == code_line or not line.strip():
            continue
        tampered = [*lines]
        tampered[index] = line.replace("1", "2") if "1" in line else line + " x"
        assert not verify("\n".join(tampered).encode()).valid, line


def test_a_faked_verdict_fails_verification(illegal: ListReport) -> None:
    text = export(_context(illegal), ExportFormat.TEXT).content.decode()
    faked = text.replace(verdict(illegal), "Legal")

    assert faked != text
    assert not verify(faked.encode()).valid


def test_whitespace_and_line_endings_do_not_matter(legal: ListReport) -> None:
    text = export(_context(legal), ExportFormat.TEXT).content.decode()
    reflowed = "\r\n\r\n".join("   " + line.replace(" ", "  ") for line in text.splitlines())

    assert verify(reflowed.encode()).valid


def test_canonical_text_is_the_words_in_order() -> None:
    assert canonical_text(["  a   b ", "", "\t", "c"]) == "a b c"


def test_another_secret_key_does_not_verify_but_a_rotated_one_does(legal: ListReport) -> None:
    text = export(_context(legal), ExportFormat.TEXT).content
    original = settings.SECRET_KEY
    other = "another-key-entirely-" * 3

    with override_settings(SECRET_KEY=other, SECRET_KEY_FALLBACKS=[]):
        assert not verify(text).valid
    with override_settings(SECRET_KEY=other, SECRET_KEY_FALLBACKS=[original]):
        assert verify(text).valid


def test_text_without_a_code_is_not_verified() -> None:
    result = verify(b"My army\n1000 pts\nLegal\n")

    assert not result.valid
    assert result.code == ""


def test_a_tampered_roster_document_fails(illegal: ListReport) -> None:
    exported = json.loads(export(_context(illegal), ExportFormat.JSON).content)
    first = exported["roster"]["forces"][0]["selections"][0]
    first["number"] = int(first["number"]) + 1

    assert not verify(json.dumps(exported).encode(), "list.json").valid


def test_a_roster_document_with_the_code_removed_is_not_verified(legal: ListReport) -> None:
    exported = json.loads(export(_context(legal), ExportFormat.JSON).content)
    exported["roster"]["tags"] = [t for t in exported["roster"]["tags"] if t["id"] != CODE_TAG]

    assert not verify(json.dumps(exported).encode()).valid


def test_a_text_export_whose_name_looks_like_markup_still_verifies(legal: ListReport) -> None:
    legal.view.name = "<{Grudge}>"
    text = export(_context(legal), ExportFormat.TEXT).content

    assert text.startswith(b"<{Grudge}>")
    assert verify(text).valid
    assert not verify(text.replace(b"Grudge", b"Grime")).valid


def test_hostile_xml_is_refused_when_verifying() -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
        b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema">&b;</roster>'
    )

    with pytest.raises(FormatError):
        verify(bomb, "x.ros")


def test_ros_exports_are_valid_rosters_that_read_back(illegal: ListReport) -> None:
    schema_path = require_shared(BSDATA / "schemas" / "v2_03-Catalogue.xsd")
    xsd = schema_path.read_bytes().replace(
        b"http://www.battlescribe.net/schema/catalogueSchema",
        b"http://www.battlescribe.net/schema/rosterSchema",
    )
    schema = etree.XMLSchema(etree.fromstring(xsd))

    for fmt in (ExportFormat.ROS, ExportFormat.ROSZ):
        exported = export(_context(illegal), fmt)
        document = read_document(exported.content, exported.filename)
        if fmt is ExportFormat.ROS:
            assert schema.validate(etree.fromstring(exported.content)), schema.error_log
        tags = {t["id"]: t["name"] for t in document["roster"]["tags"]}
        assert tags["armybuilder:share"] == SHARE
        report = check_roster_file(data=exported.content, filename=exported.filename)
        assert report.error_count == illegal.error_count
        assert [t.value for t in report.totals] == [t.value for t in illegal.totals]
        assert report.view.options == illegal.view.options


@pytest.fixture
def space_marines() -> ListReport:
    load_pack("warhammer-40k-9th")
    return validate_list_spec(
        spec=next(
            e.spec for e in shipped_examples() if e.slug == "space-marines-strike-force-battalion"
        )
    )


def test_a_40k_export_writes_the_battle_sizes_points_limit(space_marines: ListReport) -> None:
    report = space_marines
    assert [(t.type_id, t.limit) for t in report.totals if t.type_id == "w40k9-pts"] == [
        ("w40k9-pts", 2000)
    ]

    document = json.loads(export(_context(report), ExportFormat.JSON).content)
    limits = {c["typeId"]: c["value"] for c in document["roster"]["costLimits"]}
    assert limits["w40k9-pts"] == 2000
    exported = export(_context(report), ExportFormat.ROS)
    assert verify(exported.content, exported.filename).valid
    reread = check_roster_file(data=exported.content, filename=exported.filename)
    assert [t.limit for t in reread.totals] == [t.limit for t in report.totals]


def test_text_exports_print_no_empty_brackets_for_what_costs_nothing(
    space_marines: ListReport,
) -> None:
    text = export(_context(space_marines), ExportFormat.TEXT).content.decode()
    markdown = export(_context(space_marines), ExportFormat.MARKDOWN).content.decode()

    # the detachment's command cost is refunded with the warlord in it: it costs nothing
    assert "* Battalion Detachment command cost\n" in text
    assert "- **Battalion Detachment command cost**\n" in markdown
    assert "[]" not in text
    assert "()" not in markdown
    assert "* Captain [85 pts, 5 PL]: " in text
